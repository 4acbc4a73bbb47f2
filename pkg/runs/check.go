package runs

import (
	"errors"
	"fmt"
	"strconv"
	"unicode"

	"knightsweep/pkg/status"
)

// Check applies every rule by which a row's values contradict each other
// (CheckNodes, CheckTime, CheckVerdict, CheckCounts): the report refuses a
// row that fails it, and the external harness makes a solver's answer that
// would fail it an error row, so that a sweep never writes a row its own
// report refuses.
func (r *Row) Check() error {
	for _, check := range []func() error{r.CheckNodes, r.CheckTime, r.CheckVerdict, r.CheckCounts} {
		if err := check(); err != nil {
			return err
		}
	}
	return nil
}

// CheckCounts refuses a row whose status contradicts the rest of it: a
// tour found that the validator did not pass (verified false), backtracks
// above the nodes entered (each backtrack leaves a square a node entered),
// a search that ended on its own (dead_end, not_closed, exhausted) after
// more nodes than its budget, which stops a run at it, node_limit without
// a node budget, and not_closed where no closed tour was asked for.
func (r *Row) CheckCounts() error {
	return CheckCounts(r.Status, r.Closed, r.Verified, r.Nodes, r.Backtracks, r.MaxNodes)
}

// CheckCounts is Row.CheckCounts's rule.
func CheckCounts(st status.Status, closed, verified bool, nodes, backtracks Count, maxNodes int64) error {
	switch {
	case st == status.Found && !verified:
		return errors.New("found without verified=true: a tour the validator did not pass")
	case nodes.Known() && backtracks.Known() && backtracks > nodes:
		return fmt.Errorf("%s with %d backtracks, more than its %d nodes (each backtrack leaves a square a node entered)", st, backtracks, nodes)
	case st.Final() && maxNodes > 0 && nodes.Known() && nodes > Count(maxNodes):
		return fmt.Errorf("%s with %d nodes, more than its budget max_nodes %d, which stops a run at it", st, nodes, maxNodes)
	case st == status.NodeLimit && maxNodes <= 0:
		return errors.New("node_limit without a node budget (max_nodes 0)")
	case st == status.NotClosed && !closed:
		return errors.New("not_closed where no closed tour was asked for (closed false)")
	}
	return nil
}

// CheckName refuses a strategy, tie-break or order word that no table can
// show: empty, or holding a control character (a newline breaks the
// terminal's table and a CSV line).
func CheckName(column, name string) error {
	if name == "" {
		return fmt.Errorf("column %s is empty", column)
	}
	for _, c := range name {
		if unicode.IsControl(c) {
			return fmt.Errorf("column %s: %s holds a control character", column, strconv.Quote(name))
		}
	}
	return nil
}
