package external_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode"

	"knightsweep/pkg/board"
	"knightsweep/pkg/external"
	"knightsweep/pkg/solver"
	"knightsweep/pkg/status"
)

// script declares a shell script of body as a solver, registered under a
// name of its own, with the test's marker as its argument.
func script(t *testing.T, body string, stdio bool, limits external.Limits) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "solver.sh")
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	name, _ := declare(t, path, stdio, limits)
	return name
}

// An answer the row it would make contradicts (runs.CheckNodes's rule, a
// censoring status without its budget) is an error with the reason, as it
// arrives: the report would refuse the whole runs.csv for it.
func TestContradictoryAnswers(t *testing.T) {
	for _, tt := range []struct {
		name, answer string
		maxNodes     int64
		timeout      time.Duration
		reason       string
	}{
		{"found with fewer nodes than squares", `{"status":"found","tour":[0],"nodes":0}`, 0, 0,
			"the solver's answer contradicts its run: found with 0 nodes, fewer than the 1x1 board's 1 squares"},
		{"found over its budget", `{"status":"found","tour":[0],"nodes":9}`, 5, 0,
			"found with 9 nodes, more than its budget max_nodes 5"},
		{"node_limit below its budget", `{"status":"node_limit","nodes":2}`, 5, 0,
			"node_limit with 2 nodes, fewer than its budget max_nodes 5"},
		{"node_limit without a budget", `{"status":"node_limit","nodes":2}`, 0, 0,
			"node_limit without a node budget (max_nodes 0)"},
		{"timeout without a budget", `{"status":"timeout"}`, 0, 0,
			"timeout without a time budget (timeout_ns 0)"},
		{"timeout well short of its budget", `{"status":"timeout"}`, 0, 5 * time.Second,
			"the solver's answer contradicts its run: timeout after"},
		{"dead_end past its node budget", `{"status":"dead_end","nodes":99999}`, 1000, 0,
			"dead_end with 99999 nodes, more than its budget max_nodes 1000"},
		{"exhausted with more backtracks than nodes", `{"status":"exhausted","nodes":3,"backtracks":7}`, 0, 0,
			"exhausted with 7 backtracks, more than its 3 nodes"},
		{"not_closed of an open tour", `{"status":"not_closed","nodes":1}`, 0, 0,
			"not_closed where no closed tour was asked for"},
		{"found, nodes right", `{"status":"found","tour":[0],"nodes":1}`, 5, 0, ""},
		{"node_limit at its budget", `{"status":"node_limit","nodes":5}`, 5, 0, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			for _, stdio := range []bool{false, true} {
				body := "echo '" + tt.answer + "'"
				if stdio {
					body = "while read -r l; do echo '" + tt.answer + "'; done"
				}
				name := script(t, body, stdio, external.Limits{Timeout: tt.timeout})
				res, err := solveProblem(context.Background(), solver.Problem{Board: board.Board{Rows: 1, Cols: 1},
					Strategy: name, MaxNodes: tt.maxNodes})
				if err != nil {
					t.Fatal(err)
				}
				switch {
				case tt.reason == "" && res.Status == status.Error:
					t.Errorf("stdio %v: %s (%s), want the answer taken", stdio, res.Status, res.Err)
				case tt.reason != "" && (res.Status != status.Error || !strings.Contains(res.Err, tt.reason)):
					t.Errorf("stdio %v: %s (%s), want error saying %q", stdio, res.Status, res.Err, tt.reason)
				}
			}
		})
	}
}

// A run cut off before it started reported nothing: its counts are
// unknown, not 0.
func TestCutOffAtOnceHasNoCounts(t *testing.T) {
	name := script(t, `echo '{"status":"found","tour":[0],"nodes":1}'`, false, external.Limits{})
	res := solve(t, name, 5, 5, time.Nanosecond)
	if res.Status != status.Timeout || res.Nodes != -1 || res.Backtracks != -1 || res.CPU != -1 {
		t.Fatalf("%s nodes %d backtracks %d cpu %v, want timeout with all three unknown (-1)", res.Status, res.Nodes, res.Backtracks, res.CPU)
	}
}

// A process the harness stops for a bad answer is not said to have been
// killed by the harness's own signal, and what a solver prints on stderr
// reaches the error column on one line without control characters.
func TestReasons(t *testing.T) {
	t.Run("bad answer", func(t *testing.T) {
		// The sleep keeps the shell alive when the harness closes its
		// stdin, so that the harness's signal, not the end of the input,
		// is what ends it: the case the reason must not blame on a signal.
		name := script(t, `while read -r l; do echo 'not json'; sleep 30; done`, true, external.Limits{Timeout: 5 * time.Second})
		res := solve(t, name, 5, 5, 0)
		if res.Status != status.Error || strings.Contains(res.Err, "signal") || !strings.Contains(res.Err, "(the harness stopped it)") {
			t.Fatalf("%s (%s): want the bad answer as the reason, not the harness's signal", res.Status, res.Err)
		}
	})
	t.Run("control characters", func(t *testing.T) {
		name := script(t, `printf 'boom\033[31m red\000\007 bell\r\nnext\n' >&2; exit 3`, false, external.Limits{})
		res := solve(t, name, 5, 5, 0)
		if res.Status != status.Error {
			t.Fatalf("%s (%s)", res.Status, res.Err)
		}
		for _, r := range res.Err {
			if r < 0x20 || r == 0x7f {
				t.Fatalf("reason %q holds control character %U", res.Err, r)
			}
		}
		if !strings.Contains(res.Err, `boom\x1b[31m red\x00\x07 bell next`) {
			t.Errorf("reason %q, want the stderr escaped on one line", res.Err)
		}
	})
	// Format characters are not control characters to unicode.IsControl,
	// but a right-to-left override makes a reader see "exe.txt" where
	// "txt.exe" is written, and an invisible tag character hides text: on
	// stderr and in the answer's error field, each is escaped.
	t.Run("format characters", func(t *testing.T) {
		const evil = "a\u202eb\u2066c\u2069d\u200fe\u200bf\U000E0041g\u00adh"
		const want = `a\u202eb\u2066c\u2069d\u200fe\u200bf\U000e0041g\xadh`
		for _, body := range []string{
			`printf '%s\n' '` + evil + `' >&2; exit 3`,
			`printf '%s\n' '{"status":"error","error":"` + evil + `"}'`,
			`printf '%s\n' '{"status":"error","error":"a\u202eb\u2066c\u2069d\u200fe\u200bf\udb40\udc41g\u00adh"}'`,
		} {
			name := script(t, body, false, external.Limits{})
			res := solve(t, name, 5, 5, 0)
			if res.Status != status.Error || !strings.Contains(res.Err, want) {
				t.Errorf("%s: %s (%q), want the text escaped as %s", body, res.Status, res.Err, want)
			}
			if i := strings.IndexFunc(res.Err, func(r rune) bool { return unicode.Is(unicode.Cf, r) || unicode.IsControl(r) }); i >= 0 {
				t.Errorf("%s: reason %q holds %U", body, res.Err, []rune(res.Err[i:])[0])
			}
		}
	})
	t.Run("the solver error text", func(t *testing.T) {
		name := script(t, `printf '%s\n' '{"status":"error","error":"bad\u001bthing\nhere"}'`, false, external.Limits{})
		res := solve(t, name, 5, 5, 0)
		if res.Status != status.Error || !strings.Contains(res.Err, `bad\x1bthing here`) {
			t.Fatalf("%s (%q)", res.Status, res.Err)
		}
	})
}

// A stdio process's start is not a run's: a process that takes a second
// to start answers its first request within a timeout of half a second,
// and that run's time and CPU time do not count the start (a busy
// second of it, in the shell's loop).
func TestStdioStartNotMeasured(t *testing.T) {
	name := script(t, `end=$(($(date +%s) + 2)); while [ $(date +%s) -lt $end ]; do :; done
while read -r l; do echo '{"status":"exhausted"}'; done`, true, external.Limits{Timeout: 500 * time.Millisecond})
	res := solve(t, name, 5, 5, 0)
	if res.Status != status.Exhausted {
		t.Fatalf("%s (%s): the first run counted the process's start", res.Status, res.Err)
	}
	if res.Elapsed > 500*time.Millisecond || res.CPU > 500*time.Millisecond {
		t.Errorf("time %v, CPU %v: the start's busy second is counted", res.Elapsed, res.CPU)
	}
}

// A stdio run ended at its timeout records the CPU time its process
// used meanwhile, not 0: a busy loop of a timeout of 0.3 s used some.
func TestStdioTimeoutCPU(t *testing.T) {
	name := script(t, warmUpOr(`while :; do :; done`), true,
		external.Limits{Timeout: 300 * time.Millisecond, Grace: 100 * time.Millisecond})
	res := solve(t, name, 5, 5, 0)
	if res.Status != status.Timeout {
		t.Fatalf("%s (%s), want timeout", res.Status, res.Err)
	}
	if res.CPU <= 10*time.Millisecond || res.CPU > time.Second {
		t.Errorf("CPU %v of a process busy for a 0.3 s timeout (and 0.1 s grace)", res.CPU)
	}
}

// A stdio answer line longer than LineCap is an error that names the cap,
// read without holding more than the cap, and says that the harness
// stopped the process, as for every answer it refuses, even where the
// process exits 0 when stopped (its trap, or a read at the end of its
// input): the mark went with the signal's exit status only.
func TestStdioLineCap(t *testing.T) {
	name := script(t, "trap 'exit 0' TERM\n"+warmUpOr(`head -c 17000000 /dev/zero | tr '\0' ' '; echo`), true,
		external.Limits{Timeout: 20 * time.Second})
	res := solve(t, name, 5, 5, 0)
	if want := "answer line over 16.0MiB (the harness stopped it)"; res.Status != status.Error || !strings.Contains(res.Err, want) {
		t.Fatalf("%s (%s), want an error saying %q", res.Status, res.Err, want)
	}
}

// A stdio process that fails its warm-up answered no measured request:
// the run has no CPU time (empty cpu_ns) and time 0 (time_ns is never
// empty), whichever way it failed; the time of a warm-up cut off by its
// crash was recorded as the run's.
func TestStdioWarmUpFailureNotMeasured(t *testing.T) {
	for _, tt := range []struct{ name, body, reason string }{
		{"crash", `sleep 0.2; echo dying >&2; exit 4`, "the process ended before reading request 1"},
		{"garbage", `read -r l; sleep 0.2; echo garbage; sleep 30`, "warm-up request: JSON answer"},
		{"silent", `sleep 30`, "no answer to the warm-up request"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			name := script(t, tt.body, true, external.Limits{Timeout: time.Second, Startup: 300 * time.Millisecond, Grace: 100 * time.Millisecond})
			res := solve(t, name, 5, 5, 0)
			if res.Status != status.Error || !strings.Contains(res.Err, tt.reason) {
				t.Fatalf("%s (%s), want an error saying %q", res.Status, res.Err, tt.reason)
			}
			if res.Elapsed != 0 || res.CPU != -1 {
				t.Errorf("time %v, CPU %v of a run whose request was never sent, want 0 and unknown (-1)", res.Elapsed, res.CPU)
			}
		})
	}
}

// warmUpOr is a stdio script that answers the 1x1 board (the harness's
// warm-up) and runs then for any other request.
func warmUpOr(then string) string {
	return `while read -r l; do case "$l" in *'"rows":1,"cols":1,'*) echo '{"status":"found","tour":[0]}';; *) ` + then + `;; esac; done`
}

// Every argument that names a regular file is hashed, wherever it stands
// (python3 -u solver.py data): an interpreter's option before the script
// hid the script from the hash, and an edited script went unnoticed.
func TestResolveHashesFileArguments(t *testing.T) {
	dir := t.TempDir()
	scriptPath, dataPath := filepath.Join(dir, "st2.sh"), filepath.Join(dir, "data.txt")
	if err := os.WriteFile(scriptPath, []byte("exit 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dataPath, []byte("abc"), 0o644); err != nil {
		t.Fatal(err)
	}
	exe := resolve(t, "x=sh -e "+scriptPath+" {rows} "+dataPath+" "+dir)
	const abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" // sha256("abc")
	if exe.Script != scriptPath || exe.ScriptSHA256 == "" {
		t.Errorf("script %q %q, want %s hashed", exe.Script, exe.ScriptSHA256, scriptPath)
	}
	if len(exe.Files) != 1 || exe.Files[0].Path != dataPath || exe.Files[0].SHA256 != abc {
		t.Errorf("files %+v, want only %s with sha256 %s (a directory is no file)", exe.Files, dataPath, abc)
	}
}

// A declaration resolves to the same command however its files are
// spelled: from the test's directory (testdata/memory/grow.py,
// ./testdata/memory/grow.py), from another (../external/testdata/...), or
// by absolute path; the words that name no file stay as written, and a
// randomised solver reads as one however it was declared.
func TestResolvedSpelling(t *testing.T) {
	abs, err := filepath.Abs(filepath.Join("testdata", "memory", "grow.py"))
	if err != nil {
		t.Fatal(err)
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Fatal(err)
	}
	resolved := func(decl string) string { t.Helper(); return resolve(t, decl).Resolved() }
	want := sh + " " + abs + " -v '{rows}' 'a b'"
	for _, decl := range []string{
		"x=sh testdata/memory/grow.py -v {rows} 'a b'",
		"x=sh ./testdata/memory/grow.py -v {rows} \"a b\"",
		"x=sh ../external/testdata/memory/grow.py -v {rows} a\\ b",
		"x=sh " + abs + " -v {rows} 'a b'",
	} {
		if got := resolved(decl); got != want {
			t.Errorf("%s resolved to %q, want %q", decl, got, want)
		}
	}
	if got := resolved("x=sh testdata/memory/grow.py -v {cols} 'a b'"); got == want {
		t.Errorf("another placeholder resolved as {rows}: %q", got)
	}
	if a, b := resolved("x=random:sh testdata/memory/grow.py {seed}"), resolved("x=sh ./testdata/memory/grow.py {seed}"); a != b || !strings.HasPrefix(a, "random:"+sh) {
		t.Errorf("a randomised solver resolved to %q and %q, want one command beginning random:", a, b)
	}
	if got := resolved("x=stdio:sh testdata/memory/grow.py"); got != "stdio:"+sh+" "+abs {
		t.Errorf("a stdio solver resolved to %q", got)
	}
}

// A run's timeout reaches a solver in whole milliseconds rounded up, in
// the request's timeout_ms and in {timeout_ms}: 0 there is no budget, so
// 0.9 ms read as 0 gave a solver none, and truncation gave 1.5 ms as 1,
// a budget short of the harness's.
func TestTimeoutMSRoundsUp(t *testing.T) {
	for _, tt := range []struct {
		d  time.Duration
		ms int64
	}{
		{0, 0}, {time.Nanosecond, 1}, {900 * time.Microsecond, 1}, {time.Millisecond, 1},
		{1500 * time.Microsecond, 2}, {2 * time.Millisecond, 2}, {time.Second + 1, 1001}, {time.Hour, 3600000},
	} {
		if got := external.RequestOf(solver.Problem{Board: board.Board{Rows: 5, Cols: 5}, Timeout: tt.d}).TimeoutMS; got != tt.ms {
			t.Errorf("timeout %v: timeout_ms %d, want %d", tt.d, got, tt.ms)
		}
	}
	// Through a process: 5.0005 s is 5001 on stdin and in the argument.
	path := filepath.Join(t.TempDir(), "budget.sh")
	body := `#!/bin/sh
read -r l
case "$1 $l" in
'5001 '*'"timeout_ms":5001,'*) echo '{"status":"exhausted"}' ;;
*) echo "got $1 and $l" >&2; exit 3 ;;
esac
`
	if err := os.WriteFile(path, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	name, _ := declare(t, path+" {timeout_ms}", false, external.Limits{})
	if res := solve(t, name, 5, 5, 5*time.Second+500*time.Microsecond); res.Status != status.Exhausted {
		t.Errorf("%s (%s), want the budget as 5001 ms", res.Status, res.Err)
	}
}

// A seed reaches a solver as the JSON number seed, as version 1 defined
// it, and as the string seed_text, which a parser that reads numbers as
// doubles (JavaScript's) holds exactly: 2^64-1 is 18446744073709551616
// as a double.
func TestSeedText(t *testing.T) {
	const want = `"seed":18446744073709551615,"seed_text":"18446744073709551615",`
	check := `case "$l" in *'` + want + `'*) echo '{"status":"exhausted"}' ;; *) echo "got $l" >&2; exit 3 ;; esac`
	for _, stdio := range []bool{false, true} {
		body := "read -r l; " + check
		if stdio {
			body = warmUpOr(check)
		}
		name := script(t, body, stdio, external.Limits{Timeout: 10 * time.Second})
		res, err := solveProblem(context.Background(), solver.Problem{Board: board.Board{Rows: 5, Cols: 5},
			Strategy: name, Seed: 1<<64 - 1})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != status.Exhausted {
			t.Errorf("stdio %v: %s (%s), want a request holding %s", stdio, res.Status, res.Err, want)
		}
	}
}

// An answer line may be as long as the line cap (-output), newline
// included, and not a byte longer, also past the 64 KiB the reader holds
// at once: a dead_end answer with spaces inside it (neither its first
// 64 KiB nor its last are an answer alone) to 100,000 bytes, and to
// 100,001.
func TestStdioLineAtTheCap(t *testing.T) {
	const lineCap = 100000
	head, tail := `{"status":`, `"dead_end"}`
	for _, tt := range []struct {
		name  string
		bytes int
		want  status.Status
	}{
		{"at the cap", lineCap, status.DeadEnd},
		{"a byte over", lineCap + 1, status.Error},
	} {
		t.Run(tt.name, func(t *testing.T) {
			pad := tt.bytes - len(head) - len(tail) - 1
			name := script(t, warmUpOr(fmt.Sprintf(`printf '%%s' '%s'; head -c %d /dev/zero | tr '\0' ' '; printf '%%s\n' '%s'`, head, pad, tail)), true,
				external.Limits{Timeout: 20 * time.Second, Output: lineCap})
			res := solve(t, name, 5, 5, 0)
			if res.Status != tt.want {
				t.Errorf("%s (%s), want %s", res.Status, res.Err, tt.want)
			}
		})
	}
}

// A line soon after the warm-up's answer is a line before request 2 (the
// warm-up is request 1), and says so.
func TestStdioLineAfterWarmUp(t *testing.T) {
	name := script(t, `read -r l; echo '{"status":"dead_end"}'; echo '{"status":"dead_end"}'; sleep 30`, true, external.Limits{Grace: 100 * time.Millisecond})
	res := solve(t, name, 5, 5, 0)
	if want := "warm-up request: a line before request 2 was sent"; res.Status != status.Error || !strings.Contains(res.Err, want) {
		t.Errorf("%s (%s), want an error saying %q", res.Status, res.Err, want)
	}
}

// An error row keeps no counts that contradict each other: an exhausted
// answer with 7 backtracks over 3 nodes is an error whose nodes and
// backtracks are unknown (-1), so that the row passes runs.Row.Check.
func TestContradictoryCountsDropped(t *testing.T) {
	name := script(t, `echo '{"status":"exhausted","nodes":3,"backtracks":7}'`, false, external.Limits{})
	res := solve(t, name, 1, 1, 0)
	if res.Status != status.Error || res.Nodes != -1 || res.Backtracks != -1 {
		t.Errorf("%s (%s), nodes %d, backtracks %d; want an error, both unknown (-1)", res.Status, res.Err, res.Nodes, res.Backtracks)
	}
}
