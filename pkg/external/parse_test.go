package external_test

import (
	"reflect"
	"strings"
	"testing"

	"knightsweep/pkg/external"
	"knightsweep/pkg/status"
)

func TestParse(t *testing.T) {
	for _, tt := range []struct {
		decl  string
		args  []string
		stdio bool
		err   string
	}{
		{decl: "mine=./mysolver {rows} {cols} {row} {col}", args: []string{"./mysolver", "{rows}", "{cols}", "{row}", "{col}"}},
		{decl: `fast = stdio:python3 "my solvers/fast.py" --x='a b'`, args: []string{"python3", "my solvers/fast.py", "--x=a b"}, stdio: true},
		{decl: `a=prog "it's" \"q\" {{literal}}`, args: []string{"prog", "it's", `"q"`, "{{literal}}"}},
		{decl: "=./x", err: "want NAME=COMMAND"},
		{decl: "mine", err: "want NAME=COMMAND"},
		{decl: "mine=", err: "want NAME=COMMAND"},
		{decl: "mine=stdio:", err: "is empty"},
		{decl: "1x=./x", err: `name "1x"`},
		{decl: "a,b=./x", err: `name "a,b"`},
		{decl: "mine=./x {size}", err: "unknown placeholder {size}"},
		{decl: "mine=./x {rows", err: "without its }"},
		// A brace as a word's last byte, with no byte after it to double it.
		{decl: "mine=./x a}", err: "a lone }"},
		{decl: "mine=./x a{", err: "without its }"},
		{decl: "mine=./x $HOME", err: "not expanded"},
		{decl: "mine=~/solver", err: "~ is not expanded"},
		// A ~ inside a word, after its first part, is no home directory.
		{decl: `mine=./x a"b"~c`, args: []string{"./x", "ab~c"}},
		{decl: `mine=./x "$(id)"`, err: "not expanded"},
		{decl: "mine=./x *.txt", err: "glob"},
		{decl: "mine=./x > out", err: "no shell runs it"},
		{decl: "mine=stdio:./x {rows}", err: "gets each run's values in its requests"},
		{decl: "mine=random:stdio:./x", args: []string{"./x"}, stdio: true},
		// The prefixes the other way round: the program was looked for
		// as "random:./x", a puzzling "no such file".
		{decl: "mine=stdio:random:./x -v", err: "mine: write random:stdio:./x -v (random: goes before stdio:)"},
	} {
		t.Run(tt.decl, func(t *testing.T) {
			s, err := external.Parse(tt.decl)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(s.Args, tt.args) || s.Stdio != tt.stdio {
				t.Errorf("args %q stdio %v, want %q %v", s.Args, s.Stdio, tt.args, tt.stdio)
			}
		})
	}
}

func TestArgv(t *testing.T) {
	s, err := external.Parse("m=./x -n {rows}x{cols} {row},{col} {closed} {seed} {max_nodes} {timeout_ms} {{rows}}")
	if err != nil {
		t.Fatal(err)
	}
	got := s.Argv(&external.Request{Rows: 6, Cols: 7, Start: [2]int{2, 3}, Closed: true, Seed: 9, MaxNodes: 100, TimeoutMS: 1500})
	want := []string{"./x", "-n", "6x7", "2,3", "true", "9", "100", "1500", "{rows}"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestParseOutput(t *testing.T) {
	// The 3x4 tour 0 7 4 3 2 9 8 1 10 5 6 11 (rows of four).
	tour := []int32{0, 7, 4, 3, 2, 9, 8, 1, 10, 5, 6, 11}
	for _, tt := range []struct {
		name, out string
		st        status.Status
		tour      []int32
		err       string
	}{
		{name: "grid from 1", out: " 1  8  5  4\n 3 10 11  2\n 7  6  9 12\n", st: status.Found},
		{name: "grid from 0, with text", out: "start:\r\nfound!\n0\t7\t4\t3\t\n2\t9\t10\t1\t\n6\t5\t8\t11\t\n", st: status.Found},
		{name: "squares", out: "0 0\n1 3\n1 0\n0 3\n0 2\n2 1\n2 0\n0 1\n2 2\n1 1\n1 2\n2 3\n", st: status.Found},
		{name: "square one column past the right edge", out: "0 0\n0 4\n1 0\n0 3\n0 2\n2 1\n2 0\n0 1\n2 2\n1 1\n1 2\n2 3\n", err: "square 1 (0,4, output line 2) is off the 3x4 board"},
		{name: "square one row past the bottom edge", out: "0 0\n3 0\n1 0\n0 3\n0 2\n2 1\n2 0\n0 1\n2 2\n1 1\n1 2\n2 3\n", err: "square 1 (3,0, output line 2) is off the 3x4 board"},
		{name: "squares with commas", out: "0,0\n1,3\n1,0\n0,3\n0,2\n2,1\n2,0\n0,1\n2,2\n1,1\n1,2\n2,3\n", st: status.Found},
		{name: "json", out: `{"status":"found","tour":[0,7,4,3,2,9,8,1,10,5,6,11],"nodes":12}` + "\n", st: status.Found},
		{name: "json no tour", out: `{"status":"dead_end","nodes":5}`, st: status.DeadEnd},
		{name: "empty", out: "\n  \n", st: status.Exhausted},
		{name: "garbage", out: "no idea\n", err: `neither a grid, a list of squares nor a JSON answer: "no idea"`},
		{name: "grid twice", out: " 1  8  5  4\n 3 10 11  2\n 7  6  9 11\n", err: "move number 11 twice"},
		{name: "grid out of range", out: " 1  8  5  4\n 3 10 11  2\n 7  6  9 13\n", err: "outside 1..12"},
		{name: "grid one too high", out: " 2  9  6  5\n 4 11 12  3\n 8  7 10 13\n", err: "move numbers run 2..13, one too high throughout: a 3x4 grid numbers its moves 1..12 (or 0..11)"},
		{name: "wrong shape", out: "1 2 3\n4 5 6\n", err: "neither a 3x4 grid"},
		{name: "grid after a header", out: "3 4\n 1  8  5  4\n 3 10 11  2\n 7  6  9 12\n", st: status.Found},
		{name: "grid before a count", out: " 1  8  5  4\n 3 10 11  2\n 7  6  9 12\n0 0\n", st: status.Found},
		{name: "grid's line in an error", out: "3 4\nsolving\n 1  8  5  4\n 3 10 11  2\n 7  6  9 13\n0 0\n", err: "move number 13 at 2,3 (output line 5) is outside 1..12"},
		{name: "squares' line in an error", out: "\nfound:\n0 0\n1 3\n1 0 5\n", err: "output line 5 has 3 numbers"},
		{name: "square off board", out: "0 0\n1 3\n1 0\n0 3\n0 2\n2 1\n2 0\n0 1\n2 2\n1 1\n1 2\n3 3\n", err: "off the 3x4 board"},
		{name: "json unknown status", out: `{"status":"won"}`, err: `unknown status "won"`},
		{name: "json found without tour", out: `{"status":"found"}`, err: "without a tour"},
		{name: "json broken", out: `{"status":`, err: "JSON answer"},
		{name: "two objects", out: `{"status":"dead_end"} {"status":"dead_end"}`, err: "after its object"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			a, err := external.ParseOutput(3, 4, []byte(tt.out))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if a.Status != tt.st {
				t.Errorf("status %s, want %s", a.Status, tt.st)
			}
			if tt.st == status.Found && !reflect.DeepEqual(a.Tour, tour) {
				t.Errorf("tour %v, want %v", a.Tour, tour)
			}
		})
	}
}
