// Package words writes counts as a sentence says them: "1 run", "2 runs",
// never "1 runs". It is the one place the commands, the report and the
// warnings make a noun agree with its count.
package words

import (
	"strconv"
	"strings"
)

// Count returns n and noun, with an "s" unless n is 1 (the nouns the
// program counts are regular: run, row, pair, output, job, board).
func Count[T ~int | ~int64](n T, noun string) string {
	s := strconv.FormatInt(int64(n), 10) + " " + noun
	if n != 1 {
		s += "s"
	}
	return s
}

// Do lists names as the subject of "do", the verb agreeing with them:
// "dfs does", "warnsdorff, warnsdorff-bt do".
func Do(names []string) string {
	if len(names) == 1 {
		return names[0] + " does"
	}
	return strings.Join(names, ", ") + " do"
}
