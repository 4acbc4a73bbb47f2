package solver

import (
	"runtime"
	"time"
)

// A ThreadClock measures the CPU time of searches run one after another on
// one OS thread (a sweep's worker) with one read of the thread's CPU clock
// a run, where Solver.Run alone reads it twice: a system call, of 2 to 3.5
// µs on a virtual machine, against a greedy run of 1 to 30 µs.
//
// The clock read at the end of a run starts the next: the next run's CPU
// clock at its start is the last read plus the wall time since, which is
// exact while the thread runs in between (the two clocks advance together
// on a running thread). When the time between is longer than
// maxEstimatedGap (the worker waited, or was preempted), or the goroutine
// left its thread (Unlock), the clock is read again at the start. A thread
// descheduled for part of a shorter gap leaves the run's figure short by
// that part, at most maxEstimatedGap; in the greedy 5..40 sweep under load
// 2 to 6, 99% of the runs whose start was carried over ran through (the
// wall and CPU time from read to read within 0.25 µs of each other).
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

// start returns the thread's CPU clock now (-1 if it cannot be read) and
// the wall time at which the run starts: the last read carried over when
// it is recent, else a fresh read, the wall clock taken after it so that
// the run's wall time does not count it.
func (c *ThreadClock) start() (time.Duration, time.Time) {
	if c != nil && c.locked && c.ok {
		now := time.Now()
		if gap := now.Sub(c.wall); gap >= 0 && gap <= maxEstimatedGap {
			return c.cpu + gap, now
		}
	}
	cpu := readThreadClock()
	return cpu, time.Now()
}

// stop reads the thread's CPU clock at the end of a run and keeps the read
// for the next run's start, paired with the wall time halfway through the
// read (a system call: the clock is read somewhere inside it). A nil or
// unlocked ThreadClock just reads.
func (c *ThreadClock) stop() time.Duration {
	if c == nil || !c.locked {
		return readThreadClock()
	}
	before := time.Now()
	cpu := readThreadClock()
	after := time.Now()
	c.cpu, c.wall, c.ok = cpu, before.Add(after.Sub(before)/2), cpu >= 0
	return cpu
}

// forget drops the last read: the run that panicked since did not stop
// the clock.
func (c *ThreadClock) forget() {
	if c != nil {
		c.ok = false
	}
}
