package sweep

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Shard is one part of a sweep split across machines: shard Index of
// Count, 0 <= Index < Count. The zero Shard is the whole sweep.
//
// Jobs are dealt to shards round-robin in schedule order (cells costliest
// first), so every shard gets an equal share, to within one job, of every
// board, strategy and tie-break: the shards cost about the same and each
// starts with its costliest jobs. Within a cell the deal follows a fixed
// scramble of the start squares (see spread), not their canonical order:
// dealing row-major squares round-robin would hand every wrong-coloured
// square of an odd board, where searches exhaust their budget, to the even
// shards. The
// assignment depends only on the Settings and Count, never on the machine,
// the worker count or what has run.
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// ShardEnvVars are the environment variables that "-shard auto/N" reads the
// index from, in this order: Slurm job arrays and Kubernetes Indexed Jobs.
var ShardEnvVars = []string{"SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"}

// shardForm says what -shard accepts.
const shardForm = "want i/N with 0 <= i < N (such as 0/4), or auto/N to read i from $SLURM_ARRAY_TASK_ID or $JOB_COMPLETION_INDEX"

// maxShards bounds N: more shards than that is a typing error.
const maxShards = 1 << 20

// ParseShard reads -shard: "i/N", or "auto/N" with i from the first of
// ShardEnvVars that getenv returns non-empty. "" is the whole sweep.
func ParseShard(s string, getenv func(string) string) (Shard, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Shard{}, nil
	}
	is, ns, ok := strings.Cut(s, "/")
	if !ok {
		return Shard{}, fmt.Errorf("%q: %s", s, shardForm)
	}
	n, err := strconv.Atoi(strings.TrimSpace(ns))
	if err != nil || n < 1 || n > maxShards {
		return Shard{}, fmt.Errorf("%q: shard count %q is not a number from 1 to %d; %s", s, ns, maxShards, shardForm)
	}
	is = strings.TrimSpace(is)
	from := ""
	if is == "auto" {
		for _, v := range ShardEnvVars {
			if is = strings.TrimSpace(getenv(v)); is != "" {
				from = " (from $" + v + ")"
				break
			}
		}
		if is == "" {
			return Shard{}, fmt.Errorf("%q: neither $%s is set; give the index as i/N", s, strings.Join(ShardEnvVars, " nor $"))
		}
	}
	i, err := strconv.Atoi(is)
	if err != nil || i < 0 || i >= n {
		return Shard{}, fmt.Errorf("%q: index %q%s is not a number from 0 to %d; %s", s, is, from, n-1, shardForm)
	}
	return Shard{Index: i, Count: n}, nil
}

// String returns "i/N", or "" for the whole sweep.
func (s Shard) String() string {
	if s.whole() {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.Index, s.Count)
}

func (s Shard) whole() bool { return s.Count <= 1 }

// check reports whether s is a shard: 0 <= Index < Count, or the zero Shard.
func (s Shard) check() error {
	if s == (Shard{}) || (s.Count >= 1 && s.Count <= maxShards && s.Index >= 0 && s.Index < s.Count) {
		return nil
	}
	return inputErrorf("-shard", "%d/%d: %s", s.Index, s.Count, shardForm)
}

// scheduleOrder returns the plan's cells in schedule order: costliest
// first, larger boards first among equal costs, then canonical order.
func (p *Plan) scheduleOrder() []*cell {
	order := make([]*cell, len(p.cells))
	for i := range p.cells {
		order[i] = &p.cells[i]
	}
	slices.SortStableFunc(order, func(a, b *cell) int {
		return cmp.Or(cmp.Compare(b.cost, a.cost), cmp.Compare(b.board.Squares(), a.board.Squares()))
	})
	return order
}

// shardMap finds the shard of a job from its index.
type shardMap struct {
	plan  *Plan
	count int
	// offset[ci] is the schedule position of cell ci's first job; mult[ci]
	// the multiplier that scrambles its jobs (see spread).
	offset, mult []int64
}

// spread returns a multiplier a, coprime to n, near n/phi: k -> a*k mod n
// is then a permutation of 0..n-1 that scatters neighbours (squares of
// alternating colours, rows of one board) evenly, like the golden-ratio
// sequence it approximates.
func spread(n int64) int64 {
	if n <= 2 {
		return 1
	}
	a := int64(float64(n) * 0.6180339887498949)
	for gcd(a, n) != 1 {
		a++
	}
	return a
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func newShardMap(p *Plan, count int) *shardMap {
	m := &shardMap{plan: p, count: max(count, 1), offset: make([]int64, len(p.cells)), mult: make([]int64, len(p.cells))}
	var pos int64
	for _, c := range p.scheduleOrder() {
		n := int64(c.starts) * int64(p.settings.Trials)
		m.offset[c.index(p)], m.mult[c.index(p)] = pos, spread(n)
		pos += n
	}
	return m
}

// of returns the shard of the job with index i.
func (m *shardMap) of(i int64) int {
	ci := m.plan.cellOf(i)
	c := &m.plan.cells[ci]
	n := int64(c.starts) * int64(m.plan.settings.Trials)
	k := (i - c.first) * m.mult[ci] % n // n <= MaxJobs: no overflow
	return int((m.offset[ci] + k) % int64(m.count))
}

// jobs returns the number of jobs of shard s.
func (m *shardMap) jobs(s int) int64 {
	n, k := m.plan.Len(), int64(m.count)
	jobs := n / k
	if int64(s) < n%k {
		jobs++
	}
	return jobs
}

// index returns c's position in p.cells.
func (c *cell) index(p *Plan) int { return p.byKey[c.cellKey] }

// ShardOf returns the shard, of count, that runs the job with index i.
func (p *Plan) ShardOf(i int64, count int) int { return newShardMap(p, count).of(i) }

// selection is the jobs of a plan that one shard runs.
type selection struct {
	shard Shard
	m     *shardMap
	// jobs is the number of jobs in the shard.
	jobs int64
}

func newSelection(p *Plan, s Shard) *selection {
	sel := &selection{shard: s, jobs: p.Len()}
	if !s.whole() {
		sel.m = newShardMap(p, s.Count)
		sel.jobs = sel.m.jobs(s.Index)
	}
	return sel
}

// has reports whether job i belongs to the shard.
func (sel *selection) has(i int64) bool { return sel.m == nil || sel.m.of(i) == sel.shard.Index }

// manifestShard returns the shard as manifest.json records it: nil for the
// whole sweep.
func (s Shard) manifestShard() *Shard {
	if s.whole() {
		return nil
	}
	return &s
}

// shardText returns a manifest's shard as -shard spells it: "" for none.
func (s *Shard) shardText() string {
	if s == nil {
		return ""
	}
	return s.String()
}
