package board

// Symmetries returns the symmetries of b as permutations of its squares
// (perm[s] is the image of square s): the identity, the reflections in the
// middle row and the middle column, the half turn, and on square boards the
// same four followed by the reflection in the main diagonal (the quarter
// turns and the diagonal reflections). A symmetry maps the knight's graph
// onto itself, so it maps the tours from a square one to one onto the tours
// from its image, and a tour's end onto its image's end.
func (b Board) Symmetries() [][]int {
	rows, cols := b.Rows, b.Cols
	flips := []func(r, c int) (int, int){
		func(r, c int) (int, int) { return r, c },
		func(r, c int) (int, int) { return rows - 1 - r, c },
		func(r, c int) (int, int) { return r, cols - 1 - c },
		func(r, c int) (int, int) { return rows - 1 - r, cols - 1 - c },
	}
	var perms [][]int
	for _, transpose := range []bool{false, true} {
		if transpose && rows != cols {
			break
		}
		for _, f := range flips {
			perm := make([]int, b.Squares())
			for s := range perm {
				r, c := f(b.RowCol(s))
				if transpose {
					r, c = c, r
				}
				perm[s] = b.Index(r, c)
			}
			perms = append(perms, perm)
		}
	}
	return perms
}

// Representatives maps every square of b to the smallest square index that
// a symmetry of the board carries it to (see Symmetries): squares with the
// same representative have equal counts of tours from them, equal
// probabilities of any rule that treats the board's directions alike.
func (b Board) Representatives() []int {
	rep := make([]int, b.Squares())
	for s := range rep {
		rep[s] = s
	}
	for _, perm := range b.Symmetries() {
		for s := range rep {
			rep[s] = min(rep[s], perm[s])
		}
	}
	return rep
}
