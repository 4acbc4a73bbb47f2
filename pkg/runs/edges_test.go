package runs

import (
	"bytes"
	"strings"
	"testing"
)

// TestCompleteLengthNewlineAtAChunksFirstByte: the last newline may be the
// first byte CompleteLength reads of a 64 KiB chunk (the file's end less
// 64 KiB); the complete part runs up to and including it.
func TestCompleteLengthNewlineAtAChunksFirstByte(t *testing.T) {
	// "h\n", 8 a's, a newline at byte 10, then 65535 b's: 65546 bytes,
	// whose last 65536 start on the newline.
	f := "h\n" + strings.Repeat("a", 8) + "\n" + strings.Repeat("b", 64<<10-1)
	n, err := CompleteLength(bytes.NewReader([]byte(f)), int64(len(f)))
	if err != nil || n != 11 {
		t.Errorf("CompleteLength = %d, %v; want 11, through the newline at byte 10", n, err)
	}
}

// TestTourOffTheBoardNamesTheIndices: a tour column's square past the
// last is refused, naming the board's indices, 0..24 on 5x5.
func TestTourOffTheBoardNamesTheIndices(t *testing.T) {
	r := Row{Rows: 5, Cols: 5, Strategy: "dfs", Tiebreak: "first", Status: "found", Solvable: "yes",
		Nodes: 25, Backtracks: 0, CPUNS: Unknown, MaxRSSBytes: Unknown, Order: "34261578", Verified: true,
		Tour: "0 25"}
	want := "column tour: square 1: 25 is off the 5x5 board (indices 0..24)"
	if err := r.Validate(); err == nil || err.Error() != want {
		t.Errorf("%v, want %q", err, want)
	}
}
