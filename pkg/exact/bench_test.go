package exact

import (
	"context"
	"testing"

	"knightsweep/pkg/board"
)

// The exact walks of docs/performance.md's targets, one start each: the
// corners of 8x8 (exact fractions) and 9x9 (float64), on every core.
func BenchmarkCorner8x8(b *testing.B) { benchCorner(b, 8, Options{}) }

func BenchmarkCorner9x9(b *testing.B) { benchCorner(b, 9, Options{}) }

// BenchmarkPlain8x8 walks the 8x8 corner's whole tie tree without the
// memo: what the memo saves.
func BenchmarkPlain8x8(b *testing.B) { benchCorner(b, 8, Options{Plain: true}) }

func benchCorner(b *testing.B, n int, o Options) {
	for b.Loop() {
		if _, err := From(context.Background(), board.Board{Rows: n, Cols: n}, board.Square{}, o); err != nil {
			b.Fatal(err)
		}
	}
}
