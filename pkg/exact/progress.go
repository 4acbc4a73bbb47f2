package exact

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"knightsweep/pkg/memlimit"
	"knightsweep/pkg/progress"
)

// timeLeft smooths the frontier method's estimates of the time left
// (frontier.left), a start each: they come from the depths' growth, which
// swings while the depths still grow (10x10: 2h22m, then 39m 12 s later).
// Until minDepths depths have given one it says "estimating"; then it
// shows the end time that the estimates so far point to, each new one
// weighing leftWeight.
type timeLeft struct {
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

// words returns the time left of p's walk at now, as the meter shows it:
// "" if the walk gives none, "estimating", or "~12m left".
func (e *timeLeft) words(p Progress, now time.Time) string {
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

// Detail is the progress meter's line for a walk's depth, its most useful
// figures first so that an 80-column terminal shows them beside the bar:
// the depth, the memory held beside -mem-limit (limit, 0: none), the
// frontier method's disk and the time left (left: "" for none), then the
// board and start and the tie points. The frontier's memory is the most
// the depth held. At the last depth there is no time left to show.
func (p Progress) Detail(limit int64, left string) string {
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
