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
	return strconv.FormatInt(int64(n), 10) + " " + Noun(n, noun)
}

// Noun returns noun as it agrees with n, without n: "run", "runs".
func Noun[T ~int | ~int64](n T, noun string) string {
	if n != 1 {
		return noun + "s"
	}
	return noun
}

// List joins items as a sentence lists them: "a", "a and b", "a, b and c".
func List(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// Do lists names as the subject of "do", the verb agreeing with them:
// "dfs does", "warnsdorff, warnsdorff-bt do".
func Do(names []string) string {
	if len(names) == 1 {
		return names[0] + " does"
	}
	return strings.Join(names, ", ") + " do"
}
