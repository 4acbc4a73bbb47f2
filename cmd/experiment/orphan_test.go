package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// After kill -KILL of experiment, no process its solver started is alive
// a second later: the docs' adapter pattern (`printf ... | exec prog`)
// and a child in the background, both in the solver's process group,
// which the dead harness cannot end (its reaper does). Checked in /proc.
func TestSolverChildrenDieWithKilledHarness(t *testing.T) {
	dir := t.TempDir()
	// A sleep of a name of its own, to find in /proc.
	prog := filepath.Join(dir, "orphan-probe-"+strconv.Itoa(os.Getpid()))
	sleep, err := os.ReadFile("/bin/sleep")
	if err != nil {
		t.Skip("no /bin/sleep to copy")
	}
	if err := os.WriteFile(prog, sleep, 0o755); err != nil {
		t.Fatal(err)
	}
	solver := filepath.Join(dir, "solver.sh")
	script := "#!/bin/sh\n" + prog + " 60 &\nprintf '' | exec " + prog + " 60\n"
	if err := os.WriteFile(solver, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	alive := func() []int {
		var pids []int
		dirs, _ := filepath.Glob("/proc/[0-9]*")
		for _, d := range dirs {
			cmdline, err := os.ReadFile(filepath.Join(d, "cmdline"))
			stat, _ := os.ReadFile(filepath.Join(d, "stat"))
			if err == nil && bytes.HasPrefix(cmdline, []byte(prog)) && !bytes.Contains(stat, []byte(") Z ")) {
				pid, _ := strconv.Atoi(filepath.Base(d))
				pids = append(pids, pid)
			}
		}
		return pids
	}
	defer func() {
		for _, pid := range alive() {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	}()
	child := startChild(t, "run", "-sizes", "5", "-starts", "0,0", "-strategies", "hold", "-solver", "hold="+solver,
		"-quiet", "-no-report", "-out", filepath.Join(dir, "out"))
	deadline := time.Now().Add(30 * time.Second)
	for len(alive()) < 2 {
		if time.Now().After(deadline) {
			child.Process.Kill()
			child.Wait()
			t.Fatalf("the solver's two processes never ran: %v", alive())
		}
		time.Sleep(20 * time.Millisecond)
	}
	child.Process.Signal(syscall.SIGKILL)
	child.Wait()
	time.Sleep(time.Second)
	if left := alive(); len(left) > 0 {
		var s []string
		for _, pid := range left {
			s = append(s, strconv.Itoa(pid))
		}
		t.Errorf("a second after kill -KILL of experiment, its solver's processes %s are alive", strings.Join(s, ", "))
	}
}

// The reaper's variable in a user's environment, or in a solver's that
// runs experiment itself, does not make experiment the reaper, which
// would exit 0 having done nothing. Only the harness's
// own reaper, its stdin the pipe the variable names, is one; another
// process says it ignores the variable and does as asked. The reaper
// itself is tested by TestSolverChildrenDieWithKilledHarness.
func TestReaperVariableFromEnvironmentIgnored(t *testing.T) {
	const env = "KNIGHTSWEEP_SOLVER_REAPER"
	token := strings.Repeat("ab", 16)
	for _, c := range []struct {
		name, value string
		stdin       bool // a pipe holding the token as stdin
	}{
		{"one", "1", false},
		{"empty", "", false},
		{"forged token, another pipe", "12345:" + token, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0])
			cmd.Env = append(os.Environ(), childEnv+"=version", env+"="+c.value)
			if c.stdin {
				cmd.Stdin = strings.NewReader(token + "\n")
			}
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			if err != nil || !strings.Contains(stdout.String(), "experiment") {
				t.Errorf("experiment version with %s=%q: %v, stdout %q: want its version", env, c.value, err, stdout.String())
			}
			if !strings.Contains(stderr.String(), "ignoring "+env) {
				t.Errorf("stderr %q: want it to say it ignores %s", stderr.String(), env)
			}
		})
	}
}
