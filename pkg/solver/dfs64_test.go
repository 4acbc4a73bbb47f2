package solver

import (
	"math/rand/v2"
	"testing"

	"knightsweep/pkg/board"
)

// gather maps every subset of every square's neighbours to the right move
// mask, on every board of at most 64 squares, for the magic widths and the
// fallback alike.
func TestGather(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for rows := 1; rows <= 64; rows++ {
		for cols := 1; rows*cols <= 64; cols++ {
			b := board.Board{Rows: rows, Cols: cols}
			for _, o := range []board.Order{board.ClassicDFS, board.VerticalFirst, board.Clockwise} {
				g := newGather(b, o)
				if (cols >= 4 && cols <= 15) != (g.magic != 0) {
					t.Errorf("%v: magic %x", b, g.magic)
				}
				for sq := range b.Squares() {
					r, c := b.RowCol(sq)
					for range 16 {
						var free uint64
						var want uint8
						for k, m := range o {
							if b.Contains(r+m.DRow, c+m.DCol) && rng.IntN(2) == 0 {
								free |= 1 << b.Index(r+m.DRow, c+m.DCol)
								want |= 1 << k
							}
						}
						if got := g.moves(uint64(sq), free); got != want {
							t.Fatalf("%v order %s square %d free %x: moves %08b, want %08b", b, o.Digits(), sq, free, got, want)
						}
					}
				}
			}
		}
	}
}
