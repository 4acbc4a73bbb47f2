package exact

import (
	"fmt"
	"math"
	"strings"
	"sync"
	"time"

	"knightsweep/internal/words"
	"knightsweep/pkg/board"
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
	return leftWords(e.smoothed(p, now))
}

// leftWords is a smoothed time left in the meter's words.
func leftWords(d time.Duration) string {
	switch {
	case d == noLeft:
		return ""
	case d < 0:
		return "estimating"
	}
	return shortEstimate(d) + " left"
}

// noLeft is smoothed's answer for a walk that gives no time left.
const noLeft = time.Duration(math.MinInt64)

// smoothed returns the time left of p's walk at now, smoothed: noLeft if
// the walk gives none, negative while estimating.
func (e *timeLeft) smoothed(p Progress, now time.Time) time.Duration {
	if !p.Frontier || p.Left < 0 {
		return noLeft
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.starts == nil {
		e.starts = map[string]*leftSeen{}
	}
	k := walkKey(p.Board, p.Start)
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
		return -1
	}
	return max(s.end.Sub(now), 0)
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
		parts = append(parts, fmt.Sprintf("%s (%d at this depth)", words.Count(p.States, "tie point"), p.DepthStates))
	} else {
		parts = append(parts, words.Count(p.States, "tie point"))
	}
	return strings.Join(parts, ", ")
}

// Overall is the whole run's progress beside a walk's: the walk's class
// (Class of Classes, in the order of the tasks), the classes ended, and
// the time left over every class ("estimating" until a class has ended or
// a walk has given its time left; see allLeft).
type Overall struct {
	Class, Classes, Ended int
	Left                  string
}

// allLeft estimates the time left over a run's classes from the cost
// model (Cost) and the wall time so far: the classes ended count whole,
// a walk under way its cost times the share of its own estimate done
// (its time so far over that plus its time left); the wall time a unit
// of cost took so far is taken for the cost not done. Walks at once share
// the wall time, so it holds for one walk at a time or several.
type allLeft struct {
	mu      sync.Mutex
	t0      time.Time
	total   float64 // the cost of every class to walk
	done    float64 // of the classes ended
	walking map[string]*walkSeen
	cost    map[string]float64 // of each class, by walkKey
}

type walkSeen struct {
	cost  float64
	first time.Time     // its first tick
	left  time.Duration // its smoothed time left; negative: none yet
}

func newAllLeft(tasks []Task, now time.Time) *allLeft {
	a := &allLeft{t0: now, walking: map[string]*walkSeen{}, cost: map[string]float64{}}
	for _, t := range tasks {
		a.total += Cost(t)
		a.cost[walkKey(t.Board, t.Start)] = Cost(t)
	}
	return a
}

// tick notes p's walk's smoothed time left (negative: none) at now.
func (a *allLeft) tick(p Progress, left time.Duration, now time.Time) {
	a.mu.Lock()
	defer a.mu.Unlock()
	k := walkKey(p.Board, p.Start)
	w := a.walking[k]
	if w == nil {
		w = &walkSeen{cost: a.cost[k], first: now}
		a.walking[k] = w
	}
	w.left = left
}

// ended counts t's walk as done.
func (a *allLeft) ended(t Task) {
	a.mu.Lock()
	defer a.mu.Unlock()
	delete(a.walking, walkKey(t.Board, t.Start))
	a.done += Cost(t)
}

// walkKey names the walk from start on b.
func walkKey(b board.Board, start board.Square) string { return fmt.Sprint(b, start) }

// words returns the time left over every class at now: "~2h10m", or
// "estimating" while there is none yet.
func (a *allLeft) words(now time.Time) string {
	a.mu.Lock()
	defer a.mu.Unlock()
	credit := a.done
	for _, w := range a.walking {
		if el := now.Sub(w.first); w.left >= 0 && el > 0 {
			credit += w.cost * el.Seconds() / (el + w.left).Seconds()
		}
	}
	if credit <= 0 || a.total <= 0 {
		return "estimating"
	}
	s := now.Sub(a.t0).Seconds() * max(a.total-credit, 0) / credit
	return shortEstimate(time.Duration(min(s, 1e9) * float64(time.Second)))
}

// Detail is the whole run's part of the progress line, first: "class
// 3/21, 2 done, ~2h10m left in all" (or "estimating the time left in
// all").
func (o Overall) Detail() string {
	left := o.Left + " left in all"
	if o.Left == "estimating" {
		left = "estimating the time left in all"
	}
	return fmt.Sprintf("class %d/%d, %d done, %s", o.Class, o.Classes, o.Ended, left)
}
