package exact

import (
	"context"
	"errors"
	"testing"

	"knightsweep/pkg/board"
)

// TestRunTasks: Run with several workers (at least twice as many tasks as
// workers, so the walks run side by side) ends every task once, with the
// figures From gives alone; done is never called twice at once; the first
// error stops the rest and is returned; a cancelled run returns the
// context's error.
func TestRunTasks(t *testing.T) {
	var tasks []Task
	for _, b := range []board.Board{{Rows: 5, Cols: 5}, {Rows: 6, Cols: 6}} {
		var all []board.Square
		for r := range b.Rows {
			for c := range b.Cols {
				all = append(all, board.Square{Row: r, Col: c})
			}
		}
		tasks = append(tasks, Tasks(b, all, Random)...)
	}
	o := Options{Rule: Random, Workers: 2}
	if len(tasks) < 2*o.Workers {
		t.Fatalf("%d tasks: too few to run side by side", len(tasks))
	}
	ended := map[board.Board]map[board.Square]int{}
	busy := false
	err := Run(context.Background(), tasks, o, func(tk Task, r Result) error {
		if busy {
			t.Error("done called while another call was running")
		}
		busy = true
		defer func() { busy = false }()
		if ended[tk.Board] == nil {
			ended[tk.Board] = map[board.Square]int{}
		}
		ended[tk.Board][tk.Start]++
		alone, err := From(context.Background(), tk.Board, tk.Start, Options{Rule: Random})
		if err != nil {
			return err
		}
		if r.Fraction.Cmp(alone.Fraction) != 0 || r.Walks != alone.Walks || r.Tours != alone.Tours {
			t.Errorf("%v from %v: %v (%d of %d walks) side by side, %v alone", tk.Board, tk.Start, r.Fraction, r.Tours, r.Walks, alone.Fraction)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, tk := range tasks {
		if n := ended[tk.Board][tk.Start]; n != 1 {
			t.Errorf("%v from %v ended %d times, want once", tk.Board, tk.Start, n)
		}
	}

	stop := errors.New("stop")
	calls := 0
	err = Run(context.Background(), tasks, o, func(Task, Result) error { calls++; return stop })
	if !errors.Is(err, stop) {
		t.Errorf("done's error: Run = %v, want it", err)
	}
	if calls > o.Workers {
		t.Errorf("done called %d times after its first error, want at most the %d walks already going", calls, o.Workers)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err = Run(ctx, tasks, o, func(Task, Result) error { t.Error("a task ended in a cancelled run"); return nil })
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: Run = %v, want context.Canceled", err)
	}
}

// TestTasksBySymmetry: a randomised rule's starts group by the board's
// symmetries, counted by hand (8x8: the 10 squares of an octant; 5x5: 6;
// 5x6, reflections alone: 3 rows by 3 columns), each task led by its first
// start; a deterministic rule's starts stand alone.
func TestTasksBySymmetry(t *testing.T) {
	every := func(b board.Board) []board.Square {
		var all []board.Square
		for r := range b.Rows {
			for c := range b.Cols {
				all = append(all, board.Square{Row: r, Col: c})
			}
		}
		return all
	}
	for _, c := range []struct {
		b     board.Board
		rule  Rule
		tasks int
	}{
		{board.Board{Rows: 8, Cols: 8}, Random, 10},
		{board.Board{Rows: 5, Cols: 5}, Random, 6},
		{board.Board{Rows: 5, Cols: 6}, Random, 9},
		{board.Board{Rows: 8, Cols: 8}, Pohl, 64},
	} {
		tasks := Tasks(c.b, every(c.b), c.rule)
		if len(tasks) != c.tasks {
			t.Errorf("%v %v: %d tasks, want %d", c.b, c.rule, len(tasks), c.tasks)
		}
		members := 0
		for _, tk := range tasks {
			members += len(tk.Members)
			if tk.Members[0] != tk.Start {
				t.Errorf("%v %v: task of %v led by %v", c.b, c.rule, tk.Members, tk.Start)
			}
		}
		if members != c.b.Squares() {
			t.Errorf("%v %v: %d members, want every square once", c.b, c.rule, members)
		}
	}
	corner := Tasks(board.Board{Rows: 8, Cols: 8}, every(board.Board{Rows: 8, Cols: 8}), Random)[0]
	want := []board.Square{{Row: 0, Col: 0}, {Row: 0, Col: 7}, {Row: 7, Col: 0}, {Row: 7, Col: 7}}
	if len(corner.Members) != len(want) {
		t.Fatalf("8x8's corner stands for %v, want %v", corner.Members, want)
	}
	for i := range want {
		if corner.Members[i] != want[i] {
			t.Errorf("8x8's corner stands for %v, want %v", corner.Members, want)
		}
	}
}
