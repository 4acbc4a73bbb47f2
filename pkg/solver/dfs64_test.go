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

// Each of knownMagics gathers every subset of its width's window (the
// eight moves' bits) into a different top byte.
func TestKnownMagics(t *testing.T) {
	for cols := 4; cols <= 15; cols++ {
		off := 2*cols + 1
		var window uint64
		for _, m := range board.DigitMoves {
			window |= 1 << (m.DRow*cols + m.DCol + off)
		}
		seen := map[uint64]bool{}
		for sub := uint64(0); ; {
			top := sub * knownMagics[cols] >> 56
			if seen[top] {
				t.Errorf("width %d: two subsets share top byte %#x", cols, top)
				break
			}
			seen[top] = true
			if sub = (sub - window) & window; sub == 0 {
				break
			}
		}
		if len(seen) != 256 {
			t.Errorf("width %d: %d subsets", cols, len(seen))
		}
	}
}
