package plan

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
// scramble of the cell's jobs (see spread), not their canonical order:
// dealing row-major squares round-robin would hand every wrong-coloured
// square of an odd board, where searches exhaust their budget, to the even
// shards. The assignment depends only on the Settings and Count, never on
// the machine, the worker count or what has run.
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// MaxShards bounds a sweep's shard count. A merge keeps every shard's
// sessions in its manifest, about 550 bytes each, and readers take
// manifests up to 16 MiB (outdir.MaxManifestBytes): 16,384 shards leave
// room for nearly two sessions a shard (a run and a resume), and a
// sweep in more shards could not be merged.
const MaxShards = 1 << 14

// ShardForm says what -shard accepts.
const ShardForm = "want i/N with 0 <= i < N (such as 0/4), or auto/N to read i from the scheduler"

// ParseShard reads "i/N". "" is the whole sweep.
func ParseShard(s string) (Shard, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Shard{}, nil
	}
	is, ns, ok := strings.Cut(s, "/")
	if !ok {
		return Shard{}, fmt.Errorf("%q: %s", s, ShardForm)
	}
	n, err := strconv.Atoi(strings.TrimSpace(ns))
	if err != nil || n < 1 || n > MaxShards {
		return Shard{}, fmt.Errorf("%q: shard count %q is not a number from 1 to %d; %s", s, ns, MaxShards, ShardForm)
	}
	i, err := strconv.Atoi(strings.TrimSpace(is))
	if err != nil || i < 0 || i >= n {
		return Shard{}, fmt.Errorf("%q: index %q is not a number from 0 to %d; %s", s, is, n-1, ShardForm)
	}
	return Shard{Index: i, Count: n}, nil
}

// String returns "i/N", or "" for the whole sweep.
func (s Shard) String() string {
	if s.Whole() {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.Index, s.Count)
}

// Whole reports whether s is the whole sweep: the zero Shard or 0/1.
func (s Shard) Whole() bool { return s.Count <= 1 && s.Index == 0 }

// Check reports whether s is a shard: 0 <= Index < Count <= MaxShards, or
// the zero Shard. A manifest's shard is checked before it sizes anything.
func (s Shard) Check() error {
	if s == (Shard{}) || (s.Count >= 1 && s.Count <= MaxShards && s.Index >= 0 && s.Index < s.Count) {
		return nil
	}
	return fmt.Errorf("shard %d/%d: %s", s.Index, s.Count, ShardForm)
}

// scheduleOrder returns the plan's cells in the order the shard map deals
// them: costliest first, larger boards first among equal costs, then
// canonical order.
func (p *Plan) scheduleOrder() []int {
	order := make([]int, len(p.cells))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		ca, cb := &p.cells[a], &p.cells[b]
		return cmp.Or(cmp.Compare(cb.costAvg, ca.costAvg), cmp.Compare(cb.board.Squares(), ca.board.Squares()))
	})
	return order
}

// ShardMap finds the shard of each job of a plan split into Count shards.
type ShardMap struct {
	plan  *Plan
	count int
	// offset[ci] is the deal position of cell ci's first job; mult[ci]
	// the multiplier that scrambles its jobs (see spread).
	offset, mult []int64
}

// Shards returns the map of the plan split into count shards (count >= 1).
func (p *Plan) Shards(count int) *ShardMap {
	m := &ShardMap{plan: p, count: max(count, 1), offset: make([]int64, len(p.cells)), mult: make([]int64, len(p.cells))}
	var pos int64
	for _, ci := range p.scheduleOrder() {
		n := p.cells[ci].jobs()
		m.offset[ci], m.mult[ci] = pos, spread(n)
		pos += n
	}
	return m
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

// Of returns the shard of the job with index i.
func (m *ShardMap) Of(i int64) int {
	ci := m.plan.cellOf(i)
	n := m.plan.cells[ci].jobs()
	k := (i - m.plan.cells[ci].first) * m.mult[ci] % n // n <= MaxJobs: no overflow
	return int((m.offset[ci] + k) % int64(m.count))
}

// Jobs returns the number of jobs of shard s.
func (m *ShardMap) Jobs(s int) int64 {
	n, k := m.plan.Len(), int64(m.count)
	jobs := n / k
	if int64(s) < n%k {
		jobs++
	}
	return jobs
}

// Selection is the jobs of a plan that one shard runs.
type Selection struct {
	Shard Shard
	m     *ShardMap
	// Jobs is the number of jobs in the shard.
	Jobs int64
}

// Select returns the jobs of shard s.
func (p *Plan) Select(s Shard) *Selection {
	sel := &Selection{Shard: s, Jobs: p.Len()}
	if !s.Whole() {
		sel.m = p.Shards(s.Count)
		sel.Jobs = sel.m.Jobs(s.Index)
	}
	return sel
}

// Has reports whether job i belongs to the shard.
func (sel *Selection) Has(i int64) bool { return sel.m == nil || sel.m.Of(i) == sel.Shard.Index }

// ShardOf returns the shard, of the selection's split, that runs job i.
func (sel *Selection) ShardOf(i int64) int {
	if sel.m == nil {
		return 0
	}
	return sel.m.Of(i)
}
