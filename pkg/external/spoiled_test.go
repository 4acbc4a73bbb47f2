package external_test

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"knightsweep/pkg/external"
	"knightsweep/pkg/status"
)

// A SIGCONT the harness receives while a solver runs says it was stopped
// then (TestHarnessStoppedWhileSolverRuns in cmd/experiment stops a real
// one; a SIGCONT alone, to a running process, is quick and changes
// nothing else): the run's time is not the solver's, and the run is taken
// again, once. A solver that logs each start and answers after 0.5 s:
// continued during its first try only, it runs twice and its answer is
// the row; continued during every try, it runs twice and the row is an
// error saying the harness was stopped, never a third try.
func TestRunContinuedMidwayIsTakenAgainOnce(t *testing.T) {
	for _, tt := range []struct {
		name   string
		tries  int // the tries continued mid-run
		want   status.Status
		reason string
	}{
		{"continued in the first try", 1, status.Exhausted, ""},
		{"continued in both tries", 3, status.Error, "the harness itself was stopped"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			log := filepath.Join(t.TempDir(), "starts")
			name := script(t, `echo start >>'`+log+`'; sleep 0.5; echo '{"status":"exhausted"}'`, false, external.Limits{})
			starts := func() int {
				b, _ := os.ReadFile(log)
				return strings.Count(string(b), "start")
			}
			done := make(chan struct{})
			go func() { // one SIGCONT in each try to continue, once its solver started
				tick := time.NewTicker(20 * time.Millisecond)
				defer tick.Stop()
				for sent := 0; ; {
					select {
					case <-done:
						return
					case <-tick.C:
						if n := starts(); n > sent && n <= tt.tries {
							syscall.Kill(os.Getpid(), syscall.SIGCONT)
							sent = n
						}
					}
				}
			}()
			res := solve(t, name, 3, 3, 0)
			close(done)
			if res.Status != tt.want || !strings.Contains(res.Err, tt.reason) {
				t.Errorf("%s (%s), want %s with %q", res.Status, res.Err, tt.want, tt.reason)
			}
			if n := starts(); n != 2 {
				t.Errorf("the solver started %d times, want 2 (the run and its retry)", n)
			}
		})
	}
}
