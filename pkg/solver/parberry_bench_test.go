package solver

import (
	"context"
	"fmt"
	"testing"

	"knightsweep/pkg/board"
)

// BenchmarkParberry builds and walks the tour (no validation): squares/s is
// the strategy's throughput. The 10,000 x 10,000 run needs about 500 MB.
func BenchmarkParberry(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			benchSearch(b, Problem{Board: board.Board{Rows: n, Cols: n}, Strategy: "parberry", Closed: true})
		})
	}
}

// BenchmarkParberryVerified is what experiment solve does: build, walk and
// validate.
func BenchmarkParberryVerified(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			p := Problem{Board: board.Board{Rows: n, Cols: n}, Strategy: "parberry", Closed: true}
			s, err := New(p)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if res := s.Run(context.Background()); !res.Verified {
					b.Fatalf("status %s %s", res.Status, res.Err)
				}
			}
			b.ReportMetric(float64(b.N)*float64(n*n)/b.Elapsed().Seconds(), "squares/s")
		})
	}
}
