package plan

import (
	"encoding/binary"
	"hash/fnv"

	"knightsweep/internal/splitmix"
)

// JobSeed returns the seed of a randomised job: a hash of the sweep's -seed
// and everything that identifies the job (board, start, strategy,
// tie-break, tour kind, trial, move order, pruning). It depends on nothing
// else, so a job draws the same random stream whatever the worker count,
// the schedule or the shard that runs it, and two jobs of a sweep never
// share a stream by accident (as seed+trial would across start squares).
// The restart policy is left out on purpose: a job with restarts draws the
// stream of the same job without, so that its first attempt is that run up
// to the cutoff, and the series compare trial by trial.
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
	return splitmix.Mix(h.Sum64()) // spreads FNV's weak low bits
}
