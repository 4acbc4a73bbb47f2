package solver

// newWarnsdorffBTPrune prepares warnsdorff-bt with pruning (see coverage):
// warnsdorffBT's own walk with its coverage set, so that it walks the same
// tree in the same order, less the subtrees below squares that fail the
// test. With the random tie rule the tree is the same only up to the first
// cut: the random stream is drawn as children are listed, and cut squares
// list none.
func newWarnsdorffBTPrune(p Problem) (*warnsdorffBT, error) {
	tie, err := parseTie(p.Tiebreak)
	if err != nil {
		return nil, err
	}
	q := p
	q.Prune = false
	s := newWarnsdorffBT(q, tie)
	s.cov = newCoverage(s.g, int32(p.StartIndex()), p.Closed)
	return s, nil
}
