//go:build !linux

package sanitize

import "time"

// cssThreadTime falls back to wall time where the thread's CPU clock is
// not at hand.
func cssThreadTime() time.Duration {
	return time.Duration(time.Now().UnixNano())
}
