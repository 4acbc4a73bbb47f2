package words

import (
	"slices"
	"strings"
)

// Nearest returns the name of known nearest to word, for a "did you mean"
// hint: the one fewest edits away (an insertion, a deletion, a change or a
// swap of two neighbours, case ignored), where that is at most a third of
// word's length (at least 1, at most 3), so that a typo finds its name and
// a different word finds none; a word of three letters or fewer finds
// only its own letters swapped. ok is false where none is that near, or
// word is itself known.
func Nearest(word string, known []string) (name string, ok bool) {
	limit := min(max(len(word)/3, 1), 3)
	best := limit + 1
	lw := strings.ToLower(word)
	for _, k := range known {
		if k == word {
			return "", false
		}
		lk := strings.ToLower(k)
		if len(lw) < 4 && !anagram(lw, lk) {
			// Too short to tell a typo from another word ("bfs" is not
			// "dfs"), but for a swap.
			continue
		}
		if d := edits(lw, lk); d < best {
			name, best = k, d
		}
	}
	return name, best <= limit
}

// Suggest returns " (did you mean NAME?)" for Nearest's answer, or "".
func Suggest(word string, known []string) string {
	if name, ok := Nearest(word, known); ok {
		return " (did you mean " + name + "?)"
	}
	return ""
}

// anagram reports whether a and b hold the same letters.
func anagram(a, b string) bool {
	x, y := []byte(a), []byte(b)
	slices.Sort(x)
	slices.Sort(y)
	return string(x) == string(y)
}

// edits is the optimal-string-alignment distance of a and b, bytes as
// letters: names are ASCII.
func edits(a, b string) int {
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
