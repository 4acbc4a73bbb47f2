package external

import (
	"knightsweep/pkg/status"
)

// Version is the protocol's version, the "version" field of every
// request. A later version may add fields to requests and answers; a
// solver should ignore fields it does not know.
const Version = 1

// A Request asks a solver for one run. One process a run gets it on its
// stdin as one JSON line (and its values through the placeholders); a
// stdio solver gets one a line.
type Request struct {
	Version int `json:"version"`
	// ID numbers a stdio process's requests from 1 (the warm-up); its answer repeats it
	// (or leaves it out), so that an answer to another request is caught.
	ID     int64  `json:"id"`
	Rows   int    `json:"rows"`
	Cols   int    `json:"cols"`
	Start  [2]int `json:"start"`
	Closed bool   `json:"closed"`
	// Seed seeds a randomised solver; 0 in deterministic series.
	Seed uint64 `json:"seed"`
	// MaxNodes and TimeoutMS are the run's budgets (0: none): a solver
	// that counts nodes should stop after MaxNodes with status node_limit;
	// the harness itself stops a run at its timeout.
	MaxNodes  int64 `json:"max_nodes"`
	TimeoutMS int64 `json:"timeout_ms"`
	// Order is the run's move order (-order) in offset notation, the
	// eight moves (drow,dcol) in the order a search tries them; a solver
	// with an order of its own may ignore it.
	Order string `json:"order,omitempty"`
}

// An Answer is a solver's reply, in the shape experiment solve -json
// prints: the status word, the tour as squares row*cols+col from the
// start, and the counts the solver kept, if any.
type Answer struct {
	ID     int64         `json:"id,omitempty"`
	Status status.Status `json:"status"`
	Tour   []int32       `json:"tour,omitempty"`
	// Nodes and Backtracks are nil when the solver does not count.
	Nodes      *int64 `json:"nodes,omitempty"`
	Backtracks *int64 `json:"backtracks,omitempty"`
	// Error is the solver's own explanation of an error status.
	Error string `json:"error,omitempty"`
}
