package exact

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"knightsweep/internal/words"
	"knightsweep/pkg/board"
)

// Write prints rows in the order of the jobs and their starts, whichever
// walk ended first: a JSON line a start with asJSON; else, for each board,
// a grid of the probabilities (with grid: every start was asked for) and a
// line a start.
func (r *Runner) Write(w io.Writer, rows map[Key]Row, asJSON, grid bool) error {
	if asJSON {
		enc := json.NewEncoder(w)
		for _, j := range r.Jobs {
			for _, sq := range j.Starts {
				if row, ok := rows[r.key(j.Board, sq)]; ok {
					if err := enc.Encode(row); err != nil {
						return err
					}
				}
			}
		}
		return nil
	}
	var sb strings.Builder
	for _, j := range r.Jobs {
		b := j.Board
		if len(j.Starts) == 0 {
			fmt.Fprintf(&sb, "%v: no start square (-starts %v)\n", b, r.Command.Starts)
			continue
		}
		if grid {
			r.writeGrid(&sb, b, rows)
		}
		rep := b.Representatives()
		for _, sq := range j.Starts {
			if at := b.Index(sq.Row, sq.Col); grid && r.Options.Rule.Randomised() && rep[at] != at {
				continue // the grid shows it; its figures are its class's
			}
			k := r.key(b, sq)
			row, ok := rows[k]
			if !ok {
				continue
			}
			p := fmt.Sprintf("%.10f", row.Probability)
			if row.ProbabilityFraction != "" {
				p += " = " + row.ProbabilityFraction
			} else {
				p += fmt.Sprintf(" ± %.1e", row.ErrorBound)
			}
			fmt.Fprintf(&sb, "%v: probability %s, %s of %s, %s, %v\n",
				k, p, countOf(row.Tours, "tour"), countOf(row.Walks, "walk"), words.Count(row.States, "tie point"), time.Duration(row.TimeNS).Round(time.Microsecond))
		}
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// writeGrid prints b's probabilities, a start a cell.
func (r *Runner) writeGrid(sb *strings.Builder, b board.Board, rows map[Key]Row) {
	fmt.Fprintf(sb, "%v %s: probability of a tour from each start\n", b, r.key(b, board.Square{}).RuleText())
	for i := range b.Rows {
		for c := range b.Cols {
			if c > 0 {
				sb.WriteByte(' ')
			}
			row, ok := rows[r.key(b, board.Square{Row: i, Col: c})]
			if !ok {
				// Not walked (an interrupt, a failure): no figure, where 0
				// would say the start never makes a tour.
				sb.WriteString("       -")
				continue
			}
			fmt.Fprintf(sb, "%.6f", row.Probability)
		}
		sb.WriteByte('\n')
	}
}

// countOf is n and noun as they agree: "1 tour", "2 tours".
func countOf(n uint64, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
