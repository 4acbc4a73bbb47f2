package sweep

import (
	"context"
	"runtime"
	"slices"
	"sync"
	"time"

	"knightsweep/pkg/plan"
	"knightsweep/pkg/solver"
)

// PaceTrial is how long MeasurePace runs, about: long enough for a steady
// time a node (a few million nodes of each measured group), short beside
// any sweep worth an estimate.
const PaceTrial = 150 * time.Millisecond

// paceMinShare is the least share of a sweep's work whose group of jobs
// the trial measures; the others take the measured groups' mean.
const paceMinShare = 0.03

// PaceMinNodes is the fewest nodes a sample must enter to count: a search
// that finds its tour at once measures its set-up, not its pace.
const PaceMinNodes = 20_000

// MeasurePace measures this machine's pace on p's work as it is now: for
// each group of jobs that holds a share of the sweep's work (a strategy on
// small or on large boards), the group's costliest job, which the sweep
// runs among its first, is run for trial/groups of the clock, in three
// rounds, on as many workers at once as the sweep will run, up to the
// cores (so that the pace includes what the cores' sharing costs: two
// searches on two cores each run slower than one alone, and more so while
// other programs run).
// The pace is the measured time a node over the model's; its Unloaded
// factors, the CPU time a node of each group's fastest round, which
// other programs' load does not slow. No row is written. A canceled ctx
// ends the trial early, with what it measured.
func MeasurePace(ctx context.Context, p *plan.Plan, workers int, memLimit int64, trial time.Duration) plan.Pace {
	pace := plan.Pace{Factor: map[plan.PaceKey]float64{}, Unloaded: map[plan.PaceKey]float64{}}
	samples := p.PaceSamples(paceMinShare)
	if len(samples) == 0 || workers < 1 {
		return pace
	}
	// Each group is measured in paceRounds short rounds, the groups in
	// turn, and keeps the median: a moment when other programs take the
	// cores, or the process is descheduled, spoils one round, not the
	// estimate.
	per := trial / time.Duration(len(samples)*paceRounds)
	rounds := make([][]float64, len(samples))
	cpu := make([]float64, len(samples)) // the least CPU time a node, 0: none
	for range paceRounds {
		for i, sm := range samples {
			if ctx.Err() != nil {
				break
			}
			ns, cpuNs := trialRound(ctx, sm.Job, workers, memLimit, per)
			if ns > 0 {
				rounds[i] = append(rounds[i], ns/sm.NsPerNode)
			}
			if cpuNs > 0 && (cpu[i] == 0 || cpuNs < cpu[i]) {
				cpu[i] = cpuNs
			}
		}
	}
	var weight, sum, sumUnloaded float64
	for i, sm := range samples {
		if len(rounds[i]) == 0 {
			continue
		}
		slices.Sort(rounds[i])
		f, u := rounds[i][len(rounds[i])/2], rounds[i][0]
		if cpu[i] > 0 {
			u = min(u, cpu[i]/sm.NsPerNode)
		}
		pace.Factor[sm.Key], pace.Unloaded[sm.Key] = f, u
		weight += sm.Share
		sum += sm.Share * f
		sumUnloaded += sm.Share * u
	}
	if weight > 0 {
		pace.Default, pace.UnloadedDefault = sum/weight, sumUnloaded/weight
	}
	return pace
}

// paceRounds is the number of rounds of each group's trial.
const paceRounds = 3

// trialRound runs job j for per of the clock on as many copies at once as
// the sweep runs workers, and returns the time a node it measured, or 0,
// and the CPU time a node, or 0 where a copy's CPU time is unknown or is
// not all of its search's (a search of more than one thread).
func trialRound(ctx context.Context, j plan.Job, workers int, memLimit int64, per time.Duration) (nsPerNode, cpuPerNode float64) {
	// Only the cost model's strategies, the built-in ones, are paced
	// (plan.PaceSamples): an external solver's work has no share.
	pr := Problem(&j)
	// The trial stops by the clock, so that it takes its time however slow
	// the machine is; the job's node budget may end it sooner.
	pr.Timeout = per
	// As many copies as the sweep runs searches at once, up to the cores:
	// past them, searches take turns, which the estimate counts apart.
	pr.Threads = max(1, min(j.Threads, workers))
	copies := max(1, min(workers, runtime.GOMAXPROCS(0))/pr.Threads)
	if memLimit > 0 && j.Bytes > 0 {
		copies = max(1, min(copies, int(memLimit/j.Bytes)))
	}
	var (
		mu          sync.Mutex
		ns, cpu, nn float64
		cpuKnown    = pr.Threads == 1
		wg          sync.WaitGroup
	)
	for range copies {
		wg.Go(func() {
			defer func() { _ = recover() }() // the sweep's own run of the job will report it
			res, err := trialRun(ctx, pr)
			if err != nil || res.Nodes < PaceMinNodes {
				return
			}
			mu.Lock()
			ns += float64(res.Elapsed.Nanoseconds())
			cpu += float64(res.CPU.Nanoseconds())
			cpuKnown = cpuKnown && res.CPU > 0
			nn += float64(res.Nodes)
			mu.Unlock()
		})
	}
	wg.Wait()
	if nn == 0 {
		return 0, 0
	}
	if !cpuKnown {
		return ns / nn, 0
	}
	return ns / nn, cpu / nn
}

// trialRun runs one copy of a trial's search; a variable, so that a test
// can give the trial a loaded machine's times.
var trialRun = func(ctx context.Context, pr solver.Problem) (solver.Result, error) {
	s, err := solver.New(pr)
	if err != nil {
		return solver.Result{}, err
	}
	return s.Run(ctx), nil
}
