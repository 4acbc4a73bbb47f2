//go:build linux

package solver

import (
	"syscall"
	"time"
)

// threadCPU returns the CPU time the calling thread has used, or -1. A
// benchmark locked to its thread measures with it what a node costs in
// CPU, which other processes on a loaded machine change far less than
// the wall clock.
func threadCPU() time.Duration {
	const rusageThread = 1 // RUSAGE_THREAD
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return -1
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
