package chart

import (
	"slices"
	"strings"
)

// noNodesNote says which series a chart in nodes leaves out because their
// runs record no nodes (an external solver that does not count them), ""
// when none: "not drawn: c, which records no nodes". Taken as -1 nodes,
// such a series would be drawn as finding every tour in 1 node, and its
// missing medians called zero.
func noNodesNote(labels []string) string {
	labels = slices.Compact(labels)
	switch len(labels) {
	case 0:
		return ""
	case 1:
		return "not drawn: " + labels[0] + ", which records no nodes"
	}
	return "not drawn: " + strings.Join(labels[:len(labels)-1], ", ") + " and " + labels[len(labels)-1] + ", which record no nodes"
}
