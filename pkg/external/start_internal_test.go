package external

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A memory limit is set on the solver's own process, stopped at its exec,
// with no shell started to set it (a shell's start was counted as the
// solver's time): with no shell to be found, the solver still runs, and
// under its limit.
func TestLimitWithoutShell(t *testing.T) {
	Watchdog(t)
	defer func(s string) { shell = s }(shell)
	shell = filepath.Join(t.TempDir(), "no-shell-here")
	script := filepath.Join(t.TempDir(), "limit.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\nulimit -v\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	p, err := start(script, []string{script, "marker-TestLimitWithoutShell"}, nil, &out, 64<<20)
	if err != nil {
		t.Fatal(err)
	}
	st, _ := p.finish()
	if !st.Success() || strings.TrimSpace(out.String()) != "65536" {
		t.Errorf("%v, ulimit -v says %q, want 65536 (KiB)", st, out.String())
	}
}

// hasExited asks the kernel: a process that exited, not yet reaped (by
// finish), has; one still running has not. A one-shot run whose timer
// fires asks it, so that an answer given while the harness is off the
// CPU is read, not called a timeout.
func TestHasExited(t *testing.T) {
	Watchdog(t)
	for _, tt := range []struct {
		name, body string
		exited     bool
	}{
		{"exited", "exit 0", true},
		{"running", "sleep 5", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			script := filepath.Join(t.TempDir(), "solver.sh")
			if err := os.WriteFile(script, []byte("#!/bin/sh\n"+tt.body+"\n"), 0o755); err != nil {
				t.Fatal(err)
			}
			p, err := start(script, []string{script, "marker-TestHasExited"}, nil, &bytes.Buffer{}, 0)
			if err != nil {
				t.Fatal(err)
			}
			if tt.exited {
				<-p.exited
			} else {
				time.Sleep(50 * time.Millisecond)
			}
			got := p.hasExited()
			p.kill(syscall.SIGKILL)
			p.finish()
			if got != tt.exited {
				t.Errorf("hasExited() = %v, want %v", got, tt.exited)
			}
		})
	}
}
