package main

import (
	"io"
	"os"
	"strings"
	"testing"
)

// tiles.go must be what the generator writes today: the data in the
// repository is reproducible from the program in the repository.
func TestTilesUpToDate(t *testing.T) {
	got, err := generate(io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../../tiles.go")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Error("pkg/parberry/tiles.go is stale: run go generate ./pkg/parberry")
	}
}

func TestRequired(t *testing.T) {
	req := required(6, 8)
	moves := 0
	for a, partners := range req {
		for _, b := range partners {
			dr, dc := a/8-b/8, a%8-b%8
			if dr*dr+dc*dc != 5 {
				t.Errorf("required %d-%d is not a knight's move", a, b)
			}
			moves++
		}
	}
	// 4 moves at each of 4 corners, each counted from both ends.
	if moves != 32 {
		t.Errorf("%d required move ends, want 32", moves)
	}
	if got := req[0]; len(got) != 2 || got[0] != 1*8+2 || got[1] != 2*8+1 {
		t.Errorf("corner (0,0) required %v, want its two moves", got)
	}
}

func TestCheckRejects(t *testing.T) {
	s := newSearcher(6, 6)
	good, err := s.solve()
	if err != nil {
		t.Fatal(err)
	}
	if err := check(6, 6, good); err != nil {
		t.Fatalf("the search's own tile: %v", err)
	}
	reversed := make([]int, len(good))
	for i, sq := range good {
		reversed[len(good)-1-i] = sq
	}
	if err := check(6, 6, reversed); err != nil {
		t.Errorf("reversed tile: %v", err)
	}
	swapped := append([]int(nil), good...)
	swapped[3], swapped[4] = swapped[4], swapped[3]
	if err := check(6, 6, swapped); err == nil || !strings.Contains(err.Error(), "knight") {
		t.Errorf("swapped steps: %v", err)
	}
	// A closed tour without the structure moves: the searcher's first 6x8
	// tour with only the corner's moves required, taken the other way round.
	free := newSearcher(6, 8)
	free.req = make([][]int, 48)
	free.req[0] = []int{2*8 + 1, 1*8 + 2}
	plain, err := free.solve()
	if err != nil {
		t.Fatal(err)
	}
	if err := check(6, 8, plain); err == nil || !strings.Contains(err.Error(), "required move") {
		t.Errorf("unstructured tour: %v", err)
	}
}
