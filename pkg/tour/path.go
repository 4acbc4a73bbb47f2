package tour

import (
	"fmt"

	"knightsweep/pkg/board"
)

// Path is a knight's path kept as compactly as its moves allow: the first
// square, then each move as a 3-bit code, its index in board.DigitMoves:
//
//	0 (-2,+1)  1 (-1,+2)  2 (+1,+2)  3 (+2,+1)
//	4 (+2,-1)  5 (+1,-2)  6 (-1,-2)  7 (-2,-1)
//
// as (rows, cols) down and right. Move i (from square i to square i+1)
// fills bits 3i..3i+2 of the move stream, least significant bit first, bit
// j of the stream being bit j%8 of byte j/8: package tourfile's stream,
// byte for byte. That is 3/8 of a byte a square where int32 squares take
// four: a tour of 10^8 squares in 37.5 MB instead of 400.
//
// A Path holds moves, so every step is a knight's move by construction;
// whether the moves stay on the board and visit every square once is the
// Checker's question. The zero Path is empty; Reset readies it for a board.
type Path struct {
	rows, cols int
	first      int32
	moves      int
	// codes holds the move stream and one spare byte, so that a move that
	// straddles two bytes can be written with a two-byte access.
	codes []byte
	// codeOf is the encoder's table for boards codeCols wide.
	codeOf   []int8
	codeCols int
}

// PackedLen returns the bytes of a stream of moves 3-bit codes.
func PackedLen(moves int) int { return (3*moves + 7) / 8 }

// Reset empties p for a path on a rows x cols board from square first, and
// makes room for rows*cols squares, reusing p's memory when it is large
// enough (so that a search that keeps its Path allocates nothing from one
// run to the next).
func (p *Path) Reset(rows, cols int, first int32) {
	p.rows, p.cols, p.first, p.moves = rows, cols, first, 0
	need := PackedLen(max(0, rows*cols-1)) + 1
	if cap(p.codes) < need {
		p.codes = make([]byte, need)
	}
	p.codes = p.codes[:need]
	if p.codeCols != cols && cols >= minTableCols {
		p.codeOf = codeTable(cols, p.codeOf)
		p.codeCols = cols
	}
}

// Prefault writes every byte of p's room now: fresh memory faults in on
// first write, which on a 10^8-square board would be counted in the search
// that writes the path rather than in setting it up.
func (p *Path) Prefault() { clear(p.codes[:cap(p.codes)]) }

// Rows returns the board's rows.
func (p *Path) Rows() int { return p.rows }

// Cols returns the board's columns.
func (p *Path) Cols() int { return p.cols }

// Len returns the squares on the path: its moves and one.
func (p *Path) Len() int { return p.moves + 1 }

// First returns the first square, row*cols + col.
func (p *Path) First() int32 { return p.first }

// Push appends a move, given by its code (0..7). The path must have room: at
// most rows*cols squares.
func (p *Path) Push(code uint8) {
	p.set(p.moves, code)
	p.moves++
}

// set writes the code of move i. A move that fits in one byte touches only
// that byte: two goroutines may set moves of one path whose bytes differ
// (see Encode).
func (p *Path) set(i int, code uint8) {
	bit := 3 * i
	j, sh := bit>>3, uint(bit&7)
	if sh <= 5 {
		p.codes[j] = p.codes[j]&^(7<<sh) | (code&7)<<sh
		return
	}
	v := uint16(p.codes[j]) | uint16(p.codes[j+1])<<8
	v = v&^(7<<sh) | uint16(code&7)<<sh
	p.codes[j], p.codes[j+1] = byte(v), byte(v>>8)
}

// Code returns the code of move i, 0 <= i < Len()-1.
func (p *Path) Code(i int) uint8 {
	bit := 3 * i
	j := bit >> 3
	v := uint16(p.codes[j]) | uint16(p.codes[j+1])<<8
	return uint8(v>>uint(bit&7)) & 7
}

// SetLen sets the squares on the path to n, after Encode has written its
// moves; 1 <= n <= rows*cols.
func (p *Path) SetLen(n int) { p.moves = n - 1 }

// Encode sets moves from, from+1, ... to the moves from square prev through
// squares, and returns the index in squares of the first square that is not
// a knight's move from the one before it on the board, or -1. The moves
// must fit the board's room. Encodes on one path may run at once if their
// moves do not overlap and each starts at a multiple of 8 (eight moves fill
// three whole bytes).
func (p *Path) Encode(from int, prev int32, squares []int32) int {
	e := encoder{rows: p.rows, cols: p.cols, col: int(prev) % p.cols, cur: prev, codeOf: p.codeOf}
	for i, s := range squares {
		k := e.code(s)
		if k < 0 {
			return i
		}
		p.set(from+i, uint8(k))
	}
	return -1
}

// SetCodes sets moves from, from+1, ... to codes (0..7 each). The moves
// must fit the board's room. Like Encode, SetCodes on one path may run at
// once if their moves do not overlap and each starts at a multiple of 8.
func (p *Path) SetCodes(from int, codes []uint8) {
	i := 0
	for ; i < len(codes) && (from+i)&7 != 0; i++ {
		p.set(from+i, codes[i])
	}
	// Eight codes make three whole bytes.
	for ; i+8 <= len(codes); i += 8 {
		c := codes[i : i+8 : i+8]
		v := uint32(c[0]&7) | uint32(c[1]&7)<<3 | uint32(c[2]&7)<<6 | uint32(c[3]&7)<<9 |
			uint32(c[4]&7)<<12 | uint32(c[5]&7)<<15 | uint32(c[6]&7)<<18 | uint32(c[7]&7)<<21
		j := 3 * (from + i) / 8
		b := p.codes[j : j+3 : j+3]
		b[0], b[1], b[2] = byte(v), byte(v>>8), byte(v>>16)
	}
	for ; i < len(codes); i++ {
		p.set(from+i, codes[i])
	}
}

// SetSquares makes p the path through squares on a rows x cols board, or
// reports the first step that is not a knight's move on it.
func (p *Path) SetSquares(rows, cols int, squares []int32) error {
	if len(squares) == 0 || len(squares) > rows*cols {
		return fmt.Errorf("path of %d squares on a %dx%d board: want 1 to %d", len(squares), rows, cols, rows*cols)
	}
	if s := squares[0]; s < 0 || int(s) >= rows*cols {
		return fmt.Errorf("first square %d is off the %dx%d board", s, rows, cols)
	}
	p.Reset(rows, cols, squares[0])
	if bad := p.Encode(0, squares[0], squares[1:]); bad >= 0 {
		i := bad + 1
		return fmt.Errorf("step %d: square %d to %d is not a knight's move on the %dx%d board", i, squares[i-1], squares[i], rows, cols)
	}
	p.SetLen(len(squares))
	return nil
}

// Squares appends the path's squares to dst[:0] and returns it. (It is for
// boards whose squares fit in memory: pictures, grids, the tour column.)
func (p *Path) Squares(dst []int32) []int32 {
	dst = dst[:0]
	if p.rows == 0 {
		return dst
	}
	var delta [8]int32
	for k, m := range board.DigitMoves {
		delta[k] = int32(m.DRow*p.cols + m.DCol)
	}
	sq := p.first
	dst = append(dst, sq)
	for i := range p.moves {
		sq += delta[p.Code(i)]
		dst = append(dst, sq)
	}
	return dst
}

// Last returns the path's last square. It walks the path.
func (p *Path) Last() int32 {
	var delta [8]int32
	for k, m := range board.DigitMoves {
		delta[k] = int32(m.DRow*p.cols + m.DCol)
	}
	sq := p.first
	for i := range p.moves {
		sq += delta[p.Code(i)]
	}
	return sq
}

// Packed returns the move stream, PackedLen(Len()-1) bytes, the high bits
// of its last byte beyond the last move zero. It shares p's memory.
func (p *Path) Packed() []byte {
	n := PackedLen(p.moves)
	if used := uint(3*p.moves) & 7; used != 0 {
		p.codes[n-1] &= 1<<used - 1
	}
	return p.codes[:n]
}

// FromPacked returns the path of squares squares on a rows x cols board
// from first whose move stream is packed (PackedLen(squares-1) bytes). The
// path takes packed's memory when it has room for one byte more, and copies
// it otherwise.
func FromPacked(rows, cols int, first int32, squares int, packed []byte) (*Path, error) {
	if squares < 1 || squares > rows*cols {
		return nil, fmt.Errorf("path of %d squares on a %dx%d board: want 1 to %d", squares, rows, cols, rows*cols)
	}
	if len(packed) != PackedLen(squares-1) {
		return nil, fmt.Errorf("%d bytes of moves for a path of %d squares: want %d", len(packed), squares, PackedLen(squares-1))
	}
	p := &Path{}
	if cap(packed) > len(packed) {
		p.codes = packed[:len(packed)+1]
	}
	p.Reset(rows, cols, first)
	copy(p.codes, packed)
	p.SetLen(squares)
	return p, nil
}

// Clone returns a copy of p with memory of its own, no larger than the path
// needs.
func (p *Path) Clone() *Path {
	c := &Path{rows: p.rows, cols: p.cols, first: p.first, moves: p.moves, codeOf: p.codeOf, codeCols: p.codeCols}
	c.codes = make([]byte, PackedLen(p.moves)+1)
	copy(c.codes, p.codes)
	return c
}

// encoder turns consecutive squares into move codes. On boards of 4 or more
// columns the eight moves change a square's index by eight different
// amounts, so the change names the move, and a move whose column stays on
// the board to a square whose index is on the board is a knight's move: the
// encoder keeps the current column instead of dividing at every step.
type encoder struct {
	rows, cols int
	col        int
	cur        int32
	codeOf     []int8
}

// minTableCols is the narrowest board whose moves the index change names.
const minTableCols = 4

// codeTable returns, reusing buf, the table whose entry d+2*cols+2 is the
// code of the move whose index change on a board cols wide is d, or -1.
func codeTable(cols int, buf []int8) []int8 {
	n := 4*cols + 5
	if cap(buf) < n {
		buf = make([]int8, n)
	}
	buf = buf[:n]
	for i := range buf {
		buf[i] = -1
	}
	for k, m := range board.DigitMoves {
		buf[m.DRow*cols+m.DCol+2*cols+2] = int8(k)
	}
	return buf
}

// code returns the code of the move from the current square to s and makes
// s current, or returns -1 if s is not a knight's move away on the board.
func (e *encoder) code(s int32) int {
	if e.cols < minTableCols {
		return e.narrow(s)
	}
	if uint32(s) >= uint32(e.rows*e.cols) {
		return -1
	}
	j := int(s-e.cur) + 2*e.cols + 2
	if uint(j) >= uint(len(e.codeOf)) || e.codeOf[j] < 0 {
		return -1
	}
	k := int(e.codeOf[j])
	col := e.col + board.DigitMoves[k].DCol
	if uint(col) >= uint(e.cols) {
		return -1
	}
	e.col, e.cur = col, s
	return k
}

// narrow is code on a board of fewer than 4 columns, trying every move.
func (e *encoder) narrow(s int32) int {
	r, c := int(e.cur)/e.cols, int(e.cur)%e.cols
	for k, m := range board.DigitMoves {
		rr, cc := r+m.DRow, c+m.DCol
		if rr >= 0 && rr < e.rows && cc >= 0 && cc < e.cols && int32(rr*e.cols+cc) == s {
			e.col, e.cur = cc, s
			return k
		}
	}
	return -1
}
