package runs

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/gocarina/gocsv"
)

// tour5x6 is a found run's tour column of 5x6 from 4,5 in form: an index
// for every square, the start's first.
var tour5x6 = "29 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28"

// full returns rows whose every field differs from its zero value, with
// values that need quoting.
func full() []Row {
	return []Row{
		{Rows: 5, Cols: 6, StartRow: 4, StartCol: 5, Strategy: "warnsdorff", Tiebreak: "random", Closed: true,
			Trial: 7, Seed: 1<<63 + 5, Status: "found", Solvable: "yes", Nodes: 30, Backtracks: 2, TimeNS: 1234,
			Verified: true, Order: "2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1", Prune: true,
			Error: `panic: "x", y`, MaxNodes: 60_000_000, TimeoutNS: 60_000_000_000, RestartPolicy: "luby:49",
			Restarts: 3, CPUNS: 1200, MaxRSSBytes: 3 << 20, Tour: tour5x6},
		{Rows: 8, Cols: 8, StartRow: 1, StartCol: 2, Strategy: "dfs", Tiebreak: "first", Closed: false,
			Trial: 1, Seed: 9, Status: "node_limit", Solvable: "unknown", Nodes: 1 << 40, Backtracks: 1 << 39,
			TimeNS: 5, Verified: false, Order: "34261578", Prune: false, Error: "e", MaxNodes: 1 << 40, TimeoutNS: 1,
			CPUNS: 4, MaxRSSBytes: Unknown, Tour: "1"},
		// An external solver that reports no counts: empty fields.
		{Rows: 5, Cols: 5, Strategy: "mine", Tiebreak: "first", Status: "exhausted", Solvable: "yes", Nodes: Unknown,
			Backtracks: Unknown, TimeNS: 5, CPUNS: 3, MaxRSSBytes: 1 << 20, Tour: ""},
	}
}

// Every field of full() is set: the round trips below exercise every column.
func TestFullSetsEveryField(t *testing.T) {
	for _, r := range full()[:1] {
		v := reflect.ValueOf(r)
		for i := range v.NumField() {
			if v.Field(i).IsZero() {
				t.Errorf("full()[0].%s is zero", v.Type().Field(i).Name)
			}
		}
	}
}

// withoutTour returns gocsv's view of rows in a file without the tour
// column: Row's fields less the last, in a struct made for the purpose.
func withoutTour(rows []Row) any {
	t := reflect.TypeFor[Row]()
	fields := make([]reflect.StructField, t.NumField()-1)
	for i := range fields {
		fields[i] = t.Field(i)
	}
	st := reflect.StructOf(fields)
	out := reflect.MakeSlice(reflect.SliceOf(st), len(rows), len(rows))
	for i, r := range rows {
		rv := reflect.ValueOf(r)
		for j := range fields {
			out.Index(i).Field(j).Set(rv.Field(j))
		}
	}
	return out.Interface()
}

func write(t *testing.T, rows []Row, tours bool) string {
	t.Helper()
	var b bytes.Buffer
	w := NewWriter(&b, tours)
	if err := w.WriteHeader(); err != nil {
		t.Fatal(err)
	}
	for i := range rows {
		if err := w.Write(&rows[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// The hand-written Writer writes exactly what gocsv writes for Row, byte for
// byte, with and without the tour column.
func TestWriterMatchesGocsv(t *testing.T) {
	for _, tours := range []bool{false, true} {
		t.Run(fmt.Sprintf("tours=%v", tours), func(t *testing.T) {
			var v any = full()
			if !tours {
				v = withoutTour(full())
			}
			want, err := gocsv.MarshalString(v)
			if err != nil {
				t.Fatal(err)
			}
			if got := write(t, full(), tours); got != want {
				t.Errorf("Writer:\n%s\ngocsv:\n%s", got, want)
			}
			if got := strings.SplitAfter(want, "\n")[0]; got != Header(tours) {
				t.Errorf("Header(%v) = %q, gocsv writes %q", tours, Header(tours), got)
			}
		})
	}
}

// Rows with every column set survive a write, a read and a second write
// byte for byte; and the Reader decodes what gocsv decodes.
func TestRoundTrip(t *testing.T) {
	for _, tours := range []bool{false, true} {
		t.Run(fmt.Sprintf("tours=%v", tours), func(t *testing.T) {
			first := write(t, full(), tours)
			var back []Row
			err := ForEach(strings.NewReader(first), func(r *Row, _ int) error { back = append(back, *r); return nil })
			if err != nil {
				t.Fatal(err)
			}
			if second := write(t, back, tours); second != first {
				t.Errorf("second write differs:\n%s\nfirst:\n%s", second, first)
			}
			var viaGocsv []Row
			if err := gocsv.UnmarshalString(first, &viaGocsv); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(back, viaGocsv) {
				t.Errorf("Reader:\n%+v\ngocsv:\n%+v", back, viaGocsv)
			}
		})
	}
}

// The Reader knows every column of Row, in Row's order.
func TestReaderKnowsEveryColumn(t *testing.T) {
	if got, want := fieldNames[1:], Columns(true); !reflect.DeepEqual(got, want) {
		t.Errorf("Reader's columns %q, Row's %q", got, want)
	}
	if !reflect.DeepEqual(Columns(false)[:len(Required)], Required) {
		t.Errorf("columns %q do not start with the contract %q", Columns(false), Required)
	}
	if c := Columns(true); c[len(c)-1] != TourColumn {
		t.Errorf("last column %q, want %q", c[len(c)-1], TourColumn)
	}
}

// Columns are found by name, whatever their order; extra columns are
// ignored; columns after the contract may be missing (older files).
func TestReadColumnOrder(t *testing.T) {
	in := "status,extra,verified,time_ns,backtracks,nodes,solvable,seed,trial,closed,tiebreak,strategy,start_col,start_row,cols,rows\n" +
		"found,zzz,true,9,1,26,yes,0,0,false,first,dfs,2,1,5,6\n"
	var got []Row
	if err := ForEach(strings.NewReader(in), func(r *Row, _ int) error { got = append(got, *r); return nil }); err != nil {
		t.Fatal(err)
	}
	want := Row{Rows: 6, Cols: 5, StartRow: 1, StartCol: 2, Strategy: "dfs", Tiebreak: "first", Status: "found",
		Solvable: "yes", Nodes: 26, Backtracks: 1, TimeNS: 9, Verified: true, CPUNS: Unknown, MaxRSSBytes: Unknown}
	if len(got) != 1 || got[0] != want {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
}

func TestReadErrors(t *testing.T) {
	header := strings.Join(Required, ",")
	good := "5,5,0,0,dfs,first,false,0,0,found,yes,25,0,10,true\n"
	tourHeader := header + ",tour"
	// The form of a found run's tour is checked (12 indices on 3x4, the
	// first the start), not its moves: the rows below garble the form.
	for _, tt := range []struct{ name, csv, want string }{
		{"empty", "", "empty file"},
		{"missing column", "rows,cols\n5,5\n", "missing required column: start_row"},
		{"not a runs.csv", "hello\nworld\n", "names none of a runs.csv's columns"},
		{"tour garbled", tourHeader + "\n3,4,0,0,dfs,first,false,0,0,found,yes,12,0,1,true,0 7 x 3 2 9 8 1 10 5 6 11\n", `line 2: column tour: square 2: "x" is not a square index`},
		{"tour cut short", tourHeader + "\n3,4,0,0,dfs,first,false,0,0,found,yes,12,0,1,true,0 7 4 3\n", "line 2: column tour: 4 squares for the 3x4 board's 12"},
		{"tour off the board", tourHeader + "\n3,4,0,0,dfs,first,false,0,0,found,yes,12,0,1,true,0 7 12 3 2 9 8 1 10 5 6 11\n", "square 2: 12 is off the 3x4 board"},
		{"tour from elsewhere", tourHeader + "\n3,4,0,1,dfs,first,false,0,0,found,yes,12,0,1,true,0 7 4 3 2 9 8 1 10 5 6 11\n", "it starts on square 0, not on the start 0,1"},
		{"unknown status", header + "\n" + good + "5,5,0,0,dfs,first,false,0,0,won,yes,1,0,1,false\n", `line 3: unknown status "won"`},
		{"bad solvable", header + "\n5,5,0,0,dfs,first,false,0,0,found,maybe,1,0,1,false\n", "line 2: solvable"},
		{"off board", header + "\n5,5,7,0,dfs,first,false,0,0,found,yes,1,0,1,false\n", "off the 5x5 board"},
		{"huge board", header + "\n20001,5,0,0,dfs,first,false,0,0,found,yes,1,0,1,false\n", "each side must be 1..20000"},
		{"not a number", header + "\n5,x,0,0,dfs,first,false,0,0,found,yes,1,0,1,false\n", `line 2: column cols: "x": invalid syntax`},
		{"negative nodes", header + "\n5,5,0,0,dfs,first,false,0,0,found,yes,-1,0,1,true\n", `column nodes: "-1": negative`},
		{"negative cpu_ns", header + ",cpu_ns\n5,5,0,0,dfs,first,false,0,0,found,yes,1,0,1,true,-5\n", `column cpu_ns: "-5": negative`},
		{"fractional time", header + "\n5,5,0,0,dfs,first,false,0,0,found,yes,1,0,2.9,true\n", "column time_ns"},
		{"bad bool", header + "\n5,5,0,0,dfs,first,maybe,0,0,found,yes,1,0,2,true\n", "column closed"},
		{"negative seed", header + "\n5,5,0,0,dfs,first,false,0,-1,found,yes,1,0,2,true\n", "column seed"},
		{"negative trial", header + "\n5,5,0,0,dfs,first,false,-1,0,found,yes,1,0,2,true\n", "trial -1"},
		{"short row", header + "\n5,5,0,0\n" + good, "line 2: wrong number of fields"},
		// A restart policy no run could have had is refused as a status is;
		// a report had shown it only as a note deep in its page.
		{"bad restart policy", header + ",restart_policy\n5,5,0,0,dfs,first,false,0,0,found,yes,1,0,2,true,luby:abc\n", `line 2: restart_policy: restart policy "luby:abc"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := ForEach(strings.NewReader(tt.csv), func(*Row, int) error { return nil })
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want %q", err, tt.want)
			}
		})
	}
}

// A last line without its newline is never a row, wherever the cut falls,
// even where what is left parses (a number cut short is still a number).
func TestTornLastLine(t *testing.T) {
	for _, tours := range []bool{false, true} {
		t.Run(fmt.Sprintf("tours=%v", tours), func(t *testing.T) {
			file := write(t, full()[:2], tours)
			lines := strings.SplitAfter(file, "\n")
			whole := lines[0] + lines[1]
			last := lines[2]
			for cut := 1; cut < len(last); cut++ {
				var got []Row
				err := ForEach(strings.NewReader(whole+last[:cut]), func(r *Row, _ int) error { got = append(got, *r); return nil })
				var torn *TornError
				if !errors.As(err, &torn) || torn.Line != 3 {
					t.Fatalf("cut at %d: error %v, want a torn line 3", cut, err)
				}
				if len(got) != 1 || got[0] != full()[0] && tours || got[0].Nodes != full()[0].Nodes {
					t.Fatalf("cut at %d: rows %+v", cut, got)
				}
			}
			// The whole file has no torn line.
			n := 0
			if err := ForEach(strings.NewReader(file), func(*Row, int) error { n++; return nil }); err != nil || n != 2 {
				t.Errorf("whole file: %d rows, %v", n, err)
			}
			// A cut header is torn too.
			_, err := NewReader(strings.NewReader(lines[0][:10]))
			if torn := (*TornError)(nil); !errors.As(err, &torn) || torn.Line != 1 {
				t.Errorf("cut header: %v", err)
			}
		})
	}
}

// Line reports each row's line; fn's error stops the reading.
func TestForEachLinesAndStop(t *testing.T) {
	var b strings.Builder
	b.WriteString(Header(false))
	for i := range 50_000 {
		fmt.Fprintf(&b, "5,5,0,0,dfs,first,false,%d,0,found,yes,25,0,10,true,,false,,0,0,none,0,7,\n", i)
	}
	in := &countingReader{r: strings.NewReader(b.String())}
	stop := errors.New("stop")
	rows := 0
	err := ForEach(in, func(r *Row, line int) error {
		rows++
		if line != rows+1 || r.Trial != rows-1 {
			t.Fatalf("row %d: line %d trial %d", rows, line, r.Trial)
		}
		if rows == 10 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || rows != 10 {
		t.Fatalf("err %v after %d rows", err, rows)
	}
	if in.n > b.Len()/4 {
		t.Errorf("read %d of %d bytes after stopping at row 10", in.n, b.Len())
	}
}

type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// A line longer than MaxLineBytes stops the reader before it is held.
func TestMaxLine(t *testing.T) {
	long := Header(true) + "5,5,0,0,dfs,first,false,0,0,found,yes,25,0,10,true,,false,,0,0," + strings.Repeat("1 ", MaxLineBytes/2+1) + "\n"
	err := ForEach(strings.NewReader(long), func(*Row, int) error { return nil })
	if err == nil || !strings.Contains(err.Error(), "longer than") {
		t.Errorf("error %v", err)
	}
}

func TestFormatTour(t *testing.T) {
	if got := FormatTour([]int32{0, 17, 2}); got != "0 17 2" {
		t.Errorf("FormatTour = %q", got)
	}
	sq, err := ParseTour("0 17 2")
	if err != nil || !reflect.DeepEqual(sq, []int32{0, 17, 2}) {
		t.Errorf("ParseTour = %v, %v", sq, err)
	}
}

// TestFormatTourSizesItsBufferOnce: the squares of an 8x8 tour, 0 to 63,
// take 10 one-digit and 54 two-digit numbers and 63 spaces, 181 bytes; the
// buffer is sized for them before the first is written, so FormatTour
// allocates twice (the buffer and the string), not once per doubling.
func TestFormatTourSizesItsBufferOnce(t *testing.T) {
	squares := make([]int32, 64)
	for i := range squares {
		squares[i] = int32(i)
	}
	if got := len(FormatTour(squares)); got != 181 {
		t.Fatalf("%d bytes, want 181", got)
	}
	if a := testing.AllocsPerRun(100, func() { FormatTour(squares) }); a > 2 {
		t.Errorf("%.0f allocations, want at most 2", a)
	}
}

func TestOneLine(t *testing.T) {
	if got := OneLine("panic: x\n\tstack\nmore\r\n"); got != "panic: x stack | more | " {
		t.Errorf("OneLine = %q", got)
	}
}

// Fields that encoding/csv quotes are quoted alike: a leading space, a
// lone \., quotes and commas.
func TestWriterQuotesLikeGocsv(t *testing.T) {
	rows := []Row{
		{Rows: 5, Cols: 5, Strategy: " spaced", Tiebreak: `\.`, Status: "found", Solvable: "yes", Error: `"`, Tour: "a,b"},
		{Rows: 5, Cols: 5, Strategy: "\tx", Tiebreak: `\.x`, Status: "found", Solvable: "yes", Order: "ü,", Error: "x\"y"},
	}
	want, err := gocsv.MarshalString(rows)
	if err != nil {
		t.Fatal(err)
	}
	if got := write(t, rows, true); got != want {
		t.Errorf("Writer:\n%s\ngocsv:\n%s", got, want)
	}
}

// Writing a row allocates nothing.
func TestWriterAllocates(t *testing.T) {
	w := NewWriter(io.Discard, true)
	rows := full()
	allocs := testing.AllocsPerRun(1000, func() {
		for i := range rows {
			w.Write(&rows[i])
		}
	})
	if allocs != 0 {
		t.Errorf("%.1f allocations a round of %d rows", allocs, len(rows))
	}
}

// A row's JSON names are its column names, so that solve -json and
// runs.csv say one thing one way; the tour alone is left out, for callers
// that write it as numbers.
func TestJSONNamesAreColumns(t *testing.T) {
	typ := reflect.TypeFor[Row]()
	for i := range typ.NumField() {
		f := typ.Field(i)
		csvName := f.Tag.Get("csv")
		jsonName, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if want := csvName; csvName == TourColumn {
			want = "-"
			if jsonName != want {
				t.Errorf("%s: json %q, want %q", f.Name, jsonName, want)
			}
		} else if jsonName != want {
			t.Errorf("%s: json %q, want the column's name %q", f.Name, jsonName, want)
		}
	}
}
