package sweep

import (
	"errors"
	"strings"
	"testing"

	"knightsweep/pkg/solver"
)

func TestFlagsOptions(t *testing.T) {
	fs, f := newTestFlags()
	err := fs.Parse([]string{"-sizes", "6,5", "-strategies", "warnsdorff,dfs", "-order", "12345678",
		"-max-nodes", "9", "-timeout", "2s", "-workers", "3", "-out", "o", "-resume", "-save-tours", "-starts", "corners"})
	if err != nil {
		t.Fatal(err)
	}
	o, err := f.Options()
	if err != nil {
		t.Fatal(err)
	}
	if o.Sizes.String() != "5x5,6x6" || strings.Join(o.Strategies, ",") != "dfs,warnsdorff" ||
		o.Order != "-2,1 -1,2 1,2 2,1 2,-1 1,-2 -1,-2 -2,-1" || o.MaxNodes != 9 || o.Timeout.Seconds() != 2 ||
		o.Workers != 3 || o.Out != "o" || !o.Resume || !o.SaveTours || o.Starts.String() != "corners" {
		t.Errorf("Options = %+v", o)
	}

	fs, f = newTestFlags()
	fs.Parse([]string{"-sizes", "5"})
	if o, err := f.Options(); err != nil || strings.Join(o.Strategies, ",") != "dfs,warnsdorff,warnsdorff-bt" {
		t.Errorf("default strategies: %q, %v", o.Strategies, err)
	}

	fs, f = newTestFlags()
	fs.Parse([]string{"-sizes", "5", "-strategies", "all"})
	if o, err := f.Options(); err != nil || len(o.Strategies) != len(solver.Names()) || o.Workers < 1 || o.Starts.String() != "all" {
		t.Errorf("defaults: %+v, %v", o, err)
	}
}

// Every bad value of issue 3 is refused with a message that names the flag
// and what it accepts.
func TestFlagsOptionsErrors(t *testing.T) {
	for _, tt := range []struct {
		args []string
		flag string
		want string
	}{
		{[]string{}, "-sizes", "missing; want N"},
		{[]string{"-sizes", "8-5"}, "-sizes", `"8-5": range 8-5 runs backwards; want N`},
		{[]string{"-sizes", "0"}, "-sizes", `"0": side 0 is outside 1..20000; want N`},
		{[]string{"-sizes", "abc"}, "-sizes", `"abc": "abc" is not a whole number; want N (an N x N board), A-B`},
		{[]string{"-sizes", "5", "-strategies", "bfs"}, "-strategies", `unknown strategy "bfs": want one of dfs, warnsdorff, warnsdorff-bt`},
		{[]string{"-sizes", "5", "-strategies", ","}, "-strategies", "missing: want some of dfs, warnsdorff, warnsdorff-bt"},
		{[]string{"-sizes", "5", "-workers", "0"}, "-workers", "0: want at least 1"},
		{[]string{"-sizes", "5", "-workers", "-3"}, "-workers", "-3: want at least 1"},
		{[]string{"-sizes", "5", "-max-nodes", "-1"}, "-max-nodes", "-1: want 0 (no limit) or a positive number of nodes"},
		{[]string{"-sizes", "5", "-timeout", "-1s"}, "-timeout", "-1s: want 0 (no limit) or a positive duration such as 30s"},
		{[]string{"-sizes", "5", "-order", "1234567"}, "-order", `want 8 offsets like "2,1 1,2`},
		{[]string{"-sizes", "5", "-order", "2,1 2,1 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1"}, "-order", "appears twice"},
		{[]string{"-sizes", "5", "-starts", "middle"}, "-starts", "want all, corners, or a list"},
		{[]string{"-sizes", "5", "-starts", "7,7"}, "-starts", "7,7 is off the 5x5 board"},
		{[]string{"-sizes", "5", "-resume"}, "-resume", "needs -out"},
	} {
		fs, f := newTestFlags()
		if err := fs.Parse(tt.args); err != nil {
			t.Fatal(err)
		}
		_, err := f.Options()
		var ie *InputError
		if !errors.As(err, &ie) || ie.Flag != tt.flag || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: error %v; want %s and %q", tt.args, err, tt.flag, tt.want)
		}
	}
}
