package solver

import (
	"context"
	"fmt"
	"runtime"
	"testing"
	"time"

	"knightsweep/pkg/board"
	"knightsweep/pkg/status"
)

// A locked ThreadClock reads the thread's CPU clock once a run, where Run
// reads it twice. (Its figures are not checked against the wall time: on
// a virtual machine the thread's CPU clock itself jumps by tens of
// microseconds now and then, reading twice a run as much as once.)
func TestThreadClockReadsOnceARun(t *testing.T) {
	if threadClock() < 0 {
		t.Skip("no thread CPU clock on this system")
	}
	reads := 0
	defer func(f func() time.Duration) { readThreadClock = f }(readThreadClock)
	readThreadClock = func() time.Duration { reads++; return threadClock() }

	s, err := New(Problem{Board: board.Board{Rows: 8, Cols: 8}, Strategy: "warnsdorff"})
	if err != nil {
		t.Fatal(err)
	}
	const runs = 1000
	ctx := context.Background()
	for _, tc := range []struct {
		name   string
		locked bool
		max    int
	}{
		{"locked", true, runs * 3 / 2}, // a run whose gap was preempted reads twice
		{"unlocked", false, 2 * runs},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clk := new(ThreadClock)
			if tc.locked {
				clk.Lock()
				defer clk.Unlock()
			}
			reads = 0
			for i := range runs {
				sq := i % 64
				if err := s.Restart(board.Square{Row: sq / 8, Col: sq % 8}, 0); err != nil {
					t.Fatal(err)
				}
				res := s.RunOn(ctx, clk)
				if res.Status != status.Found && res.Status != status.DeadEnd {
					t.Fatalf("run %d: %s %s", i, res.Status, res.Err)
				}
			}
			if reads > tc.max || !tc.locked && reads != tc.max {
				t.Errorf("%d reads of the thread's CPU clock for %d runs, want at most %d", reads, runs, tc.max)
			}
		})
	}
}

// A built-in run's CPU time is below its wall time, measured: the thread's
// CPU clock is read inside the wall interval (and a carried-over start is
// never below the thread's clock), and one thread's CPU clock cannot
// advance faster than the wall clock. Strictly below, for the reads cost
// time and are counted in the wall interval only: an equal figure is a
// cap, not a measurement. 2,000 runs of a few microseconds each, locked
// and not, where the reads' cost is largest against the run.
func TestCPUBelowWall(t *testing.T) {
	if threadClock() < 0 {
		t.Skip("no thread CPU clock on this system")
	}
	s, err := New(Problem{Board: board.Board{Rows: 5, Cols: 5}, Strategy: "warnsdorff"})
	if err != nil {
		t.Fatal(err)
	}
	for _, locked := range []bool{true, false} {
		t.Run(fmt.Sprintf("locked=%v", locked), func(t *testing.T) {
			clk := new(ThreadClock)
			if locked {
				clk.Lock()
				defer clk.Unlock()
			}
			notBelow, unknown := 0, 0
			for i := range 1000 {
				sq := i % 25
				if err := s.Restart(board.Square{Row: sq / 5, Col: sq % 5}, 0); err != nil {
					t.Fatal(err)
				}
				res := s.RunOn(context.Background(), clk)
				switch {
				case res.CPU < 0:
					unknown++
				case res.CPU >= res.Elapsed:
					notBelow++
					if notBelow <= 5 {
						t.Logf("run %d: cpu %v, time %v", i, res.CPU, res.Elapsed)
					}
				}
			}
			if notBelow > 0 || unknown > 10 {
				t.Errorf("of 1000 runs, %d with cpu_ns not below time_ns, %d with cpu_ns unknown (want 0, at most 10)", notBelow, unknown)
			}
		})
	}
}

// A carried-over start that passes the thread's clock at the end (the
// thread was off the CPU between the runs, longer than the run took)
// leaves the run's CPU time unknown, never negative. The clock here stands
// still, as a descheduled thread's does.
func TestCarriedStartPastEnd(t *testing.T) {
	defer func(f func() time.Duration) { readThreadClock = f }(readThreadClock)
	readThreadClock = func() time.Duration { return time.Second }
	s, err := New(Problem{Board: board.Board{Rows: 5, Cols: 5}, Strategy: "warnsdorff"})
	if err != nil {
		t.Fatal(err)
	}
	clk := new(ThreadClock)
	clk.Lock()
	defer clk.Unlock()
	for i := range 3 {
		res := s.RunOn(context.Background(), clk)
		// The first run reads at both ends: 0 of CPU time. Each later run
		// carries a start of 1 s plus the time since the last read.
		want := time.Duration(-1)
		if i == 0 {
			want = 0
		}
		if res.CPU != want {
			t.Errorf("run %d: CPU %v, want %v", i, res.CPU, want)
		}
	}
}

// BenchmarkClockReads is the cost of a greedy 8x8 run through RunOn with
// one read of the thread's CPU clock a run (a locked ThreadClock, as a
// sweep's worker) and with two (unlocked): the difference is what the
// second read costs a run. cpu-ns/op is the thread's CPU time (threadCPU),
// which a loaded machine changes less than the wall clock.
func BenchmarkClockReads(b *testing.B) {
	s, err := New(Problem{Board: board.Board{Rows: 8, Cols: 8}, Strategy: "warnsdorff"})
	if err != nil {
		b.Fatal(err)
	}
	for _, reads := range []int{1, 2} {
		b.Run(fmt.Sprintf("reads=%d", reads), func(b *testing.B) {
			// Locked to its thread either way, so that threadCPU reads
			// the thread that runs the searches; an unlocked ThreadClock
			// still reads twice a run.
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			clk := new(ThreadClock)
			if reads == 1 {
				clk.Lock()
				defer clk.Unlock()
			}
			ctx := context.Background()
			cpu := threadCPU()
			for b.Loop() {
				s.RunOn(ctx, clk)
			}
			if cpu >= 0 {
				b.ReportMetric(float64(threadCPU()-cpu)/float64(b.N), "cpu-ns/op")
			}
		})
	}
}
