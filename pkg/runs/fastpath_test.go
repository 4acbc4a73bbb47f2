package runs

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"testing"
)

// fastInputs are fields at the edges of the reader's quick paths: signs,
// the characters either side of '0' and '9', the longest numbers the quick
// paths take and one digit more, the largest values and one past them,
// spaces ASCII and not (U+00A0 and U+3000, whose UTF-8 ends in 0xA0 and
// 0x80) at either end.
var fastInputs = []string{
	"", "-", "+", "+5", "-5", "-0", "0", "9", "123", "/", ":", "1a", "a1", "1/", "1:", "--1",
	"999999999999999999", "-999999999999999999", "1000000000000000000",
	"9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
	"9999999999999999999", "18446744073709551615", "18446744073709551616", "99999999999999999999",
	" 5", "5 ", "\t5\n", " ", "\u00a05", "5\u00a0", "\u30005", "5\u3000", "\x80", "5\x80", "\x805", "~", "5~",
}

// TestQuickParsersAgreeWithTheLibrary: parseInt, parseUint, atoi and
// trimSpace are strconv's ParseInt, ParseUint and Atoi and bytes'
// TrimSpace made quick for the usual field: they give what those give,
// value and refusal, for every field.
func TestQuickParsersAgreeWithTheLibrary(t *testing.T) {
	for _, s := range fastInputs {
		b := []byte(s)
		if got, err := parseInt(b); true {
			want, werr := strconv.ParseInt(s, 10, 64)
			if (err == nil) != (werr == nil) || err == nil && got != want {
				t.Errorf("parseInt(%q) = %d, %v; strconv: %d, %v", s, got, err, want, werr)
			}
		}
		if got, err := parseUint(b); true {
			want, werr := strconv.ParseUint(s, 10, 64)
			if (err == nil) != (werr == nil) || err == nil && got != want {
				t.Errorf("parseUint(%q) = %d, %v; strconv: %d, %v", s, got, err, want, werr)
			}
		}
		if got, err := atoi(b); true {
			want, werr := strconv.Atoi(s)
			if (err == nil) != (werr == nil) || err == nil && got != want {
				t.Errorf("atoi(%q) = %d, %v; strconv: %d, %v", s, got, err, want, werr)
			}
		}
		if got, want := trimSpace(b), bytes.TrimSpace(b); !bytes.Equal(got, want) {
			t.Errorf("trimSpace(%q) = %q, bytes.TrimSpace %q", s, got, want)
		}
	}
}

const header16 = "rows,cols,start_row,start_col,strategy,tiebreak,closed,trial,seed,status,solvable,nodes,backtracks,time_ns,verified,order"

// TestEmptyOptionalColumns: prune, max_nodes, timeout_ns and restarts
// empty (a file another tool wrote) read as no pruning and no budget or
// restart; seed empty is refused, as strconv refuses it.
func TestEmptyOptionalColumns(t *testing.T) {
	in := header16 + ",prune,error,max_nodes,timeout_ns,restart_policy,restarts\n" +
		"5,5,0,0,dfs,first,false,0,0,dead_end,yes,10,9,100,false,34261578,,,,,,\n"
	var got []Row
	err := ForEach(strings.NewReader(in), func(r *Row, _ int) error { got = append(got, *r); return nil })
	if err != nil || len(got) != 1 {
		t.Fatalf("%v, %d rows", err, len(got))
	}
	if r := got[0]; r.Prune || r.MaxNodes != 0 || r.TimeoutNS != 0 || r.Restarts != 0 || r.Nodes != 10 {
		t.Errorf("read %+v", r)
	}
	bad := header16 + "\n5,5,0,0,dfs,first,false,0,,dead_end,yes,10,9,100,false,34261578\n"
	err = ForEach(strings.NewReader(bad), func(*Row, int) error { return nil })
	if ce := (*ContentError)(nil); !errors.As(err, &ce) || ce.Line != 2 || !strings.Contains(err.Error(), "column seed") {
		t.Errorf("empty seed: %v", err)
	}
}

// TestQuotedErrorsRoundTrip: error texts with commas and quotes in every
// place come back from runs.csv byte for byte, whichever reader path (the
// quick split or encoding/csv) reads them, with a quoted field (the
// restart policy) after them on the line.
func TestQuotedErrorsRoundTrip(t *testing.T) {
	texts := []string{"a,", ",a", `a,"b`, `"`, `""`, `a"`, `"a`, ",", ",,", `","`, "x, y", `\.`}
	var buf bytes.Buffer
	w := NewWriter(&buf, false)
	if err := w.WriteHeader(); err != nil {
		t.Fatal(err)
	}
	for _, s := range texts {
		r := Row{Rows: 5, Cols: 5, Strategy: "dfs", Tiebreak: "first", Status: "error", Solvable: "yes",
			Nodes: Unknown, Backtracks: Unknown, CPUNS: Unknown, MaxRSSBytes: Unknown, Order: "34261578", Error: s, RestartPolicy: "geometric:100,2"}
		if err := w.Write(&r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	var got []string
	if err := ForEach(&buf, func(r *Row, _ int) error {
		if r.RestartPolicy != "geometric:100,2" {
			t.Errorf("error %q: restart policy %q", r.Error, r.RestartPolicy)
		}
		got = append(got, r.Error)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if strings.Join(got, "\x00") != strings.Join(texts, "\x00") {
		t.Errorf("read back %q, want %q", got, texts)
	}
}

// TestMultiLineQuotedField: a field in quotes may hold a line break and
// start with a comma (another tool's file): it is one field, and the row
// after it is read from the right line.
func TestMultiLineQuotedField(t *testing.T) {
	in := header16 + ",error\n" +
		"5,5,0,0,dfs,first,false,0,0,error,yes,,,100,false,34261578,\",x\ny\"\n" +
		"5,5,0,0,dfs,first,false,1,0,error,yes,,,100,false,34261578,z\n"
	var errs []string
	var lines []int
	err := ForEach(strings.NewReader(in), func(r *Row, line int) error {
		errs, lines = append(errs, r.Error), append(lines, line)
		return nil
	})
	if err != nil || len(errs) != 2 || errs[0] != ",x\ny" || errs[1] != "z" || lines[0] != 2 || lines[1] != 4 {
		t.Errorf("%v: errors %q on lines %v, want \",x\\ny\" on 2 and \"z\" on 4", err, errs, lines)
	}
}

// TestHasTours says whether the file has the tour column.
func TestHasTours(t *testing.T) {
	for _, tt := range []struct {
		header string
		want   bool
	}{
		{header16, false},
		{header16 + ",tour", true},
		{"tour," + header16, true},
	} {
		rd, err := NewReader(strings.NewReader(tt.header + "\n"))
		if err != nil {
			t.Fatal(err)
		}
		if rd.HasTours() != tt.want {
			t.Errorf("%q: HasTours %v", tt.header, !tt.want)
		}
	}
}

// TestMalformedRowNamesItsLine: a quote in the middle of an unquoted field
// is encoding/csv's error, reported as a *ContentError on its line.
func TestMalformedRowNamesItsLine(t *testing.T) {
	in := header16 + "\n5,5,0,0,dfs,first,false,0,0,dead_end,yes,10,9,100,false,34261578\n" +
		"5,5,0,0,d\"fs,first,false,0,0,dead_end,yes,10,9,100,false,34261578\n"
	err := ForEach(strings.NewReader(in), func(*Row, int) error { return nil })
	if ce := (*ContentError)(nil); !errors.As(err, &ce) || ce.Line != 3 {
		t.Errorf("%v (%T), want a *ContentError on line 3", err, err)
	}
}
