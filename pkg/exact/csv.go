package exact

import (
	"bytes"
	"cmp"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/gocarina/gocsv"

	"knightsweep/internal/durable"
	"knightsweep/pkg/board"
	"knightsweep/pkg/runs"
)

// Row is one start's line of an exact CSV (experiment exact -out FILE),
// the format report -exact reads. A start that a symmetry maps to another
// has its own row, with the same figures.
type Row struct {
	Rows     int    `csv:"rows"`
	Cols     int    `csv:"cols"`
	StartRow int    `csv:"start_row"`
	StartCol int    `csv:"start_col"`
	Closed   bool   `csv:"closed"`
	Rule     string `csv:"rule"`
	// Probability is the decimal; ProbabilityFraction the exact fraction
	// (empty beyond 64 squares, where ErrorBound bounds the decimal's
	// error; 0 when it is the fraction's rounding).
	Probability         float64 `csv:"probability"`
	ProbabilityFraction string  `csv:"probability_fraction"`
	ErrorBound          float64 `csv:"error_bound"`
	Tours               uint64  `csv:"tours"`
	Walks               uint64  `csv:"walks"`
	// FailLength is "length=probability" for every length at which some
	// walks stop, separated by spaces: fractions when exact.
	FailLength string `csv:"fail_length"`
	States     int64  `csv:"states"`
	TimeNS     int64  `csv:"time_ns"`
	// PeakStates, Unmemoised, PeakDisk and Nodes are the walk's figures
	// that the CSV does not keep (experiment exact -json prints them): 0
	// in a row read back.
	PeakStates int64 `csv:"-"`
	Unmemoised int64 `csv:"-"`
	PeakDisk   int64 `csv:"-"`
	Nodes      int64 `csv:"-"`
	// failBounds are the error bounds of FailLength's probabilities, in
	// float mode: what the CSV does not keep either.
	failBounds []float64
}

// NewRow returns r's row for the square at (one of its task's members).
func NewRow(r Result, at board.Square) Row {
	row := Row{Rows: r.Board.Rows, Cols: r.Board.Cols, StartRow: at.Row, StartCol: at.Col, Closed: r.Closed,
		Rule: r.Rule.String(), Probability: r.Probability, ErrorBound: r.ErrorBound,
		Tours: r.Tours, Walks: r.Walks, States: r.States, TimeNS: r.Elapsed.Nanoseconds(),
		PeakStates: r.PeakStates, Unmemoised: r.Unmemoised, PeakDisk: r.PeakDisk, Nodes: r.Nodes}
	if r.Fraction != nil {
		row.ProbabilityFraction = r.Fraction.RatString()
	}
	parts := make([]string, len(r.FailLength))
	for i, f := range r.FailLength {
		v := strconv.FormatFloat(f.Probability, 'g', -1, 64)
		if f.Fraction != nil {
			v = f.Fraction.RatString()
		}
		parts[i] = fmt.Sprintf("%d=%s", f.Length, v)
		if f.ErrorBound != 0 && row.failBounds == nil {
			row.failBounds = make([]float64, len(r.FailLength))
		}
		if row.failBounds != nil {
			row.failBounds[i] = f.ErrorBound
		}
	}
	row.FailLength = strings.Join(parts, " ")
	return row
}

// Key is what a row is about: a board, a start, open or closed, a rule.
type Key struct {
	Board  board.Board
	Start  board.Square
	Closed bool
	Rule   string
}

// String names the key as messages and the command's lines do: "6x6 from
// 2,2 random", " closed" after a closed tour's.
func (k Key) String() string {
	return fmt.Sprintf("%v from %v %s", k.Board, k.Start, k.RuleText())
}

// RuleText names the rule and the tour kind, as String ends: "random",
// "random closed"; the one writer of " closed" (the report's labels and
// the command's grids ask it).
func (k Key) RuleText() string {
	if k.Closed {
		return k.Rule + " closed"
	}
	return k.Rule
}

// Key returns the row's key.
func (r Row) Key() Key {
	return Key{board.Board{Rows: r.Rows, Cols: r.Cols}, board.Square{Row: r.StartRow, Col: r.StartCol}, r.Closed, r.Rule}
}

// check reports a row whose fields contradict each other.
func (r Row) check() error {
	if _, err := board.New(r.Rows, r.Cols); err != nil {
		return err
	}
	if !(board.Board{Rows: r.Rows, Cols: r.Cols}).Contains(r.StartRow, r.StartCol) {
		return fmt.Errorf("start %d,%d is off the %dx%d board", r.StartRow, r.StartCol, r.Rows, r.Cols)
	}
	if _, err := ParseRule(r.Rule); err != nil {
		return err
	}
	if !(r.Probability >= 0 && r.Probability <= 1) {
		return fmt.Errorf("probability %v is not in [0, 1]", r.Probability)
	}
	var q *big.Rat
	if r.ProbabilityFraction != "" {
		var ok bool
		q, ok = new(big.Rat).SetString(r.ProbabilityFraction)
		if !ok {
			return fmt.Errorf("probability_fraction %q is not a fraction", r.ProbabilityFraction)
		}
		if x, _ := q.Float64(); x != r.Probability {
			return fmt.Errorf("probability %v is not probability_fraction %s rounded", r.Probability, r.ProbabilityFraction)
		}
	}
	if r.Tours > r.Walks {
		return fmt.Errorf("%d tours of %d walks", r.Tours, r.Walks)
	}
	fails, err := r.Fails()
	if err != nil {
		return err
	}
	if q == nil {
		return nil
	}
	// An exact row's figures hold together: a hand-edited fraction that
	// still matches its decimal must match the rest.
	if q.RatString() != r.ProbabilityFraction {
		return fmt.Errorf("probability_fraction %s is not in lowest terms (%s)", r.ProbabilityFraction, q.RatString())
	}
	if (q.Sign() == 0) != (r.Tours == 0) || (q.Cmp(big.NewRat(1, 1)) == 0) != (r.Tours == r.Walks) {
		return fmt.Errorf("probability %s with %d tours of %d walks", r.ProbabilityFraction, r.Tours, r.Walks)
	}
	sum := new(big.Rat).Set(q)
	for _, f := range fails {
		if f.Fraction == nil {
			return fmt.Errorf("fail_length %d=%v is not a fraction, in an exact row", f.Length, f.Probability)
		}
		sum.Add(sum, f.Fraction)
	}
	if sum.Cmp(big.NewRat(1, 1)) != 0 {
		return fmt.Errorf("probability_fraction %s and fail_length add up to %s, not 1", r.ProbabilityFraction, sum.RatString())
	}
	return nil
}

// Fails reads the row's fail_length: each length with its probability,
// and its fraction where it is written as one.
func (r Row) Fails() ([]Fail, error) {
	var out []Fail
	n := r.Rows * r.Cols
	for _, part := range strings.Fields(r.FailLength) {
		ls, vs, ok := strings.Cut(part, "=")
		l, err := strconv.Atoi(ls)
		if !ok || err != nil || l < 1 || l > n || len(out) > 0 && l <= out[len(out)-1].Length {
			return nil, fmt.Errorf("fail_length %q: want length=probability pairs, lengths rising from 1 to %d, such as 33=47/192", truncate(r.FailLength), n)
		}
		f := Fail{Length: l}
		if strings.Contains(vs, "/") || r.ProbabilityFraction != "" {
			q, ok := new(big.Rat).SetString(vs)
			if !ok || q.Sign() <= 0 || q.Cmp(big.NewRat(1, 1)) > 0 {
				return nil, fmt.Errorf("fail_length %d=%s: want a fraction in (0, 1]", l, vs)
			}
			f.Fraction = q
			f.Probability, _ = q.Float64()
		} else {
			x, err := strconv.ParseFloat(vs, 64)
			if err != nil || !(x > 0 && x <= 1) {
				return nil, fmt.Errorf("fail_length %d=%s: want a probability in (0, 1]", l, vs)
			}
			f.Probability = x
		}
		out = append(out, f)
	}
	return out, nil
}

// Header is the first line of an exact CSV.
const Header = unsealedHeader + ",crc32c"

// unsealedHeader is the header of the figures' columns, without crc32c:
// the whole header of a file written before rows were sealed.
const unsealedHeader = "rows,cols,start_row,start_col,closed,rule,probability,probability_fraction,error_bound,tours,walks,fail_length,states,time_ns"

// A row is sealed: its last column, crc32c, is the CRC-32C of the bytes
// of the line before that column's comma, in hexadecimal, so that a
// figure edited by hand (a count that no other column contradicts) or a
// line cut short is refused, naming its line, while the file stays a CSV
// that people and their tools read, and rows copied from one file to
// another keep their seal. A file written before rows were sealed (its
// header without crc32c) is read once more, each row checked against
// itself, and written back sealed.
const csvSumDigits = 8

// csvAdvice says what to do with a damaged line of an exact CSV.
const csvAdvice = "remove the line (the same exact command walks its start again) or name another file"

// seal returns the lines of data, a CSV of unsealedHeader's columns, each
// ending in its crc32c column.
func seal(data []byte) []byte {
	var out bytes.Buffer
	for i, line := range bytes.SplitAfter(data, []byte("\n")) {
		line = bytes.TrimSuffix(line, []byte("\n"))
		if len(line) == 0 {
			continue
		}
		out.Write(line)
		if i == 0 {
			out.WriteString(",crc32c\n")
			continue
		}
		fmt.Fprintf(&out, ",%08x\n", durable.Update(0, line))
	}
	return out.Bytes()
}

// unseal checks every row's crc32c in data, a sealed exact CSV named name
// (its header checked), and returns the file without that column.
func unseal(name string, data []byte) ([]byte, error) {
	lines := bytes.SplitAfter(data, []byte("\n"))
	out := bytes.NewBuffer(make([]byte, 0, len(data)))
	out.WriteString(unsealedHeader + "\n")
	for i, line := range lines[1:] {
		n := i + 2
		whole := bytes.HasSuffix(line, []byte("\n"))
		line = bytes.TrimRight(line, "\r\n")
		if len(line) == 0 {
			if whole {
				out.WriteByte('\n') // lines keep their numbers
			}
			continue
		}
		j := bytes.LastIndexByte(line, ',')
		if !whole || j < 0 || len(line)-j-1 != csvSumDigits {
			if !whole {
				return nil, fmt.Errorf("%s: line %d: cut short (it does not end in its crc32c and a newline): remove the last line (the same exact command walks its start again) or name another file", name, n)
			}
			return nil, fmt.Errorf("%s: line %d: damaged: it does not end in its crc32c: %s", name, n, csvAdvice)
		}
		want, err := strconv.ParseUint(string(line[j+1:]), 16, 32)
		got := durable.Update(0, line[:j])
		if err != nil || uint32(want) != got {
			return nil, fmt.Errorf("%s: line %d: damaged: its CRC-32C is %08x, its crc32c column says %s (edited by hand?): %s", name, n, got, line[j+1:], csvAdvice)
		}
		out.Write(line[:j])
		out.WriteByte('\n')
	}
	return out.Bytes(), nil
}

// ReadCSV reads an exact CSV, of at most MaxCSVBytes; a missing file is
// an error that satisfies errors.Is(err, fs.ErrNotExist).
func ReadCSV(path string) ([]Row, error) {
	data, err := durable.ReadFile(path, MaxCSVBytes)
	var tl *durable.TooLargeError
	if errors.As(err, &tl) {
		return nil, fmt.Errorf("%s: %w: not an exact CSV", path, err)
	}
	if err != nil {
		return nil, err
	}
	return ParseCSV(path, data)
}

// IsCSV reports whether the file at path begins with an exact CSV's
// header (sealed or not): what a command that reads other CSVs names, to
// point to the flag that takes this one.
func IsCSV(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, len(runs.BOM)+len(Header)+2)
	n, _ := io.ReadFull(f, head)
	first, _, _ := bytes.Cut(bytes.TrimPrefix(head[:n], []byte(runs.BOM)), []byte("\n"))
	first = bytes.TrimRight(first, "\r")
	return string(first) == Header || string(first) == unsealedHeader
}

// ParseCSV reads the bytes of an exact CSV named name.
func ParseCSV(name string, data []byte) ([]Row, error) {
	data = bytes.TrimPrefix(data, []byte(runs.BOM))
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, nil // an empty file, such as mktemp makes: no rows yet
	}
	first, _, _ := bytes.Cut(data, []byte("\n"))
	switch got := strings.TrimRight(string(first), "\r"); got {
	case Header:
		var err error
		if data, err = unseal(name, data); err != nil {
			return nil, err
		}
	case unsealedHeader:
		if !bytes.HasSuffix(data, []byte("\n")) {
			return nil, fmt.Errorf("%s: line %d: cut short (no newline at its end): remove the last line (the same exact command walks its start again) or name another file",
				name, bytes.Count(data, []byte("\n"))+1)
		}
	default:
		return nil, fmt.Errorf("%s: not an exact CSV (experiment exact -out): its header is %q, want %q", name, truncate(got), Header)
	}
	var rows []Row
	if err := gocsv.UnmarshalBytes(data, &rows); err != nil {
		// gocsv's own text ("record on line 0; parse error on line 2,
		// column 10") names a record that is not the line and a column
		// by number.
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			col := fmt.Sprint(pe.Column)
			if cols := Columns(); pe.Column >= 1 && pe.Column <= len(cols) {
				col = cols[pe.Column-1]
			}
			return nil, fmt.Errorf("%s: line %d: column %s: %w", name, pe.Line, col, pe.Err)
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	seen := make(map[Key]int, len(rows))
	class := map[Key]int{} // a start's least image's key: the first row of its class
	reps := map[board.Board][]int{}
	for i, r := range rows {
		if err := r.check(); err != nil {
			return nil, fmt.Errorf("%s: line %d: %w", name, i+2, err)
		}
		// Two rows for one start: which one a resume or a report would
		// take is an accident of order.
		if j, ok := seen[r.Key()]; ok {
			return nil, fmt.Errorf("%s: line %d: a second row for %v (the first is line %d)", name, i+2, r.Key(), j+2)
		}
		seen[r.Key()] = i
		// Starts a symmetry maps to each other have one walk under a
		// random rule (Tasks walks one for all): rows that disagree are
		// an edit or a defect of the file, which the report would blame
		// on the solver or the sampler.
		rule, _ := ParseRule(r.Rule)
		if !rule.Randomised() {
			continue
		}
		k := r.Key()
		rep, ok := reps[k.Board]
		if !ok {
			rep = k.Board.Representatives()
			reps[k.Board] = rep
		}
		c := rep[k.Board.Index(k.Start.Row, k.Start.Col)]
		k.Start = board.Square{Row: c / k.Board.Cols, Col: c % k.Board.Cols}
		j, ok := class[k]
		if !ok {
			class[k] = i
			continue
		}
		if !r.agrees(rows[j]) {
			return nil, fmt.Errorf("%s: line %d: %v has probability %v (%d tours of %d walks), its symmetric start %v on line %d %v (%d of %d): a random rule's symmetric starts have one walk, so the file was edited or is damaged",
				name, i+2, r.Key(), cmp.Or(r.ProbabilityFraction, fmt.Sprint(r.Probability)), r.Tours, r.Walks,
				rows[j].Key().Start, j+2, cmp.Or(rows[j].ProbabilityFraction, fmt.Sprint(rows[j].Probability)), rows[j].Tours, rows[j].Walks)
		}
	}
	return rows, nil
}

// agrees reports whether two rows can be one walk's: the same counts, the
// same fraction where both have one, and decimals within their bounds.
func (r Row) agrees(o Row) bool {
	if r.Tours != o.Tours || r.Walks != o.Walks {
		return false
	}
	if r.ProbabilityFraction != "" && o.ProbabilityFraction != "" {
		return r.ProbabilityFraction == o.ProbabilityFraction && r.FailLength == o.FailLength
	}
	return math.Abs(r.Probability-o.Probability) <= r.ErrorBound+o.ErrorBound
}

func truncate(s string) string {
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}

// WriteCSV writes rows to path, replacing it atomically (durable.Replace),
// so that an interrupted write leaves the old file whole: the file never
// holds part of a row.
func WriteCSV(path string, rows []Row) error {
	// In the order of the boards and starts, not of the walks' ends,
	// which the workers decide: a resumed file and a fresh one have the
	// same rows in the same lines (only time_ns differs).
	rows = slices.Clone(rows)
	slices.SortStableFunc(rows, func(a, b Row) int {
		return cmp.Or(cmp.Compare(a.Rows, b.Rows), cmp.Compare(a.Cols, b.Cols), cmp.Compare(a.Rule, b.Rule),
			boolCompare(a.Closed, b.Closed), cmp.Compare(a.StartRow, b.StartRow), cmp.Compare(a.StartCol, b.StartCol))
	})
	var buf bytes.Buffer
	if err := gocsv.Marshal(rows, &buf); err != nil {
		return err
	}
	// gocsv writes the header for no rows too: the file of a run whose
	// first start has yet to end.
	// The directories on the way, as the other commands' outputs make them.
	// Their errors name the path.
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return durable.ReplaceBytes(path, seal(buf.Bytes()))
}

func boolCompare(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// Columns returns the exact CSV's column names, crc32c last.
func Columns() []string { return strings.Split(Header, ",") }
