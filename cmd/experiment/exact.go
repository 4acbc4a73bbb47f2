package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"math/big"
	"slices"
	"strings"
	"time"

	"knightsweep/internal/outpath"
	"knightsweep/pkg/board"
	"knightsweep/pkg/count"
	"knightsweep/pkg/exact"
	"knightsweep/pkg/memlimit"
	"knightsweep/pkg/plan"
	"knightsweep/pkg/progress"
)

// exactJSON is one line of experiment exact -json: one start's figures.
type exactJSON struct {
	Rows     int    `json:"rows"`
	Cols     int    `json:"cols"`
	StartRow int    `json:"start_row"`
	StartCol int    `json:"start_col"`
	Closed   bool   `json:"closed"`
	Rule     string `json:"rule"`
	// Probability is ProbabilityFraction rounded, or (beyond 64 squares,
	// no fraction) a float64 sum within ErrorBound of the probability.
	// ProbabilityFraction is null where there is none, never missing: a
	// script reads the key on every board.
	Probability         float64     `json:"probability"`
	ProbabilityFraction *string     `json:"probability_fraction"`
	ErrorBound          float64     `json:"error_bound"`
	Tours               uint64      `json:"tours"`
	Walks               uint64      `json:"walks"`
	FailLength          []exactFail `json:"fail_length"`
	States              int64       `json:"states"`
	PeakStates          int64       `json:"peak_states"`
	Unmemoised          int64       `json:"unmemoised,omitempty"`
	PeakDisk            int64       `json:"peak_disk,omitempty"`
	Nodes               int64       `json:"nodes"`
	TimeNS              int64       `json:"time_ns"`
}

type exactFail struct {
	Length              int     `json:"length"`
	Probability         float64 `json:"probability"`
	ProbabilityFraction *string `json:"probability_fraction"`
	ErrorBound          float64 `json:"error_bound,omitempty"`
}

func cmdExact(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	flags := newFlagSet("exact", "-sizes BOARDS [-starts all|corners|LIST] [-tiebreak RULE] [-closed] [-workers N] [-mem-limit SIZE] [-out FILE] [-json] [-float] [-plain] [-method memo|frontier|auto] [-work DIR]", stderr)
	sizesFlag := flags.String("sizes", "", "`boards`: N, A-B (every N x N from A to B) or RxC, comma-separated, as run takes them")
	startsFlag := flags.String("starts", "corners", "start `squares`: all (a grid of each board), corners, solvable, or row,col squares separated by semicolons, as run takes them")
	tiebreak := flags.String("tiebreak", exact.Random.String(), "the `rule`: "+strings.Join(exact.Rules(), ", ")+" (Warnsdorff's rule with that tie-break; the -random ones break Pohl's or Roth's remaining ties at random, first, pohl and roth are the solver's deterministic rules)")
	closed := flags.Bool("closed", false, "a walk succeeds only as a closed tour (its last square a knight's move from the start)")
	workers := flags.Int("workers", 0, "walk with `N` goroutines (0: one per core)")
	memLimit := flags.String("mem-limit", "", "bound the memo's memory, such as 6GiB; past it the walk goes on without the memo (slower, as exact); 0 for none (default: the tightest of half the machine's memory, the cgroup's limit and Slurm's)")
	out := flags.String("out", "", "write a CSV of every start to `FILE`, and resume from it: starts it already holds are not walked again")
	asJSON := flags.Bool("json", false, "print one JSON object a start, a line each")
	float := flags.Bool("float", false, "compute float64 probabilities with an error bound even up to 64 squares (faster; no fraction)")
	plain := flags.Bool("plain", false, "walk every tie without the memo, on one core (to check or time the memo)")
	methodFlag := flags.String("method", exact.MethodAuto.String(), "`method`: memo (tie points in hash tables in memory: fastest while they fit), frontier (each depth's tie points sorted and merged, spilled to disk in sorted runs past -mem-limit: memory bounded by it alone), or auto (frontier with -work, or past 100 squares where the memo's estimate passes -mem-limit; else memo)")
	work := flags.String("work", "", "keep each start's frontier walk in `DIR` (a directory a start) with a checkpoint at every depth boundary, which the same command resumes from; implies the frontier method")
	if err := parseFlags(flags, args); err != nil {
		return err
	}
	if strings.TrimSpace(*sizesFlag) == "" {
		return usagef("-sizes: missing; give boards such as 8, 5-8 or 6x8")
	}
	sizes, err := plan.ParseSizes(*sizesFlag)
	if err != nil {
		return usagef("-sizes: %v", err)
	}
	starts, err := plan.ParseStarts(*startsFlag)
	if err != nil {
		return usagef("-starts: %v", err)
	}
	if err := starts.Check(sizes); err != nil {
		return usagef("-starts: %v", err)
	}
	rule, err := exact.ParseRule(*tiebreak)
	if err != nil {
		return usagef("-tiebreak: %v", err)
	}
	for _, b := range sizes {
		if b.Squares() > exact.MaxSquares {
			return usagef("-sizes: %v has %d squares; exact walks boards of up to %d", b, b.Squares(), exact.MaxSquares)
		}
	}
	if err := parseWorkers(*workers); err != nil {
		return err
	}
	mem, err := memLimitFlag(*memLimit)
	if err != nil {
		return err
	}
	method, err := exactMethod(*methodFlag, *work, *plain)
	if err != nil {
		return err
	}
	// What -out already holds, and that it can be written, before any
	// walk. file is what it holds, each start's row once (ReadCSV refuses
	// a second): a start walked again replaces its row.
	file := map[exact.Key]exact.Row{}
	done := map[exact.Key]exact.Row{}
	if *out != "" {
		if err := outpath.File("-out", *out); err != nil {
			return err
		}
		kept, err := exact.ReadCSV(*out)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return usagef("-out: %v", err)
		}
		for _, r := range kept {
			file[r.Key()] = r
			// A -float row is no answer to a run that wants the fraction:
			// it is walked again, and replaced once it is.
			if r.ProbabilityFraction == "" && !*float && r.Rows*r.Cols <= exact.MaxExactSquares {
				continue
			}
			done[r.Key()] = r
		}
		if err := exact.WriteCSV(*out, kept); err != nil {
			return usagef("-out: %v", err)
		}
	}

	var tasks []exact.Task
	// plan's reading of -starts, which takes "" (and " ALL ") for all:
	// the flag's own text left such a run without its grid.
	all := starts.String() == "all"
	for _, b := range sizes {
		set := starts.On(b, *closed)
		var sqs []board.Square
		for i := range set.Len() {
			sq := set.At(i)
			if _, ok := done[exact.Key{Board: b, Start: sq, Closed: *closed, Rule: rule.String()}]; !ok {
				sqs = append(sqs, sq)
			}
		}
		tasks = append(tasks, exact.Tasks(b, sqs, rule)...)
	}
	rt, memo := exactShares(mem.Bytes)
	walk := exact.Options{Rule: rule, Closed: *closed, Workers: *workers, MemLimit: memo, Plain: *plain, Float: *float,
		Method: method, Work: *work}
	if err := checkWork(walk, tasks, exactCommand(sizes, starts, rule, *closed, *float)); err != nil {
		return err
	}
	if big := biggest(tasks); big.Squares() > 0 && mem.Bytes > 0 && !walk.UsesFrontier(big) {
		if need := exact.EstimateBytes(big); need > mem.Bytes {
			fmt.Fprintf(stderr, "exact: the memo of %v may need some %s (a guess from the corners of square boards), more than -mem-limit %s (%s): what does not fit is walked without the memo, which can take far longer\n",
				big, memlimit.Format(need), memlimit.Format(mem.Bytes), mem.Source)
		}
	}

	var meter *progress.Meter
	if len(tasks) > 0 {
		meter = progress.New(stderr, progress.Options{Terminal: isTerminal(stderr), Name: "exact", Unit: "starts",
			Total: int64(len(tasks)), NoEstimate: true})
		meter.Start()
	}
	defer gcFor(memlimit.Limit{Bytes: rt}, false)()
	opt := walk
	opt.Tick = func(p exact.Progress) {
		meter.Detail(exactDetail(p))
		meter.Tick(time.Now())
	}
	results := map[exact.Key]exact.Row{}
	lines := map[exact.Key]exactJSON{}
	ended := int64(0)
	err = exact.Run(ctx, tasks, opt, func(t exact.Task, r exact.Result) error {
		for _, sq := range t.Members {
			row := exact.NewRow(r, sq)
			results[row.Key()] = row
			file[row.Key()] = row
			lines[row.Key()] = newExactJSON(r, sq)
		}
		meter.End(ended, 0, r.Elapsed.Seconds())
		ended++
		if *out != "" {
			return exact.WriteCSV(*out, slices.Collect(maps.Values(file)))
		}
		return nil
	})
	meter.Finish(time.Now())
	if err != nil {
		if ctx.Err() != nil {
			if *out != "" {
				fmt.Fprintf(stderr, "exact: interrupted; the %d starts done are in %s: the same command resumes\n", len(results), *out)
			}
			if *work != "" {
				fmt.Fprintf(stderr, "exact: interrupted; each walk under way is kept in %s at its last depth boundary: the same command goes on from there\n", *work)
			}
			return errInterrupted
		}
		return fmt.Errorf("exact: %w", err)
	}
	// Starts -out already held are printed too, from their rows.
	for k, r := range done {
		if _, ok := results[k]; !ok && k.Rule == rule.String() && k.Closed == *closed {
			results[k] = r
		}
	}
	if *asJSON {
		// In the order of -sizes and -starts, whichever walk ended first,
		// with the starts -out already held (they had been left out).
		enc := json.NewEncoder(stdout)
		for _, b := range sizes {
			set := starts.On(b, *closed)
			for i := range set.Len() {
				k := exact.Key{Board: b, Start: set.At(i), Closed: *closed, Rule: rule.String()}
				l, ok := lines[k]
				if !ok {
					row, ok := results[k]
					if !ok {
						continue
					}
					l = rowJSON(row)
				}
				if err := enc.Encode(l); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return writeExact(stdout, sizes, starts, *closed, all, rule, results)
}

// exactShares splits -mem-limit (0: none) into the runtime's limit and
// the memo's share of it, as count's: the rest of the runtime's is for the
// tallies and the depths freed that the collector has yet to reclaim (it
// works harder near the limit). The runtime's limit leaves room for what
// it does not count, the program's code mapped in: -mem-limit 200MiB
// peaked at 209 MiB of RSS and 1GiB at 1.008 GiB when it was the whole
// limit. The memo gets at least a byte: -mem-limit 1B to 9B gave it 0,
// which exact.Options reads as no bound at all.
func exactShares(limit int64) (runtime, memo int64) {
	if limit <= 0 {
		return 0, 0
	}
	runtime = limit
	if runtime > 4*outsideRuntime {
		runtime -= outsideRuntime
	}
	return runtime, max(runtime/10*9, 1)
}

// outsideRuntime is the memory of the process that the runtime's limit
// does not count: the binary's code and data as mapped (about 9 MiB).
const outsideRuntime = 16 << 20

func biggest(tasks []exact.Task) board.Board {
	var b board.Board
	for _, t := range tasks {
		if t.Board.Squares() > b.Squares() {
			b = t.Board
		}
	}
	return b
}

func newExactJSON(r exact.Result, at board.Square) exactJSON {
	j := exactJSON{Rows: r.Board.Rows, Cols: r.Board.Cols, StartRow: at.Row, StartCol: at.Col, Closed: r.Closed,
		Rule: r.Rule.String(), Probability: r.Probability, ErrorBound: r.ErrorBound, Tours: r.Tours, Walks: r.Walks,
		FailLength: []exactFail{}, States: r.States, PeakStates: r.PeakStates, Unmemoised: r.Unmemoised, PeakDisk: r.PeakDisk,
		Nodes: r.Nodes, TimeNS: r.Elapsed.Nanoseconds()}
	if r.Fraction != nil {
		j.ProbabilityFraction = ratString(r.Fraction)
	}
	j.FailLength = failJSON(r.FailLength)
	return j
}

// rowJSON is the line of a start that -out already held: what its row
// keeps (not its peak, nodes or the bounds of its fail lengths).
func rowJSON(row exact.Row) exactJSON {
	j := exactJSON{Rows: row.Rows, Cols: row.Cols, StartRow: row.StartRow, StartCol: row.StartCol, Closed: row.Closed,
		Rule: row.Rule, Probability: row.Probability, ErrorBound: row.ErrorBound, Tours: row.Tours, Walks: row.Walks,
		States: row.States, TimeNS: row.TimeNS}
	if row.ProbabilityFraction != "" {
		f := row.ProbabilityFraction
		j.ProbabilityFraction = &f
	}
	fails, _ := row.Fails() // checked as the file was read
	j.FailLength = failJSON(fails)
	return j
}

func failJSON(fails []exact.Fail) []exactFail {
	out := []exactFail{}
	for _, f := range fails {
		ef := exactFail{Length: f.Length, Probability: f.Probability, ErrorBound: f.ErrorBound}
		if f.Fraction != nil {
			ef.ProbabilityFraction = ratString(f.Fraction)
		}
		out = append(out, ef)
	}
	return out
}

func ratString(q *big.Rat) *string {
	s := q.RatString()
	return &s
}

// writeExact prints, for each board, a grid of the probabilities (with
// -starts all) and a line a start.
func writeExact(w io.Writer, sizes plan.Sizes, starts plan.Starts, closed, all bool, rule exact.Rule, rows map[exact.Key]exact.Row) error {
	var sb strings.Builder
	for _, b := range sizes {
		set := starts.On(b, closed)
		if set.Len() == 0 {
			fmt.Fprintf(&sb, "%v: no start square (-starts %v)\n", b, starts)
			continue
		}
		if all {
			fmt.Fprintf(&sb, "%v %s%s: probability of a tour from each start\n", b, rule, closedWord(closed))
			for r := range b.Rows {
				for c := range b.Cols {
					if c > 0 {
						sb.WriteByte(' ')
					}
					fmt.Fprintf(&sb, "%.6f", rows[exact.Key{Board: b, Start: board.Square{Row: r, Col: c}, Closed: closed, Rule: rule.String()}].Probability)
				}
				sb.WriteByte('\n')
			}
		}
		rep := count.Representatives(b)
		for i := range set.Len() {
			sq := set.At(i)
			if at := b.Index(sq.Row, sq.Col); all && rule.Randomised() && rep[at] != at {
				continue // the grid shows it; its figures are its class's
			}
			k := exact.Key{Board: b, Start: sq, Closed: closed, Rule: rule.String()}
			r, ok := rows[k]
			if !ok {
				continue
			}
			p := fmt.Sprintf("%.10f", r.Probability)
			if r.ProbabilityFraction != "" {
				p += " = " + r.ProbabilityFraction
			} else {
				p += fmt.Sprintf(" ± %.1e", r.ErrorBound)
			}
			fmt.Fprintf(&sb, "%v: probability %s, %d tours of %d walks, %d tie points, %v\n",
				k, p, r.Tours, r.Walks, r.States, time.Duration(r.TimeNS).Round(time.Microsecond))
		}
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

func closedWord(closed bool) string {
	if closed {
		return " closed"
	}
	return ""
}
