//go:build !linux

package solver

import "time"

// threadCPU is not measured outside Linux.
func threadCPU() time.Duration { return -1 }
