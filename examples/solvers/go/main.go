// Command go is an external solver that answers through the stdio protocol
// of docs/solvers.md with this project's own strategies: it reads one JSON
// request a line and writes one JSON answer a line. It shows the protocol
// from Go, and it is how the tests hold the harness to the built-in
// strategies: the same requests must give the same status, tour and nodes
// through the protocol as in process.
//
//	experiment run -sizes 5-40 -strategies warnsdorff,ext \
//	    -solver 'ext=stdio:./bin/gosolver -strategy warnsdorff'
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"time"

	"knightsweep/pkg/board"
	"knightsweep/pkg/external"
	"knightsweep/pkg/solver"
	"knightsweep/pkg/status"
)

func main() {
	strategy := flag.String("strategy", "warnsdorff", "the built-in `strategy` that answers")
	tiebreak := flag.String("tiebreak", "first", "its tie-break `rule`")
	flag.Parse()
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<20)
	out := bufio.NewWriter(os.Stdout)
	enc := json.NewEncoder(out)
	for in.Scan() {
		var r external.Request
		if err := json.Unmarshal(in.Bytes(), &r); err != nil {
			fmt.Fprintln(os.Stderr, "gosolver: bad request:", err)
			os.Exit(1)
		}
		if err := enc.Encode(solve(r, *strategy, *tiebreak)); err != nil {
			os.Exit(1)
		}
		// One answer a line, flushed at once: the harness waits for it.
		if err := out.Flush(); err != nil {
			os.Exit(1)
		}
	}
}

// solve answers r with the built-in strategy: the protocol's types are
// package external's, the harness's own.
func solve(r external.Request, strategy, tiebreak string) external.Answer {
	a := external.Answer{ID: r.ID}
	if r.Version != external.Version {
		a.Status, a.Error = status.Error, fmt.Sprintf("protocol version %d: this solver speaks version %d", r.Version, external.Version)
		return a
	}
	o, err := board.ParseOrder(r.Order)
	if err != nil {
		a.Status, a.Error = status.Error, err.Error()
		return a
	}
	p := solver.Problem{Board: board.Board{Rows: r.Rows, Cols: r.Cols}, Start: board.Square{Row: r.Start[0], Col: r.Start[1]},
		Strategy: strategy, Tiebreak: tiebreak, Order: o, Closed: r.Closed, Seed: r.Seed, MaxNodes: r.MaxNodes,
		Timeout: time.Duration(r.TimeoutMS) * time.Millisecond, Threads: 1}
	res, err := solver.Solve(context.Background(), p)
	if err != nil {
		a.Status, a.Error = status.Error, err.Error()
		return a
	}
	a.Status, a.Nodes, a.Backtracks, a.Error = res.Status, &res.Nodes, &res.Backtracks, res.Err
	if res.Tour != nil {
		a.Tour = res.Tour.Squares(nil)
	}
	return a
}
