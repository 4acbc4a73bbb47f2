//go:build linux

package solver

import (
	"time"

	"golang.org/x/sys/unix"
)

// threadClock returns the CPU time the calling thread has used, or -1:
// clock_gettime(CLOCK_THREAD_CPUTIME_ID), a system call (the vDSO serves
// only the wall clocks) of about a quarter of a microsecond.
func threadClock() time.Duration {
	var ts unix.Timespec
	if unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts) != nil {
		return -1
	}
	return time.Duration(ts.Nano())
}
