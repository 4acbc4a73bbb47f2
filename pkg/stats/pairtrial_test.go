package stats

import (
	"context"
	"maps"
	"strings"
	"testing"

	"knightsweep/pkg/board"
)

// pairTrialsCSV: warnsdorff (A) and warnsdorff-bt (B), random tie-breaks,
// on 5x5 from 0,0 and 0,2, whose trials at each start differ: at 0,0 A ran
// trials 0 and 1, B trials 1 and 2; at 0,2 A ran 1 and 2, B 0 and 1.
const pairTrialsCSV = `rows,cols,start_row,start_col,strategy,tiebreak,closed,trial,seed,status,solvable,nodes,backtracks,time_ns,verified,order,prune,error,max_nodes,timeout_ns
5,5,0,0,warnsdorff,random,false,0,11,found,yes,25,0,1000,true,"2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1",false,,100000,0
5,5,0,0,warnsdorff,random,false,1,12,dead_end,yes,10,0,500,false,"2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1",false,,100000,0
5,5,0,0,warnsdorff-bt,random,false,1,12,found,yes,40,15,2000,true,"2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1",false,,100000,0
5,5,0,0,warnsdorff-bt,random,false,2,13,exhausted,yes,900,876,9000,false,"2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1",false,,100000,0
5,5,0,2,warnsdorff,random,false,1,12,found,yes,25,0,1000,true,"2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1",false,,100000,0
5,5,0,2,warnsdorff,random,false,2,13,dead_end,yes,12,0,600,false,"2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1",false,,100000,0
5,5,0,2,warnsdorff-bt,random,false,0,11,found,yes,30,5,1500,true,"2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1",false,,100000,0
5,5,0,2,warnsdorff-bt,random,false,1,12,exhausted,yes,800,776,8000,false,"2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1",false,,100000,0
`

// TestPairingByTrialWhenTrialsAtOneStartDiffer: runs pair by board, start
// and trial, so two series whose trials at one start differ pair only
// where the trial is the same. Here that is trial 1 at each start: at 0,0
// A's dead end against B's tour (only B found), at 0,2 A's tour against
// B's exhausted search (only A found). Two pairs, one discordant each way,
// none where both found a tour; runs without a partner (A's trial 0 and
// B's trial 2 at 0,0, A's 2 and B's 0 at 0,2) are in no pair.
func TestPairingByTrialWhenTrialsAtOneStartDiffer(t *testing.T) {
	c := NewCollector(Options{})
	if err := c.Read(context.Background(), "pairtrials.csv", strings.NewReader(pairTrialsCSV)); err != nil {
		t.Fatal(err)
	}
	res, err := c.Finish()
	if err != nil {
		t.Fatal(err)
	}
	var h *HeadToHead
	hs := Compare(res)
	for i := range hs {
		if hs[i].Board == "5x5" {
			h = &hs[i]
		}
	}
	if h == nil {
		t.Fatalf("no comparison on 5x5 in %d", len(hs))
	}
	if h.SeriesA != "warnsdorff/random" || h.SeriesB != "warnsdorff-bt/random" {
		t.Fatalf("compared %q and %q", h.SeriesA, h.SeriesB)
	}
	if h.Pairs != 2 || h.AFound != 1 || h.BFound != 1 || h.AOnly != 1 || h.BOnly != 1 || h.BothFound != 0 {
		t.Errorf("pairs %d, A found %d, B found %d, only A %d, only B %d, both found %d; want 2, 1, 1, 1, 1, 0",
			h.Pairs, h.AFound, h.BFound, h.AOnly, h.BOnly, h.BothFound)
	}
	wantA := map[board.Square]int{{Row: 0, Col: 2}: 1}
	wantB := map[board.Square]int{{Row: 0, Col: 0}: 1}
	if !maps.Equal(h.OnlyA, wantA) || !maps.Equal(h.OnlyB, wantB) {
		t.Errorf("only A by start %v, only B %v; want %v and %v", h.OnlyA, h.OnlyB, wantA, wantB)
	}
}
