package tour_test

import (
	"fmt"
	"testing"

	"knightsweep/pkg/parberry"
	"knightsweep/pkg/tour"
)

// BenchmarkValidate checks closed tours of n x n boards (made by package
// parberry); squares/s is the validator's speed. n=10000 is 10^8 squares:
// a 400 MB tour and a 12.5 MB bitset.
func BenchmarkValidate(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			c, err := parberry.New(n, n)
			if err != nil {
				b.Fatal(err)
			}
			c.Build(2)
			sq := make([]int32, n*n)
			c.Walk(0).Fill(sq)
			b.ReportAllocs()
			for b.Loop() {
				if err := tour.Validate(n, n, 0, sq, true); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)*float64(n*n)/b.Elapsed().Seconds(), "squares/s")
		})
	}
}
