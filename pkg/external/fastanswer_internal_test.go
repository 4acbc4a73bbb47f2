package external

import (
	"reflect"
	"testing"
)

// fastLines are answers of the shapes solvers print: the fast path reads
// them, with encoding/json's result.
var fastLines = []string{
	`{"id":3,"status":"found","tour":[0,10,4],"nodes":3,"backtracks":0}`,
	`{"id": 3, "status": "dead_end", "nodes": 12}` + "\n", // Python's json.dumps
	`  {"status":"exhausted","tour":[]}  `,
	`{}`,
	`{"status":"timeout","status":"found","tour":[1],"tour":[2,-3]}`,
	`{"nodes":-0,"backtracks":9223372036854775807,"id":-9223372036854775808,"tour":[2147483647,-2147483648]}`,
}

// otherLines are left to encoding/json, which reads or refuses them as
// the fast path cannot tell.
var otherLines = []string{
	`{"status":"found","error":"x"}`, `{"STATUS":"found"}`, `{"status":"Found"}`, `{"status":"won"}`,
	`{"status":"found","tour":null}`, `{"nodes":1.0}`, `{"nodes":1e3}`, `{"nodes":01}`, `{"nodes":9223372036854775808}`,
	`{"tour":[2147483648]}`, `{"status":"dead\u005fend"}`, `{"status":"found"}{"status":"found"}`, `{"status":"found",}`,
	`{"id":1 "status":"found"}`, `{"tour":[1,]}`, `{"tour":[,1]}`, `["status"]`, ``, `{"nodes":-}`, `{"extra":1}`,
	// Cut short within a word and within a number: refused, not read past
	// the end.
	`{"status":"fou`, `{"nodes":12`,
	// 2^64 + 1, 20 digits: out of range, not wrapped round to 1.
	`{"nodes":18446744073709551617}`,
}

// The fast path reads an answer as encoding/json does, or leaves it to
// encoding/json.
func TestFastAnswerAgrees(t *testing.T) {
	for _, line := range fastLines {
		a, ok := fastAnswer([]byte(line))
		if !ok {
			t.Errorf("%s: the fast path passed it over", line)
			continue
		}
		if want, err := decodeAnswer([]byte(line)); err != nil || !reflect.DeepEqual(a, want) {
			t.Errorf("%s: fast path %+v, encoding/json %+v (%v)", line, a, want, err)
		}
	}
	for _, line := range otherLines {
		if a, ok := fastAnswer([]byte(line)); ok {
			t.Errorf("%s: the fast path read it: %+v", line, a)
		}
	}
}

// FuzzFastAnswer: whatever the fast path reads, encoding/json reads alike.
func FuzzFastAnswer(f *testing.F) {
	for _, l := range append(fastLines, otherLines...) {
		f.Add([]byte(l))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		a, ok := fastAnswer(line)
		if !ok {
			return
		}
		if want, err := decodeAnswer(line); err != nil || !reflect.DeepEqual(a, want) {
			t.Errorf("%q: fast path %+v, encoding/json %+v (%v)", line, a, want, err)
		}
	})
}
