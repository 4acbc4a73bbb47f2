package board

// Symmetries returns the symmetries of b as permutations of its squares
// (perm[s] is the image of square s): the four of Images, and on square
// boards the same four followed by the reflection in the main diagonal (the
// quarter turns and the diagonal reflections). A symmetry maps the knight's
// graph onto itself, so it maps the tours from a square one to one onto the
// tours from its image, and a tour's end onto its image's end.
func (b Board) Symmetries() [][]int {
	perms := make([][]int, 4, 8)
	if b.Rows == b.Cols {
		perms = perms[:8]
	}
	for k := range perms {
		perms[k] = make([]int, b.Squares())
	}
	for s := range b.Squares() {
		for k, t := range b.Images(s) {
			perms[k][s] = t
			if len(perms) == 8 {
				r, c := b.RowCol(t)
				perms[4+k][s] = b.Index(c, r)
			}
		}
	}
	return perms
}

// Images returns the images of square sq under the identity, the
// reflections in the middle row and in the middle column, and the half
// turn, in that order (Symmetries' first four, without allocating), with
// repeats where a symmetry fixes sq. Every board has these four.
func (b Board) Images(sq int) [4]int {
	r, c := b.RowCol(sq)
	rr, cc := b.Rows-1-r, b.Cols-1-c
	return [4]int{sq, b.Index(rr, c), b.Index(r, cc), b.Index(rr, cc)}
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
