package tourfile

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"slices"

	"knightsweep/pkg/board"
	"knightsweep/pkg/tour"
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
	return checkClosed(t.Closed, t.Cols, len(t.Squares), t.Squares[len(t.Squares)-1], t.Squares[0])
}

// checkClosed reports a path of length squares, from first to last on a
// board of cols columns, that is marked closed but does not close: the one
// closed-tour rule that Write, WritePath and Read all keep.
func checkClosed(closed bool, cols, length int, last, first int32) error {
	if closed && length > 1 && moveCode(cols, last, first) < 0 {
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

// chunk is how many bytes of moves Read handles at a time.
const chunk = 1 << 16

// Write writes t in the binary format.
func Write(w io.Writer, t Tour) error {
	if err := t.check(); err != nil {
		return fmt.Errorf("write tour: %w", err)
	}
	var p tour.Path
	if err := p.SetSquares(t.Rows, t.Cols, t.Squares); err != nil {
		return fmt.Errorf("write tour: %w", err)
	}
	return WritePath(w, &p, t.Closed)
}

// WritePath writes the path p in the binary format, marked closed if closed
// (which the last square must then bear out). Its moves are written as p
// holds them: the format's move stream is tour.Path's.
func WritePath(w io.Writer, p *tour.Path, closed bool) error {
	if _, err := board.New(p.Rows(), p.Cols()); err != nil {
		return fmt.Errorf("write tour: %w", err)
	}
	if err := checkClosed(closed, p.Cols(), p.Len(), p.Last(), p.First()); err != nil {
		return fmt.Errorf("write tour: %w", err)
	}
	var h [headerSize]byte
	copy(h[:], Magic)
	h[4] = Version
	if closed {
		h[5] = flagClosed
	}
	binary.LittleEndian.PutUint32(h[8:], uint32(p.Rows()))
	binary.LittleEndian.PutUint32(h[12:], uint32(p.Cols()))
	binary.LittleEndian.PutUint64(h[16:], uint64(p.Len()))
	binary.LittleEndian.PutUint32(h[24:], uint32(p.First()))
	moves := p.Packed()
	crc := crc32.NewIEEE()
	crc.Write(h[:])
	crc.Write(moves)
	for _, b := range [][]byte{h[:], moves, binary.LittleEndian.AppendUint32(nil, crc.Sum32())} {
		if _, err := w.Write(b); err != nil {
			return fmt.Errorf("write tour: %w", err)
		}
	}
	return nil
}

// Read reads a tour in the binary format.
func Read(r io.Reader) (Tour, error) {
	p, closed, err := ReadPath(r)
	if err != nil {
		return Tour{}, err
	}
	return Tour{Rows: p.Rows(), Cols: p.Cols(), Closed: closed, Squares: p.Squares(nil)}, nil
}

// ReadPath reads a tour in the binary format as a tour.Path, and whether it
// is marked closed.
func ReadPath(r io.Reader) (*tour.Path, bool, error) {
	crc := crc32.NewIEEE()
	var h [headerSize]byte
	if _, err := io.ReadFull(r, h[:]); err != nil {
		return nil, false, fmt.Errorf("read tour header: %w", noEOF(err))
	}
	crc.Write(h[:])
	if string(h[:4]) != Magic {
		return nil, false, fmt.Errorf("read tour: not a tour file (magic %q, want %q)", h[:4], Magic)
	}
	if h[4] != Version {
		return nil, false, fmt.Errorf("read tour: format version %d, this program reads %d", h[4], Version)
	}
	if h[5]&^flagClosed != 0 || h[6] != 0 || h[7] != 0 {
		return nil, false, fmt.Errorf("read tour: unknown flags %#x %#x %#x", h[5], h[6], h[7])
	}
	closed := h[5]&flagClosed != 0
	rows, cols := binary.LittleEndian.Uint32(h[8:]), binary.LittleEndian.Uint32(h[12:])
	if rows < 1 || rows > board.MaxSide || cols < 1 || cols > board.MaxSide {
		return nil, false, fmt.Errorf("read tour: board %dx%d: each side must be 1..%d", rows, cols, board.MaxSide)
	}
	n := uint64(rows) * uint64(cols)
	length := binary.LittleEndian.Uint64(h[16:])
	if length < 1 || length > n {
		return nil, false, fmt.Errorf("read tour: length %d on a %dx%d board: want 1 to %d", length, rows, cols, n)
	}
	first := binary.LittleEndian.Uint32(h[24:])
	if uint64(first) >= n {
		return nil, false, fmt.Errorf("read tour: first square %d is off the %dx%d board", first, rows, cols)
	}
	// The moves, read a chunk at a time: the file's length is only a
	// claim until the bytes arrive.
	want := tour.PackedLen(int(length) - 1)
	var moves []byte
	for len(moves) < want {
		m := min(chunk, want-len(moves))
		moves = slices.Grow(moves, m+1)[:len(moves)+m] // +1: FromPacked's spare byte
		if _, err := io.ReadFull(r, moves[len(moves)-m:]); err != nil {
			return nil, false, fmt.Errorf("read tour moves: %w", noEOF(err))
		}
	}
	crc.Write(moves)
	var sum [5]byte
	switch got, err := io.ReadFull(r, sum[:]); {
	case got < 4:
		return nil, false, fmt.Errorf("read tour checksum: %w", noEOF(err))
	case got > 4:
		return nil, false, errors.New("read tour: data after the checksum")
	}
	if got, want := binary.LittleEndian.Uint32(sum[:]), crc.Sum32(); got != want {
		return nil, false, fmt.Errorf("read tour: checksum %08x, want %08x: the file is damaged", got, want)
	}
	if used := uint(3*(length-1)) & 7; used != 0 && moves[len(moves)-1]>>used != 0 {
		return nil, false, errors.New("read tour: padding bits after the last move are not zero")
	}
	p, err := tour.FromPacked(int(rows), int(cols), int32(first), int(length), moves)
	if err != nil {
		return nil, false, fmt.Errorf("read tour: %w", err)
	}
	// Every move must stay on the board, and a closed tour close.
	row, col := int(first)/int(cols), int(first)%int(cols)
	for i := range int(length) - 1 {
		m := board.DigitMoves[p.Code(i)]
		row, col = row+m.DRow, col+m.DCol
		if row < 0 || row >= int(rows) || col < 0 || col >= int(cols) {
			return nil, false, fmt.Errorf("read tour: move %d leaves the %dx%d board", i+1, rows, cols)
		}
	}
	if err := checkClosed(closed, int(cols), int(length), int32(row*int(cols)+col), int32(first)); err != nil {
		return nil, false, fmt.Errorf("read tour: %w", err)
	}
	return p, closed, nil
}

// noEOF turns an end of file inside a record into ErrUnexpectedEOF.
func noEOF(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}
