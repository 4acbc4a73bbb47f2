package clustertest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// fakeSbatch stands in for sbatch: it appends its arguments to
// $FAKE_SBATCH_LOG and prints a job id, as sbatch --parsable does.
const fakeSbatch = `#!/bin/sh
echo "$*" >>"$FAKE_SBATCH_LOG"
echo 4242
`

// configs/slurm-exact.sh checks the flags its tasks will run with, -out
// and -work included, before it submits anything: -method memo, which
// keeps no checkpoint and so refuses the tasks' -work, is refused at
// once (exit 2, naming -work), not in every task of the array; sbatch is
// not called and OUT is not made. Good flags pass the check: the array
// and the merge are submitted.
func TestSlurmExactChecksTaskFlags(t *testing.T) {
	root := experiment(t)
	bin := t.TempDir()
	if err := os.WriteFile(filepath.Join(bin, "sbatch"), []byte(fakeSbatch), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		flags []string
		code  int
		says  string
		calls int
	}{
		{"memo", []string{"-sizes", "6", "-starts", "all", "-method", "memo"}, 2, "-work: ", 0},
		{"frontier", []string{"-sizes", "6", "-starts", "all"}, 0, "submitted: ", 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			log := filepath.Join(t.TempDir(), "sbatch.log")
			out := filepath.Join(t.TempDir(), "exact")
			cmd := exec.Command(filepath.Join(root, "configs", "slurm-exact.sh"), c.flags...)
			cmd.Env = append(os.Environ(), "PATH="+bin+":"+os.Getenv("PATH"), "FAKE_SBATCH_LOG="+log,
				"SHARDS=2", "OUT="+out, "EXPERIMENT="+filepath.Join(root, "bin", "experiment"))
			got, err := cmd.CombinedOutput()
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != c.code || !strings.Contains(string(got), c.says) {
				t.Errorf("exit %d: %s\nwant exit %d saying %q", code, got, c.code, c.says)
			}
			calls, _ := os.ReadFile(log)
			if n := strings.Count(string(calls), "\n"); n != c.calls {
				t.Errorf("sbatch called %d times, want %d: %s", n, c.calls, calls)
			}
			if _, err := os.Stat(out); (err == nil) != (c.code == 0) {
				t.Errorf("OUT %s made: %v, want %v", out, err == nil, c.code == 0)
			}
		})
	}
}
