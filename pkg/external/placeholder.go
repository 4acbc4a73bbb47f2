package external

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Placeholders lists the words a one-process-a-run command may hold in
// braces, replaced for each run by its request's values.
var Placeholders = []string{"rows", "cols", "row", "col", "closed", "seed", "max_nodes", "timeout_ms"}

// checkPlaceholders refuses a word with an unknown placeholder or an
// unmatched brace, so that a typo fails before any work, not as a
// solver's puzzled error on every run.
func checkPlaceholders(word string) error {
	_, err := substitute(word, nil)
	return err
}

// hasPlaceholder reports whether word holds a placeholder.
func hasPlaceholder(word string) bool {
	for _, p := range Placeholders {
		if strings.Contains(word, "{"+p+"}") {
			return true
		}
	}
	return false
}

// substitute replaces the placeholders of word with r's values (r nil:
// only check them). A brace that opens no placeholder is written {{ or }}.
func substitute(word string, r *Request) (string, error) {
	if !strings.ContainsAny(word, "{}") {
		return word, nil
	}
	var b strings.Builder
	for i := 0; i < len(word); i++ {
		c := word[i]
		if (c == '{' || c == '}') && i+1 < len(word) && word[i+1] == c {
			b.WriteByte(c)
			i++
			continue
		}
		if c == '}' {
			return "", fmt.Errorf("%q: a lone } (write }} for a brace)", word)
		}
		if c != '{' {
			b.WriteByte(c)
			continue
		}
		end := strings.IndexByte(word[i:], '}')
		if end < 0 {
			return "", fmt.Errorf("%q: a { without its } (write {{ for a brace)", word)
		}
		name := word[i+1 : i+end]
		if !slices.Contains(Placeholders, name) {
			return "", fmt.Errorf("unknown placeholder {%s} in %q: want one of {%s}", name, word, strings.Join(Placeholders, "} {"))
		}
		if r != nil {
			b.WriteString(r.value(name))
		}
		i += end
	}
	return b.String(), nil
}

// value returns the placeholder name's value in r.
func (r *Request) value(name string) string {
	switch name {
	case "rows":
		return strconv.Itoa(r.Rows)
	case "cols":
		return strconv.Itoa(r.Cols)
	case "row":
		return strconv.Itoa(r.Start[0])
	case "col":
		return strconv.Itoa(r.Start[1])
	case "closed":
		return strconv.FormatBool(r.Closed)
	case "seed":
		return strconv.FormatUint(r.Seed, 10)
	case "max_nodes":
		return strconv.FormatInt(r.MaxNodes, 10)
	case "timeout_ms":
		return strconv.FormatInt(r.TimeoutMS, 10)
	}
	panic("external: no value for placeholder " + name)
}

// Argv returns the command's words for request r, placeholders replaced.
func (s *Spec) Argv(r *Request) []string {
	out := make([]string, len(s.Args))
	for i, a := range s.Args {
		v, err := substitute(a, r)
		if err != nil {
			panic("external: placeholders not checked: " + err.Error()) // Parse checked them
		}
		out[i] = v
	}
	return out
}
