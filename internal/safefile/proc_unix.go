//go:build unix

package safefile

import (
	"errors"
	"syscall"
)

// pidAlive reports whether a process numbered pid exists: kill(2) with
// signal 0 checks without sending anything (EPERM: it exists, but is not
// ours).
func pidAlive(pid int) bool {
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
