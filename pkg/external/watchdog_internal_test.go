package external

import (
	"fmt"
	"testing"
	"time"
)

// testLimit is how long a -short test that runs solvers may last: the
// longest takes a few seconds, about 15 under make mutate's load. A run
// that never ends (a wait that misses its deadline, or the process's exit)
// then fails the test binary within it, not at go test's -timeout, which
// make mutate sets to minutes. The race detector slows the tests up to
// tenfold: raceLimit times as long there.
const testLimit = time.Minute

// Watchdog ends the test binary, naming t, if t runs past testLimit in
// -short mode; the reaper then ends the solvers it started. It is the
// package's tests' (exported for those in package external_test).
func Watchdog(t *testing.T) {
	if !testing.Short() {
		return
	}
	limit := testLimit * raceLimit
	timer := time.AfterFunc(limit, func() {
		panic(fmt.Sprintf("%s still running after %v: a run that does not end", t.Name(), limit))
	})
	t.Cleanup(func() { timer.Stop() })
}
