package runs

import (
	"testing"

	"knightsweep/pkg/status"
)

// TestCheckNodesAtEachBound puts nodes one either side of each bound
// CheckNodes draws: a tour enters each of the board's squares once, so a
// found run takes at least rows*cols nodes (a 5x5 tour, 25; a 3x7, 21; a
// 1x1, 1), and one fewer is a row to refuse; a budget of max_nodes stops a
// run at it, so a node_limit run has at least max_nodes and a found run at
// most max_nodes.
func TestCheckNodesAtEachBound(t *testing.T) {
	for _, tc := range []struct {
		name       string
		st         status.Status
		rows, cols int
		nodes      Count
		maxNodes   int64
		ok         bool
	}{
		{"found with exactly rows*cols-1 nodes, 5x5", status.Found, 5, 5, 24, 0, false},
		{"found with exactly rows*cols nodes, 5x5", status.Found, 5, 5, 25, 0, true},
		{"found with exactly rows*cols-1 nodes, 3x7", status.Found, 3, 7, 20, 1000, false},
		{"found with exactly rows*cols nodes, 3x7", status.Found, 3, 7, 21, 1000, true},
		{"found with exactly rows*cols-1 nodes, 1x1", status.Found, 1, 1, 0, 0, false},
		{"found with exactly rows*cols nodes, 1x1", status.Found, 1, 1, 1, 0, true},
		{"found at exactly max_nodes", status.Found, 5, 5, 1000, 1000, true},
		{"found at max_nodes+1", status.Found, 5, 5, 1001, 1000, false},
		{"node_limit at exactly max_nodes", status.NodeLimit, 5, 5, 1000, 1000, true},
		{"node_limit at max_nodes-1", status.NodeLimit, 5, 5, 999, 1000, false},
		{"found with nodes unknown", status.Found, 5, 5, Unknown, 1000, true},
		{"dead_end with fewer nodes than squares", status.DeadEnd, 5, 5, 3, 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckNodes(tc.st, tc.rows, tc.cols, tc.nodes, tc.maxNodes)
			if (err == nil) != tc.ok {
				t.Fatalf("CheckNodes(%s, %dx%d, nodes %d, max_nodes %d) = %v, want ok %v",
					tc.st, tc.rows, tc.cols, tc.nodes, tc.maxNodes, err, tc.ok)
			}
			r := Row{Status: tc.st, Rows: tc.rows, Cols: tc.cols, Nodes: tc.nodes, MaxNodes: tc.maxNodes}
			if got := r.CheckNodes(); (got == nil) != tc.ok {
				t.Fatalf("Row.CheckNodes = %v, want ok %v", got, tc.ok)
			}
		})
	}
}
