package exact

import "encoding/json"

// MarshalJSON writes the row as a line of experiment exact -json: the
// CSV's columns by name, but fail_length an array of lengths with their
// probabilities (and error bounds in float mode), probability_fraction
// null where there is none (never missing: a script reads the key on
// every board), and the walk's peak_states, unmemoised (only when some
// tie point was), peak_disk (only when the frontier spilled) and nodes,
// which the CSV does not keep.
func (r Row) MarshalJSON() ([]byte, error) {
	type fail struct {
		Length              int     `json:"length"`
		Probability         float64 `json:"probability"`
		ProbabilityFraction *string `json:"probability_fraction"`
		ErrorBound          float64 `json:"error_bound,omitempty"`
	}
	fails, err := r.Fails()
	if err != nil {
		return nil, err
	}
	fl := make([]fail, len(fails))
	for i, f := range fails {
		fl[i] = fail{Length: f.Length, Probability: f.Probability}
		if f.Fraction != nil {
			s := f.Fraction.RatString()
			fl[i].ProbabilityFraction = &s
		}
		if i < len(r.failBounds) {
			fl[i].ErrorBound = r.failBounds[i]
		}
	}
	var frac *string
	if r.ProbabilityFraction != "" {
		frac = &r.ProbabilityFraction
	}
	return json.Marshal(struct {
		Rows                int     `json:"rows"`
		Cols                int     `json:"cols"`
		StartRow            int     `json:"start_row"`
		StartCol            int     `json:"start_col"`
		Closed              bool    `json:"closed"`
		Rule                string  `json:"rule"`
		Probability         float64 `json:"probability"`
		ProbabilityFraction *string `json:"probability_fraction"`
		ErrorBound          float64 `json:"error_bound"`
		Tours               uint64  `json:"tours"`
		Walks               uint64  `json:"walks"`
		FailLength          []fail  `json:"fail_length"`
		States              int64   `json:"states"`
		PeakStates          int64   `json:"peak_states"`
		Unmemoised          int64   `json:"unmemoised,omitempty"`
		PeakDisk            int64   `json:"peak_disk,omitempty"`
		Nodes               int64   `json:"nodes"`
		TimeNS              int64   `json:"time_ns"`
	}{r.Rows, r.Cols, r.StartRow, r.StartCol, r.Closed, r.Rule, r.Probability, frac, r.ErrorBound,
		r.Tours, r.Walks, fl, r.States, r.PeakStates, r.Unmemoised, r.PeakDisk, r.Nodes, r.TimeNS})
}
