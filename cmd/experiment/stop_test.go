package main

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"knightsweep/pkg/runs"
	"knightsweep/pkg/status"
)

// experiment stopped (SIGSTOP, as Ctrl-Z stops it) while its solver runs,
// and continued after the solver answered, after the run's timeout passed
// or before: the run is the solver's answer, in the time the solver took
// (the run is taken again, the first measurement counting the stop), not
// a timeout, nor a time that counts the stop. A real harness process is
// stopped, in both modes.
func TestHarnessStoppedWhileSolverRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("stops a harness for seconds")
	}
	for _, tt := range []struct {
		name, mode, timeout string
		stop                time.Duration
	}{
		{"past the timeout", "", "500ms", 2500 * time.Millisecond}, // past the timeout, its grace and lateSlack
		{"past the timeout, stdio", "stdio:", "500ms", 2500 * time.Millisecond},
		{"within the timeout", "", "3s", time.Second},
		{"within the timeout, stdio", "stdio:", "3s", time.Second},
	} {
		mode := tt.mode
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			mark := filepath.Join(dir, "asked")
			// Each request is noted in a file, then answered 0.2 s later.
			body := "sleep 0.2; echo '{\"status\":\"dead_end\"}'"
			if mode != "" {
				body = "while read -r l; do case \"$l\" in *'\"rows\":1,'*) echo '{\"status\":\"dead_end\"}';; *) echo >>" + mark + "; " + body + ";; esac; done"
			} else {
				body = "echo >>" + mark + "; " + body
			}
			solver := filepath.Join(dir, "solver.sh")
			if err := os.WriteFile(solver, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(dir, "out")
			child := startChild(t, "run", "-sizes", "5", "-starts", "0,0", "-strategies", "s", "-solver", "s="+mode+solver,
				"-timeout", tt.timeout, "-quiet", "-no-report", "-out", out)
			for end := time.Now().Add(30 * time.Second); ; time.Sleep(time.Millisecond) {
				if _, err := os.Stat(mark); err == nil {
					break
				}
				if time.Now().After(end) {
					child.Process.Kill()
					child.Wait()
					t.Fatal("the solver was never asked")
				}
			}
			child.Process.Signal(syscall.SIGSTOP)
			time.Sleep(tt.stop)
			child.Process.Signal(syscall.SIGCONT)
			if err := child.Wait(); err != nil {
				t.Fatalf("experiment: %v", err)
			}
			f, err := os.Open(filepath.Join(out, "runs.csv"))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			var rows []runs.Row
			if err := runs.ForEach(f, func(r *runs.Row, _ int) error { rows = append(rows, *r); return nil }); err != nil || len(rows) != 1 {
				t.Fatalf("%d rows (%v), want 1", len(rows), err)
			}
			if r := rows[0]; r.Status != status.DeadEnd || r.TimeNS > int64(time.Second) {
				t.Errorf("status %s (%s) in %v: want the solver's dead_end in its 0.2 s, not the stop's", r.Status, r.Error, time.Duration(r.TimeNS))
			}
		})
	}
}
