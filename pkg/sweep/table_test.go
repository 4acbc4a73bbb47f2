package sweep

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"knightsweep/pkg/board"
)

func boardOf(rows, cols int) board.Board { return board.Board{Rows: rows, Cols: cols} }

var update = flag.Bool("update", false, "rewrite golden files")

// A fixed runs.csv with hand-checked figures: dfs on 5x5 ran 5 starts
// (2 found, 3 from "yes" starts of which 2 found, 1 node_limit), medians
// of nodes 10 20 30 40 1000 and times 1..5 ms.
func TestSummarize(t *testing.T) {
	rows, err := SummarizeFile(filepath.Join("testdata", "small.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3 {
		t.Fatalf("%d groups: %+v", len(rows), rows)
	}
	dfs := rows[0]
	if dfs.Strategy != "dfs" || dfs.Board.Rows != 5 || dfs.Runs != 5 || dfs.Found != 2 || dfs.Solvable != 3 ||
		dfs.FoundSolvable != 2 || dfs.Budget != 1 || dfs.MedianNodes != 30 || dfs.MedianTime != 3*time.Millisecond {
		t.Errorf("dfs 5x5: %+v", dfs)
	}
	// An even count: the median is the mean of the middle two.
	w := rows[1]
	if w.Strategy != "dfs" || w.Board.Rows != 6 || w.Runs != 2 || w.MedianNodes != 150 || w.MedianTime != 1500*time.Microsecond || w.Budget != 1 {
		t.Errorf("dfs 6x6: %+v", w)
	}
	if rows[2].Strategy != "warnsdorff" {
		t.Errorf("order: %+v", rows)
	}

	var buf bytes.Buffer
	if err := WriteTable(&buf, rows); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "table.golden")
	if *update {
		os.WriteFile(golden, buf.Bytes(), 0o644)
	}
	want, _ := os.ReadFile(golden)
	if buf.String() != string(want) {
		t.Errorf("table:\n%s\nwant:\n%s", buf.String(), want)
	}
}

// The widest likely table fits 80 columns.
func TestTableWidth(t *testing.T) {
	rows := []TableRow{{Strategy: "warnsdorff-bt", Tiebreak: "first", Board: boardOf(1000, 1000), Runs: 1_000_000,
		Found: 999_999, Solvable: 1_000_000, FoundSolvable: 999_999, Budget: 123_456,
		MedianNodes: 999_999_999_999, MedianTime: 999 * time.Second}}
	rows = append(rows, rows[0])
	rows[1].Closed = true
	var buf bytes.Buffer
	WriteTable(&buf, rows)
	for _, line := range strings.Split(buf.String(), "\n") {
		if n := len([]rune(line)); n > 80 {
			t.Errorf("%d columns: %q", n, line)
		}
	}
	if !strings.Contains(buf.String(), "closed tours\n") || !strings.Contains(buf.String(), "open tours\n") {
		t.Errorf("sections:\n%s", buf.String())
	}
}

func TestFormatNumbers(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1.00k", 1234: "1.23k", 999_600: "1.00M",
		8_250_733: "8.25M", 12_345_678_901: "12.3G"} {
		if got := siCount(n); got != want {
			t.Errorf("siCount(%d) = %s; want %s", n, got, want)
		}
	}
	for d, want := range map[time.Duration]string{0: "0ns", 999: "999ns", 1500: "1.50µs", 101_200_000: "101ms",
		59_990_000_000: "60.0s"} {
		if got := shortDuration(d); got != want {
			t.Errorf("shortDuration(%d) = %s; want %s", d, got, want)
		}
	}
}
