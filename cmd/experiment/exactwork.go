package main

import (
	"fmt"
	"strings"

	"knightsweep/pkg/exact"
	"knightsweep/pkg/memlimit"
)

// exactMethod reads -method with -work and -plain.
func exactMethod(name, work string, plain bool) (exact.Method, error) {
	m, err := exact.ParseMethod(name)
	if err != nil {
		return 0, usagef("-method: %v", err)
	}
	if work != "" && (m == exact.MethodMemo || plain) {
		return 0, usagef("-work: only the frontier method keeps a checkpoint; drop -method memo and -plain, or -work")
	}
	if plain && m == exact.MethodFrontier {
		return 0, usagef("-method: -plain walks without the memo or the frontier; drop one")
	}
	return m, nil
}

// exactDetail is the meter's line for a walk's depth, its most useful
// figures first so that an 80-column terminal shows them beside the bar
// (it cut the line after the tie points, and the memory, the disk and the
// time left never showed): the depth, the memory held beside -mem-limit
// (limit, 0: none), the frontier method's disk and the time left (left:
// "" for none), then the board and start and the tie points. The
// frontier's memory is the most the depth held. At the last depth there
// is no time left to show.
func exactDetail(p exact.Progress, limit int64, left string) string {
	mem := memlimit.Format(p.Held)
	if limit > 0 {
		mem += "/" + memlimit.Format(limit)
	}
	parts := []string{fmt.Sprintf("depth %d/%d", p.Depth, p.Squares), mem + " mem"}
	if p.Frontier {
		parts = append(parts, memlimit.Format(p.Disk)+" disk")
	}
	if left != "" && p.Depth < p.Squares {
		parts = append(parts, left)
	}
	parts = append(parts, fmt.Sprintf("%v from %v", p.Board, p.Start))
	if p.Frontier {
		parts = append(parts, fmt.Sprintf("%d tie points (%d at this depth)", p.States, p.DepthStates))
	} else {
		parts = append(parts, fmt.Sprintf("%d tie points", p.States))
	}
	return strings.Join(parts, ", ")
}
