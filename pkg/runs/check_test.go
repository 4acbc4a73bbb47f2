package runs

import (
	"strings"
	"testing"

	"knightsweep/pkg/status"
)

// Check refuses the contradictions a sweep's harness once recorded and
// the report once read: a found row not verified, backtracks above nodes,
// a search that ended on its own past its node budget, not_closed of an
// open tour; and passes their consistent neighbours.
func TestCheckCounts(t *testing.T) {
	good := Row{Rows: 5, Cols: 5, Strategy: "x", Tiebreak: "first", Status: status.DeadEnd, Solvable: "yes",
		Nodes: 20, Backtracks: 0, TimeNS: 100, MaxNodes: 1000}
	for _, tc := range []struct {
		name string
		edit func(r *Row)
		want string
	}{
		{"consistent", func(r *Row) {}, ""},
		{"found verified", func(r *Row) { r.Status, r.Verified, r.Nodes = status.Found, true, 25 }, ""},
		{"found not verified", func(r *Row) { r.Status, r.Nodes = status.Found, 25 }, "found without verified=true"},
		{"backtracks above nodes", func(r *Row) { r.Status, r.MaxNodes, r.Nodes, r.Backtracks = status.Exhausted, 0, 10, 11 }, "11 backtracks, more than its 10 nodes"},
		{"backtracks unknown", func(r *Row) { r.Nodes, r.Backtracks = 10, Unknown }, ""},
		{"dead_end past its budget", func(r *Row) { r.Nodes = 99_999 }, "dead_end with 99999 nodes, more than its budget max_nodes 1000"},
		{"dead_end at its budget", func(r *Row) { r.Nodes = 1000 }, ""},
		{"node_limit past its budget", func(r *Row) { r.Status, r.Nodes = status.NodeLimit, 1001 }, ""},
		{"node_limit without a budget", func(r *Row) { r.Status, r.MaxNodes = status.NodeLimit, 0 }, "node_limit without a node budget"},
		{"not_closed open", func(r *Row) { r.Status = status.NotClosed }, "not_closed where no closed tour was asked for"},
		{"not_closed closed", func(r *Row) { r.Status, r.Closed, r.Solvable = status.NotClosed, true, "no" }, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := good
			tc.edit(&r)
			err := r.Check()
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("Check() = %v, want %q", err, tc.want)
			}
		})
	}
}

// The reader refuses, naming the line, a row whose strategy no table can
// show: empty, or with a control character (a quoted newline in CSV).
func TestReaderRefusesNames(t *testing.T) {
	row := func(strategy, tiebreak string) string {
		return "5,5,0,0," + strategy + "," + tiebreak + ",false,0,0,dead_end,yes,20,0,100,false\n"
	}
	header := strings.Join(Required, ",") + "\n"
	for _, tc := range []struct{ name, row, want string }{
		{"plain", row("warnsdorff", "first"), ""},
		{"empty strategy", row("", "first"), "line 2: column strategy is empty"},
		{"newline", row("\"a\nb\"", "first"), `line 2: column strategy: "a\nb" holds a control character`},
		{"tab in tiebreak", row("w", "fi\trst"), `column tiebreak: "fi\trst" holds a control character`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := ForEach(strings.NewReader(header+tc.row), func(*Row, int) error { return nil })
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("ForEach = %v, want %q", err, tc.want)
			}
		})
	}
}
