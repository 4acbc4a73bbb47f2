package external

import (
	"fmt"
	"strings"

	"knightsweep/pkg/strategies"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// StdioPrefix begins a COMMAND that runs one process a worker.
const StdioPrefix = strategies.StdioPrefix

// A Spec is a declared solver: its declaration as strategies.ParseDecl
// reads it (its name, mode and randomness), and its command split into
// words with the placeholders still in them.
type Spec struct {
	strategies.Decl
	// Args is the command's words, without its prefixes; Args[0] is the
	// program.
	Args []string
}

// Parse reads a declaration NAME=COMMAND. It checks its form only: that
// the program exists is Resolve's business.
func Parse(decl string) (Spec, error) {
	d, err := strategies.ParseDecl(decl)
	if err != nil {
		return Spec{}, err
	}
	return NewSpec(d)
}

// NewSpec splits the command of the declaration d into words and checks
// their placeholders.
func NewSpec(d strategies.Decl) (Spec, error) {
	args, err := split(d.Program)
	if err != nil {
		return Spec{}, fmt.Errorf("%s: %w", d.Name, err)
	}
	if len(args) == 0 {
		return Spec{}, fmt.Errorf("%s: the command after %q is empty", d.Name, StdioPrefix)
	}
	for _, a := range args {
		if err := checkPlaceholders(a); err != nil {
			return Spec{}, fmt.Errorf("%s: %w", d.Name, err)
		}
	}
	if d.Stdio {
		for _, a := range args {
			if strings.Contains(a, "{") && checkPlaceholders(a) == nil && hasPlaceholder(a) {
				return Spec{}, fmt.Errorf("%s: a stdio solver gets each run's values in its requests, not as placeholders (%q)", d.Name, a)
			}
		}
	}
	return Spec{Decl: d, Args: args}, nil
}

// split splits command into words as a shell would, with the shell
// parser of mvdan.cc/sh. Only literal words are taken: quoting and
// escapes work, while anything a shell would expand or interpret is
// refused, since no shell will.
func split(command string) ([]string, error) {
	p := syntax.NewParser(syntax.Variant(syntax.LangPOSIX))
	var args []string
	for w, err := range p.WordsSeq(strings.NewReader(command)) {
		var s string
		if err == nil {
			s, err = literal(w)
		}
		if err != nil {
			return nil, fmt.Errorf("command %q: %w (it is split into words as a shell would, but no shell runs it)", command, err)
		}
		args = append(args, s)
	}
	return args, nil
}

// literal returns the word w stands for, unquoted, or an error if a shell
// would expand any part of it: only literal text and quotes are taken,
// and expand.Fields removes the quotes and escapes as a shell does.
func literal(w *syntax.Word) (string, error) {
	for _, part := range w.Parts {
		switch p := part.(type) {
		case *syntax.Lit:
			if strings.ContainsAny(p.Value, "*?[") {
				return "", fmt.Errorf("%q would be a glob pattern: quote it", p.Value)
			}
			if part == w.Parts[0] && strings.HasPrefix(p.Value, "~") {
				return "", fmt.Errorf("%q: ~ is not expanded: write the path", p.Value)
			}
		case *syntax.SglQuoted:
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				if _, ok := q.(*syntax.Lit); !ok {
					return "", fmt.Errorf("%s: variables and command substitutions are not expanded", partText(q))
				}
			}
		default:
			return "", fmt.Errorf("%s: variables, command substitutions and arithmetic are not expanded", partText(part))
		}
	}
	fields, err := expand.Fields(&expand.Config{}, w)
	if err != nil || len(fields) != 1 {
		return "", fmt.Errorf("%s: not one word (brace expansion?): quote it", partText(w.Parts[0]))
	}
	return fields[0], nil
}

// partText prints a part of a word back as it was written.
func partText(p syntax.WordPart) string {
	var b strings.Builder
	_ = syntax.NewPrinter().Print(&b, &syntax.Word{Parts: []syntax.WordPart{p}})
	return b.String()
}
