package sweep

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"knightsweep/pkg/theory"
)

func TestParseShard(t *testing.T) {
	env := func(vars map[string]string) func(string) string {
		return func(k string) string { return vars[k] }
	}
	none := env(nil)
	for _, tt := range []struct {
		in   string
		env  func(string) string
		want Shard
	}{
		{"", none, Shard{}},
		{"0/1", none, Shard{0, 1}},
		{"2/4", none, Shard{2, 4}},
		{" 3 / 4 ", none, Shard{3, 4}},
		{"auto/4", env(map[string]string{"SLURM_ARRAY_TASK_ID": "1"}), Shard{1, 4}},
		{"auto/4", env(map[string]string{"JOB_COMPLETION_INDEX": "3"}), Shard{3, 4}},
		// Slurm first, when both are set.
		{"auto/4", env(map[string]string{"SLURM_ARRAY_TASK_ID": "0", "JOB_COMPLETION_INDEX": "3"}), Shard{0, 4}},
	} {
		got, err := ParseShard(tt.in, tt.env)
		if err != nil || got != tt.want {
			t.Errorf("ParseShard(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	for _, tt := range []struct {
		in   string
		env  func(string) string
		want string
	}{
		{"1", none, "want i/N"},
		{"4/4", none, `index "4" is not a number from 0 to 3`},
		{"-1/4", none, "index"},
		{"1/0", none, "shard count"},
		{"1/x", none, "shard count"},
		{"0/99999999999", none, "shard count"},
		{"a/4", none, "index"},
		{"auto/4", none, "neither $SLURM_ARRAY_TASK_ID nor $JOB_COMPLETION_INDEX is set"},
		{"auto/4", env(map[string]string{"SLURM_ARRAY_TASK_ID": "4"}), `"4" (from $SLURM_ARRAY_TASK_ID) is not a number from 0 to 3`},
		{"auto/4", env(map[string]string{"JOB_COMPLETION_INDEX": "x"}), "from $JOB_COMPLETION_INDEX"},
	} {
		if _, err := ParseShard(tt.in, tt.env); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseShard(%q): error %v; want %q", tt.in, err, tt.want)
		}
	}
}

// Flags turn a bad -shard into an InputError naming it.
func TestFlagsShard(t *testing.T) {
	fs, f := newTestFlags()
	if err := fs.Parse([]string{"-sizes", "5", "-shard", "5/5"}); err != nil {
		t.Fatal(err)
	}
	_, err := f.Options()
	var ie *InputError
	if !errors.As(err, &ie) || ie.Flag != "-shard" || !strings.Contains(err.Error(), "auto/N") {
		t.Errorf("error %v; want an InputError for -shard saying what it accepts", err)
	}
	t.Setenv("SLURM_ARRAY_TASK_ID", "2")
	fs, f = newTestFlags()
	if err := fs.Parse([]string{"-sizes", "5", "-shard", "auto/3"}); err != nil {
		t.Fatal(err)
	}
	if o, err := f.Options(); err != nil || o.Shard != (Shard{2, 3}) {
		t.Errorf("auto/3 with SLURM_ARRAY_TASK_ID=2: %v, %v", o.Shard, err)
	}
}

// Every job belongs to exactly one shard; shards are equal to within one
// job, and so is each shard's share of every board and strategy, and of
// the estimated cost.
func TestShardsBalance(t *testing.T) {
	p, err := NewPlan(settings(t, "5-9,4x7", 1_000_000, "dfs", "warnsdorff", "warnsdorff-bt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{1, 2, 3, 7} {
		m := newShardMap(p, n)
		jobs := make([]int64, n)
		cost := make([]float64, n)
		perCell := map[cellKey][]int{}
		for j := range p.Jobs() {
			s := m.of(j.Index)
			if s < 0 || s >= n {
				t.Fatalf("job %d in shard %d of %d", j.Index, s, n)
			}
			jobs[s]++
			cost[s] += j.Cost
			k := cellKey{j.Board, j.Strategy, j.Tiebreak}
			if perCell[k] == nil {
				perCell[k] = make([]int, n)
			}
			perCell[k][s]++
		}
		var total float64
		for s := range n {
			if jobs[s] != m.jobs(s) {
				t.Errorf("%d shards: shard %d has %d jobs; jobs() says %d", n, s, jobs[s], m.jobs(s))
			}
			if d := jobs[s] - jobs[0]; d < -1 || d > 1 {
				t.Errorf("%d shards: %v jobs", n, jobs)
			}
			total += cost[s]
		}
		for k, c := range perCell {
			if lo, hi := minmax(c); hi-lo > 1 {
				t.Errorf("%d shards: cell %v split %v", n, k, c)
			}
		}
		// The costliest cell's jobs differ by at most one per shard: cost
		// shares are within one costly job of each other.
		for s := range n {
			if share := cost[s] / total * float64(n); share < 0.9 || share > 1.1 {
				t.Errorf("%d shards: shard %d has %.2f of a fair share of the cost", n, s, share)
			}
		}
	}
}

func minmax(xs []int) (lo, hi int) {
	lo, hi = xs[0], xs[0]
	for _, x := range xs {
		lo, hi = min(lo, x), max(hi, x)
	}
	return lo, hi
}

// A sweep run as 3 shards and merged has the rows of the sweep run whole,
// timings aside.
func TestShardsMergeEqualsOneRun(t *testing.T) {
	one := testOptions(t, "3x4,5,4x6", 20_000, 2, "dfs", "warnsdorff", "warnsdorff-bt")
	one.SaveTours = true
	if _, err := Run(context.Background(), one); err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for i := range 3 {
		o := one
		o.Shard = Shard{i, 3}
		o.Out = filepath.Join(t.TempDir(), "shard")
		sum, err := Run(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		if sum.Jobs != 61 || sum.Ran != 61 || sum.State != StateCompleted {
			t.Errorf("shard %d: %+v", i, sum)
		}
		m, err := readManifest(filepath.Join(o.Out, ManifestFile))
		if err != nil || m.Shard == nil || *m.Shard != o.Shard || m.Jobs != 61 {
			t.Errorf("shard %d manifest: %+v, %v", i, m, err)
		}
		dirs = append(dirs, o.Out)
	}
	// Inputs may come in any order, as directories or runs.csv paths.
	out := filepath.Join(t.TempDir(), "merged")
	sum, err := Merge(context.Background(), MergeOptions{Out: out, Inputs: []string{dirs[2], filepath.Join(dirs[0], RunsFile), dirs[1]}})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Jobs != 183 || sum.Inputs != 3 {
		t.Errorf("merge: %+v", sum)
	}
	sameRows(t, "3 shards merged", readRows(t, sum.Runs), readRows(t, filepath.Join(one.Out, RunsFile)))
	m, err := readManifest(filepath.Join(out, ManifestFile))
	if err != nil || m.Shard != nil || m.Rows != 183 || !m.Completed || len(m.Sessions) != 3 || len(m.Merged) != 3 {
		t.Errorf("merged manifest: %+v, %v", m, err)
	}
}

// The costly jobs of a cell are spread too: on odd boards the squares
// where no open tour starts (where dfs exhausts its budget) alternate with
// the others in row-major order, and each shard must get its share of
// them, not all or none.
func TestShardsSpreadColours(t *testing.T) {
	p, err := NewPlan(settings(t, "5,7,9,11", 0, "dfs"))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{2, 3, 4, 6} {
		m := newShardMap(p, n)
		hard := make([]int, n)
		total := 0
		for j := range p.Jobs() {
			if theory.From(j.Board.Rows, j.Board.Cols, j.Start.Row, j.Start.Col, false) == theory.No {
				hard[m.of(j.Index)]++
				total++
			}
		}
		for _, h := range hard {
			if share := float64(h) * float64(n) / float64(total); share < 0.8 || share > 1.2 {
				t.Errorf("%d shards: hard starts per shard %v", n, hard)
				break
			}
		}
	}
}
