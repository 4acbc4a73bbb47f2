package tourfile

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"

	"knightsweep/pkg/board"
)

// Tour is a knight's path as a file holds it.
type Tour struct {
	Rows, Cols int
	// Closed records that the last square is a knight's move from the first.
	Closed bool
	// Squares are the path's squares, row*cols + col, in order.
	Squares []int32
}

// Magic opens every binary tour file.
const Magic = "KTOU"

// Version is the binary format's version.
const Version = 1

const (
	headerSize = 28
	flagClosed = 1
)

// check reports a Tour that no file may hold: a bad board, an empty path,
// a step that is not a knight's move or a false closed flag.
func (t Tour) check() error {
	if _, err := board.New(t.Rows, t.Cols); err != nil {
		return err
	}
	n := t.Rows * t.Cols
	if len(t.Squares) == 0 || len(t.Squares) > n {
		return fmt.Errorf("path of %d squares on a %dx%d board: want 1 to %d", len(t.Squares), t.Rows, t.Cols, n)
	}
	if s := t.Squares[0]; s < 0 || int(s) >= n {
		return fmt.Errorf("first square %d is off the %dx%d board", s, t.Rows, t.Cols)
	}
	if t.Closed && len(t.Squares) > 1 && moveCode(t.Cols, t.Squares[len(t.Squares)-1], t.Squares[0]) < 0 {
		return errors.New("tour marked closed but its last square is not a knight's move from its first")
	}
	return nil
}

// moveCode returns the code of the knight's move from a to b, or -1. Both
// must be on the board.
func moveCode(cols int, a, b int32) int {
	dr, dc := int(b)/cols-int(a)/cols, int(b)%cols-int(a)%cols
	for k, m := range board.DigitMoves {
		if m.DRow == dr && m.DCol == dc {
			return k
		}
	}
	return -1
}

// chunk is how many bytes of moves Write and Read handle at a time.
const chunk = 1 << 16

// Write writes t in the binary format.
func Write(w io.Writer, t Tour) error {
	if err := t.check(); err != nil {
		return fmt.Errorf("write tour: %w", err)
	}
	crc := crc32.NewIEEE()
	buf := make([]byte, headerSize, chunk+8)
	copy(buf, Magic)
	buf[4] = Version
	if t.Closed {
		buf[5] = flagClosed
	}
	binary.LittleEndian.PutUint32(buf[8:], uint32(t.Rows))
	binary.LittleEndian.PutUint32(buf[12:], uint32(t.Cols))
	binary.LittleEndian.PutUint64(buf[16:], uint64(len(t.Squares)))
	binary.LittleEndian.PutUint32(buf[24:], uint32(t.Squares[0]))
	flush := func() error {
		crc.Write(buf)
		_, err := w.Write(buf)
		buf = buf[:0]
		return err
	}

	enc := newEncoder(t.Rows, t.Cols, t.Squares[0])
	var codes [4096]int8
	var acc uint64 // pending bits, least significant first
	nbits := 0
	for from := 1; from < len(t.Squares); from += len(codes) {
		batch := t.Squares[from:min(len(t.Squares), from+len(codes))]
		if bad := enc.moves(batch, codes[:]); bad >= 0 {
			i := from + bad
			return fmt.Errorf("write tour: step %d: square %d to %d is not a knight's move on the %dx%d board", i, t.Squares[i-1], t.Squares[i], t.Rows, t.Cols)
		}
		for _, k := range codes[:len(batch)] {
			acc |= uint64(k) << nbits
			nbits += 3
			if nbits == 48 {
				buf = binary.LittleEndian.AppendUint64(buf, acc)[:len(buf)+6]
				acc, nbits = 0, 0
				if len(buf) >= chunk {
					if err := flush(); err != nil {
						return fmt.Errorf("write tour: %w", err)
					}
				}
			}
		}
	}
	for ; nbits > 0; nbits -= 8 {
		buf = append(buf, byte(acc))
		acc >>= 8
	}
	if err := flush(); err != nil {
		return fmt.Errorf("write tour: %w", err)
	}
	if _, err := w.Write(binary.LittleEndian.AppendUint32(nil, crc.Sum32())); err != nil {
		return fmt.Errorf("write tour: %w", err)
	}
	return nil
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
	// code[d+span] is the code of the move whose index change is d, or -1.
	code []int8
	span int
}

func newEncoder(rows, cols int, first int32) *encoder {
	e := &encoder{rows: rows, cols: cols, col: int(first) % cols, cur: first, span: 2*cols + 2}
	e.code = make([]int8, 2*e.span+1)
	for i := range e.code {
		e.code[i] = -1
	}
	for k, m := range board.DigitMoves {
		e.code[m.DRow*cols+m.DCol+e.span] = int8(k)
	}
	return e
}

// moves writes to dst the codes of the moves from the current square
// through squares, and returns the index in squares of the first square
// that is not a knight's move from the one before, or -1.
func (e *encoder) moves(squares []int32, dst []int8) int {
	if e.cols < 4 {
		for i, s := range squares {
			k := e.narrow(s)
			if k < 0 {
				return i
			}
			dst[i] = int8(k)
		}
		return -1
	}
	// The loop keeps its state in locals, which the compiler holds in
	// registers.
	code, span, cols, n := e.code, e.span, e.cols, uint32(e.rows*e.cols)
	col, cur := e.col, e.cur
	var dcol [8]int
	for k, m := range board.DigitMoves {
		dcol[k] = m.DCol
	}
	dst = dst[:len(squares)]
	for i, s := range squares {
		j := int(s-cur) + span
		if uint(j) >= uint(len(code)) || code[j] < 0 {
			return i
		}
		k := code[j]
		col += dcol[k&7]
		if uint(col) >= uint(cols) || uint32(s) >= n {
			return i
		}
		cur = s
		dst[i] = k
	}
	e.col, e.cur = col, cur
	return -1
}

// narrow returns the code of the move to s on a board of fewer than 4
// columns, trying every move, or -1 if s is not a knight's move away.
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

// Read reads a tour in the binary format.
func Read(r io.Reader) (Tour, error) {
	crc := crc32.NewIEEE()
	var h [headerSize]byte
	if _, err := io.ReadFull(r, h[:]); err != nil {
		return Tour{}, fmt.Errorf("read tour header: %w", noEOF(err))
	}
	crc.Write(h[:])
	if string(h[:4]) != Magic {
		return Tour{}, fmt.Errorf("read tour: not a tour file (magic %q, want %q)", h[:4], Magic)
	}
	if h[4] != Version {
		return Tour{}, fmt.Errorf("read tour: format version %d, this program reads %d", h[4], Version)
	}
	if h[5]&^flagClosed != 0 || h[6] != 0 || h[7] != 0 {
		return Tour{}, fmt.Errorf("read tour: unknown flags %#x %#x %#x", h[5], h[6], h[7])
	}
	rows, cols := binary.LittleEndian.Uint32(h[8:]), binary.LittleEndian.Uint32(h[12:])
	if rows < 1 || rows > board.MaxSide || cols < 1 || cols > board.MaxSide {
		return Tour{}, fmt.Errorf("read tour: board %dx%d: each side must be 1..%d", rows, cols, board.MaxSide)
	}
	t := Tour{Rows: int(rows), Cols: int(cols), Closed: h[5]&flagClosed != 0}
	n := uint64(t.Rows * t.Cols)
	length := binary.LittleEndian.Uint64(h[16:])
	if length < 1 || length > n {
		return Tour{}, fmt.Errorf("read tour: length %d on a %dx%d board: want 1 to %d", length, t.Rows, t.Cols, n)
	}
	first := binary.LittleEndian.Uint32(h[24:])
	if uint64(first) >= n {
		return Tour{}, fmt.Errorf("read tour: first square %d is off the %dx%d board", first, t.Rows, t.Cols)
	}
	t.Squares = make([]int32, length)
	t.Squares[0] = int32(first)

	var off [8]int32
	for k, m := range board.DigitMoves {
		off[k] = int32(m.DRow*t.Cols + m.DCol)
	}
	row, col := int(first)/t.Cols, int(first)%t.Cols
	cur := int32(first)
	left := (3*(len(t.Squares)-1) + 7) / 8 // bytes of moves still to read
	buf := make([]byte, min(chunk, left)+8)
	var acc uint64
	nbits := 0
	var next []byte // read and not yet decoded
	for i := 1; i < len(t.Squares); i++ {
		if nbits < 3 {
			if len(next) == 0 {
				m := min(chunk, left)
				if _, err := io.ReadFull(r, buf[:m]); err != nil {
					return Tour{}, fmt.Errorf("read tour moves: %w", noEOF(err))
				}
				crc.Write(buf[:m])
				next, left = buf[:m], left-m
			}
			acc |= uint64(next[0]) << nbits
			next, nbits = next[1:], nbits+8
		}
		k := acc & 7
		acc >>= 3
		nbits -= 3
		m := board.DigitMoves[k]
		row, col = row+m.DRow, col+m.DCol
		if row < 0 || row >= t.Rows || col < 0 || col >= t.Cols {
			return Tour{}, fmt.Errorf("read tour: move %d leaves the %dx%d board", i, t.Rows, t.Cols)
		}
		cur += off[k]
		t.Squares[i] = cur
	}
	if acc != 0 {
		return Tour{}, errors.New("read tour: padding bits after the last move are not zero")
	}
	var sum [5]byte
	switch got, err := io.ReadFull(r, sum[:]); {
	case got < 4:
		return Tour{}, fmt.Errorf("read tour checksum: %w", noEOF(err))
	case got > 4:
		return Tour{}, errors.New("read tour: data after the checksum")
	}
	if got, want := binary.LittleEndian.Uint32(sum[:]), crc.Sum32(); got != want {
		return Tour{}, fmt.Errorf("read tour: checksum %08x, want %08x: the file is damaged", got, want)
	}
	if err := t.check(); err != nil {
		return Tour{}, fmt.Errorf("read tour: %w", err)
	}
	return t, nil
}

// noEOF turns an end of file inside a record into ErrUnexpectedEOF.
func noEOF(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}
