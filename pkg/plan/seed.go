package plan

import (
	"encoding/binary"
	"hash/fnv"

	"knightsweep/internal/splitmix"
	"knightsweep/pkg/restart"
)

// JobSeed returns the seed of a randomised job: a hash of the sweep's -seed
// and everything that identifies the job (board, start, strategy,
// tie-break, tour kind, trial, move order, pruning). It depends on nothing
// else, so a job draws the same random stream whatever the worker count,
// the schedule or the shard that runs it, and two jobs of a sweep never
// share a stream by accident (as seed+trial would across start squares).
// A job with restarts draws a stream of its own, the same for every
// policy (the hash goes on with a mark for restarts): its attempts are
// independent of the runs of the same job without restarts, so that a
// restart series tests the prediction those runs make for it rather than
// repeating them (with the base's stream, 222 of 300 7x7 fixed:49 runs
// would be the very first attempts the prediction is computed from), while
// series of different policies still begin trial by trial alike. A job
// without restarts hashes its fields alone, without the mark.
//
// The hash is FNV-1a (64 bits) of the fields in a fixed binary layout,
// finished with SplitMix64's mixer; it is part of the file format: changing
// it changes the rows of every randomised sweep.
func JobSeed(seed uint64, j Job) uint64 {
	h := fnv.New64a()
	var buf [8]byte
	num := func(v uint64) {
		binary.LittleEndian.PutUint64(buf[:], v)
		h.Write(buf[:])
	}
	str := func(s string) {
		num(uint64(len(s)))
		h.Write([]byte(s))
	}
	flag := func(b bool) {
		if b {
			num(1)
		} else {
			num(0)
		}
	}
	num(seed)
	num(uint64(j.Board.Rows))
	num(uint64(j.Board.Cols))
	num(uint64(j.Start.Row))
	num(uint64(j.Start.Col))
	str(j.Strategy)
	str(j.Tiebreak)
	flag(j.Closed)
	num(uint64(j.Trial))
	str(j.OrderText)
	flag(j.Prune)
	if j.Restarts.Kind != restart.None {
		str("restarts")
	}
	return splitmix.Mix(h.Sum64()) // spreads FNV's weak low bits
}
