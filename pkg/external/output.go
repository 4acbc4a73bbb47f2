package external

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"knightsweep/pkg/status"
)

// NoTour is the status of a run whose solver exited 0 with empty output:
// it searched and found no tour. Like every external status it proves
// nothing: a solver is not known to be complete.
const NoTour = status.Exhausted

// ParseOutput reads what a one-process-a-run solver printed for a rows x
// cols board: empty (no tour), one JSON Answer, a grid of move numbers or
// a list of squares. Lines of text around a grid or a list (a prompt, "done")
// are passed over, as the seed programs print them; output with neither
// is an error. Only the form is checked here; whether the squares make a
// tour is the validator's question.
func ParseOutput(rows, cols int, out []byte) (Answer, error) {
	text := bytes.TrimSpace(out)
	switch {
	case len(text) == 0:
		return Answer{Status: NoTour}, nil
	case text[0] == '{':
		return ParseAnswer(text)
	}
	var lines []numbers
	var other string
	n := 0
	for line := range strings.Lines(string(out)) {
		n++
		nums, ok := integers(line)
		switch {
		case ok:
			lines = append(lines, numbers{line: n, nums: nums})
		case other == "" && strings.TrimSpace(line) != "":
			other = strings.TrimSpace(line)
		}
	}
	if len(lines) == 0 {
		return Answer{}, fmt.Errorf("output is neither a grid, a list of squares nor a JSON answer: %s", quote(other))
	}
	squares, err := readGrid(rows, cols, lines)
	if err == errNotGrid {
		squares, err = readSquares(rows, cols, lines)
	}
	if err != nil {
		return Answer{}, err
	}
	return Answer{Status: status.Found, Tour: squares}, nil
}

// numbers is a line of output that holds only integers, and its number
// in the output, from 1.
type numbers struct {
	line int
	nums []int64
}

// ParseAnswer reads one JSON answer. A line that is no JSON object at all
// is most often a solver's words on the wrong stream (a banner, a
// progress line), which the error says.
func ParseAnswer(line []byte) (Answer, error) {
	a, ok := fastAnswer(line)
	if t := bytes.TrimSpace(line); !ok && len(t) > 0 && t[0] != '{' {
		return Answer{}, fmt.Errorf("JSON answer: none but a line of text, %s (a solver prints its answers alone on stdout: a banner or a message goes to stderr)", quote(string(line)))
	}
	if !ok {
		var err error
		if a, err = decodeAnswer(line); err != nil {
			return Answer{}, err
		}
	}
	switch {
	case a.Status == "":
		return Answer{}, fmt.Errorf("JSON answer without a status: %s", quote(string(line)))
	case !a.Status.Valid():
		return Answer{}, fmt.Errorf("JSON answer: unknown status %q: want one of %s", a.Status, statusWords())
	case a.Status == status.Found && len(a.Tour) == 0:
		return Answer{}, fmt.Errorf("JSON answer: status found without a tour")
	case a.Nodes != nil && *a.Nodes < 0 || a.Backtracks != nil && *a.Backtracks < 0:
		return Answer{}, fmt.Errorf("JSON answer: negative nodes or backtracks")
	}
	return a, nil
}

// decodeAnswer reads one JSON answer by encoding/json, its keys matched
// exactly.
func decodeAnswer(line []byte) (Answer, error) {
	var a Answer
	d := json.NewDecoder(bytes.NewReader(line))
	if err := d.Decode(&a); err != nil {
		return Answer{}, fmt.Errorf("JSON answer: %v: %s", err, quote(string(line)))
	}
	if rest := bytes.TrimSpace(line[d.InputOffset():]); len(rest) > 0 {
		return Answer{}, fmt.Errorf("JSON answer: %s after its object: %s", quote(string(rest)), quote(string(line)))
	}
	if mayFoldKeys(line) {
		if err := exactKeys(line); err != nil {
			return Answer{}, err
		}
	}
	return a, nil
}

// answerKeys are the keys of an Answer, as its JSON tags spell them.
var answerKeys = []string{"id", "status", "tour", "nodes", "backtracks", "error"}

// exactKeys refuses a key of line that matches one of an Answer's only
// when case is ignored ("STATUS"): encoding/json would take it, and a
// solver's answer means what it spells. Keys an Answer does not have are
// passed over, as a request's unknown fields are.
func exactKeys(line []byte) error {
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(line, &keys); err != nil {
		return fmt.Errorf("JSON answer: %v: %s", err, quote(string(line)))
	}
	for k := range keys {
		for _, want := range answerKeys {
			if k != want && strings.EqualFold(k, want) {
				return fmt.Errorf("JSON answer: key %q is not %q (keys are matched exactly): %s", k, want, quote(string(line)))
			}
		}
	}
	return nil
}

// mayFoldKeys reports whether line may hold a key that matches one of an
// Answer's only when case is ignored, so that exactKeys need decode it a
// second time only then: where it holds a non-ASCII byte (encoding/json
// folds "ſ" to "s") or an escape ("\u0053TATUS"), or where lowering its
// ASCII letters makes more quoted answer keys than it spells exactly.
func mayFoldKeys(line []byte) bool {
	for _, c := range line {
		if c >= utf8.RuneSelf || c == '\\' {
			return true
		}
	}
	lower := bytes.ToLower(line)
	for _, k := range quotedAnswerKeys {
		if bytes.Count(lower, k) != bytes.Count(line, k) {
			return true
		}
	}
	return false
}

// quotedAnswerKeys are answerKeys in quotes, as they stand in a line.
var quotedAnswerKeys = func() [][]byte {
	q := make([][]byte, len(answerKeys))
	for i, k := range answerKeys {
		q[i] = []byte(`"` + k + `"`)
	}
	return q
}()

func statusWords() string {
	w := make([]string, len(status.All))
	for i, s := range status.All {
		w[i] = string(s)
	}
	return strings.Join(w, ", ")
}

// integers reads a line of integers separated by spaces, tabs or commas.
func integers(line string) ([]int64, bool) {
	fields := strings.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == '\t' || r == ',' || r == '\r' || r == '\n' })
	if len(fields) == 0 {
		return nil, false
	}
	nums := make([]int64, len(fields))
	for i, f := range fields {
		v, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			return nil, false
		}
		nums[i] = v
	}
	return nums, true
}

var errNotGrid = fmt.Errorf("not a grid")

// readGrid reads a grid, rows lines of cols move numbers, 1..N or
// 0..N-1, into the squares in move order. The grid is the block of
// exactly rows successive lines of cols numbers among the lines of
// numbers: other lines of numbers around it (a "rows cols" header, a
// count after it) are passed over, as text is.
func readGrid(rows, cols int, lines []numbers) ([]int32, error) {
	block := -1
	for i := 0; i < len(lines); {
		j := i
		for j < len(lines) && len(lines[j].nums) == cols {
			j++
		}
		if j-i == rows {
			block = i
			break
		}
		i = max(j, i+1)
	}
	if block < 0 {
		return nil, errNotGrid
	}
	lines = lines[block : block+rows]
	n := int64(rows * cols)
	base, lo, hi := int64(1), int64(math.MaxInt64), int64(math.MinInt64)
	for _, l := range lines {
		for _, v := range l.nums {
			if v == 0 {
				base = 0
			}
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	if lo == base+1 && hi == n+base {
		return nil, fmt.Errorf("grid: move numbers run %d..%d, one too high throughout: a %dx%d grid numbers its moves 1..%d (or 0..%d)", lo, hi, rows, cols, n, n-1)
	}
	squares := make([]int32, n)
	seen := make([]bool, n)
	for r, l := range lines {
		for c, v := range l.nums {
			k := v - base
			if k < 0 || k >= n {
				return nil, fmt.Errorf("grid: move number %d at %d,%d (output line %d) is outside %d..%d", v, r, c, l.line, base, n-1+base)
			}
			if seen[k] {
				return nil, fmt.Errorf("grid: move number %d twice (again at %d,%d, output line %d): a square visited twice", v, r, c, l.line)
			}
			seen[k] = true
			squares[k] = int32(r*cols + c)
		}
	}
	return squares, nil
}

// readSquares reads one square a line, "r c" or "r,c", in tour order.
func readSquares(rows, cols int, lines []numbers) ([]int32, error) {
	squares := make([]int32, 0, len(lines))
	for i, l := range lines {
		if len(l.nums) != 2 {
			return nil, fmt.Errorf("output: %d lines of numbers, neither a %dx%d grid (%d lines of %d move numbers) nor a list of squares (\"r c\" a line): output line %d has %d numbers",
				len(lines), rows, cols, rows, cols, l.line, len(l.nums))
		}
		r, c := l.nums[0], l.nums[1]
		if r < 0 || r >= int64(rows) || c < 0 || c >= int64(cols) {
			return nil, fmt.Errorf("square %d (%d,%d, output line %d) is off the %dx%d board", i, r, c, l.line, rows, cols)
		}
		squares = append(squares, int32(r)*int32(cols)+int32(c))
	}
	return squares, nil
}

// quote shortens s to a line for a message.
func quote(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 120 {
		s = s[:117] + "..."
	}
	return strconv.Quote(s)
}
