package external

import (
	"encoding/json"
	"strconv"
	"time"

	"knightsweep/pkg/status"
)

// Version is the protocol's version, the "version" field of every
// request. Fields may be added to requests and answers without a new
// version (seed_text is such a field), so a solver should ignore fields
// it does not know; the version changes when a field's meaning does.
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
	// SeedText is Seed in decimal, as a JSON string: a seed above 2^53
	// is exact as a JSON number only to a parser with 64-bit integers,
	// and a JSON parser that reads numbers as doubles (JavaScript's,
	// jq's) rounds it. Seed stays, as version 1 defined it; a solver
	// reads whichever its parser holds exactly.
	SeedText string `json:"seed_text"`
	// MaxNodes and TimeoutMS are the run's budgets (0: none): a solver
	// that counts nodes should stop after MaxNodes with status node_limit;
	// the harness itself stops a run at its timeout. TimeoutMS is the
	// timeout rounded up to a whole millisecond (TimeoutMS): a budget
	// under 1 ms must not read as none, nor 1.5 ms as 1.
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
	// Nodes and Backtracks are nil when the solver does not count; the
	// search's Result takes -1 for them, the program's unknown.
	Nodes      *int64 `json:"nodes,omitempty"`
	Backtracks *int64 `json:"backtracks,omitempty"`
	// Error is the solver's own explanation of an error status.
	Error string `json:"error,omitempty"`
}

// TimeoutMS returns a run's timeout d as a request's timeout_ms: whole
// milliseconds, rounded up, so that a budget never reads as none (0) or
// as less than it is; d <= 0, no budget, is 0.
func TimeoutMS(d time.Duration) int64 {
	if d <= 0 {
		return 0
	}
	return int64((d + time.Millisecond - 1) / time.Millisecond)
}

// wire returns r as the JSON line a solver reads (appendWire).
func wire(r Request) []byte { return appendWire(nil, r) }

// appendWire appends r to b as the JSON line a solver reads, its version
// and seed_text filled in: the one place a request takes its written
// form. It writes what encoding/json would, field by field, without
// reflection (TestWireIsJSON).
func appendWire(b []byte, r Request) []byte {
	b = append(b, `{"version":`...)
	b = strconv.AppendInt(b, Version, 10)
	b = append(b, `,"id":`...)
	b = strconv.AppendInt(b, r.ID, 10)
	b = append(b, `,"rows":`...)
	b = strconv.AppendInt(b, int64(r.Rows), 10)
	b = append(b, `,"cols":`...)
	b = strconv.AppendInt(b, int64(r.Cols), 10)
	b = append(b, `,"start":[`...)
	b = strconv.AppendInt(b, int64(r.Start[0]), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(r.Start[1]), 10)
	b = append(b, `],"closed":`...)
	b = strconv.AppendBool(b, r.Closed)
	b = append(b, `,"seed":`...)
	b = strconv.AppendUint(b, r.Seed, 10)
	b = append(b, `,"seed_text":"`...)
	b = strconv.AppendUint(b, r.Seed, 10)
	b = append(b, `","max_nodes":`...)
	b = strconv.AppendInt(b, r.MaxNodes, 10)
	b = append(b, `,"timeout_ms":`...)
	b = strconv.AppendInt(b, r.TimeoutMS, 10)
	if r.Order != "" {
		b = append(b, `,"order":`...)
		b = appendString(b, r.Order)
	}
	return append(b, "}\n"...)
}

// appendString appends s as a JSON string: as it is where it holds only
// printable ASCII without quotes or backslashes (an order's offsets),
// else as encoding/json writes it.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s)
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}
