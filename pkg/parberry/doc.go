// Package parberry builds closed knight's tours of large boards in linear
// time by Parberry's divide and conquer ("An efficient algorithm for the
// knight's tour problem", Discrete Applied Mathematics 73, 1997).
//
// # Boards
//
// It builds tours on n x n, n x (n+2) and (n+2) x n boards for every even
// n >= 6; Check says whether a board is one of them.
//
// # Structured tours
//
// A closed tour is structured when, at each corner, it contains the corner's
// two moves (which every closed tour has, the corner having only two
// neighbours) and Parberry's two moves (0,1)-(2,0) and (1,0)-(0,2), written
// for the top-left corner; the other corners hold their mirror images. The
// base tiles 6x6, 6x8, 8x6, 8x8, 8x10, 10x8, 10x10, 10x12 and 12x10 are
// structured tours found by this repository's own constrained search (see
// internal/gentiles; "go generate" rewrites tiles.go).
//
// # Splitting
//
// A larger board is cut into four quadrants by splitting each side d into
// a = 2*floor(d/4) and d-a: a side 4k splits into 2k + 2k, a side 4k+2 into
// 2k + (2k+2). Both parts are even and differ by at most 2, so the quadrants
// of an n x n or n x (n+2) board are again such boards:
//
//	n x n,      n = 4k:    2k x 2k (all four)
//	n x n,      n = 4k+2:  2k x 2k, 2k x (2k+2), (2k+2) x 2k, (2k+2) x (2k+2)
//	n x (n+2),  n = 4k:    2k x 2k, 2k x (2k+2) (two of each)
//	n x (n+2),  n = 4k+2:  2k x (2k+2), (2k+2) x (2k+2) (two of each)
//
// and the same transposed for (n+2) x n. Splitting stops at the base tiles:
// a board whose shorter side is at most 10 is one of them, and a shorter
// side of 12 or more gives quadrants with sides of at least 6.
//
// # Joining
//
// With the quadrants' tours in place and the centre at (R, C) (R rows above
// it, C columns left of it), the join deletes four moves and adds four:
//
//	delete (R-1,C-1)-(R-2,C-3)  top-left quadrant: its corner move
//	delete (R-1,C+1)-(R-3,C)    top-right quadrant: a structure move
//	delete (R,C-2)-(R+2,C-1)    bottom-left quadrant: a structure move
//	delete (R,C)-(R+1,C+2)      bottom-right quadrant: its corner move
//	add    (R-1,C-1)-(R-3,C), (R-2,C-3)-(R,C-2), (R-1,C+1)-(R+1,C+2), (R+2,C-1)-(R,C)
//
// Each quadrant's cycle loses one move and so becomes a path; the added moves
// link the four paths' ends into a single cycle. The join only touches the
// 3 x 3 squares of each quadrant around the centre, so the outer corners keep
// their structure moves and the joined tour is structured again. Every join
// touches one corner of four base tiles and no tile corner is at two
// centres, so no join ever needs a move that an earlier join removed.
//
// # Memory and time
//
// A Cycle does not store the tour square by square. It keeps the tiles that
// cover the board (each one's top-left square, shape and the join at each of
// its corners) and, for each join, the four tiles that meet there: about 26
// bytes a tile, under 0.3 bytes a square (28 MB for 10,000 x 10,000, whose
// 1,048,576 tiles hold 95 squares on average). Build costs some tens of
// nanoseconds a tile, and it builds the quadrants of large regions in
// parallel.
//
// A Walker produces the squares: inside a tile the tour follows the tile's
// own tour, a list of offsets known in advance, until it reaches a move that
// a join deleted; the join's added move names the next tile and square.
// Writing a run is a copy with an addition, about a nanosecond a square, and
// FillParallel shares the writing among cores. A closed tour of 10^8 squares
// needs its 400 MB of int32 squares and 28 MB besides.
//
// The tour is the same whatever the number of goroutines.
package parberry

//go:generate go run ./internal/gentiles -o tiles.go
