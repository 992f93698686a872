package growth

import (
	"syscall"
	"time"
	"unsafe"
)

// clockThreadCPUTime is CLOCK_THREAD_CPUTIME_ID: the calling thread's
// CPU time, in nanoseconds (getrusage counts in scheduler ticks).
const clockThreadCPUTime = 3

// threadTime is the CPU time the calling thread has used.
func threadTime() time.Duration {
	var ts syscall.Timespec
	_, _, errno := syscall.RawSyscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0)
	if errno != 0 {
		panic("growth: clock_gettime: " + errno.Error())
	}
	return time.Duration(ts.Nano())
}
