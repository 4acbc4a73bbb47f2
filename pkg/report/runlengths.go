package report

import (
	"fmt"
	"math"

	"knightsweep/pkg/board"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/stats"
	"knightsweep/pkg/stats/format"
	"knightsweep/pkg/stats/runlength"
)

// runLengthBoard is a board's part of the run-length section: the survival
// chart of its series and a row of measures for each.
type runLengthBoard struct {
	Board    string
	board    board.Board
	Survival figureSlot
	Rows     []runLengthRow
}

// runLengthRow is one series' run-length measures, in words.
type runLengthRow struct {
	Series, Kind, Outcomes string
	ERTNodes, ERTTime      string
	Tail                   string
	Heavy                  bool
	Restart                string
}

// runLengthBoards gathers the groups with run-length measures, board by
// board.
func runLengthBoards(res *stats.Results) []runLengthBoard {
	var out []runLengthBoard
	for _, b := range res.Boards {
		rb := runLengthBoard{Board: b.String(), board: b}
		for _, g := range res.BoardGroups(b) {
			if rl := g.RunLengths; rl != nil {
				rb.Rows = append(rb.Rows, runLengthRowOf(g.Series, rl))
			}
		}
		if len(rb.Rows) > 0 {
			out = append(out, rb)
		}
	}
	return out
}

func runLengthRowOf(series string, rl *stats.RunLengths) runLengthRow {
	r := runLengthRow{
		Series:   series,
		Kind:     rl.Kind(),
		Outcomes: fmt.Sprintf("found %d, stopped by the budget %d, failed for good %d", rl.Found, rl.Censored, rl.Failed),
		Tail:     rl.Tail.Verdict(),
		Heavy:    rl.Tail.Heavy().IsHeavy(),
	}
	if !rl.Trials {
		r.Kind += ": a spread over instances, not one search's run lengths"
	}
	e := rl.ERT
	switch {
	case e.Found == 0:
		r.ERTNodes, r.ERTTime = "no tour found", "no tour found"
	case math.IsInf(e.TimeNS, 1):
		r.ERTNodes = fmt.Sprintf("∞: no tour from %d of the %d starts, whose ERTs are averaged", e.Without, e.Starts)
		r.ERTTime = r.ERTNodes
	default:
		r.ERTNodes = fmt.Sprintf("%s (%s–%s)", format.Count(e.Nodes), format.Count(e.NodesLo), format.Count(e.NodesHi))
		r.ERTTime = fmt.Sprintf("%s (%s–%s)", format.NS(e.TimeNS), format.NS(e.TimeLo), format.NS(e.TimeHi))
	}
	if rl.NoNodes {
		r.ERTNodes = "no nodes recorded"
	}
	r.Restart = restartText(rl)
	return r
}

// restartText says what restarts would do, or why the page does not say.
func restartText(rl *stats.RunLengths) string {
	if pr := rl.Predicted; pr != nil {
		measured := "no tour found"
		if !math.IsNaN(rl.ERT.Nodes) {
			measured = fmt.Sprintf("%s nodes", format.Count(rl.ERT.Nodes))
		}
		if pr.Why != "" {
			return fmt.Sprintf("measured ERT %s; no prediction from %s: %s", measured, pr.Base, pr.Why)
		}
		if math.IsNaN(pr.Lo) {
			return fmt.Sprintf("measured ERT %s; %s predicted %s nodes (no interval: a sequence's is drawn for up to %d runs)",
				measured, pr.Base, format.Count(pr.Cost), runlength.MaxBootstrapRuns)
		}
		where := "outside"
		if pr.Inside(rl.ERT.Nodes) {
			where = "inside"
		}
		s := fmt.Sprintf("measured ERT %s; %s predicted %s nodes (%s–%s): %s the prediction's interval",
			measured, pr.Base, format.Count(pr.Cost), format.Count(pr.Lo), format.Count(pr.Hi), where)
		if pr.Blind() {
			s += fmt.Sprintf(". The policy's first attempts (%s nodes) are shorter than any run without restarts that found a tour (the shortest took %s): the runs give them no chance, the search a small one, which many short attempts add up, so the prediction leans high",
				format.Count(float64(pr.FirstCutoff)), format.Count(float64(pr.Shortest)))
		}
		return s
	}
	if rl.Policy != runs.NoRestarts {
		return "restarts " + rl.Policy + "; the data hold no runs of this series without restarts to predict its cost from"
	}
	if !rl.Trials {
		return "none: one run a start, so no start's run-length distribution to restart"
	}
	if rl.NoNodes {
		return "none: the runs record no nodes, in which restart cutoffs are counted"
	}
	p := rl.Restart
	if rl.Found == 0 {
		return "none: no run found a tour"
	}
	if p == nil {
		return fmt.Sprintf("none: no start has %d trials with a tour found within the cutoffs the runs can judge", stats.MinRuns)
	}
	of := "the ERT without restarts in this row"
	if p.Starts != rl.ERT.Starts {
		// The prediction rests on the starts with MinRuns trials: its
		// ratio is to their ERT, which the row's need not be.
		of = fmt.Sprintf("the ERT of those %d starts, %s nodes", p.Starts, format.Count(p.ERT))
	}
	s := fmt.Sprintf("restart every c* = %s nodes: %s nodes to a tour (%s–%s), %s of %s (%d of %d runs found a tour within c*)",
		format.Count(float64(p.Cutoff)), format.Count(p.Cost), format.Count(p.CostLo), format.Count(p.CostHi), format.Ratio(p.Ratio), of, p.Within, p.Runs)
	if !math.IsNaN(p.LubyCost) {
		s += fmt.Sprintf("; Luby's sequence, unit %s: %s nodes", format.Count(float64(p.LubyUnit)), format.Count(p.LubyCost))
	} else {
		s += "; Luby's sequence: every unit reaches cutoffs the budget hides"
	}
	if p.Limit < math.MaxInt64 {
		s += fmt.Sprintf(". Cutoffs only up to %s nodes, where the budget stopped runs: a longer one might do better", format.Count(float64(p.Limit)))
	}
	if p.Starts > 1 {
		s += fmt.Sprintf(". Per start, averaged over %d starts", p.Starts)
	}
	return s
}
