package plan

import (
	"strings"
	"testing"

	"knightsweep/pkg/theory"
)

func TestParseShard(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Shard
	}{
		{"", Shard{}},
		{"0/1", Shard{0, 1}},
		{"2/4", Shard{2, 4}},
		{" 3 / 4 ", Shard{3, 4}},
	} {
		got, err := ParseShard(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseShard(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	for _, tt := range []struct{ in, want string }{
		{"1", "want i/N"},
		{"4/4", `index "4" is not a number from 0 to 3`},
		{"-1/4", "index"},
		{"1/0", "shard count"},
		{"1/x", "shard count"},
		{"0/99999999999", "shard count"},
		{"a/4", "index"},
		{"auto/4", "index"},
	} {
		if _, err := ParseShard(tt.in); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseShard(%q): error %v; want %q", tt.in, err, tt.want)
		}
	}
	for _, bad := range []Shard{{1, 0}, {1, 1}, {-1, 3}, {0, -5}, {3, 3}, {0, MaxShards + 1}} {
		if bad.Check() == nil {
			t.Errorf("Shard%v.Check() accepted it", bad)
		}
	}
}

// Every job belongs to exactly one shard; shards are equal to within one
// job, and so is each shard's share of every board and strategy, and of
// the estimated cost.
func TestShardsBalance(t *testing.T) {
	p, err := New(settings(t, "5-9,4x7", 1_000_000, "dfs", "warnsdorff", "warnsdorff-bt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{1, 2, 3, 7} {
		m := p.Shards(n)
		jobs := make([]int64, n)
		cost := make([]float64, n)
		perCell := map[cellKey][]int{}
		for j := range p.Jobs() {
			s := m.Of(j.Index)
			if s < 0 || s >= n {
				t.Fatalf("job %d in shard %d of %d", j.Index, s, n)
			}
			jobs[s]++
			cost[s] += j.Cost
			k := cellKey{j.Board, j.Strategy, j.Tiebreak, j.Restarts.String()}
			if perCell[k] == nil {
				perCell[k] = make([]int, n)
			}
			perCell[k][s]++
		}
		var total float64
		for s := range n {
			if jobs[s] != m.Jobs(s) {
				t.Errorf("%d shards: shard %d has %d jobs; jobs() says %d", n, s, jobs[s], m.Jobs(s))
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
		// Each cell's jobs differ by at most one per shard, and the scramble
		// spreads the costly starts (no tour: a complete search spends its
		// budget) within a cell: with 7 shards of 243 jobs, of which 90
		// costly, the shares stay within 15% of fair.
		for s := range n {
			if share := cost[s] / total * float64(n); share < 0.85 || share > 1.15 {
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

// The costly jobs of a cell are spread too: on odd boards the squares
// where no open tour starts (where dfs exhausts its budget) alternate with
// the others in row-major order, and each shard must get its share of
// them, not all or none.
func TestShardsSpreadColours(t *testing.T) {
	p, err := New(settings(t, "5,7,9,11", 0, "dfs"))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{2, 3, 4, 6} {
		m := p.Shards(n)
		hard := make([]int, n)
		total := 0
		for j := range p.Jobs() {
			if theory.From(j.Board.Rows, j.Board.Cols, j.Start.Row, j.Start.Col, false) == theory.No {
				hard[m.Of(j.Index)]++
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
