package tourfile

import (
	"bytes"
	"fmt"
	"io"
	"testing"
)

// BenchmarkWrite and BenchmarkRead encode and decode closed tours of n x n
// boards in memory; squares/s is squares per second.
func BenchmarkWrite(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			tr := parberryTour(b, n, n, 0)
			b.ReportAllocs()
			for b.Loop() {
				if err := Write(io.Discard, tr); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)*float64(n*n)/b.Elapsed().Seconds(), "squares/s")
		})
	}
}

func BenchmarkRead(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			var buf bytes.Buffer
			if err := Write(&buf, parberryTour(b, n, n, 0)); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(buf.Len()))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Read(bytes.NewReader(buf.Bytes())); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)*float64(n*n)/b.Elapsed().Seconds(), "squares/s")
		})
	}
}
