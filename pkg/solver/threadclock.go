package solver

import (
	"runtime"
	"time"
)

// A ThreadClock measures the CPU time of searches run one after another on
// one OS thread (a sweep's worker) with one read of the thread's CPU clock
// a run, where Solver.Run alone reads it twice: a system call, of 0.26 µs
// on one virtual machine and 2 to 3.5 µs on another, against a greedy run
// of 1 to 30 µs.
//
// The clock read at the end of a run starts the next: the next run's CPU
// clock at its start is the last read plus the wall time since the wall
// clock taken just before that read. While the thread runs in between
// (the two clocks advance together on a running thread) that is exact but
// for the read's own entry into the kernel; it is never below the true
// clock, so a run's figure is never too high. When the time between is
// longer than maxEstimatedGap (the worker waited, or was preempted), or
// the goroutine left its thread (Unlock), the clock is read again at the
// start. A thread descheduled for part of a shorter gap leaves the run's
// figure short by that part, at most maxEstimatedGap (unknown where that
// part is longer than the run); in the greedy 5..40 sweep under load 2 to
// 6, 99% of the runs whose start was carried over ran through (the wall
// and CPU time from read to read within 0.25 µs of each other).
//
// The zero ThreadClock is unlocked: it reads twice a run, as Solver.Run.
// Lock and Unlock are called on the goroutine that runs the searches.
type ThreadClock struct {
	cpu    time.Duration // the thread's CPU clock at the last read
	wall   time.Time     // the wall clock at that read
	ok     bool          // cpu and wall hold a read of this thread
	locked bool
}

// readThreadClock is threadClock, which tests count.
var readThreadClock = threadClock

// maxEstimatedGap is the longest time between two runs over which a
// ThreadClock carries its last read instead of reading the clock again. A
// sweep's own work between two greedy runs (the validator, the row, the
// next job) takes 1 to 16 µs.
const maxEstimatedGap = 20 * time.Microsecond

// Lock locks the calling goroutine to its OS thread, so that the clock one
// run reads is the one the next run continues.
func (c *ThreadClock) Lock() {
	runtime.LockOSThread()
	c.locked = true
}

// Unlock unlocks the goroutine from its thread and forgets the last read:
// before the goroutine waits, so that its thread may run others meanwhile
// (a locked thread waits with it, and every wake-up is a hand-over between
// threads).
func (c *ThreadClock) Unlock() {
	c.ok, c.locked = false, false
	runtime.UnlockOSThread()
}

// start returns the wall time at which the run starts and the thread's
// CPU clock then (-1 if it cannot be read): the wall clock first, so that
// the run's CPU interval lies inside its wall interval. The CPU clock is
// the last read carried over when it is recent, else a fresh read. The
// carried figure is the last read plus the wall time since the wall clock
// taken before that read: never less than the thread's CPU clock now, as
// a thread's CPU time cannot advance faster than the wall clock.
func (c *ThreadClock) start() (time.Time, time.Duration) {
	now := time.Now()
	if c != nil && c.locked && c.ok {
		if gap := now.Sub(c.wall); gap >= 0 && gap <= maxEstimatedGap {
			return now, c.cpu + gap
		}
	}
	return now, readThreadClock()
}

// stop reads the thread's CPU clock at the end of a run, then the wall
// clock that ends the run's wall interval. A locked ThreadClock keeps the
// read for the next run's start, paired with the wall clock taken just
// before it (the system call reads the CPU clock somewhere inside it).
func (c *ThreadClock) stop() (time.Duration, time.Time) {
	if c == nil || !c.locked {
		cpu := readThreadClock()
		return cpu, time.Now()
	}
	before := time.Now()
	cpu := readThreadClock()
	after := time.Now()
	c.cpu, c.wall, c.ok = cpu, before, cpu >= 0
	return cpu, after
}

// forget drops the last read: the run that panicked since did not stop
// the clock.
func (c *ThreadClock) forget() {
	if c != nil {
		c.ok = false
	}
}
