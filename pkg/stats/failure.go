package stats

import (
	"strings"

	"knightsweep/pkg/strategies"
)

// errorCause says why a run ended in error, from its error column, in the
// words the warning about such runs counts them by. The harness writes a
// panic and a tour its validator rejected; a user's solver fails in ways
// of its own (package external writes each): it reports an error, runs
// over its memory limit, writes more than its output cap, or exits with a
// failure status or a signal. The warning said "a panic, or a tour the
// validator rejected" of every such run, a solver's crash too.
func errorCause(strategy, msg string) string {
	switch {
	case strings.HasPrefix(msg, "panic:"):
		return "a panic"
	case strings.HasPrefix(msg, "invalid tour:"):
		return "a tour the validator rejected"
	case strategies.Rank(strategy) < len(strategies.Builtin):
		return "another failure of the program"
	}
	// What the solver wrote to stderr is its own: words in it say nothing
	// of how it ended.
	msg, _, _ = strings.Cut(msg, "; stderr: ")
	switch {
	case strings.HasPrefix(msg, "the solver reports an error"):
		return "an error the solver reported"
	case strings.HasPrefix(msg, "over the memory limit"):
		return "the solver over its memory limit"
	case strings.Contains(msg, "output over ") || strings.Contains(msg, "answer line over "):
		return "the solver's output over its cap"
	case strings.Contains(msg, "exit status ") || strings.Contains(msg, "killed by signal "):
		return "the solver's failing exit status or a signal"
	case strings.Contains(msg, "JSON answer") || strings.HasPrefix(msg, "output is neither"):
		return "an answer the harness could not read"
	case strings.Contains(msg, "contradict") || strings.Contains(msg, "without a time budget") || strings.Contains(msg, "without a node budget"):
		return "an answer that contradicts its nodes or its budget"
	}
	return "another failure of the solver"
}
