package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"knightsweep/internal/buildinfo"
	"knightsweep/internal/input"
	"knightsweep/pkg/exact"
	"knightsweep/pkg/memlimit"
	"knightsweep/pkg/plan"
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
		return exact.WriteDeal(stdout, req.jobs(), req.opt.Rule, max(req.shard.Count, 1))
	}
	// -out read and -work locked and checked before any walk: a refusal
	// is bad input, with nothing on stdout.
	rn, err := req.runner()
	if err != nil {
		return err
	}
	defer rn.Close()
	results, err := rn.Walk(ctx, stderr, isTerminal(stderr), req.mem)
	if err != nil && ctx.Err() == nil && input.Is(err) && len(results) == 0 {
		// Refused before any walk: nothing on stdout, nothing kept to
		// speak of.
		return fmt.Errorf("exact: %w", err)
	}
	// What was walked before an interrupt or a late failure (-out could
	// not be written) is printed first, in the format the whole run
	// would have used: the walks took long. Nothing is printed when no
	// start ended: a grid would show zeros for starts never walked.
	if len(results) > 0 || err == nil {
		if werr := rn.Write(stdout, results, req.asJSON, req.starts.Kind() == plan.AllStarts && req.shard.Whole()); werr != nil {
			return werr
		}
	}
	var notes []string
	if err != nil {
		notes = rn.Kept(len(results), ctx.Err() != nil)
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
	flags.BoolVar(&req.opt.Closed, "closed", false, "a walk succeeds only as a closed tour (its last square a knight's move from the start)")
	flags.IntVar(&req.opt.Workers, "workers", 0, "walk with `N` goroutines (0: one per core)")
	memLimit := flags.String("mem-limit", "", "bound the memory, such as 6GiB; the frontier method spills to disk past it, the memo goes on without its tables (slower, as exact); 0 for none (default: the tightest of half the machine's memory, the cgroup's limit and Slurm's)")
	flags.StringVar(&req.out, "out", "", "write a CSV of every start to `FILE`, and resume from it: starts it already holds are not walked again")
	flags.BoolVar(&req.asJSON, "json", false, "print one JSON object a start, a line each")
	flags.BoolVar(&req.opt.Float, "float", false, "compute float64 probabilities with an error bound even up to 64 squares (faster; no fraction)")
	flags.BoolVar(&req.opt.Plain, "plain", false, "walk every tie without the memo, on one core (to check or time the memo)")
	methodFlag := flags.String("method", exact.MethodAuto.String(), "`method`: memo (tie points in hash tables in memory), frontier (each depth's tie points sorted and merged, spilled to disk in sorted runs past -mem-limit: memory bounded by it alone), or auto (frontier with -work or past 64 squares, where it is faster; else memo)")
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
	if req.shard.Given() && req.out == "" && !req.check {
		return req, input.Errorf("-shard", "needs -out: the file of the shard's rows, which exact -merge combines")
	}
	if req.sizes, err = givenSizes(*sizesFlag, "8, 5-8 or 6x8"); err != nil {
		return req, err
	}
	if req.starts, err = givenStarts(*startsFlag, req.sizes.Sizes, "corners"); err != nil {
		return req, err
	}
	if req.opt.Rule, err = exact.ParseRule(*tiebreak); err != nil {
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
	if err := req.opt.ParseMethodFor(*methodFlag); err != nil {
		return req, err
	}
	if req.out != "" {
		if err := exact.CheckOut(req.out); err != nil {
			return req, err
		}
	}
	req.opt.MemLimit = req.mem.Bytes
	return req, nil
}

// jobs returns the boards and their starts in the order of -sizes and
// -starts.
func (req *exactRequest) jobs() []exact.Job {
	var jobs []exact.Job
	for _, b := range req.sizes.Order {
		jobs = append(jobs, exact.Job{Board: b, Starts: slices.Collect(req.starts.InOrder(b, req.opt.Closed))})
	}
	return jobs
}

// runner returns exact's runner of req, -out read, -work locked and checked.
func (req *exactRequest) runner() (*exact.Runner, error) {
	return exact.NewRunner(exact.Runner{Jobs: req.jobs(), Options: req.opt, Out: req.out,
		Command: exact.NewWorkCommand(req.sizes.Order, req.starts.String(), req.opt), Shard: req.shard, Build: buildinfo.Build()})
}

// mergeInputs checks exact -merge's flags: -out and shards' files alone.
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
	var err error
	req.inputs, err = exact.ShardPatterns(inputs, req.out)
	return err
}

// mergeExact is exact -merge (and merge given exact's shards).
func mergeExact(out string, inputs []string, stdout io.Writer) error {
	if err := exact.CheckOut(out); err != nil {
		return err
	}
	n, err := exact.Merge(out, inputs, func(c exact.WorkCommand) ([]exact.Job, error) {
		req, err := parseExact(c.Args(), io.Discard)
		return req.jobs(), err
	})
	if err != nil {
		return fmt.Errorf("exact: %w", err)
	}
	_, err = fmt.Fprintf(stdout, "merged %d shards of exact: %d starts in %s\n", len(inputs), n, out)
	return err
}
