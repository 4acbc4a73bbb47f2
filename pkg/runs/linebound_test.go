package runs

import (
	"errors"
	"strings"
	"testing"
)

// TestLineBound: a line of exactly MaxLineBytes bytes (its newline not
// counted) is read; one byte more is refused as too long, before more is
// held. A record in quotes across lines is bounded by MaxLineBytes in all,
// its newlines counted: that is read, one byte more refused.
func TestLineBound(t *testing.T) {
	const prefix = "5,5,0,0,dfs,first,false,0,0,error,yes,,,0,false,34261578,"
	header := header16 + ",error\n"
	read := func(body string) (string, error) {
		var got string
		err := ForEach(strings.NewReader(header+body), func(r *Row, _ int) error {
			got = r.Error
			return nil
		})
		return got, err
	}
	tooLong := func(err error) bool {
		ce := (*ContentError)(nil)
		return errors.As(err, &ce) && strings.Contains(err.Error(), "a line longer than")
	}
	for _, extra := range []int{0, 1} {
		n := MaxLineBytes - len(prefix) + extra
		got, err := read(prefix + strings.Repeat("x", n) + "\n")
		if extra == 0 && (err != nil || len(got) != n) {
			t.Errorf("a line of MaxLineBytes: %v, error of %d bytes", err, len(got))
		}
		if extra == 1 && !tooLong(err) {
			t.Errorf("a line of MaxLineBytes+1: %v", err)
		}
		// prefix, a quote, "y\n", n-5 x's, a quote and a newline:
		// MaxLineBytes+extra bytes.
		got, err = read(prefix + "\"y\n" + strings.Repeat("x", n-5) + "\"\n")
		if extra == 0 && (err != nil || len(got) != n-3) {
			t.Errorf("a quoted record of MaxLineBytes: %v, error of %d bytes", err, len(got))
		}
		if extra == 1 && !tooLong(err) {
			t.Errorf("a quoted record of MaxLineBytes+1: %v", err)
		}
	}
}

// TestTimeZeroIsARow: time_ns 0 is a row (a run that failed before it
// started: a solver that would not start); below 0 it is refused.
func TestTimeZeroIsARow(t *testing.T) {
	r := Row{Rows: 5, Cols: 5, Strategy: "mine", Tiebreak: "first", Status: "error", Solvable: "yes",
		Nodes: Unknown, Backtracks: Unknown, CPUNS: Unknown, MaxRSSBytes: Unknown, Order: "34261578", TimeNS: 0}
	if err := r.Validate(); err != nil {
		t.Errorf("time_ns 0: %v", err)
	}
	r.TimeNS = -1
	if err := r.Validate(); err == nil {
		t.Error("time_ns -1: no error")
	}
}

// TestTooLongNamesItsLine: a line refused as too long is named by its own
// number, a record in quotes by the line it starts on, not the line read
// before it.
func TestTooLongNamesItsLine(t *testing.T) {
	const row = "5,5,0,0,dfs,first,false,0,0,error,yes,,,0,false,34261578,x\n"
	long := strings.Repeat("x", MaxLineBytes+1)
	for name, body := range map[string]string{
		"plain line":    row + row + long + "\n",
		"quoted record": row + row + "5,5,0,0,dfs,first,false,0,0,error,yes,,,0,false,34261578,\"y\n" + long + "\"\n",
	} {
		t.Run(name, func(t *testing.T) {
			err := ForEach(strings.NewReader(header16+",error\n"+body), func(*Row, int) error { return nil })
			ce := (*ContentError)(nil)
			if !errors.As(err, &ce) || ce.Line != 4 {
				t.Errorf("got %v, want line 4 named", err)
			}
		})
	}
}
