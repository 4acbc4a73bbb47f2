package count

import (
	"context"
	"fmt"
	"math/big"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"knightsweep/internal/splitmix"
)

// HalvesUpTo is the largest board whose open tours All and Total count by
// their halves (see the package doc).
const HalvesUpTo = 36

// useHalves reports whether All and Total count g's open tours by their
// halves, in tables of cols columns: on square boards of 16 to HalvesUpTo
// squares, when enumerating without a checkpoint (the halves cannot
// resume) and when opt.MemLimit leaves room for one worker's tables. Only
// square boards have the eight symmetries that make the tables of halves
// small: on 6x6 by halves in 96 ms against 250 ms by walking with reverses
// (every start together), where on 5x6 and 5x7, with four, walking is
// faster (8.5 against 12 ms, 82 against 119 ms).
func (g *graph) useHalves(opt Options, cols int) bool {
	return !opt.Closed && opt.Checkpoint == "" && g.b.Rows == g.b.Cols && g.n >= 16 && g.n <= HalvesUpTo &&
		(opt.MemLimit <= 0 || opt.MemLimit >= halfTableBytes(g.n, cols))
}

// halfLogSlots is the size of a worker's table of halves on a board of n
// squares at first: on 6x6, whose halves have 141,407 keys, one that never
// grows.
func halfLogSlots(n int) int { return max(10, min(18, n-18)) }

// halfTableBytes is the memory of a worker's tables of halves on a board of
// n squares, with cols columns, as they are made (twice that if they grow,
// which they do not on 6x6).
func halfTableBytes(n, cols int) int64 {
	tables := int64(1)
	if n%2 == 1 {
		tables = 2 // front and back halves differ in length
	}
	words := int64(1 + cols)
	if cols == 1 && n+6 <= packedKeyBits {
		words = 1
	}
	return tables * words * 8 << halfLogSlots(n)
}

// A directed open tour of n squares is its first a = ceil(n/2) squares, a
// path from its start, followed by its last b = n - a squares, which read
// backwards are a path from its end. halves walks, from one start of each
// class of symmetric squares, every path of a squares that passes the
// pruning test at each square, and adds up the paths of a and of b squares
// by their set of squares and last square, taken up to the board's
// symmetries (the least key of its images). A tour is then a front half
// (S, e) and a back half covering the other squares and ending next to e,
// so the tours from a start r number
//
//	sum over front halves (S, e) from r of sum over f next to e, off S,
//	of F(rest, f)
//
// where F(U, f) counts the paths of b squares from any start that cover U
// and end on f. Every part of a tour passes the pruning test (it is part of
// a tour, read one way or the other), so nothing is lost by pruning.
//
// The walks from r give F up to symmetry: a path from r and its images are
// paths from every square of r's class, each once, so adding the class's
// size for each path from r ending in (S', e') adds up, over the images
// of a key K, F summed over those images, which is |orbit(K)| F(K).
//
// The tables keep a column of counts for each class searched, for the
// tours from each square; or, for the total alone, one column to which a
// path from r adds r's class size.
type halves struct {
	g    *graph
	a, b int
	reps []int    // the searched start of each class
	size []uint64 // the squares in each class
	cols int      // len(reps), or 1 for the total alone
	syms []keySym
	// first[i] holds the first moves walked from reps[i], and mult[i]
	// how many paths each path walked stands for: a symmetry that fixes
	// the start maps the paths through one first move one to one onto
	// those through another, with the same keys, so only the least
	// first move of each such set is walked. (No symmetry but the
	// identity fixes a path of two squares or more: a knight's move
	// leaves every line of squares a reflection or turn fixes.)
	first []uint64
	mult  []uint64
}

// keySym is a symmetry of the board: img maps each chunk of symChunk
// squares (bits symChunk*c to symChunk*c+5 of a set) to the set of their
// images, and to maps each square.
type keySym struct {
	img [symChunks][1 << symChunk]uint64
	to  [MaxSquares]uint8
}

// symChunk is how many squares a keySym maps with one table; symChunks
// tables cover HalvesUpTo squares.
const (
	symChunk  = 6
	symChunks = (HalvesUpTo + symChunk - 1) / symChunk
)

// key is unrolled for six chunks: this fails to compile if HalvesUpTo
// changes their number.
var _ = [1]struct{}{}[symChunks-6]

func newHalves(g *graph, reps []int, size []uint64, byClass bool) *halves {
	h := &halves{g: g, a: (g.n + 1) / 2, b: g.n / 2, reps: reps, size: size, cols: 1}
	if byClass {
		h.cols = len(reps)
	}
	perms := g.b.Symmetries()
	for _, perm := range perms[1:] {
		var s keySym
		for sq, t := range perm {
			s.to[sq] = uint8(t)
		}
		for c := range s.img {
			for set := range 1 << symChunk {
				for i := range symChunk {
					if sq := symChunk*c + i; set>>i&1 != 0 && sq < g.n {
						s.img[c][set] |= 1 << perm[sq]
					}
				}
			}
		}
		h.syms = append(h.syms, s)
	}
	for _, r := range reps {
		var fixing [][]int
		for _, perm := range perms {
			if perm[r] == r {
				fixing = append(fixing, perm)
			}
		}
		var first uint64
		for k := g.Nbr[r]; k != 0; k &= k - 1 {
			n := bits.TrailingZeros64(k)
			least := n
			for _, perm := range fixing {
				least = min(least, perm[n])
			}
			if least == n {
				first |= 1 << n
			}
		}
		h.first, h.mult = append(h.first, first), append(h.mult, uint64(len(fixing)))
	}
	return h
}

// key returns the least key of the images of the path whose squares are
// visited and whose end is at, and how many symmetries (the identity
// among them) leave it as it is.
func (h *halves) key(visited uint64, at int) (key, fixed uint64) {
	own := visited<<6 | uint64(at)
	key, fixed = own, 1
	const m = 1<<symChunk - 1
	for i := range h.syms {
		s := &h.syms[i]
		// Unrolled for HalvesUpTo = 36 squares.
		v := s.img[0][visited&m] | s.img[1][visited>>6&m] | s.img[2][visited>>12&m] |
			s.img[3][visited>>18&m] | s.img[4][visited>>24&m] | s.img[5][visited>>30&m]
		k := v<<6 | uint64(s.to[at&63])
		key = min(key, k)
		if k == own {
			fixed++
		}
	}
	return key, fixed
}

// halfTable adds up half tours by key, in cols columns: an open-addressed
// table that doubles at three quarters full. A slot is its key (0: empty;
// a key holds at least one square) and its counts, side by side; with one
// column and a key of at most 48 bits, one word: the key above a count in
// the bits left (22 on 6x6, whose keys take 42), and counts that outgrow
// them in a map beside. Half the memory is fewer cache misses: the tables
// are where a count by halves waits.
type halfTable struct {
	slots  []uint64
	stride int // words a slot
	cols   int
	mask   uint64
	used   int
	shift  uint              // one word a slot: the count's bits; else 0
	over   map[uint64]uint64 // one word a slot: what outgrew a count, by key
}

// packedKeyBits is the longest key a one-column table packs with its count.
const packedKeyBits = 48

func newHalfTable(logSlots, cols, keyBits int) *halfTable {
	t := &halfTable{stride: 1 + cols, cols: cols, mask: 1<<logSlots - 1}
	if cols == 1 && keyBits <= packedKeyBits {
		t.stride, t.shift = 1, uint(64-keyBits)
	}
	t.slots = make([]uint64, t.stride<<logSlots)
	return t
}

// keyAt returns the key of the slot at j.
func (t *halfTable) keyAt(j int) uint64 {
	if t.shift != 0 {
		return t.slots[j] >> t.shift
	}
	return t.slots[j]
}

// find returns the index of key's slot, or of the empty one it would take.
func (t *halfTable) find(key uint64) int {
	for i := key * splitmix.Golden >> 32 & t.mask; ; i = (i + 1) & t.mask {
		j := int(i) * t.stride
		if t.slots[j] == 0 || t.keyAt(j) == key {
			return j
		}
	}
}

// add adds n to column col of key.
func (t *halfTable) add(key uint64, col int, n uint64) {
	j := t.find(key)
	if t.slots[j] == 0 {
		if 4*(t.used+1) > 3*int(t.mask+1) {
			t.grow()
			j = t.find(key)
		}
		t.slots[j] = key << t.shift
		t.used++
	}
	if t.shift == 0 {
		t.slots[j+1+col] += n
		return
	}
	m := uint64(1)<<t.shift - 1
	c := t.slots[j]&m + n
	if c > m {
		if t.over == nil {
			t.over = map[uint64]uint64{}
		}
		t.over[key] += c
		c = 0
	}
	t.slots[j] = t.slots[j]&^m | c
}

// count returns column col of the slot at j.
func (t *halfTable) count(j, col int) uint64 {
	if t.shift == 0 {
		return t.slots[j+1+col]
	}
	return t.slots[j]&(1<<t.shift-1) + t.over[t.keyAt(j)]
}

func (t *halfTable) grow() {
	old := t.slots
	t.mask = 2*t.mask + 1
	t.slots = make([]uint64, 2*len(old))
	for j := 0; j < len(old); j += t.stride {
		if old[j] != 0 {
			k := old[j]
			if t.shift != 0 {
				k >>= t.shift
			}
			copy(t.slots[t.find(k):], old[j:j+t.stride])
		}
	}
}

// merge adds u's counts into t.
func (t *halfTable) merge(u *halfTable) {
	for j := 0; j < len(u.slots); j += u.stride {
		if u.slots[j] != 0 {
			for col := range u.cols {
				if n := u.count(j, col); n != 0 {
					t.add(u.keyAt(j), col, n)
				}
			}
		}
	}
}

// halfTables are a worker's tables: the front halves (a squares) and, on
// boards of an odd number of squares, the back halves (b = a-1 squares);
// on the others the front halves serve as back halves too.
type halfTables struct{ front, back *halfTable }

// count returns the directed open tours from each class's searched start,
// the squares the walks entered, and whether they ran to the end (if not,
// the counts are 0). Progress and Found are opt's.
func (h *halves) count(ctx context.Context, opt Options) (tours []uint64, nodes int64, complete bool, err error) {
	g := h.g
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var pieces []piece
	want := max(1, piecesInAll/len(h.reps))
	for i, r := range h.reps {
		// The pieces stop short of the back halves, which the walks add up.
		paths, t := g.splitTo(search{start: r, ends: g.All}, want, int8(h.b-2), h.first[i])
		nodes += t.nodes
		for _, p := range paths {
			pieces = append(pieces, piece{i, p})
		}
	}
	logSlots := halfLogSlots(g.n)
	if opt.MemLimit > 0 {
		// Each worker has its tables; the first one's takes the others'
		// in, doubling once at most.
		workers = int(max(1, min(int64(workers), opt.MemLimit/(2*halfTableBytes(g.n, h.cols)))))
	}
	var (
		next   atomic.Int64
		mu     sync.Mutex
		done   int // pieces walked to the end
		tables []halfTables
	)
	if opt.Progress != nil {
		opt.Progress(0, len(pieces))
	}
	eg, ctx := errgroup.WithContext(ctx)
	for range min(workers, max(1, len(pieces))) {
		eg.Go(func() error {
			ts := halfTables{front: newHalfTable(logSlots, h.cols, g.n+6)}
			ts.back = ts.front
			if h.a != h.b {
				ts.back = newHalfTable(logSlots, h.cols, g.n+6)
			}
			var n int64
			for {
				i := int(next.Add(1) - 1)
				if i >= len(pieces) || ctx.Err() != nil {
					break
				}
				k, ok := h.walk(ctx, pieces[i], ts)
				n += k
				if !ok {
					break
				}
				mu.Lock()
				done++
				if opt.Progress != nil {
					opt.Progress(done, len(pieces))
				}
				mu.Unlock()
			}
			mu.Lock()
			defer mu.Unlock()
			nodes += n
			tables = append(tables, ts)
			return nil
		})
	}
	eg.Wait()
	if done < len(pieces) {
		return nil, nodes, false, nil
	}
	all := tables[0]
	for _, ts := range tables[1:] {
		all.front.merge(ts.front)
		if h.a != h.b {
			all.back.merge(ts.back)
		}
	}
	tours, err = h.join(all, workers)
	if err == nil && opt.Found != nil {
		var sum uint64
		for _, t := range tours {
			sum += t
		}
		opt.Found.Add(sum)
	}
	return tours, nodes, err == nil, err
}

// walk walks piece pc to the length of a front half, adding the halves it
// reaches to ts. It returns the squares it entered, and false if the
// context stopped it. Its loop is graph.walk's, stopped at a half: a hook
// in that loop would cost every walk to the end.
func (h *halves) walk(ctx context.Context, pc piece, ts halfTables) (int64, bool) {
	g := h.g
	var (
		kids [MaxSquares]uint64
		at   [MaxSquares]int8
	)
	col, weight := pc.search, h.mult[pc.search]
	if h.cols == 1 {
		col, weight = 0, weight*h.size[pc.search]
	}
	p := pc.p
	visited := p.visited
	d := p.depth
	front, back := int8(h.a-1), int8(h.b-1)
	at[d&63], kids[d&63] = p.at, g.Nbr[p.at&63]&^visited
	if d == 0 {
		kids[0] &= h.first[pc.search]
	}
	var nodes int64
	countdown := checkEvery
	for {
		k := kids[d&63]
		if k == 0 {
			if d == p.depth {
				return nodes, true
			}
			visited &^= 1 << (at[d&63] & 63)
			d--
			continue
		}
		kids[d&63] = k & (k - 1)
		sq := bits.TrailingZeros64(k)
		nodes++
		if countdown--; countdown == 0 {
			if ctx.Err() != nil {
				return nodes, false
			}
			countdown = checkEvery
		}
		v := visited | 1<<sq
		if !g.Viable(g.All&^v, sq, 0, false, g.All) {
			continue
		}
		if d+1 == back {
			key, _ := h.key(v, sq)
			ts.back.add(key, col, weight)
			if back == front {
				continue
			}
		}
		if d+1 == front {
			key, _ := h.key(v, sq)
			ts.front.add(key, col, weight)
			continue
		}
		d++
		visited = v
		at[d&63], kids[d&63] = int8(sq), g.Nbr[sq]&^v
	}
}

// join puts the halves together: for each front half, the back halves
// that complete it, and so the tours from each class's start.
func (h *halves) join(ts halfTables, workers int) ([]uint64, error) {
	g := h.g
	order := uint64(len(h.syms) + 1)
	// paths returns F(U, f): the back halves from any start that cover U
	// and end on f.
	paths := func(u uint64, f int) (uint64, error) {
		key, fixed := h.key(u, f)
		j := ts.back.find(key)
		if ts.back.slots[j] == 0 {
			return 0, nil
		}
		var sum uint64
		for col := range h.cols {
			n := ts.back.count(j, col)
			w := uint64(1) // the column's paths count their class's size
			if h.cols > 1 {
				w = h.size[col]
			}
			hi, lo := bits.Mul64(n, w)
			var carry uint64
			sum, carry = bits.Add64(sum, lo, 0)
			if hi != 0 || carry != 0 {
				return 0, ErrOverflow
			}
		}
		// sum is the orbit's size, order/fixed, times F.
		hi, lo := bits.Mul64(sum, fixed)
		if hi != 0 || lo%order != 0 {
			return 0, fmt.Errorf("internal error: %d back halves of key %x, fixed by %d of %d symmetries", sum, key, fixed, order)
		}
		return lo / order, nil
	}
	t := ts.front
	n := int(t.mask + 1)
	parts := max(1, min(workers, n/4096))
	out := make([][]uint64, parts)
	var eg errgroup.Group
	for w := range parts {
		eg.Go(func() error {
			tours := make([]uint64, h.cols)
			for i := w * n / parts; i < (w+1)*n/parts; i++ {
				j := i * t.stride
				if t.slots[j] == 0 {
					continue
				}
				key := t.keyAt(j)
				set, e := key>>6, int(key&63)
				rest := g.All &^ set
				var completions uint64
				for f := g.Nbr[e] & rest; f != 0; f &= f - 1 {
					k, err := paths(rest, bits.TrailingZeros64(f))
					if err != nil {
						return err
					}
					var carry uint64
					if completions, carry = bits.Add64(completions, k, 0); carry != 0 {
						return ErrOverflow
					}
				}
				for col := range h.cols {
					hi, lo := bits.Mul64(t.count(j, col), completions)
					var carry uint64
					tours[col], carry = bits.Add64(tours[col], lo, 0)
					if hi != 0 || carry != 0 {
						return ErrOverflow
					}
				}
			}
			out[w] = tours
			return nil
		})
	}
	if err := eg.Wait(); err != nil {
		return nil, err
	}
	tours := make([]uint64, h.cols)
	for _, part := range out {
		for r, t := range part {
			var carry uint64
			if tours[r], carry = bits.Add64(tours[r], t, 0); carry != 0 {
				return nil, ErrOverflow
			}
		}
	}
	return tours, nil
}

// allByHalves is All (byStart) or Total by halves: searched holds one start
// of each class, rank each square's class.
func (g *graph) allByHalves(ctx context.Context, opt Options, searched, rank []int, byStart bool, t0 time.Time) (Grid, error) {
	size := make([]uint64, len(searched))
	for _, r := range rank {
		size[r]++
	}
	h := newHalves(g, searched, size, byStart)
	tours, nodes, complete, err := h.count(ctx, opt)
	if err != nil {
		return Grid{}, err
	}
	grid := Grid{Board: g.b, Method: Enumerate, Total: new(big.Int), Nodes: nodes, AllComplete: complete}
	switch {
	case byStart:
		grid.fill(func(s int) (uint64, bool) {
			if !complete {
				return 0, false // a count by halves stopped has no part
			}
			return tours[rank[s]], true
		})
	case complete:
		grid.Total.SetUint64(tours[0])
	}
	grid.Elapsed = time.Since(t0)
	return grid, nil
}
