package runs

import (
	"errors"

	"github.com/gocarina/gocsv"

	"os"
	"strings"
	"testing"
)

func TestRead(t *testing.T) {
	f, err := os.Open("testdata/small.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var got []Row
	if err := Read(f, func(r Row) error { got = append(got, r); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Status != "found" || got[1].Nodes != 5000 || got[0].Order == "" || !got[0].Verified {
		t.Errorf("rows = %+v", got)
	}
}

func TestReadErrors(t *testing.T) {
	header := strings.Join(Required, ",")
	for _, tt := range []struct{ name, csv, want string }{
		{"empty", "", "empty file"},
		{"missing column", "rows,cols\n5,5\n", "missing required column: start_row"},
		{"unknown status", header + "\n5,5,0,0,dfs,first,false,0,0,won,yes,1,0,1,false\n", `line 2: unknown status "won"`},
		{"bad solvable", header + "\n5,5,0,0,dfs,first,false,0,0,found,maybe,1,0,1,false\n", "solvable"},
		{"off board", header + "\n5,5,7,0,dfs,first,false,0,0,found,yes,1,0,1,false\n", "not a board"},
		{"not a number", header + "\n5,x,0,0,dfs,first,false,0,0,found,yes,1,0,1,false\n", ""},
	} {
		err := Read(strings.NewReader(tt.csv), func(Row) error { return nil })
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.want)
		}
	}
	stop := errors.New("stop")
	f, _ := os.Open("testdata/small.csv")
	defer f.Close()
	if err := Read(f, func(Row) error { return stop }); !errors.Is(err, stop) {
		t.Errorf("callback error not returned: %v", err)
	}
}

// The header gocsv writes for Row and TourRow starts with the contract
// columns, in order.
func TestHeaderOrder(t *testing.T) {
	for _, v := range []any{[]Row{{}}, []TourRow{{}}} {
		out, err := gocsv.MarshalString(v)
		if err != nil {
			t.Fatal(err)
		}
		header := strings.Split(strings.SplitN(out, "\n", 2)[0], ",")
		if strings.Join(header[:len(Required)], ",") != strings.Join(Required, ",") {
			t.Errorf("header %v does not start with %v", header, Required)
		}
	}
}

func TestFormatTour(t *testing.T) {
	if got := FormatTour([]int32{0, 17, 2}); got != "0 17 2" {
		t.Errorf("FormatTour = %q", got)
	}
}
