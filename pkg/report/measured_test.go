package report

import (
	"context"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"knightsweep/pkg/runs"
	"knightsweep/pkg/stats"
	"knightsweep/pkg/status"
)

// A solver over stdio beside a built-in strategy: both find a tour from
// all 25 starts of 8x8, the solver reports no nodes and takes 400 times
// the built-in's CPU time. The comparison by CPU time is labelled as
// measured differently, in headtohead.csv (measured: in-process/stdio)
// and on the page, where no p-value of it is in bold and the sentences at
// the top draw no conclusion from it. The same runs with the solver
// declared as one process a run say "in-process/process-per-run".
func TestMeasuredDifferently(t *testing.T) {
	var base map[string]any
	if err := json.Unmarshal([]byte(readString(t, "testdata/sweep/manifest.json")), &base); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ command, measured string }{
		{"stdio:python3 x.py", "in-process/stdio"},
		{"./x {rows} {cols} {row} {col}", "in-process/process-per-run"},
	} {
		dir := t.TempDir()
		var rows []runs.Row
		for i := range 25 {
			for _, r := range []runs.Row{
				{Strategy: "warnsdorff", Nodes: 64, Backtracks: 0, TimeNS: int64(10_000 + i), CPUNS: runs.Count(9_000 + i)},
				{Strategy: "x", Nodes: runs.Unknown, Backtracks: runs.Unknown, TimeNS: int64(4_000_000 + 1000*i), CPUNS: runs.Count(3_600_000 + 1000*i)},
			} {
				r.Rows, r.Cols, r.StartRow, r.StartCol, r.Tiebreak, r.Status, r.Solvable, r.Verified, r.RestartPolicy = 8, 8, i/8, i%8, "first", status.Found, "yes", true, runs.NoRestarts
				rows = append(rows, r)
			}
		}
		m := maps.Clone(base)
		settings := maps.Clone(base["settings"].(map[string]any))
		settings["strategies"], settings["solvers"] = []string{"warnsdorff", "x"}, []any{map[string]any{"name": "x", "command": tt.command, "path": "/usr/bin/python3", "sha256": "ab"}}
		m["settings"] = settings
		data, _ := json.Marshal(m)
		if err := os.WriteFile(filepath.Join(dir, "manifest.json"), data, 0o644); err != nil {
			t.Fatal(err)
		}
		path := writeRuns(t, dir, rows)
		out := generate(t, []string{path}, Options{})
		csv := readString(t, out.Tables[2])
		header, body, _ := strings.Cut(csv, "\n")
		if !strings.HasSuffix(strings.TrimSpace(header), ",measured") || !strings.Contains(body, ","+tt.measured+"\n") {
			t.Errorf("%s: headtohead.csv does not label the pair %s:\n%s", tt.command, tt.measured, csv)
		}
		page := readString(t, out.HTML)
		if !strings.Contains(page, "measured differently: "+tt.measured) {
			t.Errorf("%s: the head-to-head table does not say the times are measured differently", tt.command)
		}
		table := page[strings.Index(page, `id="compare"`):strings.Index(page, `id="charts"`)]
		if strings.Contains(table, `class="sig"`) {
			t.Errorf("%s: a comparison of times measured differently is in bold", tt.command)
		}
		if !strings.Contains(page, "so no verdict rests on it") || strings.Contains(page, "more often (exact sign test") || strings.Contains(page, "the signed-rank test supports") {
			t.Errorf("%s: a verdict rests on times measured differently", tt.command)
		}
		lead := strings.Join(out.Lead.Sentences, " ")
		if !strings.Contains(lead, "measured differently") || strings.Contains(lead, "signed-rank") {
			t.Errorf("%s: the lead draws a conclusion from times measured differently: %s", tt.command, lead)
		}
		// The terminal's lead at the end of run -no-report, made without
		// the page, labels the pair the same way.
		fresh, err := stats.ReadFiles(context.Background(), []string{path}, stats.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(LeadOf(fresh, []string{path}).Sentences, " "); got != lead {
			t.Errorf("%s: the lead without a report says\n%s\nthe report's\n%s", tt.command, got, lead)
		}
	}
}

// Three series ranked by CPU time, two built-in and a solver over stdio
// (which reports no nodes): the ranks by CPU time compare an in-process
// thread clock with a pipe's process clock, so the Ranks section gives
// no verdict by them and says why; the ranking by success stands.
func TestRanksByCPUMeasuredDifferently(t *testing.T) {
	var base map[string]any
	if err := json.Unmarshal([]byte(readString(t, "testdata/sweep/manifest.json")), &base); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var rows []runs.Row
	for i := range 25 {
		for _, r := range []runs.Row{
			{Strategy: "warnsdorff", Nodes: 64, Backtracks: 0, TimeNS: int64(10_000 + i), CPUNS: runs.Count(9_000 + i)},
			{Strategy: "warnsdorff-bt", Nodes: 64, Backtracks: 0, TimeNS: int64(20_000 + i), CPUNS: runs.Count(19_000 + i)},
			{Strategy: "x", Nodes: runs.Unknown, Backtracks: runs.Unknown, TimeNS: int64(4_000_000 + 1000*i), CPUNS: runs.Count(3_600_000 + 1000*i)},
		} {
			r.Rows, r.Cols, r.StartRow, r.StartCol, r.Tiebreak, r.Status, r.Solvable, r.Verified, r.RestartPolicy = 8, 8, i/8, i%8, "first", status.Found, "yes", true, runs.NoRestarts
			rows = append(rows, r)
		}
	}
	m := maps.Clone(base)
	settings := maps.Clone(base["settings"].(map[string]any))
	settings["strategies"], settings["solvers"] = []string{"warnsdorff", "warnsdorff-bt", "x"}, []any{map[string]any{"name": "x", "command": "stdio:python3 x.py", "path": "/usr/bin/python3", "sha256": "ab"}}
	m["settings"] = settings
	data, _ := json.Marshal(m)
	if err := os.WriteFile(filepath.Join(dir, "manifest.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	page := readString(t, generate(t, []string{writeRuns(t, dir, rows)}, Options{}).HTML)
	if !strings.Contains(page, "By CPU time to a tour: no verdict, as the series&#39; CPU times are measured differently (in-process against stdio).") {
		t.Error("the Ranks section does not say that ranks by CPU time compare times measured differently")
	}
	if strings.Contains(page, "By CPU time to a tour, ") {
		t.Error("the Ranks section gives a verdict by CPU time measured differently")
	}
	if !strings.Contains(page, "By success, ") {
		t.Error("the ranking by success is gone")
	}
}
