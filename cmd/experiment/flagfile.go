package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"

	"knightsweep/configs"
	"knightsweep/internal/durable"
	"knightsweep/internal/input"
	"knightsweep/internal/words"
)

// flagLine is one flag of a flag file.
type flagLine struct {
	// Line is the line number, from 1.
	Line int
	// Arg is the flag as one command-line argument: "-name=value", or
	// "-name" for a bare boolean.
	Arg string
}

// parseFlagFile reads a flag file; name is used in error messages. A flag
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
// the rest of the line, which may hold spaces, or a Go-quoted string. A "#"
// at the start of a line or after whitespace, outside double or single
// quotes, starts a comment. A bare boolean flag means true. A UTF-8 byte-order mark and
// CRLF line ends, as Windows editors save a file, are accepted. A value is
// taken as it would be on the command line: a relative path in it (-out,
// a -solver's program) is the current directory's, not the file's
// directory's, so a flag file reads as a command line typed where it is
// run (docs/solvers.md).
func parseFlagFile(name string, r io.Reader) ([]flagLine, error) {
	var lines []flagLine
	sc := bufio.NewScanner(r)
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
		arg, err := parseFlagLine(text)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, n, err)
		}
		lines = append(lines, flagLine{Line: n, Arg: arg})
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

func parseFlagLine(text string) (string, error) {
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
	if strings.HasPrefix(value, `"`) {
		v, err := strconv.Unquote(value)
		if err != nil {
			return "", fmt.Errorf("-%s: bad quoted value %s: want one Go-quoted string", name, value)
		}
		value = v
	}
	return "-" + name + "=" + value, nil
}

// configFlag is the flag that names a flag file.
const configFlag = "config"

// parseArgs parses command-line args into fs. If they give -config FILE,
// the flags of FILE (read with open) are applied first and the command
// line's flags then override them. fs's flags must be plain values (a later
// Set replaces an earlier one) or fileLayered, and -config may not appear
// in a file.
func parseArgs(fs *flag.FlagSet, args []string, open func(name string) ([]byte, error)) error {
	if err := parseQuiet(fs, args); err != nil {
		return err
	}
	cfg := fs.Lookup(configFlag)
	if cfg == nil || cfg.Value.String() == "" {
		return nil
	}
	name := cfg.Value.String()
	data, err := open(name)
	if err != nil {
		return &input.Error{Flag: "-" + configFlag, Err: err}
	}
	lines, err := parseFlagFile(name, bytes.NewReader(data))
	if err != nil {
		return &input.Error{Flag: "-" + configFlag, Err: err}
	}
	layer := func(f func(fileLayered)) {
		fs.VisitAll(func(fl *flag.Flag) {
			if v, ok := fl.Value.(fileLayered); ok {
				f(v)
			}
		})
	}
	layer(fileLayered.fromFile)
	for _, l := range lines {
		if strings.HasPrefix(l.Arg, "-"+configFlag+"=") || l.Arg == "-"+configFlag {
			return input.Errorf("-"+configFlag, "%s:%d: a flag file cannot name another flag file", name, l.Line)
		}
		if err := parseQuiet(fs, []string{l.Arg}); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				err = errors.New("-h is not a setting")
			}
			return input.Errorf("-"+configFlag, "%s:%d: %v", name, l.Line, err)
		}
	}
	layer(fileLayered.fromCommandLine)
	return parseQuiet(fs, args)
}

// A fileLayered flag is repeatable and keeps a flag file's values apart
// from the command line's, so that the command line's can override the
// file's (as a later Set does for a plain value) without adding to them.
type fileLayered interface {
	// fromFile is called before the flag file's values are set;
	// fromCommandLine before the command line's are set again.
	fromFile()
	fromCommandLine()
}

// configFile reads -config's name: the embedded preset of that name, where
// name is one (configs.IsPreset), else the flag file. A name that is
// neither is refused with the nearest preset's name, if one is near.
func configFile(name string) ([]byte, error) {
	if configs.IsPreset(name) {
		return configs.Read(name)
	}
	data, err := durable.ReadFile(name, maxConfigBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: no such file, nor a preset of that name%s (presets: %s)",
			name, words.Suggest(strings.TrimSuffix(name, configs.Ext), configs.Names()), strings.Join(configs.Names(), ", "))
	}
	return data, err
}

// maxConfigBytes bounds a flag file: a preset is a few hundred bytes.
const maxConfigBytes = 1 << 20
