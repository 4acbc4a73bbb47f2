// Package tourfile stores knight's tours in files: a compact binary format
// for boards of any size and a text form (the step-number grid) for small
// boards.
//
// # Binary format, version 1
//
// All integers are little-endian.
//
//	offset  size  field
//	0       4     magic "KTOU"
//	4       1     version, 1
//	5       1     flags: bit 0 set when the tour is closed (the last square
//	              is a knight's move from the first); other bits zero
//	6       2     zero
//	8       4     rows (1..board.MaxSide)
//	12      4     cols (1..board.MaxSide)
//	16      8     length: the number of squares on the path (1..rows*cols)
//	24      4     the first square, row*cols + col
//	28      m     length-1 moves of 3 bits each, m = ceil(3*(length-1)/8)
//	28+m    4     CRC-32 (IEEE) of every byte before it
//
// A move's 3-bit code k is the literature's move digit k+1 (board.DigitMoves):
// 0 (-2,+1), 1 (-1,+2), 2 (+1,+2), 3 (+2,+1), 4 (+2,-1), 5 (+1,-2), 6 (-1,-2),
// 7 (-2,-1), as (rows, cols) down and right. Move i fills bits 3i..3i+2 of the
// move stream, least significant bit first, where bit j of the stream is bit
// j%8 of its byte j/8; the unused high bits of the last byte are zero. A tour
// of 10^8 squares takes 37.5 MB, against 400 MB as int32 squares.
//
// Read checks everything it can without the tour's meaning: the magic,
// version, sizes, checksum, and that every move stays on the board and, for
// a closed tour, that the last square is a knight's move from the first.
// Whether the path visits every square once is package tour's question.
//
// # Text form
//
// A header line, then the step-number grid (0 at the first square, "." for
// a square the path does not visit), one board row a line:
//
//	# knightsweep tour 8x8 closed
//	 0 59 38 ...
//
// The header's last word is "closed" or "open". The text form is written
// only for boards up to MaxTextSide a side.
package tourfile
