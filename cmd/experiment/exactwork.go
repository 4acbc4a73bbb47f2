package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"knightsweep/internal/durable"
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
	data, err := durable.ReadFile(path, 64<<10)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		data, _ := json.MarshalIndent(cmd, "", "  ")
		// Atomic, so that a crash while it is written never leaves a torn
		// file that the next run would refuse.
		if err := durable.ReplaceBytes(path, append(data, '\n')); err != nil {
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

// exactDetail is the meter's line for a walk's depth, its most useful
// figures first so that an 80-column terminal shows them beside the bar
// (it cut the line after the tie points, and the memory, the disk and the
// time left never showed): the depth, the memory held beside -mem-limit
// (limit, 0: none), the frontier method's disk and the time left (left:
// "" for none), then the board and start and the tie points. The
// frontier's memory is the most the depth held. At the last depth there
// is no time left to show.
func exactDetail(p exact.Progress, limit int64, left string) string {
	mem := memlimit.Format(p.Held)
	if limit > 0 {
		mem += "/" + memlimit.Format(limit)
	}
	parts := []string{fmt.Sprintf("depth %d/%d", p.Depth, p.Squares), mem + " mem"}
	if p.Frontier {
		parts = append(parts, memlimit.Format(p.Disk)+" disk")
	}
	if left != "" && p.Depth < p.Squares {
		parts = append(parts, left)
	}
	parts = append(parts, fmt.Sprintf("%v from %v", p.Board, p.Start))
	if p.Frontier {
		parts = append(parts, fmt.Sprintf("%d tie points (%d at this depth)", p.States, p.DepthStates))
	} else {
		parts = append(parts, fmt.Sprintf("%d tie points", p.States))
	}
	return strings.Join(parts, ", ")
}

// exactLeft smooths the frontier's estimates of the time left, a start
// each: they come from the depths' growth, which swings while the depths
// still grow (10x10: 2h22m, then 39m 12 s later). Until minDepths depths
// have given one it says "estimating"; then it shows the end time that
// the estimates so far point to, each new one weighing leftWeight.
type exactLeft struct {
	mu     sync.Mutex // starts walked at once tick at once
	starts map[string]*leftSeen
}

type leftSeen struct {
	seen int
	end  time.Time
}

const (
	minDepths  = 5
	leftWeight = 0.3
)

// words returns the time left of p's walk at now, as the line shows it:
// "" if the walk gives none, "estimating", or "~12m left".
func (e *exactLeft) words(p exact.Progress, now time.Time) string {
	if !p.Frontier || p.Left < 0 {
		return ""
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.starts == nil {
		e.starts = map[string]*leftSeen{}
	}
	k := fmt.Sprint(p.Board, p.Start)
	s := e.starts[k]
	if s == nil {
		s = &leftSeen{}
		e.starts[k] = s
	}
	end := now.Add(p.Left)
	if s.seen == 0 {
		s.end = end
	} else {
		s.end = s.end.Add(time.Duration(leftWeight * float64(end.Sub(s.end))))
	}
	s.seen++
	if s.seen < minDepths {
		return "estimating"
	}
	return shortEstimate(max(s.end.Sub(now), 0)) + " left"
}

// shortEstimate is progress.Estimate in fewer columns: "~1h23m".
func shortEstimate(d time.Duration) string {
	s := strings.Replace(progress.Estimate(d.Seconds()), "about ", "~", 1)
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	return s
}
