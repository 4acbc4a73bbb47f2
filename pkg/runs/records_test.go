package runs

import (
	"encoding/csv"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
)

type record struct {
	fields []string
	line   int
}

// viaCSV returns encoding/csv's records of s up to its first error.
func viaCSV(s string) ([]record, error) {
	cr := csv.NewReader(strings.NewReader(s))
	cr.FieldsPerRecord = -1
	var out []record
	for {
		f, err := cr.Read()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		line, _ := cr.FieldPos(0)
		out = append(out, record{f, line})
	}
}

// viaRecords returns records' records of s up to its first error or torn
// line.
func viaRecords(s string) (out []record, torn bool, err error) {
	rs := newRecords(strings.NewReader(s))
	for {
		f, line, torn, err := rs.next()
		if err == io.EOF {
			return out, false, nil
		}
		if torn || err != nil {
			return out, torn, err
		}
		var fs []string
		for _, b := range f {
			fs = append(fs, string(b))
		}
		out = append(out, record{fs, line})
	}
}

// checkAgainstCSV holds records to encoding/csv on s: the same records on
// the same lines, and the same error at the same place (the record's first
// line, and the line and column of the fault). A file that does not
// end in a newline ends in a torn line instead, after the same records.
func checkAgainstCSV(t *testing.T, s string) {
	t.Helper()
	want, wantErr := viaCSV(s)
	got, torn, err := viaRecords(s)
	if torn {
		if strings.HasSuffix(s, "\n") {
			t.Fatalf("%q: a torn line in a file that ends in a newline", s)
		}
		// The torn line is encoding/csv's last record, or the one it
		// fails on.
		// (encoding/csv drops a \r before the end, so a torn "\r" is no
		// record to it).
		last := len(want) - 1
		if wantErr != nil || s[strings.LastIndexByte(s, '\n')+1:] == "\r" {
			last = len(want)
		}
		if len(got) != last || len(got) > 0 && !reflect.DeepEqual(got, want[:len(got)]) {
			t.Fatalf("%q: records before the torn line\n got %v\nwant %v (%v)", s, got, want, wantErr)
		}
		return
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%q: records\n got %v\nwant %v (errors %v, %v)", s, got, want, err, wantErr)
	}
	var pe, wpe *csv.ParseError
	switch {
	case (err == nil) != (wantErr == nil):
		t.Fatalf("%q: error %v, encoding/csv's %v", s, err, wantErr)
	case errors.As(wantErr, &wpe):
		if !errors.As(err, &pe) || pe.Err != wpe.Err || pe.StartLine != wpe.StartLine ||
			pe.Line != wpe.Line || pe.Column != wpe.Column {
			t.Fatalf("%q: error %v, encoding/csv's %v", s, err, wantErr)
		}
	}
}

var csvCases = []string{
	"", "\n", "a", "a\n", "a,b\nc,d\n", "a,b\r\nc,d\r\n", "\n\na\n\n\nb\n", "a,\n,b\n,,\n",
	`"a","b ""x"" c"` + "\n", "\"a\nb\",c\nd\n", "\"a\r\nb\",c\r\n", "a,b\"c\n", "\"a\"b\n",
	"\"open\nnever closed\n", "x\r\ny\r", "a\rb,c\n", " a , b \n", "\"\"\n", "a,\"\"\n",
	"h1,h2\n1,2\n\"3\",\"4\n5\"\n6,7\n", "a\"\nb\"\n", "é,\xff\n",
	"x\n\"a\nb\"c\n", // a fault on line 3 in a record from line 2
	"\",\"b\n",       // a comma before the closing quote, a byte after it
}

func TestRecordsMatchCSV(t *testing.T) {
	for _, s := range csvCases {
		checkAgainstCSV(t, s)
	}
	// Lines longer than the read buffer, quoted and not.
	long := strings.Repeat("x", 100<<10)
	checkAgainstCSV(t, "a,"+long+"\nb\n")
	checkAgainstCSV(t, "\"a\n"+long+"\",b\nc\n")
}

// FuzzRecords: records reads what encoding/csv reads, on any input.
func FuzzRecords(f *testing.F) {
	for _, s := range csvCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkAgainstCSV(t, s) })
}

// Reading a row of a file without quotes allocates nothing.
func TestReaderAllocates(t *testing.T) {
	var b strings.Builder
	b.WriteString(Header(false))
	for range 2000 {
		b.WriteString("5,5,0,0,warnsdorff,first,false,0,0,found,yes,25,0,10,true,,false,,0,0,none,0,7,\n")
	}
	rd, err := NewReader(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	var row Row
	rd.Read(&row) // interns the words
	allocs := testing.AllocsPerRun(1000, func() {
		if err := rd.Read(&row); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("%.1f allocations a row", allocs)
	}
}

// TestSplitReadsEmptyQuotedField: an empty quoted field ("") has no quote
// or newline inside, so split reads it itself, as an empty field, without
// encoding/csv (whose reader allocates).
func TestSplitReadsEmptyQuotedField(t *testing.T) {
	rs := newRecords(strings.NewReader(""))
	for _, tt := range []struct {
		line string
		want []string
	}{
		{`"",b`, []string{"", "b"}},
		{`a,"",b`, []string{"a", "", "b"}},
		{`a,""`, []string{"a", ""}},
	} {
		fields, ok := rs.split([]byte(tt.line))
		var got []string
		for _, f := range fields {
			got = append(got, string(f))
		}
		if !ok || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("split(%s) = %q, %v; want %q, true", tt.line, got, ok, tt.want)
		}
	}
}

// trimNewline drops a line's \n or \r\n and nothing else: an empty line
// stays empty, and a \r without a \n after it is data.
func TestTrimNewlineOfEmptyAndBareLines(t *testing.T) {
	for _, tt := range []struct{ line, want string }{
		{"", ""},
		{"\n", ""},
		{"\r\n", ""},
		{"\r", "\r"},
		{"a", "a"},
		{"a\n", "a"},
		{"a\r\n", "a"},
		{"a\r", "a\r"},
		{"a\n\n", "a\n"},
	} {
		if got := string(trimNewline([]byte(tt.line))); got != tt.want {
			t.Errorf("trimNewline(%q) = %q, want %q", tt.line, got, tt.want)
		}
	}
}
