package external

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
