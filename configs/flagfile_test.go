package configs

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseFlagFile(t *testing.T) {
	const text = `# a preset
-sizes 5-8
  -starts   all   # every square
--strategies=dfs,warnsdorff

-order "2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1" # seed 003's
-closed
-note a#b "c # d"
-quoted "a \"#\" b"
-solver x=/path/cw ' #a' # a comment
-solver y=/path/cw "it's #1"
`
	got, err := ParseFile("x.flags", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	want := []Line{
		{2, "-sizes=5-8"},
		{3, "-starts=all"},
		{4, "-strategies=dfs,warnsdorff"},
		{6, "-order=2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1"},
		{7, "-closed"},
		{8, `-note=a#b "c # d"`},
		{9, `-quoted=a "#" b`},
		{10, `-solver=x=/path/cw ' #a'`},
		{11, `-solver=y=/path/cw "it's #1"`},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ParseFile:\n got %+v\nwant %+v", got, want)
	}
}

func TestParseFlagFileErrors(t *testing.T) {
	for _, tt := range []struct {
		text, want string
	}{
		{"sizes 5-8", `x.flags:1: "sizes 5-8": want a flag and its value`},
		{"# ok\n---sizes 5", `x.flags:2: "---sizes 5"`},
		{"-sizes \"5-8", `x.flags:1: -sizes: bad quoted value "5-8`},
		{"- 5", `x.flags:1: "- 5"`},
	} {
		_, err := ParseFile("x.flags", strings.NewReader(tt.text))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: error %v; want %q", tt.text, err, tt.want)
		}
	}
}

// A single-quoted value is read as a shell reads it on the command line:
// every byte to the closing quote, the quotes gone.
func TestFlagFileSingleQuotedValue(t *testing.T) {
	const text = `-solver 'mycat=/bin/cat {seed}'
-starts '0,0;1,2'   # a comment
-note ''
`
	got, err := ParseFile("x.flags", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	want := []Line{{1, "-solver=mycat=/bin/cat {seed}"}, {2, "-starts=0,0;1,2"}, {3, "-note="}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ParseFile:\n got %+v\nwant %+v", got, want)
	}
	for _, text := range []string{"-sizes '5-8", "-solver 'a=b' 'c'"} {
		_, err := ParseFile("x.flags", strings.NewReader(text))
		if err == nil || !strings.Contains(err.Error(), "x.flags:1: ") || !strings.Contains(err.Error(), "single-quoted") {
			t.Errorf("%q: error %v; want x.flags:1 and a single-quoted string", text, err)
		}
	}
}

// TestFlagFileLongLine: a line past bufio's default 64 KiB (a -starts list
// of thousands of squares) is read whole, as the command line takes it.
func TestFlagFileLongLine(t *testing.T) {
	var b strings.Builder
	for i := range 10000 {
		if i > 0 {
			b.WriteByte(';')
		}
		b.WriteString("12,34")
	}
	got, err := ParseFile("long.flags", strings.NewReader("-starts "+b.String()+"\n-sizes 40\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Arg != "-starts="+b.String() || got[1].Arg != "-sizes=40" {
		t.Errorf("ParseFile of a %d-byte line: %d lines, first %.40q", b.Len(), len(got), got[0].Arg)
	}
}
