package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"knightsweep/internal/atomicfile"
	"knightsweep/internal/capped"
	"knightsweep/pkg/exact"
	"knightsweep/pkg/memlimit"
	"knightsweep/pkg/plan"
	"knightsweep/pkg/progress"
)

// exactMethod reads -method with -work and -plain.
func exactMethod(name, work string, plain bool) (exact.Method, error) {
	m, err := exact.ParseMethod(name)
	if err != nil {
		return 0, usagef("-method: %v", err)
	}
	if work != "" && (m == exact.MethodMemo || plain) {
		return 0, usagef("-work: only the frontier method keeps a checkpoint; drop -method memo and -plain, or -work")
	}
	if plain && m == exact.MethodFrontier {
		return 0, usagef("-method: -plain walks without the memo or the frontier; drop one")
	}
	return m, nil
}

// workCommand is what -work's directory keeps of the command that made
// it, command.json: the flags that decide the walks' figures. Another
// command is refused (-work names a directory of other walks), so that
// the same command, and only it, goes on from the checkpoints.
type workCommand struct {
	Sizes    string `json:"sizes"`
	Starts   string `json:"starts"`
	Tiebreak string `json:"tiebreak"`
	Closed   bool   `json:"closed"`
	Float    bool   `json:"float"`
}

func exactCommand(sizes plan.Sizes, starts plan.Starts, rule exact.Rule, closed, float bool) workCommand {
	var bs []string
	for _, b := range sizes {
		bs = append(bs, b.String())
	}
	return workCommand{Sizes: strings.Join(bs, ","), Starts: starts.String(), Tiebreak: rule.String(), Closed: closed, Float: float}
}

// checkWork checks -work before any walk: a directory of this command's
// walks (or a new one, made now), and each start's checkpoint one of its
// walk.
func checkWork(o exact.Options, tasks []exact.Task, cmd workCommand) error {
	if o.Work == "" {
		return nil
	}
	if err := os.MkdirAll(o.Work, 0o755); err != nil {
		return usagef("-work: %v", err)
	}
	path := filepath.Join(o.Work, "command.json")
	// A command is a few hundred bytes: anything past 64 KiB is no
	// command.json of ours, and is not read whole.
	data, err := capped.ReadFile(path, 64<<10)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		data, _ := json.MarshalIndent(cmd, "", "  ")
		// Atomic, so that a crash while it is written never leaves a torn
		// file that the next run would refuse.
		if err := atomicfile.WriteBytes(path, append(data, '\n')); err != nil {
			return usagef("-work: %v", err)
		}
	case err != nil:
		return usagef("-work: %v", err)
	default:
		var had workCommand
		if err := json.Unmarshal(data, &had); err != nil {
			return usagef("-work: %s: %v: not a directory of exact's walks (corrupt?)", path, err)
		}
		if had != cmd {
			return usagef("-work: %s holds the walks of another command (%s), not of this one (%s): give the same -sizes, -starts, -tiebreak, -closed and -float, or another -work", o.Work, had, cmd)
		}
	}
	for _, t := range tasks {
		if err := exact.CheckWork(t.Board, t.Start, o); err != nil {
			return usagef("-work: %v", err)
		}
	}
	return nil
}

func (c workCommand) String() string {
	s := fmt.Sprintf("-sizes %s -starts %s -tiebreak %s", c.Sizes, c.Starts, c.Tiebreak)
	if c.Closed {
		s += " -closed"
	}
	if c.Float {
		s += " -float"
	}
	return s
}

// exactDetail is the meter's line for a walk's depth; limit is
// -mem-limit (0: none), shown beside the frontier method's memory, the
// most the depth held, so that the line shows the limit kept.
func exactDetail(p exact.Progress, limit int64) string {
	if !p.Frontier {
		return fmt.Sprintf("%v from %v: depth %d/%d, %d tie points, %s", p.Board, p.Start, p.Depth, p.Squares, p.States, memlimit.Format(p.Held))
	}
	mem := "at most " + memlimit.Format(p.Held) + " in memory"
	if limit > 0 {
		mem += " (-mem-limit " + memlimit.Format(limit) + ")"
	}
	s := fmt.Sprintf("%v from %v: depth %d/%d, %d tie points at this depth (%d in all), %s, %s on disk",
		p.Board, p.Start, p.Depth, p.Squares, p.DepthStates, p.States, mem, memlimit.Format(p.Disk))
	if p.Left >= 0 {
		s += ", " + progress.Estimate(p.Left.Seconds()) + " left"
	}
	return s
}
