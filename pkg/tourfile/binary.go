package tourfile

import (
	"bufio"
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

// Write writes t in the binary format.
func Write(w io.Writer, t Tour) error {
	if err := t.check(); err != nil {
		return fmt.Errorf("write tour: %w", err)
	}
	crc := crc32.NewIEEE()
	bw := bufio.NewWriterSize(io.MultiWriter(w, crc), 1<<16)
	var h [headerSize]byte
	copy(h[:], Magic)
	h[4] = Version
	if t.Closed {
		h[5] = flagClosed
	}
	binary.LittleEndian.PutUint32(h[8:], uint32(t.Rows))
	binary.LittleEndian.PutUint32(h[12:], uint32(t.Cols))
	binary.LittleEndian.PutUint64(h[16:], uint64(len(t.Squares)))
	binary.LittleEndian.PutUint32(h[24:], uint32(t.Squares[0]))
	bw.Write(h[:])

	enc := newEncoder(t.Rows, t.Cols, t.Squares[0])
	var acc uint64 // pending bits, least significant first
	nbits := 0
	for i, s := range t.Squares[1:] {
		k := enc.next(s)
		if k < 0 {
			return fmt.Errorf("write tour: step %d: square %d to %d is not a knight's move on the %dx%d board", i+1, t.Squares[i], s, t.Rows, t.Cols)
		}
		acc |= uint64(k) << nbits
		nbits += 3
		if nbits >= 48 {
			var b [8]byte
			binary.LittleEndian.PutUint64(b[:], acc)
			bw.Write(b[:6])
			acc >>= 48
			nbits -= 48
		}
	}
	for ; nbits > 0; nbits -= 8 {
		bw.WriteByte(byte(acc))
		acc >>= 8
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write tour: %w", err)
	}
	var sum [4]byte
	binary.LittleEndian.PutUint32(sum[:], crc.Sum32())
	if _, err := w.Write(sum[:]); err != nil {
		return fmt.Errorf("write tour: %w", err)
	}
	return nil
}

// encoder turns consecutive squares into move codes, keeping the current
// row and column so as not to divide at every step.
type encoder struct {
	rows, cols int
	r, c       int
	cur        int32
	off        [8]int // the moves' index changes
}

func newEncoder(rows, cols int, first int32) *encoder {
	e := &encoder{rows: rows, cols: cols, r: int(first) / cols, c: int(first) % cols, cur: first}
	for k, m := range board.DigitMoves {
		e.off[k] = m.DRow*cols + m.DCol
	}
	return e
}

// next returns the code of the move to s, or -1 if s is not a knight's
// move away on the board.
func (e *encoder) next(s int32) int {
	d := int(s - e.cur)
	for k, o := range e.off {
		if o != d {
			continue
		}
		m := board.DigitMoves[k]
		r, c := e.r+m.DRow, e.c+m.DCol
		if r < 0 || r >= e.rows || c < 0 || c >= e.cols {
			continue // on narrow boards another move may share the index change
		}
		e.r, e.c, e.cur = r, c, s
		return k
	}
	return -1
}

// Read reads a tour in the binary format.
func Read(r io.Reader) (Tour, error) {
	crc := crc32.NewIEEE()
	br := bufio.NewReaderSize(r, 1<<16)
	tr := io.TeeReader(br, crc)
	var h [headerSize]byte
	if _, err := io.ReadFull(tr, h[:]); err != nil {
		return Tour{}, fmt.Errorf("read tour header: %w", noEOF(err))
	}
	if string(h[:4]) != Magic {
		return Tour{}, fmt.Errorf("read tour: not a tour file (magic %q, want %q)", h[:4], Magic)
	}
	if h[4] != Version {
		return Tour{}, fmt.Errorf("read tour: format version %d, this program reads %d", h[4], Version)
	}
	if h[5]&^flagClosed != 0 || h[6] != 0 || h[7] != 0 {
		return Tour{}, fmt.Errorf("read tour: unknown flags %#x %#x %#x", h[5], h[6], h[7])
	}
	rows64, cols64 := binary.LittleEndian.Uint32(h[8:]), binary.LittleEndian.Uint32(h[12:])
	if rows64 < 1 || rows64 > board.MaxSide || cols64 < 1 || cols64 > board.MaxSide {
		return Tour{}, fmt.Errorf("read tour: board %dx%d: each side must be 1..%d", rows64, cols64, board.MaxSide)
	}
	t := Tour{Rows: int(rows64), Cols: int(cols64), Closed: h[5]&flagClosed != 0}
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
	r0, c0 := int(first)/t.Cols, int(first)%t.Cols
	cur := int32(first)
	var acc uint64
	nbits := 0
	var buf [6]byte
	for i := 1; i < len(t.Squares); i++ {
		if nbits < 3 {
			// Refill 48 bits, or what is left of the stream.
			want := min(6, (3*(len(t.Squares)-i)+7-nbits)/8)
			if _, err := io.ReadFull(tr, buf[:want]); err != nil {
				return Tour{}, fmt.Errorf("read tour moves: %w", noEOF(err))
			}
			for j := range want {
				acc |= uint64(buf[j]) << nbits
				nbits += 8
			}
		}
		k := acc & 7
		acc >>= 3
		nbits -= 3
		m := board.DigitMoves[k]
		r0, c0 = r0+m.DRow, c0+m.DCol
		if r0 < 0 || r0 >= t.Rows || c0 < 0 || c0 >= t.Cols {
			return Tour{}, fmt.Errorf("read tour: move %d leaves the %dx%d board", i, t.Rows, t.Cols)
		}
		cur += off[k]
		t.Squares[i] = cur
	}
	if acc != 0 {
		return Tour{}, errors.New("read tour: padding bits after the last move are not zero")
	}
	want := crc.Sum32()
	var sum [4]byte
	if _, err := io.ReadFull(br, sum[:]); err != nil {
		return Tour{}, fmt.Errorf("read tour checksum: %w", noEOF(err))
	}
	if got := binary.LittleEndian.Uint32(sum[:]); got != want {
		return Tour{}, fmt.Errorf("read tour: checksum %08x, want %08x: the file is damaged", got, want)
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return Tour{}, errors.New("read tour: data after the checksum")
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
