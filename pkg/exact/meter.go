package exact

import (
	"context"
	"fmt"
	"io"
	"time"

	"knightsweep/internal/words"
	"knightsweep/pkg/memlimit"
	"knightsweep/pkg/progress"
)

// Walk runs every walk -out lacks (Tasks, then Run) with a progress meter
// on w (terminal: w is one), after a warning on w when a shard has no
// walk or the memo of the biggest board may need more than mem, the whole
// -mem-limit. It returns Run's rows and error.
func (r *Runner) Walk(ctx context.Context, w io.Writer, terminal bool, mem memlimit.Limit) (map[Key]Row, error) {
	if !r.Shard.Whole() && len(r.Jobs) == 0 {
		fmt.Fprintf(w, "exact: shard %v has no start class to walk: there are fewer classes than shards (-check prints the deal); its -out holds no row, which the merge expects\n", r.Shard)
	}
	tasks := r.Tasks()
	r.warnMemo(w, tasks, mem)
	r.warnFrontier(w, tasks, mem)
	var meter *progress.Meter
	// The meter counts the classes -out held as done, as the line's
	// "class c/n, k done" does: the whole board's, not this session's.
	prior := r.prior(tasks)
	if len(tasks) > 0 {
		meter = progress.New(w, progress.Options{Terminal: terminal, Name: "exact", Unit: "classes",
			Total: int64(prior + len(tasks)), NoEstimate: true, BarWidth: 10})
		for i := range prior {
			meter.End(int64(-1-i), 0, 0)
		}
		meter.Start()
	}
	r.Tick = func(p Progress, left string, all Overall) {
		now := time.Now()
		meter.Detail(all.Detail() + ", " + p.Detail(mem.Bytes, left))
		meter.Part(float64(p.Depth) / float64(p.Squares))
		meter.Tick(now)
	}
	ended := int64(0)
	r.Ended = func(res Result) {
		meter.Detail(fmt.Sprintf("%v from %v done", res.Board, res.Start))
		meter.End(ended, 0, res.Elapsed.Seconds())
		ended++
	}
	results, err := r.Run(ctx, tasks)
	meter.Finish(time.Now())
	return results, err
}

// warnMemo warns on w when the memo of the biggest board among tasks may
// need more than mem: what does not fit is walked without it, far slower.
func (r *Runner) warnMemo(w io.Writer, tasks []Task, mem memlimit.Limit) {
	_, memo := Shares(mem.Bytes)
	opt := r.Options
	opt.MemLimit = memo
	most := Biggest(tasks)
	if most.Squares() == 0 || mem.Bytes <= 0 || opt.UsesFrontier(most) {
		return
	}
	if need := EstimateBytes(most); need > mem.Bytes {
		fmt.Fprintf(w, "exact: the memo of %v may need some %s (a guess from the corners of square boards), more than -mem-limit %s (%s): what does not fit is walked without the memo, which can take far longer\n",
			most, memlimit.Format(need), memlimit.Format(mem.Bytes), mem.Source)
	}
}

// MinFrontierLimit is the least memory limit the frontier method walks
// at its pace: the program itself takes some 12 MiB, so that below this
// the collector runs without pause and the runs spilled are tiny (7x7,
// every start: 97 s at 1KiB, 1.8 s at 4MiB, 0.08 s at 16MiB and above).
const MinFrontierLimit = outsideRuntime

// warnFrontier warns on w when a task is walked by the frontier method
// under a memory limit below MinFrontierLimit: the answer is the same, far
// slower. It warns rather than refuses: a small limit is how spilling to
// disk is tried on a small board.
func (r *Runner) warnFrontier(w io.Writer, tasks []Task, mem memlimit.Limit) {
	if mem.Bytes <= 0 || mem.Bytes >= MinFrontierLimit {
		return
	}
	for _, t := range tasks {
		if r.Options.UsesFrontier(t.Board) {
			fmt.Fprintf(w, "exact: -mem-limit %s (%s) is below %s, the least the frontier method walks at its pace in: below it the collector runs without pause and the walk spills in tiny runs, which can take 100 times longer for the same answer\n",
				memlimit.Format(mem.Bytes), mem.Source, memlimit.Format(MinFrontierLimit))
			return
		}
	}
}

// Kept says where the work of a run that ended in an error is kept
// (interrupted: by an interrupt), a phrase each: the printed rows of the
// starts done, and -out after an interrupt (after a failure, which may be
// -out's own write, it holds only what reached it); -work's walks under
// way.
func (r *Runner) Kept(printed int, interrupted bool) []string {
	var notes []string
	switch {
	case printed > 0 && r.Out != "" && interrupted:
		notes = append(notes, fmt.Sprintf("the %s done are printed on stdout and kept in %s: the same command resumes", words.Count(printed, "start"), r.Out))
	case printed > 0:
		notes = append(notes, fmt.Sprintf("the %s done are printed on stdout", words.Count(printed, "start")))
	}
	if r.Options.Work != "" {
		notes = append(notes, fmt.Sprintf("each walk under way is kept in %s at its last depth boundary: the same command goes on from there", r.Options.Work))
	}
	return notes
}

// WriteDeal is exact -check: the start classes of each of count shards
// (1: the whole run) of the starts of jobs, with its share of the cost
// model's estimate, a line each.
func WriteDeal(w io.Writer, jobs []Job, rule Rule, count int) error {
	var tasks []Task
	for _, j := range jobs {
		tasks = append(tasks, Tasks(j.Board, j.Starts, rule)...)
	}
	classes, starts := make([]int, count), make([]int, count)
	cost := make([]float64, count)
	var total float64
	for i, s := range Deal(tasks, count) {
		classes[s]++
		starts[s] += len(tasks[i].Members)
		cost[s] += Cost(tasks[i])
		total += Cost(tasks[i])
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
