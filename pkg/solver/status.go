package solver

// Status is how a search ended. Its values are the words written to runs.csv
// and printed by experiment solve.
type Status string

// The outcomes of a search.
const (
	// Found: a tour was found and validated.
	Found Status = "found"
	// DeadEnd: a greedy strategy had no move before the board was full.
	DeadEnd Status = "dead_end"
	// NotClosed: a greedy strategy covered the board but a closed tour was
	// asked for and the last square is not a knight's move from the start.
	NotClosed Status = "not_closed"
	// Exhausted: the strategy explored its whole search space without a
	// tour; for complete searches (dfs, warnsdorff-bt) a proof that none
	// exists from this start.
	Exhausted Status = "exhausted"
	// NodeLimit: the search entered Problem.MaxNodes nodes without an answer.
	NodeLimit Status = "node_limit"
	// Timeout: the context's deadline passed.
	Timeout Status = "timeout"
	// Canceled: the context was canceled (for instance by Ctrl-C). The runner
	// writes no row for such a run, so it runs again on resume.
	Canceled Status = "canceled"
	// Error: the strategy failed (a panic, or a tour the validator
	// rejected); Result.Err says why.
	Error Status = "error"
)

// Statuses lists every status a run can record, in report order.
var Statuses = []Status{Found, DeadEnd, NotClosed, Exhausted, NodeLimit, Timeout, Error}

// Valid reports whether s is one of Statuses.
func (s Status) Valid() bool {
	for _, v := range Statuses {
		if s == v {
			return true
		}
	}
	return false
}
