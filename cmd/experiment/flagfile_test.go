package main

import (
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"knightsweep/configs"
	"knightsweep/internal/input"
	"knightsweep/pkg/plan"
)

// newTestFlags returns a flag set with experiment run's flags.
func newTestFlags() (*flag.FlagSet, *runFlags) {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var f runFlags
	f.register(fs)
	return fs, &f
}

func TestParseArgsConfig(t *testing.T) {
	files := map[string]string{
		"p.flags":      "-sizes 5-8\n-max-nodes 1000\n-timeout 5s\n-closed\n-starts corners\n",
		"nested.flags": "-config p.flags\n",
		"bad.flags":    "-sizes 5\n-frob 3\n",
		"badval.flags": "-sizes 5\n\n-max-nodes lots\n",
	}
	open := func(name string) ([]byte, error) {
		s, ok := files[name]
		if !ok {
			return nil, os.ErrNotExist
		}
		return []byte(s), nil
	}

	fs, f := newTestFlags()
	if _, err := parseArgs(fs, []string{"-max-nodes", "50", "-config", "p.flags", "-closed=false"}, open); err != nil {
		t.Fatal(err)
	}
	// The command line overrides the file, wherever -config stands.
	if f.sizes != "5-8" || f.maxNodes != 50 || f.timeout != 5*time.Second || f.closed || f.starts != "corners" {
		t.Errorf("flags %+v", f)
	}

	for _, tt := range []struct {
		file, want string
	}{
		{"missing.flags", "-config: file does not exist"},
		{"nested.flags", "-config: nested.flags:1: a flag file cannot name another flag file"},
		{"bad.flags", "-config: bad.flags:2: -frob: no such flag"},
		{"badval.flags", `-config: badval.flags:3: -max-nodes "lots": want a whole number`},
	} {
		fs, _ := newTestFlags()
		_, err := parseArgs(fs, []string{"-config", tt.file}, open)
		var ie *input.Error
		if !errors.As(err, &ie) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v; want %q", tt.file, err, tt.want)
		}
	}

	// Without -config, parseArgs is fs.Parse.
	fs, f = newTestFlags()
	if _, err := parseArgs(fs, []string{"-sizes", "6"}, open); err != nil || f.sizes != "6" {
		t.Errorf("no config: %v, %+v", err, f)
	}
}

// Every preset in configs/ parses and describes a valid sweep.
func TestPresetFiles(t *testing.T) {
	paths, err := filepath.Glob("../../configs/*.flags")
	if err != nil || len(paths) < 4 {
		t.Fatalf("presets: %v, %v", paths, err)
	}
	for _, path := range paths {
		fs, f := newTestFlags()
		if _, err := parseArgs(fs, []string{"-config", path}, os.ReadFile); err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		s, err := f.settings()
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		p, err := plan.New(s)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		if s.MaxNodes == 0 && s.Timeout == 0 {
			t.Errorf("%s: no budget: a dfs search could run for ever", path)
		}
		t.Logf("%s: %d jobs, %s", filepath.Base(path), p.Len(), s.Sizes)
	}
}

// FuzzFlagFile reads a flag file as -config does, then checks the flags it
// set: a bad line or value is an error, never a panic.
func FuzzFlagFile(f *testing.F) {
	for _, s := range []string{
		"-sizes 5-8\n-starts all\n",
		"# c\n-sizes=5 # x\n-order \"2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1\"\n-closed\n",
		"-config other\n", "-h\n", "--sizes\t5\n-workers 0\n", "-order \"\\x\n", "sizes 5\n", "-\n", "---x\n",
		"-shard auto/3\n-resume\n", "-max-nodes -1\n-timeout 1q\n", "-sizes 1-20000,1-20000\n-workers 1000000000\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, file string) {
		if _, err := configs.ParseFile("f", strings.NewReader(file)); err != nil {
			return
		}
		fs, fl := newTestFlags()
		open := func(string) ([]byte, error) { return []byte(file), nil }
		if _, err := parseArgs(fs, []string{"-config", "f"}, open); err != nil {
			return
		}
		s, err := fl.settings()
		if err == nil {
			_, err = fl.options(noEnv)
		}
		if err == nil {
			_, err = plan.New(s)
		}
		if err != nil && !input.Is(err) {
			t.Fatalf("error %v is not an input.Error", err)
		}
	})
}

// A value a flag file gives that a later check refuses (a strategy no one
// declares, a board size, a start off the board) is named with the file
// and its line, as a value the flag itself refuses is; the same value on
// the command line, which overrides the file's, names no line.
func TestConfigValueErrorNamesFileLine(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct{ name, file, want string }{
		{"strategy", "-sizes 5\n-strategies dfs,nosuch\n", "-strategies: FILE:2: unknown strategy \"nosuch\""},
		{"sizes", "# a comment\n-sizes x\n", "-sizes: FILE:2: \"x\": a side is missing"},
		{"start", "-starts 9,9\n-sizes 5\n", "-starts: FILE:1: square 9,9 is off the 5x5 board"},
		{"solver twice", "-sizes 5\n-solver a=/no/such/a\n-solver b=/no/such/b\n-strategies a,b\n", "-solver: FILE:2: a:"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, tt.name+".flags")
			if err := os.WriteFile(path, []byte(tt.file), 0o644); err != nil {
				t.Fatal(err)
			}
			want := strings.ReplaceAll(tt.want, "FILE", path)
			if out, errOut, code := runCLI(t, "run", "-config", path, "-plan"); code != 2 || !strings.Contains(errOut, want) {
				t.Errorf("exit %d, stdout %q, stderr %q: want exit 2 saying %q", code, out, errOut, want)
			}
		})
	}
	path := filepath.Join(dir, "strategy.flags")
	if _, errOut, code := runCLI(t, "run", "-config", path, "-strategies", "dfs,other", "-plan"); code != 2 ||
		!strings.Contains(errOut, "-strategies: unknown strategy \"other\"") {
		t.Errorf("exit %d, stderr %q: want the command line's value refused, no file named", code, errOut)
	}
}
