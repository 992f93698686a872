package sanitize

import (
	"syscall"
	"time"
	"unsafe"
)

// cssThreadTime is the CPU time of the calling OS thread
// (CLOCK_THREAD_CPUTIME_ID): unlike wall time, it does not grow while
// other processes on a loaded machine hold the cores. The caller locks
// its goroutine to the thread.
func cssThreadTime() time.Duration {
	const clockThreadCPUTimeID = 3 // linux/time.h
	var ts syscall.Timespec
	_, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0)
	if errno != 0 {
		return time.Duration(time.Now().UnixNano())
	}
	return time.Duration(ts.Nano())
}
