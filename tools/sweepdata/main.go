// Command sweepdata writes runs.csv files for trying out and measuring
// experiment report before (or without) a real sweep.
//
//	go run ./tools/sweepdata -sizes 5-8 -out /tmp/quick/runs.csv
//	go run ./tools/sweepdata -synthetic 1000000 -out /tmp/big/runs.csv
//
// Without -synthetic it solves every start of every board of -sizes (as
// experiment's -sizes) with dfs, warnsdorff and warnsdorff-bt under a node
// limit, one after another: real rows, as the runner would write them (no
// manifest). With -synthetic N it
// writes N made-up rows (boards 5x5..20x20 and two rectangles, four series,
// repeated trials) in seconds, for measuring the report on large inputs.
package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"

	"knightsweep/pkg/board"
	"knightsweep/pkg/plan"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/solver"
	"knightsweep/pkg/status"
	"knightsweep/pkg/sweep"
	"knightsweep/pkg/theory"
)

func main() {
	out := flag.String("out", "", "runs.csv to write (its directory is created)")
	sizes := flag.String("sizes", "5-8", "boards, as experiment's -sizes (N, A-B, RxC, comma-separated)")
	maxNodes := flag.Int64("max-nodes", 1_000_000, "node limit of each run")
	synthetic := flag.Int("synthetic", 0, "write this many made-up rows instead of solving")
	saveTours := flag.Bool("save-tours", false, "add a tour column")
	flag.Parse()
	if err := run(*out, *sizes, *maxNodes, *synthetic, *saveTours); err != nil {
		fmt.Fprintln(os.Stderr, "sweepdata:", err)
		os.Exit(1)
	}
}

func run(out, sizes string, maxNodes int64, synthetic int, saveTours bool) error {
	if out == "" {
		return fmt.Errorf("-out: missing")
	}
	boards, err := plan.ParseSizes(sizes)
	if err != nil {
		return fmt.Errorf("-sizes %w", err)
	}
	// The plan is checked before out is touched: bad flags leave a file
	// there as it was.
	var p *plan.Plan
	if synthetic <= 0 {
		p, err = plan.New(plan.Settings{Sizes: boards, Strategies: []string{"dfs", "warnsdorff", "warnsdorff-bt"},
			MaxNodes: maxNodes, SaveTours: saveTours})
		if err != nil {
			return err
		}
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	defer f.Close()
	w := runs.NewWriter(f, saveTours)
	if err := w.WriteHeader(); err != nil {
		return err
	}
	write := func(batch []runs.Row) error {
		for i := range batch {
			if err := w.Write(&batch[i]); err != nil {
				return err
			}
		}
		return w.Flush()
	}
	if synthetic > 0 {
		err = writeSynthetic(synthetic, write)
	} else {
		err = solveAll(p, write)
	}
	if err != nil {
		return err
	}
	return f.Close()
}

// solveAll runs every job of p (every start of its boards with the three
// seed strategies) and records it as the runner does (plan.Job.Record), one
// core each as in a sweep, writing each board's rows when it is done.
func solveAll(p *plan.Plan, write func([]runs.Row) error) error {
	ctx := context.Background()
	var batch []runs.Row
	flush := func(b board.Board) error {
		if err := write(batch); err != nil {
			return err
		}
		batch = batch[:0]
		fmt.Fprintf(os.Stderr, "%v done\n", b)
		return nil
	}
	var last board.Board
	for j := range p.Jobs() {
		if len(batch) > 0 && j.Board != last {
			if err := flush(last); err != nil {
				return err
			}
		}
		last = j.Board
		pr := sweep.Problem(&j)
		pr.Threads = 1 // as in a sweep: its times are one core's
		s, err := solver.New(pr)
		if err != nil {
			return err
		}
		res := s.Run(ctx)
		row := sweep.Record(&j, res)
		if res.Status == status.Found {
			row.Tour = runs.FormatTour(res.Tour.Squares(nil))
		}
		batch = append(batch, row)
	}
	return flush(last)
}

// writeSynthetic writes n made-up rows: plausible shapes, not real data.
func writeSynthetic(n int, write func([]runs.Row) error) error {
	rng := rand.New(rand.NewPCG(1, 2))
	boards := []board.Board{{Rows: 5, Cols: 6}, {Rows: 6, Cols: 8}}
	for s := 5; s <= 20; s++ {
		boards = append(boards, board.Board{Rows: s, Cols: s})
	}
	type series struct{ strategy, tiebreak string }
	all := []series{{"dfs", "first"}, {"warnsdorff", "first"}, {"warnsdorff", "random"}, {"warnsdorff-bt", "first"}}
	order := board.DefaultOrder.String()
	batch := make([]runs.Row, 0, 4096)
	written := 0
	for trial := 0; written < n; trial++ {
		for _, b := range boards {
			sq := b.Squares()
			for r := 0; r < b.Rows && written < n; r++ {
				for c := 0; c < b.Cols && written < n; c++ {
					solvable := theory.From(b.Rows, b.Cols, r, c, false)
					for _, s := range all {
						if written == n {
							break
						}
						row := runs.Row{Rows: b.Rows, Cols: b.Cols, StartRow: r, StartCol: c, Strategy: s.strategy,
							Tiebreak: s.tiebreak, Trial: trial, Solvable: solvable.String(), Order: order, MaxNodes: 1_000_000}
						var pFound float64
						switch {
						case solvable == theory.No:
						case s.strategy == "dfs":
							pFound = 40.0 / float64(sq)
						case s.tiebreak == "random":
							pFound = 0.9
						default:
							pFound = 0.97
						}
						found := rng.Float64() < pFound
						switch {
						case found:
							row.Status, row.Verified = "found", true
							row.Nodes = runs.Count(sq)
							if s.strategy == "dfs" {
								row.Nodes += runs.Count(rng.Int64N(int64(sq) * 2000))
							}
						case s.strategy == "warnsdorff":
							row.Status, row.Nodes = "dead_end", runs.Count(1+rng.Int64N(int64(sq)))
						case solvable == theory.No && sq <= 25:
							row.Status, row.Nodes = "exhausted", runs.Count(100_000+rng.Int64N(10_000))
						default:
							row.Status, row.Nodes = "node_limit", 1_000_000
						}
						row.Backtracks = row.Nodes - 1
						row.TimeNS = int64(row.Nodes)*12 + rng.Int64N(2000)
						if s.tiebreak == "random" {
							row.Seed = rng.Uint64()
						}
						batch = append(batch, row)
						written++
						if len(batch) == cap(batch) {
							if err := write(batch); err != nil {
								return err
							}
							batch = batch[:0]
						}
					}
				}
			}
		}
	}
	return write(batch)
}
