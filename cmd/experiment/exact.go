package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"slices"
	"strings"
	"time"

	"knightsweep/internal/input"
	"knightsweep/internal/outpath"
	"knightsweep/pkg/board"
	"knightsweep/pkg/exact"
	"knightsweep/pkg/memlimit"
	"knightsweep/pkg/plan"
	"knightsweep/pkg/progress"
)

func cmdExact(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	req, err := parseExact(args, stderr)
	if err != nil {
		return err
	}
	results, err := req.walk(ctx, stderr)
	if err != nil && ctx.Err() == nil && input.Is(err) && len(results) == 0 {
		// Refused before any walk (-work of another command, a damaged
		// checkpoint): nothing on stdout, nothing kept to speak of.
		return fmt.Errorf("exact: %w", err)
	}
	// What was walked before an interrupt or a late failure (-out could
	// not be written) is printed first, in the format the whole run
	// would have used: the walks took long. Nothing is printed when no
	// start ended: a grid would show zeros for starts never walked.
	var notes []string
	if len(results) > 0 || err == nil {
		if werr := req.write(stdout, results); werr != nil {
			return werr
		}
		if err != nil {
			n := fmt.Sprintf("the %d starts done are printed on stdout", len(results))
			// Kept in -out after an interrupt; after a failure, which may
			// be -out's own write, only what reached it.
			if req.out != "" && ctx.Err() != nil {
				n = fmt.Sprintf("the %d starts done are printed on stdout and kept in %s: the same command resumes", len(results), req.out)
			}
			notes = append(notes, n)
		}
	}
	if err != nil && req.opt.Work != "" {
		notes = append(notes, fmt.Sprintf("each walk under way is kept in %s at its last depth boundary: the same command goes on from there", req.opt.Work))
	}
	switch {
	case err != nil && ctx.Err() != nil:
		for _, n := range notes {
			fmt.Fprintf(stderr, "exact: interrupted; %s\n", n)
		}
		return errInterrupted
	case err != nil && len(notes) > 0:
		return fmt.Errorf("exact: %w (%s)", err, strings.Join(notes, "; "))
	case err != nil:
		return fmt.Errorf("exact: %w", err)
	}
	return nil
}

// exactRequest is what experiment exact was asked, its flags read and
// checked: the boards and starts in the order given, and what -out holds.
type exactRequest struct {
	sizes  plan.Sizes // in the order of -sizes
	starts plan.Starts
	// order is -starts' squares in the order listed (nil: not a list, so
	// the order of the board's squares).
	order       []board.Square
	all, closed bool
	rule        exact.Rule
	opt         exact.Options
	mem         memlimit.Limit
	out         string
	asJSON      bool
	// file is what -out holds, each start's row once (ReadCSV refuses a
	// second); done the rows of those that need no walk.
	file, done map[exact.Key]exact.Row
}

// parseExact reads and checks the flags, and what -out holds, before any
// walk.
func parseExact(args []string, stderr io.Writer) (exactRequest, error) {
	var req exactRequest
	flags := newFlagSet("exact", "-sizes BOARDS [-starts all|corners|LIST] [-tiebreak RULE] [-closed] [-workers N] [-mem-limit SIZE] [-out FILE] [-json] [-float] [-plain] [-method memo|frontier|auto] [-work DIR]", stderr)
	sizesFlag := flags.String("sizes", "", "`boards`: N, A-B (every N x N from A to B) or RxC, comma-separated, as run takes them")
	startsFlag := flags.String("starts", "corners", "start `squares`: all (a grid of each board), corners, solvable, or row,col squares separated by semicolons, as run takes them")
	tiebreak := flags.String("tiebreak", exact.Random.String(), "the `rule`: "+strings.Join(exact.Rules(), ", ")+" (Warnsdorff's rule with that tie-break; the -random ones break Pohl's or Roth's remaining ties at random, first, pohl and roth are the solver's deterministic rules)")
	flags.BoolVar(&req.closed, "closed", false, "a walk succeeds only as a closed tour (its last square a knight's move from the start)")
	flags.IntVar(&req.opt.Workers, "workers", 0, "walk with `N` goroutines (0: one per core)")
	memLimit := flags.String("mem-limit", "", "bound the memo's memory, such as 6GiB; past it the walk goes on without the memo (slower, as exact); 0 for none (default: the tightest of half the machine's memory, the cgroup's limit and Slurm's)")
	flags.StringVar(&req.out, "out", "", "write a CSV of every start to `FILE`, and resume from it: starts it already holds are not walked again")
	flags.BoolVar(&req.asJSON, "json", false, "print one JSON object a start, a line each")
	flags.BoolVar(&req.opt.Float, "float", false, "compute float64 probabilities with an error bound even up to 64 squares (faster; no fraction)")
	flags.BoolVar(&req.opt.Plain, "plain", false, "walk every tie without the memo, on one core (to check or time the memo)")
	methodFlag := flags.String("method", exact.MethodAuto.String(), "`method`: memo (tie points in hash tables in memory: cheapest for exact fractions), frontier (each depth's tie points sorted and merged, spilled to disk in sorted runs past -mem-limit: memory bounded by it alone), or auto (frontier with -work or past 64 squares, where probabilities are float64s; else memo)")
	flags.StringVar(&req.opt.Work, "work", "", "keep each start's frontier walk in `DIR` (a directory a start) with a checkpoint at every depth boundary, which the same command resumes from; implies the frontier method")
	if err := parseFlags(flags, args); err != nil {
		return req, err
	}
	var err error
	if req.sizes, err = orderedSizes(*sizesFlag); err != nil {
		return req, err
	}
	// An empty -starts is refused, as an empty -sizes is: plan reads it
	// as run's default, all, and exact's default, corners, is what
	// leaving the flag out gives.
	if strings.TrimSpace(*startsFlag) == "" {
		return req, usagef("-starts: empty; want all, corners, solvable or row,col squares separated by semicolons (leave -starts out for corners)")
	}
	if req.starts, err = plan.ParseStarts(*startsFlag); err != nil {
		return req, usagef("-starts: %v", err)
	}
	if err := req.starts.Check(req.sizes); err != nil {
		return req, usagef("-starts: %v", err)
	}
	req.order = listedSquares(*startsFlag, req.starts)
	// plan's reading of -starts, which takes " ALL " for all: the flag's
	// own text left such a run without its grid.
	req.all = req.starts.String() == "all"
	if req.rule, err = exact.ParseRule(*tiebreak); err != nil {
		return req, usagef("-tiebreak: %v", err)
	}
	for _, b := range req.sizes {
		if b.Squares() > exact.MaxSquares {
			return req, usagef("-sizes: %v has %d squares; exact walks boards of up to %d", b, b.Squares(), exact.MaxSquares)
		}
	}
	if err := parseWorkers(req.opt.Workers); err != nil {
		return req, err
	}
	if req.mem, err = memLimitFlag(*memLimit); err != nil {
		return req, err
	}
	if req.opt.Method, err = exactMethod(*methodFlag, req.opt.Work, req.opt.Plain); err != nil {
		return req, err
	}
	req.opt.Rule, req.opt.Closed = req.rule, req.closed
	return req, req.readOut(stderr)
}

// squares returns the starts of b in the order of -starts.
func (req *exactRequest) squares(b board.Board) []board.Square {
	return slices.Collect(startsOn(b, req.starts, req.order, req.closed))
}

func (req *exactRequest) key(b board.Board, sq board.Square) exact.Key {
	return exact.Key{Board: b, Start: sq, Closed: req.closed, Rule: req.rule.String()}
}

// readOut reads what -out already holds, and checks that it can be
// written: a start walked again replaces its row.
func (req *exactRequest) readOut(stderr io.Writer) error {
	req.file, req.done = map[exact.Key]exact.Row{}, map[exact.Key]exact.Row{}
	if req.out == "" {
		return nil
	}
	if err := outpath.File("-out", req.out); err != nil {
		return err
	}
	kept, cut, err := exact.ResumeCSV(req.out)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return usagef("-out: %v", err)
	}
	if cut > 0 {
		// Said on stderr: stdout is the figures' format. The file is
		// rewritten without it below.
		fmt.Fprintf(stderr, "exact: -out %s: repaired a truncated last line (%d bytes cut)\n", req.out, cut)
	}
	for _, r := range kept {
		req.file[r.Key()] = r
		// A -float row is no answer to a run that wants the fraction: it
		// is walked again, and replaced once it is.
		if r.ProbabilityFraction == "" && !req.opt.Float && r.Rows*r.Cols <= exact.MaxExactSquares {
			continue
		}
		req.done[r.Key()] = r
	}
	if err := exact.WriteCSV(req.out, kept); err != nil {
		return usagef("-out: %v", err)
	}
	return nil
}

// walk walks every start -out lacks, writing -out as each ends, and
// returns every start's row (those -out held too), also when an error
// stopped it: what was walked before.
func (req *exactRequest) walk(ctx context.Context, stderr io.Writer) (map[exact.Key]exact.Row, error) {
	var tasks []exact.Task
	for _, b := range req.sizes {
		var sqs []board.Square
		for _, sq := range req.squares(b) {
			if _, ok := req.done[req.key(b, sq)]; !ok {
				sqs = append(sqs, sq)
			}
		}
		tasks = append(tasks, exact.Tasks(b, sqs, req.rule)...)
	}
	rt, memo := exactShares(req.mem.Bytes)
	opt := req.opt
	opt.MemLimit = memo
	if err := checkWork(opt, tasks, exactCommand(req.sizes, req.starts, req.rule, req.closed, opt.Float)); err != nil {
		return nil, err
	}
	if most := biggest(tasks); most.Squares() > 0 && req.mem.Bytes > 0 && !opt.UsesFrontier(most) {
		if need := exact.EstimateBytes(most); need > req.mem.Bytes {
			fmt.Fprintf(stderr, "exact: the memo of %v may need some %s (a guess from the corners of square boards), more than -mem-limit %s (%s): what does not fit is walked without the memo, which can take far longer\n",
				most, memlimit.Format(need), memlimit.Format(req.mem.Bytes), req.mem.Source)
		}
	}
	var meter *progress.Meter
	if len(tasks) > 0 {
		meter = progress.New(stderr, progress.Options{Terminal: isTerminal(stderr), Name: "exact", Unit: "starts",
			Total: int64(len(tasks)), NoEstimate: true, BarWidth: 10})
		meter.Start()
	}
	defer gcFor(memlimit.Limit{Bytes: rt}, false)()
	var left exactLeft
	opt.Tick = func(p exact.Progress) {
		now := time.Now()
		meter.Detail(exactDetail(p, req.mem.Bytes, left.words(p, now)))
		meter.Part(float64(p.Depth) / float64(p.Squares))
		meter.Tick(now)
	}
	results := map[exact.Key]exact.Row{}
	ended := int64(0)
	err := exact.Run(ctx, tasks, opt, func(t exact.Task, r exact.Result) error {
		for _, sq := range t.Members {
			row := exact.NewRow(r, sq)
			results[row.Key()], req.file[row.Key()] = row, row
		}
		meter.Detail(fmt.Sprintf("%v from %v done", r.Board, r.Start))
		meter.End(ended, 0, r.Elapsed.Seconds())
		ended++
		if req.out != "" {
			return exact.WriteCSV(req.out, slices.Collect(maps.Values(req.file)))
		}
		return nil
	})
	meter.Finish(time.Now())
	// The rows -out held of the starts asked for (it may hold others).
	for _, b := range req.sizes {
		for _, sq := range req.squares(b) {
			k := req.key(b, sq)
			if r, ok := req.done[k]; ok {
				if _, walked := results[k]; !walked {
					results[k] = r
				}
			}
		}
	}
	return results, err
}

// write prints the rows: a JSON line a start with -json, else writeExact's
// grids and lines, in the order of -sizes and -starts whichever walk
// ended first.
func (req *exactRequest) write(w io.Writer, rows map[exact.Key]exact.Row) error {
	if !req.asJSON {
		return writeExact(w, req, rows)
	}
	enc := json.NewEncoder(w)
	for _, b := range req.sizes {
		for _, sq := range req.squares(b) {
			if r, ok := rows[req.key(b, sq)]; ok {
				if err := enc.Encode(r); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// exactShares splits -mem-limit (0: none) into the runtime's limit and
// the memo's share of it, three quarters: the rest of the runtime's is for
// its own metadata and the tables freed or outgrown that the collector
// has yet to reclaim (at nine tenths the live heap sat at the limit, the
// collector ran without pause and RSS passed the limit by 3.5 MB at
// 16MiB). The runtime's limit leaves room for what
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
	return runtime, max(runtime/4*3, 1)
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

// writeExact prints, for each board, a grid of the probabilities (with
// -starts all) and a line a start.
func writeExact(w io.Writer, req *exactRequest, rows map[exact.Key]exact.Row) error {
	var sb strings.Builder
	for _, b := range req.sizes {
		sqs := req.squares(b)
		if len(sqs) == 0 {
			fmt.Fprintf(&sb, "%v: no start square (-starts %v)\n", b, req.starts)
			continue
		}
		if req.all {
			fmt.Fprintf(&sb, "%v %s: probability of a tour from each start\n", b, req.key(b, board.Square{}).RuleText())
			for r := range b.Rows {
				for c := range b.Cols {
					if c > 0 {
						sb.WriteByte(' ')
					}
					row, ok := rows[req.key(b, board.Square{Row: r, Col: c})]
					if !ok {
						// Not walked (an interrupt, a failure): no figure,
						// where 0 would say the start never makes a tour.
						sb.WriteString("       -")
						continue
					}
					fmt.Fprintf(&sb, "%.6f", row.Probability)
				}
				sb.WriteByte('\n')
			}
		}
		rep := b.Representatives()
		for _, sq := range sqs {
			if at := b.Index(sq.Row, sq.Col); req.all && req.rule.Randomised() && rep[at] != at {
				continue // the grid shows it; its figures are its class's
			}
			k := req.key(b, sq)
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
