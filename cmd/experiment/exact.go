package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"knightsweep/internal/buildinfo"
	"knightsweep/internal/input"
	"knightsweep/internal/outpath"
	"knightsweep/internal/words"
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
	if req.merge {
		return mergeExact(req.out, req.inputs, stdout)
	}
	if req.check {
		return req.printDeal(stdout)
	}
	// -out read and -work locked and checked before any walk: a refusal
	// is bad input, with nothing on stdout.
	rn, err := req.runner()
	if err != nil {
		return err
	}
	defer rn.Close()
	if !req.shard.Whole() && len(rn.Jobs) == 0 {
		fmt.Fprintf(stderr, "exact: shard %v has no start class to walk: there are fewer classes than shards (-check prints the deal); its -out holds no row, which the merge expects\n", req.shard)
	}
	results, err := req.walk(ctx, rn, stderr)
	if err != nil && ctx.Err() == nil && input.Is(err) && len(results) == 0 {
		// Refused before any walk: nothing on stdout, nothing kept to
		// speak of.
		return fmt.Errorf("exact: %w", err)
	}
	// What was walked before an interrupt or a late failure (-out could
	// not be written) is printed first, in the format the whole run
	// would have used: the walks took long. Nothing is printed when no
	// start ended: a grid would show zeros for starts never walked.
	var notes []string
	if len(results) > 0 || err == nil {
		if werr := req.write(stdout, rn, results); werr != nil {
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
// checked: the boards and starts in the order given.
type exactRequest struct {
	sizes  plan.GivenSizes
	starts plan.GivenStarts
	closed bool
	rule   exact.Rule
	opt    exact.Options
	mem    memlimit.Limit
	out    string
	asJSON bool
	shard  exact.Shard
	check  bool
	// merge: -merge, of the shards' files inputs.
	merge  bool
	inputs []string
}

// parseExact reads and checks the flags before any walk.
func parseExact(args []string, stderr io.Writer) (exactRequest, error) {
	var req exactRequest
	flags := newFlagSet("exact", "-sizes BOARDS [-starts all|corners|LIST] [-tiebreak RULE] [-closed] [-workers N] [-mem-limit SIZE] [-out FILE] [-json] [-float] [-plain] [-method memo|frontier|auto] [-work DIR] [-shard i/N]\n       experiment exact -merge -out FILE SHARD-FILE...", stderr)
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
	methodFlag := flags.String("method", exact.MethodAuto.String(), "`method`: memo (tie points in hash tables in memory: fastest while they fit), frontier (each depth's tie points sorted and merged, spilled to disk in sorted runs past -mem-limit: memory bounded by it alone), or auto (frontier with -work, or past 100 squares where the memo's estimate passes -mem-limit; else memo)")
	flags.StringVar(&req.opt.Work, "work", "", "keep each start's frontier walk in `DIR` (a directory a start) with a checkpoint at every depth boundary, which the same command resumes from; implies the frontier method; one exact at a time holds it")
	shardFlag := flags.String("shard", "", "walk only shard `i/N` of the start classes (0 <= i < N; auto/N reads i from $"+strings.Join(shardEnv, " or $")+"), dealt by the cost model's estimate of each; needs -out, whose shards exact -merge (or merge) combines")
	flags.BoolVar(&req.check, "check", false, "check the flags and print each shard's classes and share of the cost model's estimate, walking nothing (-out and -work are not opened)")
	flags.BoolVar(&req.merge, "merge", false, "combine the -out FILEs of every shard of one exact command (the arguments, or patterns) into -out: the rows one run would have written")
	inputs, err := parseInterspersed(flags, args)
	if err != nil {
		return req, err
	}
	if req.merge {
		return req, req.mergeInputs(inputs, flags)
	}
	if len(inputs) > 0 {
		return req, usagef("exact takes no arguments (%q): shards' files go with -merge", inputs[0])
	}
	sh, err := parseShard(*shardFlag, getenv)
	if err != nil {
		return req, &input.Error{Flag: "-shard", Err: err}
	}
	req.shard = exact.Shard{Index: sh.Index, Count: sh.Count}
	if !req.shard.Whole() && req.out == "" && !req.check {
		return req, input.Errorf("-shard", "needs -out: the file of the shard's rows, which exact -merge combines")
	}
	if req.sizes, err = givenSizes(*sizesFlag, "8, 5-8 or 6x8"); err != nil {
		return req, err
	}
	if req.starts, err = givenStarts(*startsFlag, req.sizes.Sizes, "corners"); err != nil {
		return req, err
	}
	if req.rule, err = exact.ParseRule(*tiebreak); err != nil {
		return req, usagef("-tiebreak: %v", err)
	}
	for _, b := range req.sizes.Order {
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
	if req.out != "" {
		if err := outpath.File("-out", req.out); err != nil {
			return req, err
		}
	}
	req.opt.Rule, req.opt.Closed, req.opt.MemLimit = req.rule, req.closed, req.mem.Bytes
	return req, nil
}

// squares returns the starts of b in the order of -starts.
func (req *exactRequest) squares(b board.Board) []board.Square {
	return slices.Collect(startsOn(b, req.starts, req.closed))
}

// runner returns exact's runner of req, -out read and -work locked and
// checked.
func (req *exactRequest) runner() (*exact.Runner, error) {
	var jobs []exact.Job
	var names []string
	for _, b := range req.sizes.Order {
		jobs = append(jobs, exact.Job{Board: b, Starts: req.squares(b)})
		names = append(names, b.String())
	}
	cmd := exact.WorkCommand{Sizes: strings.Join(names, ","), Starts: req.starts.String(), Tiebreak: req.rule.String(),
		Closed: req.closed, Float: req.opt.Float}
	return exact.NewRunner(exact.Runner{Jobs: jobs, Options: req.opt, Out: req.out, Command: cmd,
		Shard: req.shard, Build: buildinfo.Build()})
}

// walk walks every start -out lacks, and returns the rows of every start
// -out holds or a walk ended; after an error, those that ended before it.
func (req *exactRequest) walk(ctx context.Context, rn *exact.Runner, stderr io.Writer) (map[exact.Key]exact.Row, error) {
	tasks := rn.Tasks()
	_, memo := exact.Shares(req.mem.Bytes)
	opt := req.opt
	opt.MemLimit = memo
	if most := exact.Biggest(tasks); most.Squares() > 0 && req.mem.Bytes > 0 && !opt.UsesFrontier(most) {
		if need := exact.EstimateBytes(most); need > req.mem.Bytes {
			fmt.Fprintf(stderr, "exact: the memo of %v may need some %s (a guess from the corners of square boards), more than -mem-limit %s (%s): what does not fit is walked without the memo, which can take far longer\n",
				most, memlimit.Format(need), memlimit.Format(req.mem.Bytes), req.mem.Source)
		}
	}
	var meter *progress.Meter
	if len(tasks) > 0 {
		meter = progress.New(stderr, progress.Options{Terminal: isTerminal(stderr), Name: "exact", Unit: "classes",
			Total: int64(len(tasks)), NoEstimate: true, BarWidth: 10})
		meter.Start()
	}
	rn.Tick = func(p exact.Progress, left string, all exact.Overall) {
		now := time.Now()
		meter.Detail(all.Detail() + ", " + p.Detail(req.mem.Bytes, left))
		meter.Part(float64(p.Depth) / float64(p.Squares))
		meter.Tick(now)
	}
	ended := int64(0)
	rn.Ended = func(r exact.Result) {
		meter.Detail(fmt.Sprintf("%v from %v done", r.Board, r.Start))
		meter.End(ended, 0, r.Elapsed.Seconds())
		ended++
	}
	results, err := rn.Run(ctx, tasks)
	meter.Finish(time.Now())
	return results, err
}

// write prints the rows (exact.Runner.Write), a grid of each board with
// -starts all.
func (req *exactRequest) write(w io.Writer, rn *exact.Runner, rows map[exact.Key]exact.Row) error {
	return rn.Write(w, rows, req.asJSON, req.starts.Kind() == plan.AllStarts && req.shard.Whole())
}

// exactMethod reads -method with -work and -plain.
func exactMethod(name, work string, plain bool) (exact.Method, error) {
	m, err := exact.ParseMethod(name)
	if err != nil {
		return 0, usagef("-method: %v", err)
	}
	if work != "" && (m == exact.MethodMemo || plain) {
		return 0, usagef("-work: only the frontier method keeps a checkpoint; drop -method memo and -plain, or -work")
	}
	if plain && m == exact.MethodFrontier {
		return 0, usagef("-method: -plain walks without the memo or the frontier; drop one")
	}
	return m, nil
}

// mergeInputs checks exact -merge's flags: -out and the shards' files
// (patterns expanded), nothing else.
func (req *exactRequest) mergeInputs(inputs []string, flags *flag.FlagSet) error {
	var other string
	flags.Visit(func(f *flag.Flag) {
		if f.Name != "merge" && f.Name != "out" && other == "" {
			other = f.Name
		}
	})
	if other != "" {
		return input.Errorf("-merge", "takes -out and the shards' files alone, not -%s: the shards keep their command", other)
	}
	if req.out == "" {
		return input.Errorf("-merge", "needs -out: the file of the merged rows")
	}
	for _, in := range inputs {
		if !strings.ContainsAny(in, "*?[") {
			req.inputs = append(req.inputs, in)
			continue
		}
		m, err := filepath.Glob(in)
		if err != nil || len(m) == 0 {
			return input.Errorf("-merge", "%s matches no file", in)
		}
		req.inputs = append(req.inputs, m...)
	}
	return outpath.File("-out", req.out)
}

// mergeExact is exact -merge (and merge given exact's shards).
func mergeExact(out string, inputs []string, stdout io.Writer) error {
	n, err := exact.Merge(out, inputs)
	if err != nil {
		return fmt.Errorf("exact: %w", err)
	}
	_, err = fmt.Fprintf(stdout, "merged %d shards of exact: %d starts in %s\n", len(inputs), n, out)
	return err
}

// printDeal is -check: the classes of each shard (-shard i/N's N, or the
// whole run), with its share of the cost model's estimate.
func (req *exactRequest) printDeal(w io.Writer) error {
	var tasks []exact.Task
	for _, b := range req.sizes.Order {
		tasks = append(tasks, exact.Tasks(b, req.squares(b), req.rule)...)
	}
	count := max(req.shard.Count, 1)
	classes, starts := make([]int, count), make([]int, count)
	cost := make([]float64, count)
	var total float64
	for i, s := range exact.Deal(tasks, count) {
		classes[s]++
		starts[s] += len(tasks[i].Members)
		cost[s] += exact.Cost(tasks[i])
		total += exact.Cost(tasks[i])
	}
	for s := range count {
		share := 0.0
		if total > 0 {
			share = 100 * cost[s] / total
		}
		noun := "classes"
		if classes[s] == 1 {
			noun = "class"
		}
		if _, err := fmt.Fprintf(w, "shard %d/%d: %d start %s (%s), %.0f%% of the estimated cost\n",
			s, count, classes[s], noun, words.Count(starts[s], "start"), share); err != nil {
			return err
		}
	}
	return nil
}
