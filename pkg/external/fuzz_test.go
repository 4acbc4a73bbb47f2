package external_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"knightsweep/pkg/board"
	"knightsweep/pkg/external"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/solver"
	"knightsweep/pkg/stats"
	"knightsweep/pkg/status"
	"knightsweep/pkg/sweep"
)

// answerSolvers declares two solvers that answer whatever the file answer
// holds: one process a run (it prints the file), and stdio (it prints the
// file for each request, after a well-formed answer to the warm-up).
func answerSolvers(t *testing.T) (answer, once, stdio string) {
	t.Helper()
	dir := t.TempDir()
	answer = filepath.Join(dir, "answer")
	write := func(name, body string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		return path
	}
	once, _ = declare(t, write("once.sh", `cat '`+answer+`'`), false, external.Limits{})
	// A blank line is no answer: the stdio run then waits for its
	// timeout, kept short.
	stdio, _ = declare(t, write("stdio.sh", `read -r l; echo '{"status":"dead_end"}'; while read -r l; do cat '`+answer+`'; done`),
		true, external.Limits{Grace: 50 * time.Millisecond})
	return answer, once, stdio
}

// readBack writes row as a runs.csv and reads it with the report's reader
// (stats.Collector, which applies every check the report applies).
func readBack(row runs.Row) error {
	var buf bytes.Buffer
	w := runs.NewWriter(&buf, false)
	if err := w.WriteHeader(); err != nil {
		return err
	}
	if err := w.Write(&row); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return stats.NewCollector(stats.Options{}).Read(context.Background(), "runs.csv", &buf)
}

// randomAnswer returns a solver's answer to a run on b from 0,0 whose one
// known tour is tour: JSON with statuses, counts and tours drawn from the
// values that make or break a row (budgets' edges, wrong tours, keys in
// another case, an id), a grid or a list of squares, or text.
func randomAnswer(rng *rand.Rand, b board.Board, tour []int32, maxNodes int64) string {
	squares := int64(b.Squares())
	count := func() any {
		return []any{nil, int64(0), int64(1), squares - 1, squares, maxNodes - 1, maxNodes, maxNodes + 1, int64(99_999), int64(-1)}[rng.IntN(10)]
	}
	path := func() []int32 {
		p := append([]int32(nil), tour...)
		switch rng.IntN(5) {
		case 0:
			i, j := rng.IntN(len(p)), rng.IntN(len(p))
			p[i], p[j] = p[j], p[i]
		case 1:
			p = p[:rng.IntN(len(p)+1)]
		case 2:
			p = append(p, p[0])
		}
		return p
	}
	switch rng.IntN(8) {
	case 0, 1, 2, 3:
		a := map[string]any{}
		key := func(k string) string {
			if rng.IntN(8) == 0 {
				return strings.ToUpper(k)
			}
			return k
		}
		if rng.IntN(10) > 0 {
			words := []string{"found", "dead_end", "not_closed", "exhausted", "node_limit", "timeout", "error", "canceled", "", "FOUND"}
			a[key("status")] = words[rng.IntN(len(words))]
		}
		if rng.IntN(2) == 0 {
			a[key("tour")] = path()
		}
		for _, k := range []string{"nodes", "backtracks"} {
			if v := count(); v != nil {
				a[key(k)] = v
			}
		}
		if rng.IntN(4) == 0 {
			a["id"] = rng.IntN(4)
		}
		if rng.IntN(4) == 0 {
			a["error"] = "bad\nthing"
		}
		line, _ := json.Marshal(a)
		return string(line)
	case 4:
		p := path()
		grid := make([]int, b.Squares())
		base := rng.IntN(3) // 0, 1, or 2: a grid one too high
		for i := range grid {
			grid[i] = -1
		}
		for i, sq := range p {
			if int(sq) < len(grid) {
				grid[sq] = i + base
			}
		}
		var s strings.Builder
		for r := range b.Rows {
			for c := range b.Cols {
				fmt.Fprintf(&s, "%d ", grid[r*b.Cols+c])
			}
			s.WriteString("\n")
		}
		return s.String()
	case 5:
		var s strings.Builder
		for _, sq := range path() {
			fmt.Fprintf(&s, "%d %d\n", int(sq)/b.Cols, int(sq)%b.Cols)
		}
		return s.String()
	case 6:
		return ""
	}
	return "no tour here, sorry"
}

// Random answers, in both modes, never make a row that the report's
// reader refuses: every contradiction is an error row as it arrives.
func TestRandomAnswersReadBack(t *testing.T) {
	answer, once, stdio := answerSolvers(t)
	n := 150
	if testing.Short() {
		n = 40
	}
	rng := rand.New(rand.NewPCG(44, 1))
	tried, read := 0, 0
	for _, b := range []board.Board{{Rows: 1, Cols: 1}, {Rows: 5, Cols: 5}, {Rows: 3, Cols: 4}} {
		known, err := solveProblem(context.Background(), solver.Problem{Board: b, Strategy: "warnsdorff-bt"})
		if err != nil || known.Status != status.Found {
			t.Fatalf("no tour of %v to draw answers from: %v %v", b, err, known.Status)
		}
		tour := known.Tour.Squares(nil)
		for range n {
			maxNodes := []int64{0, 10, 1000}[rng.IntN(3)]
			text := randomAnswer(rng, b, tour, maxNodes)
			for _, name := range []string{once, stdio} {
				if name == stdio {
					text = strings.ReplaceAll(text, "\n", " ") + "\n"
				}
				if err := os.WriteFile(answer, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
				p := solver.Problem{Board: b, Strategy: name, MaxNodes: maxNodes, Closed: rng.IntN(4) == 0}
				switch {
				case name == stdio:
					p.Timeout = 200 * time.Millisecond
				case rng.IntN(2) == 0:
					p.Timeout = 5 * time.Second
				}
				res, err := solveProblem(context.Background(), p)
				if err != nil {
					t.Fatal(err)
				}
				tried++
				j := sweep.JobOf(p)
				row := sweep.Record(&j, res)
				if err := readBack(row); err != nil {
					t.Errorf("answer %q (%s, max_nodes %d, closed %v): row %+v refused: %v", text, name, maxNodes, p.Closed, row, err)
					continue
				}
				read++
			}
		}
	}
	t.Logf("%d answers tried, %d rows read back", tried, read)
}
