package runs

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/gocarina/gocsv"
)

// What gocsv writes, the column decoder reads back unchanged.
func TestDecodeRoundTrip(t *testing.T) {
	want := []TourRow{
		{Row{Rows: 5, Cols: 6, StartRow: 4, StartCol: 5, Strategy: "warnsdorff", Tiebreak: "random", Closed: true,
			Trial: 7, Seed: 1<<63 + 5, Status: "found", Solvable: "yes", Nodes: 30, Backtracks: 0, TimeNS: 1234,
			Verified: true, Order: "2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1", Prune: true, Error: ""}, "29 16 3"},
		{Row{Rows: 8, Cols: 8, Strategy: "dfs", Tiebreak: "first", Status: "error", Solvable: "unknown",
			Nodes: 1 << 40, Error: `panic: "x", y`}, ""},
	}
	out, err := gocsv.MarshalString(want)
	if err != nil {
		t.Fatal(err)
	}
	var got []TourRow
	if err := ReadTours(strings.NewReader(out), func(r TourRow) error { got = append(got, r); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("read %d rows, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("row %d:\n got %+v\nwant %+v", i, got[i], want[i])
		}
	}
}

// Columns are found by name, whatever their order; extra columns are
// ignored.
func TestDecodeColumnOrder(t *testing.T) {
	in := "status,extra,verified,time_ns,backtracks,nodes,solvable,seed,trial,closed,tiebreak,strategy,start_col,start_row,cols,rows\n" +
		"found,zzz,true,9,1,26,yes,0,0,false,first,dfs,2,1,5,6\n"
	var got Row
	if err := Read(strings.NewReader(in), func(r Row) error { got = r; return nil }); err != nil {
		t.Fatal(err)
	}
	want := Row{Rows: 6, Cols: 5, StartRow: 1, StartCol: 2, Strategy: "dfs", Tiebreak: "first", Status: "found",
		Solvable: "yes", Nodes: 26, Backtracks: 1, TimeNS: 9, Verified: true}
	if got != want {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
}

// gocsv's default decoding reads "" as 0 and "2.9" as 2; a runs.csv never
// holds either, so they are errors.
func TestDecodeStrict(t *testing.T) {
	header := strings.Join(Required, ",") + "\n"
	for _, tt := range []struct{ name, row, want string }{
		{"empty nodes", "5,5,0,0,dfs,first,false,0,0,found,yes,,0,1,true", "column nodes"},
		{"fractional time", "5,5,0,0,dfs,first,false,0,0,found,yes,1,0,2.9,true", "column time_ns"},
		{"bad bool", "5,5,0,0,dfs,first,maybe,0,0,found,yes,1,0,2,true", "column closed"},
		{"negative seed", "5,5,0,0,dfs,first,false,0,-1,found,yes,1,0,2,true", "column seed"},
	} {
		err := Read(strings.NewReader(header+tt.row+"\n"), func(Row) error { return nil })
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.want)
		}
	}
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// An error stops the read: the rest of a long file is not parsed.
func TestReadStopsEarly(t *testing.T) {
	var b strings.Builder
	b.WriteString(strings.Join(Required, ",") + "\n")
	for i := range 50_000 {
		fmt.Fprintf(&b, "5,5,0,0,dfs,first,false,%d,0,found,yes,25,0,10,true\n", i)
	}
	in := &countingReader{r: strings.NewReader(b.String())}
	stop := errors.New("stop")
	rows := 0
	err := Read(in, func(Row) error {
		rows++
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
	// A bad row in the middle is reported by its line, and stops the read.
	bad := strings.Replace(b.String(), ",7,0,found,", ",7,0,lost,", 1)
	rows = 0
	err = Read(strings.NewReader(bad), func(Row) error { rows++; return nil })
	if err == nil || !strings.Contains(err.Error(), `line 9: unknown status "lost"`) || rows != 7 {
		t.Errorf("bad row: %v after %d rows", err, rows)
	}
}
