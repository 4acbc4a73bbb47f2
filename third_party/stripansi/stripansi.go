// Package stripansi removes ANSI escape sequences from a string.
//
// It stands in for github.com/acarl005/stripansi (MIT, LICENSE), which the
// progress bar library github.com/vbauerster/mpb imports, through a
// replace directive in knightsweep's go.mod. The API and the pattern are
// the original's; the one difference is when the pattern is compiled. The
// original compiles it in the package's init, about 0.17 million
// instructions (callgrind: `experiment help` took 2.96 million with it,
// 2.79 million without) on every start of every command; here it is
// compiled the first time Strip is called, which only a progress bar
// narrower than its text does.
package stripansi

import (
	"regexp"
	"sync"
)

const ansi = "[\u001B\u009B][[\\]()#;?]*(?:(?:(?:[a-zA-Z\\d]*(?:;[a-zA-Z\\d]*)*)?\u0007)|(?:(?:\\d{1,4}(?:;\\d{0,4})*)?[\\dA-PRZcf-ntqry=><~]))"

var re = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(ansi) })

// Strip returns str without its ANSI escape sequences.
func Strip(str string) string {
	return re().ReplaceAllString(str, "")
}
