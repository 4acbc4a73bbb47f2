package external

import (
	"os"
	"os/signal"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"knightsweep/pkg/status"
)

// A run's time is measured by the harness, which must be running to see
// the answer when it comes. A harness stopped (SIGSTOP, or Ctrl-Z, which
// stops the terminal's foreground process group: the harness, not its
// solvers, each in a group of its own) while a solver runs sees its
// answer only when it is continued: the run's time then counts the stop,
// and a run that answered in time reads as over its budget. Such a
// measurement is the harness's failure, not the solver's: the run is
// taken again (once), and a run spoiled twice is an error row that says
// why, never a timeout.
//
// A stop is seen two ways: the SIGCONT that ends it (continued), and a
// deadline seen more than lateSlack after it passed (Outcome.late), which
// a harness that ran would not have missed. The second also catches a
// harness kept off the CPU that long by load.

// lateSlack is how far past a run's deadline the harness may see it
// before the run's measurement counts as spoiled: far beyond a loaded
// machine's scheduling delays, which are milliseconds.
const lateSlack = time.Second

// settle is how long a retry waits for the signal of the stop that
// spoiled the run it retries.
const settle = 50 * time.Millisecond

// continued counts the SIGCONTs this process has received since the
// first run of a solver.
var continued struct {
	once sync.Once
	n    atomic.Int64
}

// continues returns the count of SIGCONTs so far, and starts counting them
// at its first call.
func continues() int64 {
	continued.once.Do(func() {
		c := make(chan os.Signal, 1)
		signal.Notify(c, syscall.SIGCONT)
		go func() {
			for range c {
				continued.n.Add(1)
			}
		}()
	})
	return continued.n.Load()
}

// spoiled reports whether the harness was stopped, or kept off the CPU
// past a deadline, while o ran, after continues had returned stops: its
// time is not the solver's. The SIGCONT that ends a stop reaches
// continues through the runtime's signal goroutine, which may run a
// moment after the answer seen at the wake-up (more on a loaded
// machine): a run as long as any stop a person makes (Ctrl-Z, then fg)
// waits that moment first, a hundredth of its time, up to signalLag.
func spoiled(o Outcome, stops int64) bool {
	if o.Answer.Status == status.Canceled {
		return false
	}
	if o.Wall >= humanStop && !o.late {
		time.Sleep(min(o.Wall/100, signalLag))
	}
	return o.late || continues() != stops
}

// humanStop is the shortest stop a person makes, and signalLag the most a
// run waits for the signal that ends one.
const (
	humanStop = 500 * time.Millisecond
	signalLag = 20 * time.Millisecond
)

// spoiledTwice is the error of a run whose measurement the harness's own
// stop spoiled twice.
func spoiledTwice(o Outcome) Outcome {
	f := failed("the harness itself was stopped (SIGSTOP or Ctrl-Z) or kept off the CPU while the solver ran, in this run and in its retry: the run's time is not the solver's, and nothing is recorded of it")
	f.Wall = o.Wall
	return f
}
