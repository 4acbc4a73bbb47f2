package count

import (
	"context"
	"math/big"
	"os"
	"path/filepath"
	"time"

	"knightsweep/internal/durable"
	"knightsweep/pkg/board"
	"knightsweep/pkg/memlimit"
)

// Mode is what experiment count counts: the tours from one square, the
// grid of every square's, or their total alone.
type Mode int

// The modes.
const (
	CountOne Mode = iota
	CountAll
	CountTotal
)

// Request is experiment count's work, from its flags: the board, the
// start or the mode, the time it may take, and the options (-checkpoint
// among them, which the count resumes from and saves).
type Request struct {
	Board   board.Board
	Start   board.Square
	Mode    Mode
	Timeout time.Duration
	Options Options
}

// Frontier reports whether r counts by the frontier method.
func (r Request) Frontier() bool { return r.Options.Method.For(r.Board) == Frontier }

// Answer is what a count prints, and -json's object. Grid and Total are
// set with CountAll, Total alone with CountTotal, the start square
// otherwise.
type Answer struct {
	Rows     int    `json:"rows"`
	Cols     int    `json:"cols"`
	StartRow *int   `json:"start_row,omitempty"`
	StartCol *int   `json:"start_col,omitempty"`
	Closed   bool   `json:"closed"`
	Method   string `json:"method"`
	// Count, Total and Grid are exact integers, however many digits.
	Count *big.Int     `json:"count"`
	Total *big.Int     `json:"total,omitempty"`
	Grid  [][]*big.Int `json:"grid,omitempty"`
	Nodes int64        `json:"nodes"`
	// PeakStates and Resumed are the frontier method's.
	PeakStates int64 `json:"peak_states,omitempty"`
	Resumed    bool  `json:"resumed,omitempty"`
	TimeNS     int64 `json:"time_ns"`
	Complete   bool  `json:"complete"`
}

// frontierGCPercent is the collector's percent during a frontier count.
// Its memory is a few large slices without pointers, which a collection
// need not scan: collecting often is cheap, and keeps the peak near what
// the count holds rather than near the limit (peak RSS of 7x7 open: 2.81
// GB at Go's default of 100%, 2.47 GB at 10%, 6% slower; 8x8 closed: 21.6
// GB at 100%, 18.1 GB at 10%).
const frontierGCPercent = 10

// Run counts what r asks for, within r.Timeout (0: none) and with the
// collector set for r.Options.MemLimit. ans.Count is nil if there is
// nothing to print; after a checkpoint that could not be saved, ans and
// grid hold what was counted before it. kept says a checkpoint was saved.
func (r Request) Run(ctx context.Context) (ans Answer, grid Grid, kept bool, err error) {
	if r.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, r.Timeout)
		defer cancel()
	}
	percent := 0
	if r.Frontier() {
		percent = frontierGCPercent
	}
	defer memlimit.SetGC(r.Options.MemLimit, percent)()
	if ck := r.Options.Checkpoint; ck != "" {
		lock, err := lockCheckpoint(ck)
		if err != nil {
			return ans, grid, false, err
		}
		defer lock.Release()
	}
	b, opt := r.Board, r.Options
	ans = Answer{Rows: b.Rows, Cols: b.Cols, Closed: opt.Closed, Method: opt.Method.For(b).String()}
	if r.Mode == CountOne {
		res, err := From(ctx, b, r.Start, opt)
		if res.Tours != nil {
			ans.StartRow, ans.StartCol = &r.Start.Row, &r.Start.Col
			ans.Count, ans.Nodes, ans.TimeNS, ans.Complete = res.Tours, res.Nodes, res.Elapsed.Nanoseconds(), res.Complete
			ans.PeakStates, ans.Resumed = res.PeakStates, res.Resumed
		}
		return ans, grid, res.Kept, err
	}
	if r.Mode == CountTotal {
		grid, err = Total(ctx, b, opt)
	} else {
		grid, err = All(ctx, b, opt)
		ans.Grid = grid.Tours
	}
	if grid.Total != nil {
		ans.Count, ans.Total = grid.Total, grid.Total
		ans.Nodes, ans.TimeNS, ans.Complete = grid.Nodes, grid.Elapsed.Nanoseconds(), grid.AllComplete
		ans.PeakStates, ans.Resumed = grid.PeakStates, grid.Resumed
	}
	return ans, grid, grid.Kept, err
}

// lockCheckpoint locks the checkpoint at path against another count (two
// would each save over the other's work) and removes the temporary files
// that a count killed while saving left beside it.
func lockCheckpoint(path string) (*durable.Lock, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, &CheckpointError{Path: path, Err: err}
	}
	lock, err := durable.LockBeside(path)
	if msg, ok := durable.Refused(err, "name another file"); ok {
		return nil, unusable("%s", msg)
	}
	if err != nil {
		return nil, &CheckpointError{Path: path, Err: err}
	}
	durable.RemoveTemps(path)
	return lock, nil
}
