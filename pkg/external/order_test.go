package external_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"knightsweep/pkg/board"
	"knightsweep/pkg/external"
	"knightsweep/pkg/solver"
	"knightsweep/pkg/status"
)

// tour5 is a tour of the 5x5 board from 0,0, as a JSON answer.
const tour5 = `{"status":"found","tour":[0,11,20,17,24,13,4,7,18,9,2,5,16,23,14,3,6,15,22,19,8,1,12,21,10]}`

// An answer belongs to its request: a line printed after an answer, or
// before the first request, is an error row for the request it would
// have answered, quoted, and the process starts again; no later answer
// lands on the wrong request.
func TestStdioAnswersBelongToTheirRequest(t *testing.T) {
	for _, tt := range []struct{ name, body, quoted string }{
		{"an extra line after each answer",
			`read -r l; echo '{"status":"dead_end"}'; while read -r l; do printf '%s\n%s\n' '` + tour5 + `' '{"status":"dead_end"}'; done`,
			`"{\"status\":\"dead_end\"}"`},
		{"a line before the first request",
			`echo '{"status":"dead_end"}'; read -r l; echo '{"status":"dead_end"}'; while read -r l; do echo '` + tour5 + `'; done`,
			`"{\"status\":\"dead_end\"}"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			name := script(t, tt.body, true, external.Limits{Timeout: 5 * time.Second})
			found, stray := 0, 0
			for i := range 12 {
				res := solve(t, name, 5, 5, 0)
				switch {
				case res.Status == status.Found:
					found++
				case res.Status == status.Error && strings.Contains(res.Err, "which answers no request") && strings.Contains(res.Err, tt.quoted):
					stray++
				default:
					t.Fatalf("run %d: %s (%s): want found, or an error quoting the stray line", i+1, res.Status, res.Err)
				}
			}
			if stray == 0 {
				t.Errorf("%d found, no stray-line error of 12", found)
			}
		})
	}
}

// A blank line before an answer is no answer: the answer after it is
// the run's.
func TestStdioBlankLine(t *testing.T) {
	name := script(t, `read -r l; echo '{"status":"dead_end"}'; while read -r l; do echo; echo '`+tour5+`'; done`, true,
		external.Limits{Timeout: 5 * time.Second})
	for i := range 3 {
		if res := solve(t, name, 5, 5, 0); res.Status != status.Found {
			t.Fatalf("run %d: %s (%s), want found", i+1, res.Status, res.Err)
		}
	}
}

// JSON keys are matched exactly: {"STATUS":...} is not an answer's status.
func TestAnswerKeysExact(t *testing.T) {
	for _, tt := range []struct{ line, err string }{
		{`{"STATUS":"dead_end"}`, `key "STATUS" is not "status"`},
		{`{"status":"dead_end","Nodes":3}`, `key "Nodes" is not "nodes"`},
		{`{"status":"dead_end","nodes":3,"note":"x"}`, ""},
		{`{"status":"dead_end","error":"STATUS"}`, ""},
		{`{"status":"dead_end","status":"found","STATUS":"x","tour":[0]}`, `key "STATUS" is not "status"`},
		{`{"\u0053TATUS":"dead_end"}`, `key "STATUS" is not "status"`},
		{`{"status":"dead_end","ſtatus":"x"}`, `key "ſtatus" is not "status"`},
		// Every key in capitals: no key is spelt exactly.
		{`{"ID":1,"STATUS":"found","TOUR":[0],"NODES":1,"BACKTRACKS":0,"ERROR":""}`, `(keys are matched exactly)`},
	} {
		_, err := external.ParseAnswer([]byte(tt.line))
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("%s: %v", tt.line, err)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%s: %v, want %q", tt.line, err, tt.err)
		}
	}
}

// A stdio solver whose grandchild left with setsid holding its stdout
// open neither stalls the sweep nor records more than its budget and the
// grace: every wait on its pipes is bounded, timeout and interrupt alike.
func TestStdioSetsidGrandchild(t *testing.T) {
	const budget, grace = 300 * time.Millisecond, 200 * time.Millisecond
	body := `read -r l; echo '{"status":"dead_end"}'; setsid sleep 4 & read -r l; sleep 30`
	t.Run("timeout", func(t *testing.T) {
		name := script(t, body, true, external.Limits{Grace: grace})
		t0 := time.Now()
		res := solve(t, name, 5, 5, budget)
		took := time.Since(t0)
		if res.Status != status.Timeout {
			t.Fatalf("%s (%s), want timeout", res.Status, res.Err)
		}
		if res.Elapsed > budget+grace+500*time.Millisecond || took > budget+3*grace+time.Second {
			t.Errorf("time_ns %v, the run took %v, at a %v budget and %v grace", res.Elapsed, took, budget, grace)
		}
	})
	t.Run("interrupt", func(t *testing.T) {
		name := script(t, body, true, external.Limits{Grace: grace})
		ctx, cancel := context.WithTimeout(context.Background(), budget)
		defer cancel()
		t0 := time.Now()
		res, err := solveProblem(ctx, solver.Problem{Board: board.Board{Rows: 5, Cols: 5}, Strategy: name})
		if err != nil {
			t.Fatal(err)
		}
		if took := time.Since(t0); took > budget+3*grace+time.Second {
			t.Errorf("%s after %v: an interrupt waited on the grandchild", res.Status, took)
		}
	})
	// The solver exits without an answer, its grandchild holding the
	// pipe: the run ends as the process did (after exitLinger, 100 ms),
	// not at its budget.
	t.Run("exit", func(t *testing.T) {
		const budget = 3 * time.Second
		name := script(t, `read -r l; echo '{"status":"dead_end"}'; read -r l; setsid sleep 4 & exit 0`, true, external.Limits{Grace: grace})
		t0 := time.Now()
		res := solve(t, name, 5, 5, budget)
		took := time.Since(t0)
		if res.Status != status.Error || took >= budget {
			t.Errorf("%s (%s) after %v, want an error before the %v budget", res.Status, res.Err, took, budget)
		}
	})
}

// A solver that echoed the id in its warm-up answer must echo it in every
// answer: one without is not taken.
func TestStdioIDOnceAlways(t *testing.T) {
	name := script(t, `read -r l; id=$(echo "$l" | sed 's/.*"id":\([0-9]*\).*/\1/'); echo "{\"id\":$id,\"status\":\"dead_end\"}"; while read -r l; do echo '`+tour5+`'; done`,
		true, external.Limits{Timeout: 5 * time.Second})
	res := solve(t, name, 5, 5, 0)
	if res.Status != status.Error || !strings.Contains(res.Err, "answer without the id of request 2") {
		t.Fatalf("%s (%s), want an error for the missing id", res.Status, res.Err)
	}
}

// A solver whose answers carry their request's id has no quiet period
// after its warm-up, and no look into the pipe before a request: a stray
// line printed after the warm-up's answer, or after a run's, is refused as
// the answer it would take the place of, an error row that quotes it, and
// the process starts again; no run takes it as its answer.
func TestStdioStrayLineWithIDs(t *testing.T) {
	for _, tt := range []struct{ name, stray, quoted string }{
		{"an answer without an id", `printf '%s\n' '{"status":"dead_end"}'`, `{\"status\":\"dead_end\"}`},
		{"the last answer again", `printf '{"id":%s,"status":"found","tour":[0]}\n' "$id"`, `\"status\":\"found\",\"tour\":[0]}`},
		{"a banner", `echo solver ready`, `solver ready`},
	} {
		for after, runs := range [][]status.Status{
			{status.Error, status.Found, status.Found}, // after the warm-up
			{status.Found, status.Error, status.Found}, // after the first run
		} {
			t.Run(fmt.Sprintf("%s after answer %d", tt.name, after), func(t *testing.T) {
				flag := filepath.Join(t.TempDir(), "printed")
				body := `n=0
while read -r l; do
	id=$(echo "$l" | sed 's/.*"id":\([0-9]*\).*/\1/')
	case "$l" in
	*'"rows":1,'*) printf '{"id":%s,"status":"found","tour":[0]}\n' "$id";;
	*) printf '{"id":%s,` + tour5[1:] + `\n' "$id";;
	esac
	if [ $n = ` + fmt.Sprint(after) + ` ] && [ ! -e ` + flag + ` ]; then touch ` + flag + `; ` + tt.stray + `; fi
	n=$((n+1))
done`
				name := script(t, body, true, external.Limits{Timeout: 5 * time.Second})
				for i, want := range runs {
					res := solve(t, name, 5, 5, 0)
					if res.Status != want {
						t.Fatalf("run %d: %s (%s), want %s", i+1, res.Status, res.Err, want)
					}
					if want == status.Error && !strings.Contains(res.Err, tt.quoted) {
						t.Errorf("run %d: reason %q does not quote the stray line %s", i+1, res.Err, tt.quoted)
					}
				}
			})
		}
	}
}

// A blank line after an answer, in the same write, is no stray line: it
// is no answer, to this request or the next.
func TestStdioBlankLineAfterAnswer(t *testing.T) {
	name := script(t, `read -r l; echo '{"status":"dead_end"}'; while read -r l; do printf '%s\n\n' '`+tour5+`'; done`, true,
		external.Limits{Timeout: 5 * time.Second})
	for i := range 3 {
		// A found answer has no reason.
		if res := solve(t, name, 5, 5, 0); res.Status != status.Found || res.Err != "" {
			t.Fatalf("run %d: %s (%q), want found, without a reason", i+1, res.Status, res.Err)
		}
	}
}

// A process that printed a line after its last answer and then ended has
// something more to say: the next run refuses that line as a line before
// its request, rather than start a new process as for one that ended
// quietly.
func TestStdioEndsAfterAStrayLine(t *testing.T) {
	name := script(t, `read -r l; echo '{"status":"dead_end"}'; read -r l; echo '`+tour5+`'; sleep 0.1; echo '{"status":"exhausted"}'`, true,
		external.Limits{Timeout: 5 * time.Second})
	if res := solve(t, name, 5, 5, 0); res.Status != status.Found {
		t.Fatalf("run 1: %s (%s), want found", res.Status, res.Err)
	}
	time.Sleep(500 * time.Millisecond) // the line written, the process gone
	res := solve(t, name, 5, 5, 0)
	if want := "a line before request 3 was sent"; res.Status != status.Error || !strings.Contains(res.Err, want) {
		t.Errorf("run 2: %s (%s), want an error saying %q", res.Status, res.Err, want)
	}
	// Its request is never sent: nothing of it is measured.
	if res.CPU != -1 || res.MaxRSS != -1 {
		t.Errorf("run 2: cpu %v, max_rss %d, want unknown (-1) for a request never sent", res.CPU, res.MaxRSS)
	}
}

// An answer after the timeout, within the grace the harness gives, is a
// timeout (its nodes kept): the run is over its budget.
func TestStdioAnswerPastTimeout(t *testing.T) {
	name := script(t, `read -r l; echo '{"status":"dead_end"}'; while read -r l; do sleep 0.4; echo '`+tour5+`'; done`, true,
		external.Limits{Timeout: 200 * time.Millisecond, Grace: 2 * time.Second})
	if res := solve(t, name, 5, 5, 200*time.Millisecond); res.Status != status.Timeout {
		t.Errorf("%s (%s), want timeout", res.Status, res.Err)
	}
}

// A process that ends without reading its request is started again once,
// the request sent to the new one; when that one does so too, the run is
// an error: two starts for the run, never a third.
func TestStdioEndsBeforeReadingTwice(t *testing.T) {
	log := filepath.Join(t.TempDir(), "starts")
	name := script(t, `echo start >>'`+log+`'; read -r l; echo '{"status":"dead_end"}'; sleep 0.3`, true,
		external.Limits{Timeout: 5 * time.Second})
	solve(t, name, 5, 5, 0)
	b, _ := os.ReadFile(log)
	if n := strings.Count(string(b), "start"); n != 2 {
		t.Errorf("%d starts for one run, want 2", n)
	}
}

// A stdio run without a timeout waits for its answer however long it
// takes, and is never late: an answer after 1.3 s, past the 100 ms grace
// and lateSlack (1 s) beyond it, is the answer.
func TestStdioWithoutTimeoutWaits(t *testing.T) {
	name := script(t, `read -r l; echo '{"status":"dead_end"}'; while read -r l; do sleep 1.3; echo '`+tour5+`'; done`, true,
		external.Limits{Grace: 100 * time.Millisecond})
	if res := solve(t, name, 5, 5, 0); res.Status != status.Found {
		t.Errorf("%s (%s), want found", res.Status, res.Err)
	}
}

// A silent stdio solver under a long grace (2 s) is a timeout, read until
// its timeout and grace: not a run the harness's stop spoiled, which is
// one seen lateSlack (1 s) past both.
func TestStdioSilentWithLongGrace(t *testing.T) {
	name := script(t, `trap 'exit 0' TERM; read -r l; echo '{"status":"dead_end"}'; while read -r l; do sleep 30 & wait; done`, true,
		external.Limits{Grace: 2 * time.Second})
	if res := solve(t, name, 5, 5, 200*time.Millisecond); res.Status != status.Timeout {
		t.Errorf("%s (%s), want timeout", res.Status, res.Err)
	}
}

// The shorter of the solver's own timeout (-timeout) and the run's is
// the run's budget: a silent solver with 300 ms of its own, in a run of
// 5 s, times out within a second or two, not after 5 s.
func TestShorterTimeoutWins(t *testing.T) {
	name := script(t, `trap 'exit 0' TERM; read -r l; echo '{"status":"dead_end"}'; while read -r l; do sleep 30 & wait; done`, true,
		external.Limits{Timeout: 300 * time.Millisecond, Grace: 100 * time.Millisecond})
	t0 := time.Now()
	res := solve(t, name, 5, 5, 5*time.Second)
	if took := time.Since(t0); res.Status != status.Timeout || took >= 3*time.Second {
		t.Errorf("%s (%s) after %v, want a timeout within 3 s", res.Status, res.Err, took)
	}
}

// Each request carries its own run's move order, not the previous run's:
// one stdio process runs the classic order, then vertical-first, then the
// classic again, and logs the requests it reads.
func TestStdioRequestsCarryTheirOrder(t *testing.T) {
	log := filepath.Join(t.TempDir(), "requests")
	name := script(t, `while read -r l; do echo "$l" >>'`+log+`'; echo '{"status":"dead_end"}'; done`, true, external.Limits{Timeout: 5 * time.Second})
	orders := []board.Order{board.ClassicDFS, board.VerticalFirst, board.ClassicDFS}
	for _, o := range orders {
		if _, err := solveProblem(context.Background(), solver.Problem{Board: board.Board{Rows: 5, Cols: 5}, Strategy: name, Order: o}); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != 1+len(orders) { // the warm-up first
		t.Fatalf("%d requests read, want %d: %q", len(lines), 1+len(orders), lines)
	}
	for i, o := range orders {
		if want := `"order":"` + o.String() + `"`; !strings.Contains(lines[1+i], want) {
			t.Errorf("request %d: %s, want it to hold %s", 2+i, lines[1+i], want)
		}
	}
}
