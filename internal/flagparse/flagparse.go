// Package flagparse holds the flag sets of experiment's commands: made to
// return errors rather than exit, and parsed quietly, with the flag
// package's errors rewritten in one line that says what the flag accepts.
package flagparse

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"knightsweep/internal/input"
	"knightsweep/internal/words"
)

// New returns a flag set that reports errors instead of exiting, and
// whose usage begins "usage: experiment NAME SYNOPSIS".
func New(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, strings.TrimSpace("usage: experiment "+name+" "+synopsis))
		n := 0
		fs.VisitAll(func(*flag.Flag) { n++ })
		if n == 0 {
			fmt.Fprintln(stderr, "\nIt takes no flags.")
			return
		}
		fmt.Fprint(stderr, "\nFlags:\n")
		fs.PrintDefaults()
	}
	return fs
}

// Quiet is fs.Parse without the flag package's own report of a bad
// flag (its message and the whole usage, some 45 lines): the error it
// returns says in one line what the flag accepts. -h returns flag.ErrHelp
// without printing the usage, which the caller prints.
func Quiet(fs *flag.FlagSet, args []string) error {
	usage, out := fs.Usage, fs.Output()
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	fs.Usage = usage
	fs.SetOutput(out)
	if err == nil || errors.Is(err, flag.ErrHelp) {
		return err
	}
	return flagError(fs, err)
}

// flagErrors are the flag package's errors, which flagError rewrites,
// compiled when first needed: a command that parses cleanly never needs them.
var flagErrors = sync.OnceValue(func() (e struct{ badValue, noSuchFlag, noValue, durationTooLong *regexp.Regexp }) {
	e.badValue = regexp.MustCompile(`^invalid (?:boolean )?value "(.*)" for (?:flag )?-(\S+): (.*)$`)
	e.noSuchFlag = regexp.MustCompile(`^flag provided but not defined: -(\S+)$`)
	e.noValue = regexp.MustCompile(`^flag needs an argument: -(\S+)$`)
	// A duration that is well formed, units and all, and so is refused
	// for its size.
	e.durationTooLong = regexp.MustCompile(`^[+]?([0-9]+(\.[0-9]*)?(ns|us|µs|ms|s|m|h))+$`)
	return e
})

// flagError rewrites an error of the flag package as the other flags'
// errors read: the flag, what was given, what it accepts.
func flagError(fs *flag.FlagSet, err error) error {
	msg, re := err.Error(), flagErrors()
	if m := re.noSuchFlag.FindStringSubmatch(msg); m != nil {
		var names []string
		fs.VisitAll(func(f *flag.Flag) { names = append(names, "-"+f.Name) })
		return fmt.Errorf("-%s: no such flag%s (\"experiment %s -h\" lists them)", m[1], words.Suggest("-"+m[1], names), fs.Name())
	}
	if m := re.noValue.FindStringSubmatch(msg); m != nil {
		if f := fs.Lookup(m[1]); f != nil {
			_, usage := flag.UnquoteUsage(f)
			return fmt.Errorf("-%s: missing its value: %s", m[1], usage)
		}
		return fmt.Errorf("-%s: missing its value", m[1])
	}
	m := re.badValue.FindStringSubmatch(msg)
	if m == nil {
		return err
	}
	f := fs.Lookup(m[2])
	if f == nil {
		return err
	}
	want := m[3] // a flag.Value of our own says what it accepts
	if g, ok := f.Value.(flag.Getter); ok {
		switch g.Get().(type) {
		case time.Duration:
			want = "want a duration with its unit, such as 30s, 5m or 1h30m"
			if re.durationTooLong.MatchString(m[1]) {
				// time.ParseDuration says "invalid" of 9999999h too.
				want = "out of range; want a duration of at most 2562047h (about 292 years)"
			}
		case bool:
			want = "want true or false"
		case uint64, uint:
			want = "want a whole number, 0 or more"
		case int, int64:
			want = "want a whole number"
		case float64:
			want = "want a number"
		}
		if strings.Contains(m[3], "out of range") {
			want = "out of range; " + want
		}
	}
	_, usage := flag.UnquoteUsage(f)
	return fmt.Errorf("-%s %s: %s (-%s: %s)", m[2], strconv.Quote(m[1]), want, m[2], usage)
}

// Set returns the names of the flags given on the command line.
func Set(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return set
}

// Origins maps a flag, with its dash, to where a flag file set its value,
// "FILE:LINE", for the flags the command line did not set again.
type Origins map[string]string

// At returns err saying where its flag's value was set, where err is
// bad input about a flag (input.Error) whose value a flag file gave: a
// value the flag itself took, but a later check refused
// ("-sizes: quick.flags:3: ...").
func (o Origins) At(err error) error {
	var e *input.Error
	if errors.As(err, &e) {
		return In(o[e.Flag], err)
	}
	return err
}

// In returns err, bad input about a flag (an input.Error), with the place
// its refused value comes from, where ("FILE:LINE"), put before its
// reason. An err that is no input.Error, or an empty where (a value of
// the command line), is returned as it is.
func In(where string, err error) error {
	var e *input.Error
	if where != "" && errors.As(err, &e) {
		e.Err = fmt.Errorf("%s: %w", where, e.Err)
	}
	return err
}
