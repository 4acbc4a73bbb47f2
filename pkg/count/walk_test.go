package count

import (
	"context"
	"runtime"
	"sync/atomic"
	"testing"

	"knightsweep/pkg/board"
)

// A walk looks at its context every checkEvery nodes: a subtree of 6x6's
// open tours from a corner with more nodes than that, walked under a
// context already done, stops after exactly checkEvery nodes, incomplete;
// walked to the end, it is complete, with or without Options.Found, and
// what it found as it went is its tours, for the first subtrees up to one
// of at least three times checkEvery nodes (Found added to at each look).
func TestWalkStopsInASubtree(t *testing.T) {
	g := newGraph(board.Board{Rows: 6, Cols: 6})
	var found atomic.Uint64
	sr := search{start: 0, ends: g.All, found: &found}
	plain := search{start: 0, ends: g.All}
	_, pieces := g.pieces([]search{sr})
	done, cancel := context.WithCancel(context.Background())
	cancel()
	for _, pc := range pieces {
		stopped := g.walk(done, pc.p, sr, nil)
		if stopped.complete {
			continue // under checkEvery nodes: never looks
		}
		if stopped.nodes != checkEvery {
			t.Errorf("stopped after %d nodes, want %d", stopped.nodes, checkEvery)
		}
		found.Store(0)
		whole := g.walk(context.Background(), pc.p, sr, nil)
		if !whole.complete || whole.nodes <= checkEvery || whole.tours == 0 || found.Load() != whole.tours {
			t.Errorf("walked to the end: %+v, found %d as it went", whole, found.Load())
		}
		if w := g.walk(context.Background(), pc.p, plain, nil); w != whole {
			t.Errorf("walked without Found: %+v; with: %+v", w, whole)
		}
		if whole.nodes >= 3*checkEvery {
			return
		}
	}
	t.Fatalf("6x6: no subtree of %d pieces has %d nodes or more", len(pieces), 3*checkEvery)
}

// A subtree stopped halfway adds what it found to the run's partial sums
// (lower bounds for this run), not to the checkpoint, and is not done; a
// finished one adds to the checkpoint's sums and its tours by last square,
// and counts as done.
func TestRecordStoppedSubtree(t *testing.T) {
	r := &enumRun{
		pieces:  make([]piece, 3),
		byEnd:   true,
		partial: make([]tally, 2),
		ck: enumCheckpoint{Done: make([]bool, 3), Tours: make([]uint64, 2), Nodes: make([]int64, 2),
			ByEnd: make([][MaxSquares]uint64, 2)},
	}
	var ends [MaxSquares]uint64
	ends[4] = 7
	r.record(1, piece{search: 1}, tally{tours: 7, nodes: 50}, &ends)
	if r.done != 0 || r.ck.Done[1] || r.ck.Tours[1] != 0 || r.ck.Nodes[1] != 0 || r.ck.ByEnd[1][4] != 0 ||
		r.partial[1] != (tally{tours: 7, nodes: 50}) || r.partial[0] != (tally{}) {
		t.Errorf("stopped subtree: done %d %v, checkpoint %d tours %d nodes, partial %+v", r.done, r.ck.Done, r.ck.Tours[1], r.ck.Nodes[1], r.partial)
	}
	r.record(2, piece{search: 1}, tally{tours: 7, nodes: 60, complete: true}, &ends)
	r.record(0, piece{search: 1}, tally{tours: 2, nodes: 5, complete: true}, &ends)
	if r.done != 2 || !r.ck.Done[0] || r.ck.Done[1] || !r.ck.Done[2] || r.ck.Tours[1] != 9 || r.ck.Nodes[1] != 65 ||
		r.ck.ByEnd[1][4] != 14 || r.ck.Tours[0] != 0 || r.partial[1] != (tally{tours: 7, nodes: 50}) {
		t.Errorf("finished subtrees: done %d %v, checkpoint %d tours %d nodes %d by end, partial %+v",
			r.done, r.ck.Done, r.ck.Tours[1], r.ck.Nodes[1], r.ck.ByEnd[1][4], r.partial)
	}
}

// A count stopped in the middle of a subtree counts what that subtree's
// walk found before it stopped, with what the subtrees finished before it
// found: 6x6's open tours from a corner, one worker, stopped once the
// subtrees before the first of more than checkEvery nodes are done, count
// the split's, those subtrees' and the stopped walk's tours and nodes.
func TestEnumerationStoppedInASubtree(t *testing.T) {
	// One P: the loop that hands out subtrees is waiting to hand out the
	// large one when the count is stopped, so its walk starts, and stops
	// at its first look at the context.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	b := board.Board{Rows: 6, Cols: 6}
	g := newGraph(b)
	sr := search{start: 0, ends: g.All}
	split, pieces := g.pieces([]search{sr})
	done, cancel := context.WithCancel(context.Background())
	cancel()
	want := split[0]
	large := -1
	for i, pc := range pieces {
		w := g.walk(done, pc.p, sr, nil)
		want.tours += w.tours
		want.nodes += w.nodes
		if !w.complete {
			large = i
			if w.tours == 0 {
				t.Fatalf("the stopped walk of subtree %d found no tour: a weak test", i)
			}
			break
		}
	}
	if large < 1 {
		t.Fatalf("6x6: the first subtree of more than %d nodes is %d", checkEvery, large)
	}
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	res, err := From(ctx, b, board.Square{}, Options{Method: Enumerate, Workers: 1, Progress: func(done, total int) {
		if done == large {
			stop()
		}
	}})
	if err != nil || res.Complete || !is(res.Tours, want.tours) || res.Nodes != want.nodes {
		t.Errorf("stopped before subtree %d: %v tours, %d nodes (complete %v), %v; want %d tours, %d nodes",
			large, res.Tours, res.Nodes, res.Complete, err, want.tours, want.nodes)
	}
}

// Each search is split at the shallowest depth that gives it at least
// piecesInAll / (number of searches) subtrees, so that every count has
// about piecesInAll of them in all, whatever the workers: one depth
// shallower gives fewer.
func TestSplitAtTheShallowestDepth(t *testing.T) {
	g := newGraph(board.Board{Rows: 6, Cols: 6})
	var searches []search
	for _, s := range []int{0, 1, 7} {
		searches = append(searches, search{start: s, ends: g.All})
	}
	_, pieces := g.pieces(searches)
	want := piecesInAll / len(searches)
	for i, sr := range searches {
		n, depth := 0, int8(0)
		for _, pc := range pieces {
			if pc.search == i {
				n, depth = n+1, pc.p.depth
			}
		}
		shallower, _ := g.splitTo(sr, want, depth-1, g.All)
		if n < want || len(shallower) >= want {
			t.Errorf("from %d: %d subtrees at depth %d, %d at depth %d; want at least %d, and fewer one shallower",
				sr.start, n, depth, len(shallower), depth-1, want)
		}
	}
}

// The tours and nodes of a search split into subtrees add up to those of
// one depth-first walk from its start, however deep the split: 5x6's open
// tours from a corner, walked whole and split for 1, 64 and piecesInAll
// subtrees.
func TestSplitKeepsNodes(t *testing.T) {
	g := newGraph(board.Board{Rows: 5, Cols: 6})
	sr := search{start: 0, ends: g.All}
	var first tally
	for i, want := range []int{1, 64, piecesInAll} {
		paths, sum := g.split(sr, want)
		if len(paths) < want {
			t.Fatalf("split for %d: %d subtrees", want, len(paths))
		}
		for _, p := range paths {
			w := g.walk(context.Background(), p, sr, nil)
			sum.tours += w.tours
			sum.nodes += w.nodes
		}
		if i == 0 {
			first = sum
			if len(paths) != 1 || first.tours == 0 {
				t.Fatalf("split for 1: %d subtrees, %d tours", len(paths), first.tours)
			}
		} else if sum.tours != first.tours || sum.nodes != first.nodes {
			t.Errorf("split for %d: %d tours, %d nodes; walked whole: %d tours, %d nodes", want, sum.tours, sum.nodes, first.tours, first.nodes)
		}
	}
}

// A count from a start keeps no front state with both tour ends made
// before the front side has taken the start, which must be one of them:
// every front layer of 4x5 from each start, each state's ends read from
// the top of its key.
func TestFrontierNoTwoEndsBeforeTheStart(t *testing.T) {
	b := board.Board{Rows: 4, Cols: 5}
	p := newFrontierPlan(b)
	checked := 0
	for s := range b.Squares() {
		r, c := b.RowCol(s)
		start := p.vertex(board.Square{Row: r, Col: c})
		hooks := frontierHooks{save: func(m *meeting, _ bool) error {
			v := m.front.done - 1 // the last square taken
			if v < 0 || v >= start {
				return nil
			}
			top := uint64(1)
			for range p.fwd[v].keep {
				top *= radix
			}
			for _, part := range m.front.states {
				for _, e := range part {
					checked++
					if e.key/top == 2 {
						t.Errorf("from %d,%d: a state with two ends made after square %d of %d", r, c, v, start)
						return nil
					}
				}
			}
			return nil
		}}
		if _, _, err := p.count(context.Background(), frontierTask{start: start}, 1, hooks); err != nil {
			t.Fatal(err)
		}
	}
	if checked == 0 {
		t.Fatal("no front state before a start: a weak test")
	}
}

// A split stops at the first depth with at least want subtrees, also when
// a depth has exactly want: split for as many as a depth gives returns
// that depth.
func TestSplitStopsAtExactlyWant(t *testing.T) {
	g := newGraph(board.Board{Rows: 5, Cols: 6})
	sr := search{start: 0, ends: g.All}
	for _, want := range []int{2, 10, 100} {
		level, _ := g.split(sr, want)
		again, _ := g.split(sr, len(level))
		if len(again) != len(level) || again[0].depth != level[0].depth {
			t.Errorf("split for %d: %d subtrees at depth %d; for %d: %d at depth %d",
				want, len(level), level[0].depth, len(level), len(again), again[0].depth)
		}
	}
}

// A graph's light squares are the corner's colour: those whose row and
// column add up to an even number.
func TestGraphLightIsTheCornersColour(t *testing.T) {
	for _, b := range []board.Board{{Rows: 3, Cols: 4}, {Rows: 5, Cols: 5}} {
		g := newGraph(b)
		for s := range b.Squares() {
			r, c := b.RowCol(s)
			if light := g.light>>s&1 == 1; light != ((r+c)%2 == 0) {
				t.Errorf("%v: %d,%d light %v", b, r, c, light)
			}
		}
	}
}
