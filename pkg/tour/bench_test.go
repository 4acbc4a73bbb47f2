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
			sq, err := parberry.Tour(n, n, 0, 2)
			if err != nil {
				b.Fatal(err)
			}
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
