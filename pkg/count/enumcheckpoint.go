package count

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"

	"knightsweep/internal/durable"
)

// An enumeration's checkpoint file is a magic line, one JSON object (the
// count it belongs to: the board, its searches, and its subtrees, by
// number and by a hash of their paths; which subtrees are done, and what
// they found, by search), and the checksum line over
// both, a sealed file of package durable: a number edited, or a byte
// damaged, would otherwise be added to the count as found, and a count
// killed while saving leaves the previous checkpoint. Subtrees stopped
// halfway are not in it: resuming walks them again from their start.
// Format 1, without the checksum, is not resumed.
var enumFormat = durable.Format{Name: "enumeration checkpoint", Version: 2,
	Advice: "delete it to count from the start, or name another file"}

// enumCheckpointMax bounds the file read back: the subtrees' flags and
// counts take well under a megabyte.
const enumCheckpointMax = 16 << 20

type enumSearch struct {
	Start  int    `json:"start"`
	Closed bool   `json:"closed"`
	Ends   uint64 `json:"ends"`
}

type enumCheckpoint struct {
	Rows     int          `json:"rows"`
	Cols     int          `json:"cols"`
	Searches []enumSearch `json:"searches"`
	Pieces   int          `json:"pieces"`
	Hash     uint64       `json:"hash"`
	Done     []bool       `json:"done"`
	// Tours, Nodes and ByEnd are the sums over the subtrees done, by
	// search.
	Tours []uint64             `json:"tours"`
	Nodes []int64              `json:"nodes"`
	ByEnd [][MaxSquares]uint64 `json:"by_end"`
}

// matches returns an error unless ck was saved by the count that want
// describes, and is whole.
func (ck *enumCheckpoint) matches(want *enumCheckpoint, path string) error {
	if ck.Rows != want.Rows || ck.Cols != want.Cols || !slices.Equal(ck.Searches, want.Searches) ||
		ck.Pieces != want.Pieces || ck.Hash != want.Hash {
		its, this := ck.describe(), want.describe()
		if its == this {
			its += fmt.Sprintf(" split into %d subtrees", ck.Pieces)
			this += fmt.Sprintf(" split into %d", want.Pieces)
		}
		return anotherCount(path, its, this)
	}
	n := len(want.Searches)
	if len(ck.Done) != ck.Pieces || len(ck.Tours) != n || len(ck.Nodes) != n || len(ck.ByEnd) != n {
		return damagedCheckpoint(path, fmt.Sprintf("%d subtree flags for %d subtrees, counts for %d, %d, %d searches of %d",
			len(ck.Done), ck.Pieces, len(ck.Tours), len(ck.Nodes), len(ck.ByEnd), n))
	}
	return nil
}

// describe says which count ck is of, in words and in the flags that ask
// for it: one search is a count from its start, more are -starts all's
// (-total's are the same searches).
func (ck *enumCheckpoint) describe() string {
	if len(ck.Searches) == 1 && ck.Cols > 0 {
		s := ck.Searches[0]
		return startWords(ck.Rows, ck.Cols, s.Start/ck.Cols, s.Start%ck.Cols, s.Closed)
	}
	closed := ""
	if len(ck.Searches) > 0 && ck.Searches[0].Closed {
		closed = " closed tours"
	}
	return fmt.Sprintf("%s%s, every start (%s -starts all)", boardWords(ck.Rows, ck.Cols), closed, boardFlags(ck.Rows, ck.Cols))
}

func writeEnumCheckpoint(path string, ck *enumCheckpoint) error {
	err := durable.Write(path, enumFormat, func(w io.Writer) error {
		return json.NewEncoder(w).Encode(ck)
	})
	if err != nil {
		return &CheckpointError{Path: path, Err: err}
	}
	return nil
}

// readEnumCheckpoint reads path, or returns nil if there is no such file;
// this describes the count that reads it.
func readEnumCheckpoint(path, this string) (*enumCheckpoint, error) {
	body, err := durable.Read(path, enumFormat, enumCheckpointMax)
	switch {
	case durable.IsNotExist(err):
		return nil, nil
	case err != nil:
		return nil, checkpointRefused(path, err, enumFormat, frontierFormat, "an enumeration's", this)
	}
	ck := &enumCheckpoint{}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(ck); err != nil {
		return nil, damagedCheckpoint(path, err.Error())
	}
	return ck, nil
}
