// Package board describes rectangular chess boards, knight moves and the
// order in which a search tries them.
//
// A board has Rows x Cols squares; a square is (row, col), 0-indexed from the
// top-left, and its index is row*Cols + col. Every package in knightsweep
// speaks of squares by that index.
//
// A move is an offset (drow, dcol). An Order lists the eight knight offsets in
// the order a strategy tries them; it is written either as offsets,
//
//	2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1
//
// or in the literature's digits, where 1..8 stand for
// (-2,+1) (-1,+2) (+1,+2) (+2,+1) (+2,-1) (+1,-2) (-1,-2) (-2,-1):
//
//	34261578
//
// A Graph holds, for one board and one order, every square's on-board
// neighbours in move order, computed once so that search loops read a table
// instead of checking bounds. Bits holds a board of at most 64 squares'
// neighbours as bit sets and the pruning rule on them, and Symmetries and
// Images the board's symmetries: the kernels every search shares.
package board
