package restart

import (
	"math"
	"strings"
	"testing"
	"time"

	"knightsweep/pkg/board"
)

// The first 105 terms of Luby's sequence as OEIS A182105 lists them.
var a182105 = []int64{1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 16,
	1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 16, 32, 1, 1, 2, 1,
	1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 16, 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8}

func TestLubyTerms(t *testing.T) {
	for i, want := range a182105 {
		if got := LubyTerm(int64(i + 1)); got != want {
			t.Fatalf("term %d: %d, OEIS A182105 says %d", i+1, got, want)
		}
	}
	// Luby et al.'s definition: term 2^k - 1 is 2^(k-1), and the sequence
	// up to it is the sequence up to 2^(k-1) - 1 twice, then that term.
	for k := 1; k < 62; k++ {
		if got := LubyTerm(1<<k - 1); got != 1<<(k-1) {
			t.Fatalf("term 2^%d-1: %d", k, got)
		}
	}
	for i := int64(1); i < 1<<12; i++ {
		k := int64(1)
		for 1<<k-1 < i {
			k++
		}
		if i < 1<<k-1 && LubyTerm(i) != LubyTerm(i-(1<<(k-1))+1) {
			t.Fatalf("term %d is not term %d", i, i-(1<<(k-1))+1)
		}
	}
}

func TestCutoffs(t *testing.T) {
	must := func(s string) Policy {
		p, err := Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tt := range []struct {
		policy string
		want   []int64
	}{
		{"none", []int64{0, 0, 0}},
		{"fixed:49", []int64{49, 49, 49, 49}},
		{"luby:49", []int64{49, 49, 98, 49, 49, 98, 196, 49, 49, 98, 49, 49, 98, 196, 392, 49}},
		{"luby:1", a182105[:40]},
		{"geometric:100,2", []int64{100, 200, 400, 800, 1600}},
		{"geometric:10,1.5", []int64{10, 15, 22, 33, 50, 75, 113}}, // floor(10*1.5^i)
		{"geometric:7,1", []int64{7, 7, 7}},
	} {
		p := must(tt.policy)
		for i, want := range tt.want {
			if got := p.Cutoff(int64(i)); got != want {
				t.Errorf("%s: cutoff %d is %d, want %d", tt.policy, i, got, want)
			}
		}
		if p.String() != tt.policy {
			t.Errorf("%s prints as %s", tt.policy, p)
		}
	}
	// Cutoffs saturate rather than overflow.
	if c := must("geometric:1000000,1000").Cutoff(10); c != math.MaxInt64 {
		t.Errorf("geometric overflow: %d", c)
	}
	if c := must("luby:1125899906842624").Cutoff(1<<62 - 2); c != math.MaxInt64 {
		t.Errorf("luby overflow: %d", c)
	}
}

func TestParse(t *testing.T) {
	for in, want := range map[string]string{
		"": "none", " none ": "none", "fixed:5": "fixed:5", "luby: 7": "luby:7", "geometric:100, 1.50": "geometric:100,1.5",
	} {
		p, err := Parse(in)
		if err != nil || p.String() != want {
			t.Errorf("Parse(%q) = %v, %v; want %s", in, p, err, want)
		}
	}
	for _, bad := range []string{"fixed", "fixed:", "fixed:0", "fixed:-3", "fixed:1.5", "fixed:5,2", "luby:0", "geometric:100",
		"geometric:100,0.5", "geometric:0,2", "geometric:10,x", "restart:5", "Fixed:5", "fixed:2000000000000000000"} {
		if _, err := Parse(bad); err == nil || !strings.Contains(err.Error(), "want none, fixed:C") {
			t.Errorf("Parse(%q): %v", bad, err)
		}
	}
}

func TestParseList(t *testing.T) {
	for in, want := range map[string]string{
		"none;luby:49":                         "none luby:49",
		"none,luby:49":                         "none luby:49",
		"none;geometric:100,2;fixed:49":        "none geometric:100,2 fixed:49",
		"geometric:100,2,fixed:49":             "geometric:100,2 fixed:49",
		" fixed:49 ; ; luby:3,geometric:5,1.5": "fixed:49 luby:3 geometric:5,1.5",
	} {
		ps, err := ParseList(in)
		var got []string
		for _, p := range ps {
			got = append(got, p.String())
		}
		if err != nil || strings.Join(got, " ") != want {
			t.Errorf("ParseList(%q) = %v, %v; want %s", in, got, err, want)
		}
	}
	for _, bad := range []string{"", ";", "none,49", "luby:49,2"} {
		if _, err := ParseList(bad); err == nil {
			t.Errorf("ParseList(%q) accepted", bad)
		}
	}
	// A factor that is a word is the factor, refused as such, not a
	// policy of its own (the error named "geometric:10", lacking one).
	for _, bad := range []string{"geometric:10,NaN", "geometric:10,Inf", "geometric:10,two"} {
		_, err := ParseList(bad)
		if err == nil || !strings.Contains(err.Error(), `restart policy "`+bad+`": factor`) {
			t.Errorf("ParseList(%q): %v; want the factor named", bad, err)
		}
	}
}

func TestSeed(t *testing.T) {
	// Attempt i of seed s draws SplitMix64's i-th output from state s: the
	// reference generator (Vigna's splitmix64.c) seeded with 0 gives these
	// first. The seeds are part of the file format, so they are pinned.
	for i, want := range []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f} {
		if got := Seed(0, int64(i+1)); got != want {
			t.Errorf("Seed(0, %d) = %#x; SplitMix64's output %d from 0 is %#x", i+1, got, i+1, want)
		}
	}
	seen := map[uint64]bool{}
	for _, s := range []uint64{0, 1, 2, 1 << 63} {
		if Seed(s, 0) != s {
			t.Errorf("attempt 0 of seed %d draws from %d", s, Seed(s, 0))
		}
		for i := range int64(100) {
			v := Seed(s, i)
			if seen[v] {
				t.Fatalf("seed %d attempt %d repeats an earlier attempt's seed", s, i)
			}
			seen[v] = true
		}
	}
}

// Capped: the policies whose cutoffs never grow past the first.
func TestCapped(t *testing.T) {
	for _, tt := range []struct {
		policy string
		want   bool
	}{
		{"none", false},
		{"fixed:49", true},
		{"geometric:49,1", true},
		{"geometric:49,1.5", false},
		{"luby:49", false},
	} {
		p, err := Parse(tt.policy)
		if err != nil {
			t.Fatal(err)
		}
		if p.Capped() != tt.want {
			t.Errorf("%s: Capped %v, want %v", tt.policy, p.Capped(), tt.want)
		}
	}
}

func TestCheck(t *testing.T) {
	b8 := board.Board{Rows: 8, Cols: 8}
	for _, tc := range []struct {
		name     string
		policy   string
		maxNodes int64
		timeout  time.Duration
		want     string // a part of the error; "" for none
	}{
		{"none", "none", 0, 0, ""},
		{"luby without budget", "luby:49", 0, 0, ""},
		{"geometric growing without budget", "geometric:10,1.5", 0, 0, ""},
		{"fixed without budget", "fixed:100", 0, 0, "might never end"},
		{"geometric factor 1 without budget", "geometric:100,1", 0, 0, "might never end"},
		{"fixed under a timeout", "fixed:100", 0, time.Second, ""},
		{"first cutoff at max-nodes", "luby:1000", 1000, 0, "the first attempt may take 1000 nodes, and -max-nodes 1000"},
		{"first cutoff below max-nodes", "luby:999", 1000, 0, ""},
		{"fixed below the squares", "fixed:63", 1000, 0, "a tour of 8x8 enters 64 squares"},
		{"fixed at the squares", "fixed:64", 1000, 0, ""},
		{"luby below the squares", "luby:1", 1000, 0, ""}, // its cutoffs grow past them
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Parse(tc.policy)
			if err != nil {
				t.Fatal(err)
			}
			err = p.Check(tc.maxNodes, tc.timeout, b8)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("Check: %v, want nil", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("Check: %v, want an error with %q", err, tc.want)
			}
		})
	}
}
