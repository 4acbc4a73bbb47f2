package count

import (
	"context"
	"sync/atomic"
	"testing"

	"knightsweep/pkg/board"
)

// A walk looks at its context every checkEvery nodes: the first subtree
// of 6x6's open tours from a corner with more nodes than that, walked
// under a context already done, stops after exactly checkEvery nodes,
// incomplete; walked to the end, it is complete, and what it found as it
// went (Options.Found) is its tours.
func TestWalkStopsInASubtree(t *testing.T) {
	g := newGraph(board.Board{Rows: 6, Cols: 6})
	var found atomic.Uint64
	sr := search{start: 0, ends: g.All, found: &found}
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
		return
	}
	t.Fatalf("6x6: no subtree of %d pieces has more than %d nodes", len(pieces), checkEvery)
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
