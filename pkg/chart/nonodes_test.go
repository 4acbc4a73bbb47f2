package chart

import (
	"fmt"
	"strings"
	"testing"

	"knightsweep/pkg/board"
)

// An external solver that records no nodes is left out of every chart in
// nodes, which says so, and stays in those in time. Its empty nodes were
// read as -1: the solved-within chart drew it solving every start in 1
// node, the box plot put its tours at 1 node, the survival chart drew a
// curve, and the median chart called its missing medians "zero".
func TestNoNodesLeftOut(t *testing.T) {
	var b strings.Builder
	b.WriteString(trialsSweep())
	for i := range 24 {
		fmt.Fprintf(&b, "5,5,0,0,c,first,false,%d,%d,found,yes,,,%d,true,\"2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1\",false,,5000,0,none,0,%d,\n",
			i, i+1, 1000+i, 900+i)
	}
	res := results(t, b.String())
	b55 := board.Board{Rows: 5, Cols: 5}
	const note = "not drawn: c, which records no nodes"
	for _, tt := range []struct {
		name   string
		draw   func() (*Figure, error)
		note   bool
		has    []string
		hasnot []string
	}{
		{"survival", func() (*Figure, error) { return Survival(res, b55) }, true, []string{"warnsdorff-bt/random (30 trials"}, []string{"c (24 trials"}},
		{"solved-vs-nodes", func() (*Figure, error) { return Solved(res, b55, "nodes") }, true, []string{"dfs (13 runs)"}, []string{"c (24 runs)"}},
		{"solved-vs-time", func() (*Figure, error) { return Solved(res, b55, "time") }, false, []string{"c (24 runs)"}, nil},
		{"nodes-to-success", func() (*Figure, error) { return NodesToSuccess(res, b55) }, true, []string{"20 of 30"}, []string{"24 of 24"}},
		{"nodes", func() (*Figure, error) { return MedianNodes(res) }, true, nil, []string{"zero medians"}},
		{"time", func() (*Figure, error) { return MedianTime(res) }, false, []string{">c<"}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f, err := tt.draw()
			if err != nil {
				t.Fatal(err)
			}
			svg := render(t, f)
			if got := strings.Contains(svg, note); got != tt.note {
				t.Errorf("says %q: %v, want %v", note, got, tt.note)
			}
			if got := strings.Contains(f.Title, note); got != tt.note {
				t.Errorf("the caption (%q) says %q: %v, want %v", f.Title, note, got, tt.note)
			}
			for _, w := range tt.has {
				if !strings.Contains(svg, w) {
					t.Errorf("lacks %q", w)
				}
			}
			for _, w := range tt.hasnot {
				if strings.Contains(svg, w) {
					t.Errorf("holds %q", w)
				}
			}
		})
	}
}

func TestNoNodesNote(t *testing.T) {
	for _, tt := range []struct {
		in   []string
		want string
	}{
		{nil, ""},
		{[]string{"c", "c"}, "not drawn: c, which records no nodes"},
		{[]string{"a", "b", "c"}, "not drawn: a, b and c, which record no nodes"},
	} {
		if got := noNodesNote(tt.in); got != tt.want {
			t.Errorf("noNodesNote(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
