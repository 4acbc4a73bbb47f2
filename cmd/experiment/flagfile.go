package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"strings"

	"knightsweep/configs"
	"knightsweep/internal/durable"
	"knightsweep/internal/flagparse"
	"knightsweep/internal/input"
	"knightsweep/internal/words"
)

// configFlag is the flag that names a flag file.
const configFlag = "config"

// parseArgs parses command-line args into fs. If they give -config FILE,
// the flags of FILE (read with open) are applied first and the command
// line's flags then override them. fs's flags must be plain values (a later
// Set replaces an earlier one) or fileLayered, and -config may not appear
// in a file. It returns where the file set the flags the command line
// did not, for the errors of later checks of their values.
func parseArgs(fs *flag.FlagSet, args []string, open func(name string) ([]byte, error)) (flagparse.Origins, error) {
	if err := parseQuiet(fs, args); err != nil {
		return nil, err
	}
	cfg := fs.Lookup(configFlag)
	if cfg == nil || cfg.Value.String() == "" {
		return nil, nil
	}
	name, given, at := cfg.Value.String(), flagparse.Set(fs), flagparse.Origins{}
	data, err := open(name)
	if err != nil {
		return nil, &input.Error{Flag: "-" + configFlag, Err: err}
	}
	lines, err := configs.ParseFile(name, bytes.NewReader(data))
	if err != nil {
		return nil, &input.Error{Flag: "-" + configFlag, Err: err}
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
			return nil, input.Errorf("-"+configFlag, "%s:%d: a flag file cannot name another flag file", name, l.Line)
		}
		where := fmt.Sprintf("%s:%d", name, l.Line)
		layer(func(v fileLayered) { v.fileLine(where) })
		if err := parseQuiet(fs, []string{l.Arg}); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				err = errors.New("-h is not a setting")
			}
			return nil, input.Errorf("-"+configFlag, "%s:%d: %v", name, l.Line, err)
		}
		var own bool // "--" is no flag
		if fl := fs.Lookup(strings.TrimPrefix(l.Name(), "-")); fl != nil {
			_, own = fl.Value.(fileLayered)
		}
		switch _, twice := at[l.Name()]; {
		case own: // its values name their lines (fileLine)
		case twice: // which line, its error says
			at[l.Name()] = name
		case !given[strings.TrimPrefix(l.Name(), "-")]:
			at[l.Name()] = where
		}
	}
	layer(fileLayered.fromCommandLine)
	return at, parseQuiet(fs, args)
}

// A fileLayered flag is repeatable and keeps a flag file's values apart
// from the command line's, so that the command line's can override the
// file's (as a later Set does for a plain value) without adding to them.
type fileLayered interface {
	// fromFile is called before the flag file's values are set;
	// fromCommandLine before the command line's are set again.
	fromFile()
	fromCommandLine()
	// fileLine is called before each line of the flag file is set, with
	// where it is ("FILE:LINE"), for the errors of later checks.
	fileLine(at string)
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
