// Command theorydata writes the counts and certificates that settle every
// start of every board up to 41 x 41 where no theorem does (package
// theory's counts.txt and certificates.txt):
//
//	go run ./tools/theorydata
//
// Counts: the directed open tours from each start square of every 3 x n
// and 4 x n board (n <= 41) without a closed tour, and of 5x5, 5x7 and
// 5x9, by the frontier counter of package count (enumeration on the
// smallest), one start of each class of symmetric squares; the squares a
// theorem settles (the colour rule, the 4 x n outer-rank rule) are not
// counted. Certificates: on every odd x odd board m x n, 5 <= m < n <= 41
// (but the counted 5x7 and 5x9), each corner-coloured square that no
// certificate yet covers, in row-major order, is given the first seed of
// warnsdorff with random ties (package solver) whose walk from it is a
// tour, preferring, among the first -prefer seeds that give a tour, one
// that ends on a square not yet covered; a certificate covers its start,
// its end and their images under the board's reflections and half turn.
//
// It prints each board's time and, at the end, the totals; the files are
// written only when everything is settled (a square no seed of -seeds
// certifies is an error, naming it). -workers boards are done at once
// (default 1: the machine is shared).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/big"
	"os"
	"slices"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"knightsweep/internal/durable"
	"knightsweep/pkg/board"
	"knightsweep/pkg/count"
	"knightsweep/pkg/solver"
	"knightsweep/pkg/status"
	"knightsweep/pkg/theory"
)

func main() {
	if err := run(os.Args[1:], os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "theorydata:", err)
		os.Exit(1)
	}
}

func run(args []string, log io.Writer) error {
	fs := flag.NewFlagSet("theorydata", flag.ContinueOnError)
	countsOut := fs.String("counts", "pkg/theory/counts.txt", "the counts `file` to write (empty: none)")
	certsOut := fs.String("certificates", "pkg/theory/certificates.txt", "the certificates `file` to write (empty: none)")
	maxSide := fs.Int("max", theory.MaxSettled, "the longest side, `N`")
	seeds := fs.Int("seeds", 100_000, "the most seeds tried from a square")
	prefer := fs.Int("prefer", 16, "the seeds that find a tour looked at for one ending on a square not yet covered")
	workers := fs.Int("workers", 1, "boards at once")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		os.Exit(2)
	}
	if *maxSide < 1 || *maxSide > theory.MaxSettled || *workers < 1 || *seeds < 1 || *prefer < 1 {
		fmt.Fprintf(log, "theorydata: -max must be 1..%d, -workers, -seeds and -prefer positive\n", theory.MaxSettled)
		os.Exit(2)
	}
	if *countsOut != "" {
		err := generate(*countsOut, log, "counts", func() (int, func(io.Writer) error, error) {
			boards, err := countAll(context.Background(), *maxSide, *workers, log)
			return len(boards), func(w io.Writer) error { return theory.WriteCounts(w, countsHeader, boards) }, err
		})
		if err != nil {
			return err
		}
	}
	if *certsOut != "" {
		return generate(*certsOut, log, "certificates", func() (int, func(io.Writer) error, error) {
			certs, err := certifyAll(*maxSide, *workers, *seeds, *prefer, log)
			return len(certs), func(w io.Writer) error { return theory.WriteCertificates(w, certsHeader, certs) }, err
		})
	}
	return nil
}

// generate makes a file's contents with build, writes them to path (whole
// or not at all) and says how many items it holds and how long they took.
func generate(path string, log io.Writer, what string, build func() (int, func(io.Writer) error, error)) error {
	t := time.Now()
	n, write, err := build()
	if err != nil {
		return err
	}
	if err := durable.Replace(path, write); err != nil {
		return err
	}
	fmt.Fprintf(log, "%s: %d in %v, written to %s\n", what, n, time.Since(t).Round(time.Millisecond), path)
	return nil
}

const countsHeader = `Directed open tours from each start square (tools/theorydata, package count's
frontier counter): every 3 x n and 4 x n board up to n = 41 without a closed tour,
and 5x5, 5x7, 5x9. One board: its size, then a line a row; "-" where a theorem
(the colour rule, the 4 x n outer-rank rule) settles the square uncounted.`

const certsHeader = `Certificates (tools/theorydata): on each line a board RxC, then START-END:SEED, the
squares row*cols+col: warnsdorff with random ties and the seed SEED (package solver;
experiment solve -strategy warnsdorff -tiebreak random -seed SEED) walks a tour from
START to END. A certificate covers START, END and their images under the board's
reflections and half turn.`

// countedBoards lists the boards whose starts are counted, m x n with m <= n.
func countedBoards(maxSide int) []board.Board {
	var out []board.Board
	for m := 3; m <= 5; m++ {
		for n := m; n <= maxSide; n++ {
			if theory.ClosedExists(m, n) == theory.Yes || m == 5 && (n%2 == 0 || n > 9) {
				continue
			}
			out = append(out, board.Board{Rows: m, Cols: n})
		}
	}
	return out
}

// certifiedBoards lists the odd x odd boards whose corner-coloured starts
// are certified.
func certifiedBoards(maxSide int) []board.Board {
	var out []board.Board
	for m := 5; m <= maxSide; m += 2 {
		for n := m + 2; n <= maxSide; n += 2 {
			if m == 5 && n <= 9 {
				continue
			}
			out = append(out, board.Board{Rows: m, Cols: n})
		}
	}
	return out
}

func countAll(ctx context.Context, maxSide, workers int, log io.Writer) ([]theory.CountedBoard, error) {
	return perBoard(countedBoards(maxSide), workers, log, func(b board.Board) (theory.CountedBoard, string, error) {
		cb, err := countBoard(ctx, b)
		return cb, "counted", err
	})
}

// perBoard runs do on each board, workers at once, and returns what it
// made in the boards' order, logging each board's time.
func perBoard[T any](boards []board.Board, workers int, log io.Writer, do func(board.Board) (T, string, error)) ([]T, error) {
	out := make([]T, len(boards))
	var mu sync.Mutex
	g := new(errgroup.Group)
	g.SetLimit(workers)
	for k, b := range boards {
		g.Go(func() error {
			t := time.Now()
			v, what, err := do(b)
			if err != nil {
				return err
			}
			out[k] = v
			mu.Lock()
			fmt.Fprintf(log, "%v: %s, %v\n", b, what, time.Since(t).Round(time.Millisecond))
			mu.Unlock()
			return nil
		})
	}
	return out, g.Wait()
}

// countBoard counts the tours from one square of each class of symmetric
// squares (board.Representatives) that no theorem settles.
func countBoard(ctx context.Context, b board.Board) (theory.CountedBoard, error) {
	cb := theory.CountedBoard{Rows: b.Rows, Cols: b.Cols, Counts: make([][]*big.Int, b.Rows)}
	for r := range cb.Counts {
		cb.Counts[r] = make([]*big.Int, b.Cols)
	}
	reps := b.Representatives()
	for sq, rep := range reps {
		r, c := b.RowCol(sq)
		if _, ok := theory.ByTheorem(b.Rows, b.Cols, r, c, false); ok {
			continue
		}
		if rep != sq { // counted already, from its class's first square
			rr, rc := b.RowCol(rep)
			cb.Counts[r][c] = cb.Counts[rr][rc]
			continue
		}
		res, err := count.From(ctx, b, board.Square{Row: r, Col: c}, count.Options{Workers: 1})
		if err != nil {
			return cb, fmt.Errorf("%v from %d,%d: %w", b, r, c, err)
		}
		if !res.Complete {
			return cb, fmt.Errorf("%v from %d,%d: the count did not complete", b, r, c)
		}
		cb.Counts[r][c] = res.Tours
	}
	return cb, nil
}

func certifyAll(maxSide, workers, seeds, prefer int, log io.Writer) ([]theory.Certificate, error) {
	out, err := perBoard(certifiedBoards(maxSide), workers, log, func(b board.Board) ([]theory.Certificate, string, error) {
		certs, tried, err := certifyBoard(b, seeds, prefer)
		return certs, fmt.Sprintf("%d certificates, %d walks", len(certs), tried), err
	})
	return slices.Concat(out...), err
}

// certifyBoard finds certificates for every corner-coloured square of b.
func certifyBoard(b board.Board, seeds, prefer int) ([]theory.Certificate, int, error) {
	s, err := solver.New(solver.Problem{Board: b, Strategy: "warnsdorff", Tiebreak: solver.TieRandom, Threads: 1})
	if err != nil {
		return nil, 0, err
	}
	covered := make([]bool, b.Squares())
	cover := func(sq int) {
		for _, img := range b.Images(sq) {
			covered[img] = true
		}
	}
	var certs []theory.Certificate
	tried := 0
	for sq := range b.Squares() {
		r, c := b.RowCol(sq)
		if covered[sq] || (r+c)%2 == 1 {
			continue
		}
		var best *theory.Certificate
		found := 0
		for seed := range uint64(seeds) {
			if err := s.Restart(board.Square{Row: r, Col: c}, seed); err != nil {
				return nil, tried, err
			}
			tried++
			res := s.Run(context.Background())
			if res.Status != status.Found {
				continue
			}
			if !res.Verified {
				return nil, tried, fmt.Errorf("%v from %d,%d seed %d: the tour was not verified", b, r, c, seed)
			}
			cert := theory.Certificate{Rows: b.Rows, Cols: b.Cols, Start: sq, End: int(res.Tour.Last()), Seed: seed}
			if best == nil {
				best = &cert
			}
			if !covered[cert.End] && cert.End != sq {
				best = &cert
				break
			}
			if found++; found == prefer {
				break
			}
		}
		if best == nil {
			return nil, tried, fmt.Errorf("%v from %d,%d: no tour in %d seeds", b, r, c, seeds)
		}
		certs = append(certs, *best)
		cover(best.Start)
		cover(best.End)
	}
	return certs, tried, nil
}
