// Package status is the vocabulary of how a search ends: the words of the
// status column of runs.csv, printed by experiment solve, and what each
// means for the statistics.
//
// The words are a contract: scripts and notebooks match them. They never
// change; new ones may be added.
//
//	found       a tour was found and the validator accepted it
//	dead_end    a greedy walk had no move before the board was full
//	not_closed  a greedy walk covered the board but cannot close the tour
//	exhausted   the whole search space was explored without a tour
//	node_limit  the node budget ran out (censored)
//	timeout     the time budget ran out (censored)
//	error       the run failed: a panic, a tour the validator rejected, or a
//	            user's solver's failure (a crash, memory, output, an answer
//	            the harness cannot accept)
//
// A run stopped by a budget is censored: it says only that the search
// needed more than its budget, so statistics treat its cost as a lower
// bound, never as a measurement (see Censored).
package status

// Status is how a search ended.
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
	// NodeLimit: the search entered its node budget without an answer.
	NodeLimit Status = "node_limit"
	// Timeout: the search's time budget passed.
	Timeout Status = "timeout"
	// Canceled: the search was canceled (Ctrl-C). It is never written to
	// runs.csv: such a job runs again on resume.
	Canceled Status = "canceled"
	// Error: the run failed (a panic, a tour the validator rejected, or
	// a user's solver's failure); runs.csv's error column says which.
	Error Status = "error"
)

// All lists every status a run can record, in report order. Canceled is
// not among them: a canceled run has no row.
var All = []Status{Found, DeadEnd, NotClosed, Exhausted, NodeLimit, Timeout, Error}

// Valid reports whether s is one of All.
func (s Status) Valid() bool { return s.Index() >= 0 }

// Index returns the position of s in All, or -1.
func (s Status) Index() int {
	for i, v := range All {
		if s == v {
			return i
		}
	}
	return -1
}

// Censored reports whether a run that ended with s was stopped by a budget
// (node_limit, timeout): its nodes and time are lower bounds of what the
// search needed, not measurements.
func (s Status) Censored() bool { return s == NodeLimit || s == Timeout }

// Final reports whether a run that ended with s found no tour and would
// find none with any budget (dead_end, not_closed, exhausted): a greedy
// walk that is stuck stays stuck, and an exhausted search has nothing left
// to try. Statistics of the cost of finding a tour count such a run as
// never finding one.
func (s Status) Final() bool { return s == DeadEnd || s == NotClosed || s == Exhausted }

// Parse returns the status named by word, or false if it is not one of All.
func Parse(word string) (Status, bool) {
	s := Status(word)
	return s, s.Valid()
}
