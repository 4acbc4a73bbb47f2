package board

// Graph is the knight's graph of one board with each square's neighbours
// listed in one move order. It is read-only once built and may be shared by
// concurrent searches.
type Graph struct {
	Board Board
	Order Order
	// Adj holds 8 slots per square: the on-board neighbours of square s in
	// move order are Adj[8*s : 8*s+Deg[s]]. The remaining slots hold
	// Squares(), one past the last square, so a loop may read all eight
	// against a table that has a sentinel entry there.
	Adj []int32
	// Deg is each square's number of on-board neighbours.
	Deg []uint8
}

// NewGraph builds the neighbour table of b in order o. It costs 33 bytes a
// square.
func NewGraph(b Board, o Order) *Graph {
	n := b.Squares()
	g := &Graph{Board: b, Order: o, Adj: make([]int32, 8*n), Deg: make([]uint8, n)}
	for r := range b.Rows {
		for c := range b.Cols {
			s := b.Index(r, c)
			d := 0
			for _, m := range o {
				if b.Contains(r+m.DRow, c+m.DCol) {
					g.Adj[8*s+d] = int32(b.Index(r+m.DRow, c+m.DCol))
					d++
				}
			}
			g.Deg[s] = uint8(d)
			for ; d < 8; d++ {
				g.Adj[8*s+d] = int32(n)
			}
		}
	}
	return g
}

// Neighbours returns the on-board neighbours of square s in move order.
func (g *Graph) Neighbours(s int) []int32 {
	return g.Adj[8*s : 8*s+int(g.Deg[s])]
}

// GraphBytes is the memory NewGraph takes for a board of n squares.
func GraphBytes(n int) int64 { return 33 * int64(n) }

// IsMove reports whether a knight moves from square a to square b in one
// step.
func (g *Graph) IsMove(a, b int32) bool {
	for _, v := range g.Neighbours(int(a)) {
		if v == b {
			return true
		}
	}
	return false
}
