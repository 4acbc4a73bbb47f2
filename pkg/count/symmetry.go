package count

import "knightsweep/pkg/board"

// Representatives maps every square of b to the smallest square index that
// a symmetry of the board carries it to: the reflections in the middle row
// and the middle column, the half turn, and on square boards the quarter
// turns and the diagonal reflections. A symmetry maps the knight's graph onto
// itself, so it maps the tours from a square one to one onto the tours from
// its image: squares with the same representative have equal counts.
func Representatives(b board.Board) []int {
	rows, cols := b.Rows, b.Cols
	images := func(r, c int) []board.Square {
		im := []board.Square{
			{Row: r, Col: c}, {Row: rows - 1 - r, Col: c},
			{Row: r, Col: cols - 1 - c}, {Row: rows - 1 - r, Col: cols - 1 - c},
		}
		if rows == cols {
			for _, s := range im[:4] {
				im = append(im, board.Square{Row: s.Col, Col: s.Row})
			}
		}
		return im
	}
	rep := make([]int, b.Squares())
	for s := range rep {
		r, c := b.RowCol(s)
		rep[s] = s
		for _, im := range images(r, c) {
			rep[s] = min(rep[s], b.Index(im.Row, im.Col))
		}
	}
	return rep
}
