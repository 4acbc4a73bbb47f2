package memlimit

import "runtime/debug"

// SetGC sets the garbage collector's memory limit to limit bytes (0:
// leave it), and its percent to percent (0: leave it), and returns what
// restores the settings it found: they are the process's, and a test or a
// caller that runs two commands must not inherit the first one's.
func SetGC(limit int64, percent int) (restore func()) {
	var undo []func()
	if limit > 0 {
		old := debug.SetMemoryLimit(limit) // the collector works harder near the limit
		undo = append(undo, func() { debug.SetMemoryLimit(old) })
	}
	if percent > 0 {
		old := debug.SetGCPercent(percent)
		undo = append(undo, func() { debug.SetGCPercent(old) })
	}
	return func() {
		for _, f := range undo {
			f()
		}
	}
}
