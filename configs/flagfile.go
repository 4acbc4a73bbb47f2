package configs

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Line is one flag of a flag file.
type Line struct {
	// Line is the line number, from 1.
	Line int
	// Arg is the flag as one command-line argument: "-name=value", or
	// "-name" for a bare boolean.
	Arg string
}

// Name returns the flag the line sets, with its dash: "-sizes".
func (l Line) Name() string {
	name, _, _ := strings.Cut(l.Arg, "=")
	return name
}

// MaxLineBytes is the longest line of a flag file: a -starts list of
// hundreds of squares fits, as it would on a command line.
const MaxLineBytes = 1 << 20

// ParseFile reads a flag file; name is used in error messages. A flag
// file holds command-line flags, one a line, as a preset for a
// sweep:
//
//	# quick: boards 5..8, every start, the three strategies
//	-sizes 5-8
//	-strategies dfs,warnsdorff,warnsdorff-bt   # comments may follow a value
//	-order "2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1"
//	-closed
//
// A line is a flag name, then optionally whitespace or "=" and its value:
// the rest of the line, which may hold spaces, or one quoted string: in
// double quotes, Go-quoted; in single quotes, taken as a shell takes it,
// every byte to the closing quote ('x=./cw {seed}' is x=./cw {seed}). A "#"
// at the start of a line or after whitespace, outside double or single
// quotes, starts a comment. A bare boolean flag means true. A UTF-8 byte-order mark and
// CRLF line ends, as Windows editors save a file, are accepted. A value is
// taken as it would be on the command line: a relative path in it (-out,
// a -solver's program) is the current directory's, not the file's
// directory's, so a flag file reads as a command line typed where it is
// run (docs/solvers.md).
func ParseFile(name string, r io.Reader) ([]Line, error) {
	var lines []Line
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, MaxLineBytes)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if n == 1 {
			// An editor (Notepad) may save the file with a UTF-8
			// byte-order mark, no part of the first flag.
			line = strings.TrimPrefix(line, "\uFEFF")
		}
		text := strings.TrimSpace(stripComment(line))
		if text == "" {
			continue
		}
		arg, err := parseLine(text)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, n, err)
		}
		lines = append(lines, Line{Line: n, Arg: arg})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return lines, nil
}

// stripComment removes a comment: from a "#" at the start or after
// whitespace, outside double and single quotes, as a shell reads a
// command line (a -solver's words may be quoted either way).
func stripComment(s string) string {
	var quote rune // the open quote, or 0
	escaped := false
	for i, c := range s {
		switch {
		case escaped:
			escaped = false
		case quote != '\'' && c == '\\':
			escaped = true
		case quote == 0 && (c == '"' || c == '\''):
			quote = c
		case c == quote:
			quote = 0
		case c == '#' && quote == 0 && (i == 0 || s[i-1] == ' ' || s[i-1] == '\t'):
			return s[:i]
		}
	}
	return s
}

// parseLine reads a flag line without its comment as one argument.
func parseLine(text string) (string, error) {
	name := strings.TrimLeft(text, "-")
	if dashes := len(text) - len(name); dashes < 1 || dashes > 2 {
		return "", fmt.Errorf("%q: want a flag and its value, such as -sizes 5-8", text)
	}
	end := strings.IndexAny(name, " \t=")
	if end < 0 {
		return "-" + name, nil
	}
	value := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(name[end:]), "="))
	name = name[:end]
	if name == "" {
		return "", fmt.Errorf("%q: want a flag and its value, such as -sizes 5-8", text)
	}
	switch {
	case strings.HasPrefix(value, `"`):
		v, err := strconv.Unquote(value)
		if err != nil {
			return "", fmt.Errorf("-%s: bad quoted value %s: want one Go-quoted string", name, value)
		}
		value = v
	case strings.HasPrefix(value, "'"):
		// As a shell reads it: every byte up to the closing quote, no
		// escapes.
		v, ok := strings.CutSuffix(value[1:], "'")
		if !ok || strings.Contains(v, "'") {
			return "", fmt.Errorf("-%s: bad quoted value %s: want one single-quoted string, as a shell reads it", name, value)
		}
		value = v
	}
	return "-" + name + "=" + value, nil
}
