package runs

import "strconv"

// A Count is a column that may be empty: nodes and backtracks, which an
// external solver may not report, and cpu_ns and max_rss_bytes, which are
// not measured for every run. Unknown (any negative value) is written as
// an empty field and as JSON null, never as a number: a figure the run did
// not give is never made up. Unknown is the program's one spelling of a
// figure not given, from the search's result (solver.Result's -1) to the
// file; only an external solver's answer, as decoded, leaves it out (a nil
// pointer), and the harness turns that into -1 at once.
type Count int64

// Unknown is a Count that was not reported or measured.
const Unknown Count = -1

// Known reports whether c holds a value.
func (c Count) Known() bool { return c >= 0 }

// MarshalCSV writes c, or "" when it is unknown.
func (c Count) MarshalCSV() (string, error) {
	if c < 0 {
		return "", nil
	}
	return strconv.FormatInt(int64(c), 10), nil
}

// UnmarshalCSV reads what MarshalCSV writes.
func (c *Count) UnmarshalCSV(s string) error {
	if s == "" {
		*c = Unknown
		return nil
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return err
	}
	*c = Count(v)
	return nil
}

// MarshalJSON writes c, or null when it is unknown.
func (c Count) MarshalJSON() ([]byte, error) {
	if c < 0 {
		return []byte("null"), nil
	}
	return strconv.AppendInt(nil, int64(c), 10), nil
}

// UnmarshalJSON reads what MarshalJSON writes.
func (c *Count) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*c = Unknown
		return nil
	}
	v, err := strconv.ParseInt(string(b), 10, 64)
	if err != nil {
		return err
	}
	*c = Count(v)
	return nil
}

// appendCount appends c as MarshalCSV writes it.
func appendCount(dst []byte, c Count) []byte {
	if c < 0 {
		return dst
	}
	return strconv.AppendInt(dst, int64(c), 10)
}
