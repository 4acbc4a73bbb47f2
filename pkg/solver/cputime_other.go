//go:build !linux

package solver

import "time"

// threadClock returns -1: the thread's CPU clock is read on Linux only.
func threadClock() time.Duration { return -1 }
