package solver

import (
	"context"
	"runtime"
	"testing"

	"knightsweep/pkg/board"
	"knightsweep/pkg/strategies"
)

// Every strategy's memory estimate (Info.Bytes, what -mem-limit budgets)
// is within 1.5 times of what a search of a 1000 x 1000 board allocates,
// either way. (Peak RSS, measured for every strategy up to 10,000 x 10,000,
// is in docs/performance.md.)
func TestBytesEstimates(t *testing.T) {
	const n = 1000
	for _, name := range strategies.Builtins().Names() {
		t.Run(name, func(t *testing.T) {
			info, _ := Lookup(name)
			b := board.Board{Rows: n, Cols: n}
			if info.Boards != nil && info.Boards(b) != nil {
				t.Skipf("%s does not take %v", name, b)
			}
			runtime.GC()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			res, err := Solve(context.Background(), Problem{Board: b, Strategy: name, MaxNodes: 100_000})
			if err != nil {
				t.Fatal(err)
			}
			runtime.ReadMemStats(&after)
			got, est := float64(after.TotalAlloc-before.TotalAlloc), float64(info.BytesOn(n, n))
			if got > 1.5*est || est > 1.5*got {
				t.Errorf("%s %v (%s): allocated %.1f MB, estimate %.1f MB", name, b, res.Status, got/1e6, est/1e6)
			}
		})
	}
}
