package parberry

import (
	"fmt"
	"testing"
)

// BenchmarkBuild and BenchmarkWalk time the two halves of a tour: squares/s
// is board squares per second.
func BenchmarkBuild(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		for _, workers := range []int{1, 2} {
			b.Run(fmt.Sprintf("n=%d/workers=%d", n, workers), func(b *testing.B) {
				c, err := New(n, n)
				if err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				for b.Loop() {
					c.Build(workers)
				}
				b.ReportMetric(float64(b.N)*float64(n*n)/b.Elapsed().Seconds(), "squares/s")
			})
		}
	}
}

func BenchmarkWalk(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			c, err := New(n, n)
			if err != nil {
				b.Fatal(err)
			}
			c.Build(1)
			dst := make([]int32, n*n)
			b.ReportAllocs()
			for b.Loop() {
				c.Walk(0).Fill(dst)
			}
			b.ReportMetric(float64(b.N)*float64(n*n)/b.Elapsed().Seconds(), "squares/s")
		})
	}
}
