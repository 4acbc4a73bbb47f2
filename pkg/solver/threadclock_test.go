package solver

import (
	"context"
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

// A built-in run's CPU time is never above its wall time: one thread's
// CPU clock cannot advance faster than the wall clock, whatever the
// placement of the reads (2,000 runs of a few microseconds each, locked
// and not, where the reads' cost is largest against the run).
func TestCPUNeverAboveWall(t *testing.T) {
	if threadClock() < 0 {
		t.Skip("no thread CPU clock on this system")
	}
	s, err := New(Problem{Board: board.Board{Rows: 5, Cols: 5}, Strategy: "warnsdorff"})
	if err != nil {
		t.Fatal(err)
	}
	for _, locked := range []bool{true, false} {
		clk := new(ThreadClock)
		if locked {
			clk.Lock()
		}
		above := 0
		for i := range 1000 {
			sq := i % 25
			if err := s.Restart(board.Square{Row: sq / 5, Col: sq % 5}, 0); err != nil {
				t.Fatal(err)
			}
			if res := s.RunOn(context.Background(), clk); res.CPU > res.Elapsed {
				above++
			}
		}
		if locked {
			clk.Unlock()
		}
		if above > 0 {
			t.Errorf("locked %v: %d of 1000 runs with cpu_ns above time_ns", locked, above)
		}
	}
}
