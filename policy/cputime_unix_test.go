//go:build unix

package policy

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used: unlike the wall
// clock, it does not count the time other processes on a loaded machine
// take.
func cpuTime() time.Duration {
	var r syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &r); err != nil {
		return time.Duration(time.Now().UnixNano())
	}
	return time.Duration(r.Utime.Nano() + r.Stime.Nano())
}
