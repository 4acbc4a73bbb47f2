package count

import (
	"context"
	"fmt"
	"math/big"
	"testing"

	"knightsweep/pkg/board"
)

// benchAll counts every tour of b from every start b.N times, reporting
// nodes/s and tours/s.
func benchAll(b *testing.B, bd board.Board, opt Options) {
	var nodes int64
	var tours uint64
	for range b.N {
		g, err := All(context.Background(), bd, opt)
		if err != nil || !g.AllComplete {
			b.Fatal(err)
		}
		nodes += g.Nodes
		tours += g.Total.Uint64()
	}
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(nodes)/sec, "nodes/s")
	b.ReportMetric(float64(tours)/sec, "tours/s")
}

// All 6,637,920 open tours of 6x6, with 1 worker and with one per core.
func BenchmarkAll6x6(b *testing.B) {
	for _, workers := range []int{1, 0} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			benchAll(b, board.Board{Rows: 6, Cols: 6}, Options{Workers: workers})
		})
	}
}

func BenchmarkAll5x6(b *testing.B) {
	benchAll(b, board.Board{Rows: 5, Cols: 6}, Options{})
}

func BenchmarkClosed6x6(b *testing.B) {
	benchAll(b, board.Board{Rows: 6, Cols: 6}, Options{Closed: true})
}

// The frontier method: every open tour of 5x8 in one pass (-total), with 1
// worker and with one per core; states/s counts the states expanded.
func BenchmarkFrontierTotal5x8(b *testing.B) {
	for _, workers := range []int{1, 0} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			var states int64
			for range b.N {
				g, err := Total(context.Background(), board.Board{Rows: 5, Cols: 8}, Options{Method: Frontier, Workers: workers})
				if err != nil || g.Total.Cmp(big.NewInt(36122108)) != 0 {
					b.Fatal(g.Total, err)
				}
				states += g.Nodes
			}
			b.ReportMetric(float64(states)/b.Elapsed().Seconds(), "states/s")
		})
	}
}

// Every open tour of 6x6 together (Total, experiment count -total), with 1
// worker and with one per core.
func BenchmarkTotal6x6(b *testing.B) {
	for _, workers := range []int{1, 0} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			for range b.N {
				g, err := Total(context.Background(), board.Board{Rows: 6, Cols: 6}, Options{Workers: workers})
				if err != nil || g.Total.Cmp(big.NewInt(6637920)) != 0 {
					b.Fatal(g.Total, err)
				}
			}
		})
	}
}
