package report

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"knightsweep/pkg/runs"
	"knightsweep/pkg/status"
	"knightsweep/pkg/theory"
)

// cpuRuns is dfs and warnsdorff (nodes, CPU time) beside c, a solver that
// counts no nodes and has no CPU time (cpu_ns empty), on 5x5 from every
// start with a tour.
func cpuRuns() []runs.Row {
	var rows []runs.Row
	for sq := range 25 {
		r, c := sq/5, sq%5
		if theory.OpenFrom(5, 5, r, c) != theory.Yes {
			continue
		}
		for i, s := range []string{"dfs", "warnsdorff", "c"} {
			row := runs.Row{Rows: 5, Cols: 5, StartRow: r, StartCol: c, Strategy: s, Tiebreak: "first",
				Status: status.Found, Solvable: "yes", Nodes: runs.Count(25 + 10*i*sq), Backtracks: 0,
				TimeNS: int64(1000 + 100*sq + 7*i), CPUNS: runs.Count(900 + 100*sq + 7*i), MaxRSSBytes: runs.Unknown, Verified: true}
			if s == "c" {
				row.Nodes, row.Backtracks, row.CPUNS, row.TimeNS = runs.Unknown, runs.Unknown, runs.Unknown, 40_000_000
			}
			rows = append(rows, row)
		}
	}
	return rows
}

// A run's unknown CPU time was read as 0: c, 40 ms a run against
// microseconds, ranked first "by CPU time to a tour" and needed less in
// every pair; without the cpu_ns column, its comparisons said "by CPU
// time" with ratios of 1 and the page that every run has CPU time
// (hostile report A, items 1 and 2). Now c has no cost comparison, said
// on the page and in headtohead.csv, and nothing is ranked by CPU time.
func TestReportUnknownCPUTime(t *testing.T) {
	for _, noColumn := range []bool{false, true} {
		name := "empty cpu_ns"
		if noColumn {
			name = "no cpu_ns column"
		}
		t.Run(name, func(t *testing.T) {
			path := writeRuns(t, t.TempDir(), cpuRuns())
			if noColumn {
				dropColumn(t, path, "cpu_ns")
			}
			out := generate(t, []string{path}, Options{})
			page := readPage(t, out.HTML)
			for _, bad := range []string{"By CPU time to a tour", "which every run has", "by CPU time</span>"} {
				if strings.Contains(page, bad) {
					t.Errorf("the page says %q", bad)
				}
			}
			lacking := "c records"
			if noColumn {
				lacking = "dfs and c record"
			}
			for _, want := range []string{"No ranking by CPU time", "No cost comparison: a series of the pair records no nodes, so the pair would compare by CPU time, which " + lacking + " on no run"} {
				if !strings.Contains(page, want) {
					t.Errorf("the page lacks %q", want)
				}
			}
			n := 0
			for _, h := range readCSV(t, filepath.Join(out.Dir, "headtohead.csv")) {
				if h["series_a"] != "c" && h["series_b"] != "c" {
					if h["cost_by"] != "nodes" || h["cost_unknown"] != "0" {
						t.Errorf("%s against %s: cost_by %q, cost_unknown %q; want nodes, 0", h["series_a"], h["series_b"], h["cost_by"], h["cost_unknown"])
					}
					continue
				}
				n++
				if h["cost_by"] != "" || h["cost_unknown"] != h["pairs"] || h["cost_ratio_median"] != "" || h["cost_order_p"] != "" || h["cost_b_less"]+h["cost_a_less"] != "00" {
					t.Errorf("%s against %s: cost_by %q, cost_unknown %q of %s pairs, median %q, sign test %s:%s p %q; want no cost compared",
						h["series_a"], h["series_b"], h["cost_by"], h["cost_unknown"], h["pairs"], h["cost_ratio_median"], h["cost_a_less"], h["cost_b_less"], h["cost_order_p"])
				}
			}
			if n != 2 {
				t.Errorf("%d comparisons with c, want 2", n)
			}
		})
	}
}

// dropColumn rewrites a CSV file without one of its columns, as a file
// written before the column existed.
func dropColumn(t *testing.T, path, column string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	records, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	at := slices.Index(records[0], column)
	if at < 0 {
		t.Fatalf("%s has no column %s", path, column)
	}
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	for _, r := range records {
		if err := w.Write(slices.Delete(r, at, at+1)); err != nil {
			t.Fatal(err)
		}
	}
	w.Flush()
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Two solvers that count no nodes and run the identical search, x and y,
// whose CPU times differ by 0 to 900 ns a run (the thread clock's reads,
// not the search): every pair ties on CPU time, and the page says where
// ties come from.
func TestReportCPUTie(t *testing.T) {
	var rows []runs.Row
	for sq := range 25 {
		r, c := sq/5, sq%5
		if theory.OpenFrom(5, 5, r, c) != theory.Yes {
			continue
		}
		for i, s := range []string{"x", "y"} {
			rows = append(rows, runs.Row{Rows: 5, Cols: 5, StartRow: r, StartCol: c, Strategy: s, Tiebreak: "first",
				Status: status.Found, Solvable: "yes", Nodes: runs.Unknown, Backtracks: runs.Unknown,
				TimeNS: 20_000, CPUNS: runs.Count(10_000 + 300*i*(sq%4)), MaxRSSBytes: runs.Unknown, Verified: true})
		}
	}
	out := generate(t, []string{writeRuns(t, t.TempDir(), rows)}, Options{})
	page := readPage(t, out.HTML)
	want := "no pair shows which needs less CPU time (compared by CPU time: an external solver of the pair reports no nodes; two runs less than 1µs apart tie, as the clock does not tell them apart)"
	if !strings.Contains(page, want) {
		t.Errorf("the page lacks %q", want)
	}
	hs := readCSV(t, filepath.Join(out.Dir, "headtohead.csv"))
	if len(hs) != 1 {
		t.Fatalf("%d comparisons, want 1", len(hs))
	}
	if h := hs[0]; h["cost_by"] != "cpu_ns" || h["cost_a_less"] != "0" || h["cost_b_less"] != "0" || h["cost_unknown"] != "0" || h["cost_ratio_median"] != "1" {
		t.Errorf("cost_by %q, a less %q, b less %q, unknown %q, median ratio %q; want cpu_ns, 0, 0, 0, 1", h["cost_by"], h["cost_a_less"], h["cost_b_less"], h["cost_unknown"], h["cost_ratio_median"])
	}
}
