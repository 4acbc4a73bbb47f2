package theory

import (
	"bufio"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"
)

// CountedBoard is the exact count of directed open tours from each start
// square of a board that neither Schwenk's theorem nor the colour rule
// settles square by square (the frontier counter of package count, written
// by tools/theorydata). Counts[r][c] is nil on the squares a theorem
// settles, which were not counted.
type CountedBoard struct {
	Rows, Cols int
	Counts     [][]*big.Int
}

// Certificate is a tour stored as the search that finds it: warnsdorff
// with its random tie-break rule and Seed (package solver, as `experiment
// solve -strategy warnsdorff -tiebreak random -seed Seed` runs it) from
// Start, which ends on End. Squares are row*cols+col. Package certify
// replays it and checks the tour with the validator of package tour.
type Certificate struct {
	Rows, Cols int
	Start, End int
	Seed       uint64
}

// String names the search, the board and the tour's ends: "warnsdorff
// -tiebreak random -seed 3 on 7x9 from 0,0 to 6,8".
func (c Certificate) String() string {
	return fmt.Sprintf("warnsdorff -tiebreak random -seed %d on %dx%d from %d,%d to %d,%d",
		c.Seed, c.Rows, c.Cols, c.Start/c.Cols, c.Start%c.Cols, c.End/c.Cols, c.End%c.Cols)
}

// WriteCounts writes boards in the form ReadCounts reads: after the
// header's comment lines, each board's size (RxC) on a line of its own,
// then one line a row, each square's count or "-" where none was made.
func WriteCounts(w io.Writer, header string, boards []CountedBoard) error {
	bw := bufio.NewWriter(w)
	writeHeader(bw, header)
	for _, b := range boards {
		fmt.Fprintf(bw, "%dx%d\n", b.Rows, b.Cols)
		for _, row := range b.Counts {
			for c, n := range row {
				if c > 0 {
					bw.WriteByte(' ')
				}
				if n == nil {
					bw.WriteByte('-')
				} else {
					bw.WriteString(n.String())
				}
			}
			bw.WriteByte('\n')
		}
	}
	return bw.Flush()
}

// ReadCounts reads what WriteCounts writes.
func ReadCounts(r io.Reader) ([]CountedBoard, error) {
	var out []CountedBoard
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	line := 0
	var cur *CountedBoard
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' {
			continue
		}
		if cur == nil || len(cur.Counts) == cur.Rows {
			rows, cols, err := parseSize(text)
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", line, err)
			}
			out = append(out, CountedBoard{Rows: rows, Cols: cols})
			cur = &out[len(out)-1]
			continue
		}
		fields := strings.Fields(text)
		if len(fields) != cur.Cols {
			return nil, fmt.Errorf("line %d: %d counts on a row of %dx%d, want %d", line, len(fields), cur.Rows, cur.Cols, cur.Cols)
		}
		row := make([]*big.Int, cur.Cols)
		for c, f := range fields {
			if f == "-" {
				continue
			}
			n, ok := new(big.Int).SetString(f, 10)
			if !ok || n.Sign() < 0 {
				return nil, fmt.Errorf("line %d: %q is not a count", line, f)
			}
			row[c] = n
		}
		cur.Counts = append(cur.Counts, row)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if cur != nil && len(cur.Counts) != cur.Rows {
		return nil, fmt.Errorf("%dx%d: %d rows of counts, want %d", cur.Rows, cur.Cols, len(cur.Counts), cur.Rows)
	}
	return out, nil
}

// WriteCertificates writes certificates in the form ReadCertificates reads:
// after the header's comment lines, one line a board, its size (RxC) and
// then START-END:SEED for each certificate, the squares as row*cols+col.
// The certificates of a board are consecutive.
func WriteCertificates(w io.Writer, header string, certs []Certificate) error {
	bw := bufio.NewWriter(w)
	writeHeader(bw, header)
	for i, c := range certs {
		if i == 0 || certs[i-1].Rows != c.Rows || certs[i-1].Cols != c.Cols {
			if i > 0 {
				bw.WriteByte('\n')
			}
			fmt.Fprintf(bw, "%dx%d", c.Rows, c.Cols)
		}
		fmt.Fprintf(bw, " %d-%d:%d", c.Start, c.End, c.Seed)
	}
	if len(certs) > 0 {
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// ReadCertificates reads what WriteCertificates writes.
func ReadCertificates(r io.Reader) ([]Certificate, error) {
	var out []Certificate
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<22)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' {
			continue
		}
		fields := strings.Fields(text)
		rows, cols, err := parseSize(fields[0])
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", line, err)
		}
		for _, f := range fields[1:] {
			c, err := parseCertificate(rows, cols, f)
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", line, err)
			}
			out = append(out, c)
		}
	}
	return out, sc.Err()
}

func parseCertificate(rows, cols int, f string) (Certificate, error) {
	ends, seed, ok := strings.Cut(f, ":")
	start, end, ok2 := strings.Cut(ends, "-")
	if !ok || !ok2 {
		return Certificate{}, fmt.Errorf("%q is not START-END:SEED", f)
	}
	c := Certificate{Rows: rows, Cols: cols}
	var errs [3]error
	c.Start, errs[0] = strconv.Atoi(start)
	c.End, errs[1] = strconv.Atoi(end)
	c.Seed, errs[2] = strconv.ParseUint(seed, 10, 64)
	for _, err := range errs {
		if err != nil {
			return Certificate{}, fmt.Errorf("%q is not START-END:SEED", f)
		}
	}
	if c.Start < 0 || c.Start >= rows*cols || c.End < 0 || c.End >= rows*cols {
		return Certificate{}, fmt.Errorf("%q: a square is off the %dx%d board", f, rows, cols)
	}
	return c, nil
}

func writeHeader(w *bufio.Writer, header string) {
	for l := range strings.Lines(header) {
		w.WriteString("# " + strings.TrimRight(l, "\n") + "\n")
	}
}

func parseSize(s string) (rows, cols int, err error) {
	a, b, ok := strings.Cut(s, "x")
	rows, err1 := strconv.Atoi(a)
	cols, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || rows < 1 || cols < 1 || rows > MaxSettled || cols > MaxSettled {
		return 0, 0, fmt.Errorf("%q is not a board RxC with sides 1..%d", s, MaxSettled)
	}
	return rows, cols, nil
}
