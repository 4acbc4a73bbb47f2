package clustertest

import (
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// fakeSSH stands in for ssh: it drops ssh's options, the host and the "--"
// after it, and runs the command here, as a host sharing the filesystem
// would. Like sshd it sets SHELL to the user's login shell: GNU parallel's
// remote wrapper runs the command with $SHELL, and a test run without one
// (CI's environment has none) would otherwise run nothing and succeed.
const fakeSSH = `#!/bin/sh
echo "$@" >>"$FAKE_SSH_LOG"
SHELL=$(getent passwd "$(id -un)" | cut -d: -f7)
export SHELL="${SHELL:-/bin/sh}"
while [ $# -gt 0 ]; do
	case $1 in
	-l|-p|-o|-i) shift 2 ;;
	-*) shift ;;
	*) shift; break ;;
	esac
done
[ "${1:-}" = -- ] && shift
exec sh -c "$*"
`

// flaky wraps bin/experiment: shard 1's first start fails, as a killed
// shard would; later starts run it.
const flaky = `#!/bin/sh
case " $* " in
*" -shard 1/3 "*)
	if [ ! -e "$FLAKY_MARK" ]; then
		touch "$FLAKY_MARK"
		echo "flaky: failing shard 1 once" >&2
		exit 1
	fi ;;
esac
exec "$REAL_EXPERIMENT" "$@"
`

// The GNU parallel recipe as the README shows it, on two "hosts" reached
// through a stand-in ssh, in the repository's directory: a shard that fails
// is retried and resumes, and the merge's rows are a single run's.
func TestParallelRecipe(t *testing.T) {
	if _, err := exec.LookPath("parallel"); err != nil {
		t.Skip("GNU parallel is not installed (Debian: apt-get install parallel; .ci/run installs it)")
	}
	root := experiment(t)
	work := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(work, name)
		if err := os.WriteFile(p, []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	ssh, wrapper := write("ssh", fakeSSH), write("flaky", flaky)
	log := filepath.Join(work, "ssh.log")
	flags := `-sizes 5-6 -strategies dfs,warnsdorff -max-nodes 100000 -order "2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1"`
	out := filepath.Join(work, "sweep")
	env := []string{"PARALLEL_SSH=" + ssh, "FAKE_SSH_LOG=" + log, "FLAKY_MARK=" + filepath.Join(work, "failed-once"),
		"REAL_EXPERIMENT=" + filepath.Join(root, "bin", "experiment")}
	got := sh(t, root, env, fmt.Sprintf("SHARDS=3 OUT=%s HOSTS=host1,host2 EXPERIMENT=%s configs/parallel-sweep.sh %s", out, wrapper, flags))
	// Shard 1 failed once (GNU parallel may drop a failed attempt's
	// output), was retried, and the merge found every job.
	if _, err := os.Stat(filepath.Join(work, "failed-once")); err != nil {
		t.Errorf("shard 1 never started: %v", err)
	}
	if !strings.Contains(got, "every job of the sweep once") {
		t.Errorf("output:\n%s", got)
	}
	// GNU parallel hands ssh its command hex-encoded, for a perl wrapper:
	// decoded, it changes to the repository's directory first (--wd).
	calls, _ := os.ReadFile(log)
	var decoded strings.Builder
	for _, f := range strings.Fields(string(calls)) {
		if b, err := hex.DecodeString(f); err == nil {
			decoded.Write(b)
		}
	}
	if !strings.Contains(string(calls), "host1") || !strings.Contains(string(calls), "host2") ||
		!strings.Contains(decoded.String(), `chdir "`+root+`"`) {
		t.Errorf("ssh was not asked to start shards on both hosts in %s:\n%.2000s", root, decoded.String())
	}
	single := filepath.Join(work, "single")
	sh(t, root, nil, fmt.Sprintf("bin/experiment run %s -out %s -quiet -no-report", flags, single))
	sameRows(t, filepath.Join(out, "merged", "runs.csv"), filepath.Join(single, "runs.csv"))

	// The line run again after EXPERIMENT was rebuilt (here into a binary
	// that fails) goes on with the copy the sweep began with, and says so:
	// the shards resume with nothing to do and the merge, as if stopped
	// before its manifest and report, is made again in place.
	write("flaky", "#!/bin/sh\necho 'the rebuilt binary ran' >&2\nexit 3\n")
	for _, f := range []string{"manifest.json", "report.html"} {
		if err := os.Remove(filepath.Join(out, "merged", f)); err != nil {
			t.Fatal(err)
		}
	}
	got = sh(t, root, env, fmt.Sprintf("SHARDS=3 OUT=%s HOSTS=host1,host2 EXPERIMENT=%s configs/parallel-sweep.sh %s 2>&1", out, wrapper, flags))
	if !strings.Contains(got, "continuing with "+filepath.Join(out, "experiment")) || strings.Contains(got, "rebuilt binary ran") ||
		!strings.Contains(got, "every job of the sweep once") {
		t.Errorf("run again after a rebuild:\n%s", got)
	}
	for _, f := range []string{"manifest.json", "report.html"} {
		if _, err := os.Stat(filepath.Join(out, "merged", f)); err != nil {
			t.Errorf("run again: %v", err)
		}
	}
	sameRows(t, filepath.Join(out, "merged", "runs.csv"), filepath.Join(single, "runs.csv"))
}

// The GNU parallel recipe carries -solver to every shard as one argument
// (GNU parallel quotes it): each shard runs the external solver at the
// path given, and the merged rows are a single run's, the solver's among
// them.
func TestParallelExternalSolver(t *testing.T) {
	if testing.Short() {
		t.Skip("a sweep of 10 seconds: make test-all runs it")
	}
	if _, err := exec.LookPath("parallel"); err != nil {
		t.Skip("GNU parallel is not installed (Debian: apt-get install parallel; .ci/run installs it)")
	}
	root := experiment(t)
	work := t.TempDir()
	script := filepath.Join(root, "examples", "solvers", "python", "warnsdorff.py")
	flags := fmt.Sprintf("-sizes 5-6 -strategies warnsdorff,py -solver 'py=stdio:python3 %s'", script)
	out := filepath.Join(work, "sweep")
	got := sh(t, root, nil, fmt.Sprintf("SHARDS=2 OUT=%s configs/parallel-sweep.sh %s 2>&1", out, flags))
	if !strings.Contains(got, "every job of the sweep once") {
		t.Errorf("output:\n%s", got)
	}
	merged := filepath.Join(out, "merged", "runs.csv")
	foundBy(t, merged, "py")
	single := filepath.Join(work, "single")
	sh(t, root, nil, fmt.Sprintf("bin/experiment run %s -out %s -quiet -no-report", flags, single))
	sameRows(t, merged, filepath.Join(single, "runs.csv"))
}
