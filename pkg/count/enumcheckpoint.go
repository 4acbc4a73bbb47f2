package count

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"

	"knightsweep/internal/atomicfile"
	"knightsweep/internal/capped"
	"knightsweep/internal/checksum"
)

// An enumeration's checkpoint file is a magic line, one JSON object (the
// count it belongs to: the board, its searches, and its subtrees, by
// number and by a hash of their paths; which subtrees are done, and what
// they found, by search), and the checksum line of internal/checksum over
// both: a number edited, or a byte damaged, would otherwise be added to
// the count as found. It is replaced atomically, so a count killed while
// saving leaves the previous checkpoint. Subtrees stopped halfway are not
// in it: resuming walks them again from their start. Format 1, without
// the checksum, is not resumed.

const (
	enumCheckpointPrefix = "knightsweep enumeration checkpoint "
	enumCheckpointMagic  = enumCheckpointPrefix + "2\n"
)

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
		return unusable("checkpoint %s belongs to another count (%dx%d, %d searches, %d subtrees; this one is %dx%d, %d searches, %d subtrees): remove it or name another file",
			path, ck.Rows, ck.Cols, len(ck.Searches), ck.Pieces, want.Rows, want.Cols, len(want.Searches), want.Pieces)
	}
	n := len(want.Searches)
	if len(ck.Done) != ck.Pieces || len(ck.Tours) != n || len(ck.Nodes) != n || len(ck.ByEnd) != n {
		return damagedCheckpoint(path, fmt.Sprintf("%d subtree flags for %d subtrees, counts for %d, %d, %d searches of %d",
			len(ck.Done), ck.Pieces, len(ck.Tours), len(ck.Nodes), len(ck.ByEnd), n))
	}
	return nil
}

func writeEnumCheckpoint(path string, ck *enumCheckpoint) error {
	err := atomicfile.Write(path, func(w io.Writer) error {
		bw := bufio.NewWriter(w)
		cw := checksum.NewWriter(bw)
		io.WriteString(cw, enumCheckpointMagic)
		if err := json.NewEncoder(cw).Encode(ck); err != nil {
			return err
		}
		if err := cw.Seal(); err != nil {
			return err
		}
		return bw.Flush()
	})
	if err != nil {
		return &CheckpointError{Path: path, Err: err}
	}
	return nil
}

// readEnumCheckpoint reads path, or returns nil if there is no such file.
func readEnumCheckpoint(path string) (*enumCheckpoint, error) {
	damaged := func(why string) error { return damagedCheckpoint(path, why) }
	data, err := capped.ReadFile(path, enumCheckpointMax)
	var tl *capped.TooLargeError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil
	case errors.As(err, &tl):
		return nil, damaged(err.Error())
	case err != nil:
		return nil, err
	case bytes.HasPrefix(data, []byte(checkpointPrefix)):
		return nil, unusable("checkpoint %s is a frontier count's: give -method frontier, or remove it", path)
	case bytes.HasPrefix(data, []byte(enumCheckpointPrefix+"1\n")):
		return nil, unusable("checkpoint %s was written by an earlier version of enumeration (format 1, without a checksum to tell it whole from damaged), "+
			"which this one does not resume: delete it to count from the start", path)
	case !bytes.HasPrefix(data, []byte(enumCheckpointMagic)):
		if checksum.LooksSealed(bytes.NewReader(data), int64(len(data))) {
			return nil, damaged("its first line is not an enumeration's checkpoint's")
		}
		return nil, notCheckpoint(path, "an enumeration's")
	}
	body, err := checksum.Open(data)
	if err != nil {
		return nil, damaged(err.Error())
	}
	body, ok := bytes.CutPrefix(body, []byte(enumCheckpointMagic))
	if !ok {
		return nil, damaged("its checksum line overlaps its first line")
	}
	ck := &enumCheckpoint{}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(ck); err != nil {
		return nil, damaged(err.Error())
	}
	return ck, nil
}
