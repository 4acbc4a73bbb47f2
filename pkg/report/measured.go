package report

import (
	"strings"

	"knightsweep/pkg/stats"
	"knightsweep/pkg/strategies"
)

// How a series' time and CPU time were measured: a built-in strategy's
// search on its worker's thread, an external solver's process started
// for the run (its start-up and exit included), or one answering a
// worker's requests over a pipe (stdio: the request's round trip).
// Times measured in different ways differ by more than the search: a
// comparison of them is labelled, never a verdict alone.
const (
	measuredInProcess = "in-process"
	measuredProcess   = "process-per-run"
	measuredStdio     = "stdio"
	measuredExternal  = "external" // a solver whose declaration no manifest records
)

// measuredBy returns how the series of strategy were timed, from the
// solvers the sweeps' manifests declare.
func measuredBy(strategy string, sweeps []sweep) string {
	for _, sw := range sweeps {
		if sw.man == nil {
			continue
		}
		for _, sv := range sw.man.Settings.Solvers {
			if sv.Name != strategy {
				continue
			}
			if d, err := strategies.ParseDecl(sv.Decl()); err == nil && d.Stdio {
				return measuredStdio
			}
			return measuredProcess
		}
	}
	if strategies.Builtins().Has(strategy) {
		return measuredInProcess
	}
	return measuredExternal
}

// labelMeasured sets each comparison's Measured: "alike" where both
// series were timed the same way, else the two ways, A's first
// ("in-process/stdio").
func labelMeasured(hs []stats.HeadToHead, sweeps []sweep) {
	of := measuredWays(sweeps)
	for i := range hs {
		a, b := of(hs[i].A.Key.Strategy), of(hs[i].B.Key.Strategy)
		hs[i].Measured = stats.MeasuredAlike
		if a != b {
			hs[i].Measured = a + "/" + b
		}
	}
}

// measuredText says how a pair's times were measured, in words
// ("in-process against stdio").
func measuredText(h stats.HeadToHead) string { return strings.ReplaceAll(h.Measured, "/", " against ") }

// measuredWays returns measuredBy over sweeps, each strategy looked up once.
func measuredWays(sweeps []sweep) func(strategy string) string {
	memo := map[string]string{}
	return func(s string) string {
		m, ok := memo[s]
		if !ok {
			m = measuredBy(s, sweeps)
			memo[s] = m
		}
		return m
	}
}
