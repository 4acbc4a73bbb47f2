package strategies

import (
	"fmt"
	"strings"
)

// A Decl is an external solver's declaration, NAME=COMMAND (the -solver
// flag, or a manifest's record of one), read by ParseDecl: its name, and
// what its COMMAND's prefixes and placeholders say of its runs. Package
// external splits the command into words and runs it; everything else
// that needs to know what a declaration says asks its Decl.
type Decl struct {
	Name string
	// Command is the COMMAND as given, its prefixes in it and the spaces
	// at its ends trimmed.
	Command string
	// Program is Command without its prefixes: the command that runs.
	Program string
	// Random is true for a randomised solver: COMMAND begins with
	// RandomPrefix or holds the {seed} placeholder ({{seed}} is a brace,
	// not the placeholder). Its runs get the job's seed and repeat for
	// -trials, as a built-in's random tie-break does.
	Random bool
	// Stdio is true for a solver that answers over a pipe, one process a
	// worker (StdioPrefix), false for one process a run.
	Stdio bool
}

// RandomPrefix begins the COMMAND of a randomised external solver, before
// its mode (random:stdio:python3 s.py).
const RandomPrefix = "random:"

// StdioPrefix begins the COMMAND of an external solver that answers over
// a pipe, one process a worker (after RandomPrefix, if both are given).
const StdioPrefix = "stdio:"

// ParseDecl reads a declaration NAME=COMMAND: its form, its name and its
// prefixes. Package external's Parse goes on to split Program into words;
// that the program exists is its Resolve's business. A declaration it
// refuses still has its Name, the text before its first '=' (trimmed), so
// that one refused in a flag file can be overridden by a declaration of
// that NAME on the command line.
func ParseDecl(decl string) (Decl, error) {
	name, command, ok := strings.Cut(decl, "=")
	name, command = strings.TrimSpace(name), strings.TrimSpace(command)
	if !ok || name == "" || command == "" {
		return Decl{Name: name}, fmt.Errorf("%q: want NAME=COMMAND, such as 'mine=./mysolver {rows} {cols} {row} {col}'", decl)
	}
	if err := checkName(name); err != nil {
		return Decl{Name: name}, err
	}
	d := Decl{Name: name, Command: command, Program: command}
	if rest, ok := strings.CutPrefix(d.Program, RandomPrefix); ok {
		d.Random, d.Program = true, strings.TrimSpace(rest)
	}
	if rest, ok := strings.CutPrefix(d.Program, StdioPrefix); ok {
		d.Stdio, d.Program = true, strings.TrimSpace(rest)
		if rest, ok := strings.CutPrefix(d.Program, RandomPrefix); ok {
			// Else "random:prog" is looked for as a program, and the
			// error is a puzzling "no such file".
			return Decl{Name: name}, fmt.Errorf("%s: write %s%s%s (%s goes before %s)", name, RandomPrefix, StdioPrefix,
				strings.TrimSpace(rest), RandomPrefix, StdioPrefix)
		}
	}
	d.Random = d.Random || strings.Contains(strings.ReplaceAll(d.Program, "{{", ""), "{seed}")
	return d, nil
}

// String returns the declaration, NAME=COMMAND.
func (d Decl) String() string { return d.Name + "=" + d.Command }

// Info returns the facts of the declared solver: all there is to know
// without running it. It takes every board and start, draws no random
// numbers the harness knows of unless Random, proves nothing, and the
// memory it takes is its own process's, not the sweep's.
func (d Decl) Info() Info {
	return Info{Name: d.Name, Summary: "external solver: " + d.String(), External: &d,
		Random: d.Random, Bytes: func(int, int) int64 { return 0 }}
}

// MaxNameBytes bounds a declared solver's name: its series are named after
// it in the terminal's tables, the report's labels and the charts' file
// names (which shorten longer names with a hash), and 64 bytes read whole
// in each.
const MaxNameBytes = 64

// checkName accepts names that read well as a series and a CSV field:
// letters, digits, '-', '_' and '.', beginning with a letter, at most
// MaxNameBytes.
func checkName(name string) error {
	if len(name) > MaxNameBytes {
		head := []rune(name)[:16] // whole characters, for the message
		return fmt.Errorf("name %q... is %d bytes long: give a name of at most %d", string(head), len(name), MaxNameBytes)
	}
	switch {
	case Reserved(name):
		return fmt.Errorf("name %q is a keyword of -strategies (%q names every strategy): give the solver another name", name, All)
	case strings.EqualFold(name, All):
		return fmt.Errorf("%s differs from -strategies' keyword %s only in case: give the solver another name", name, All)
	}
	for i, r := range name {
		letter := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
		if letter || i > 0 && (r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			continue
		}
		return fmt.Errorf("name %q: want an ASCII letter (a-z, A-Z), then ASCII letters, digits, '-', '_' or '.'", name)
	}
	return nil
}
