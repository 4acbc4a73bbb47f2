//go:build slurm

package clustertest

import (
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// slurmCluster starts a single-node cluster under t's temporary directory
// with scripts/slurm-cluster.sh and returns the environment that points
// Slurm's commands at it; the cluster is stopped when the test ends.
func slurmCluster(t *testing.T, root string) []string {
	t.Helper()
	if os.Getuid() != 0 {
		t.Skip("starting slurmd needs root (CI's .ci/run runs as root)")
	}
	if _, err := exec.LookPath("slurmctld"); err != nil {
		if _, err := exec.LookPath("apt-get"); err != nil {
			t.Skip("Slurm is not installed and there is no apt-get to install it")
		}
	}
	// Not t.TempDir(): its directories are root's alone, and munged runs
	// as the munge user.
	dir, err := os.MkdirTemp("", "knightsweep-slurm-")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	script := filepath.Join(root, "scripts", "slurm-cluster.sh")
	// Ports free now, not the script's defaults: a cluster left running
	// by a test that was killed holds those, and this one would wait for a
	// node that cannot start ("Address already in use").
	ports := freePorts(t, 2)
	start := time.Now()
	out := sh(t, root, []string{fmt.Sprintf("KS_SLURMCTLD_PORT=%d", ports[0]), fmt.Sprintf("KS_SLURMD_PORT=%d", ports[1])}, script+" start "+dir)
	t.Logf("cluster up in %v: %s", time.Since(start).Round(time.Millisecond), strings.TrimSpace(out))
	t.Cleanup(func() {
		if t.Failed() {
			for _, log := range []string{"slurmctld.log", "slurmd.log"} {
				if b, err := os.ReadFile(filepath.Join(dir, log)); err == nil {
					t.Logf("%s (end):\n%s", log, tail(string(b), 30))
				}
			}
		}
		exec.Command(script, "stop", dir).Run()
	})
	return []string{"SLURM_CONF=" + filepath.Join(dir, "slurm.conf")}
}

// freePorts returns n TCP ports that nothing listens on now.
func freePorts(t *testing.T, n int) []int {
	t.Helper()
	var ports []int
	for range n {
		l, err := net.Listen("tcp", ":0")
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close() // held until all are chosen, so that they differ
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	return ports
}

func tail(s string, n int) string {
	lines := strings.Split(s, "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

var (
	taskField   = regexp.MustCompile(`ArrayTaskId=(\S+)`)
	stateField  = regexp.MustCompile(`JobState=(\S+)`)
	reasonField = regexp.MustCompile(`Reason=(\S+)`)
)

// jobStates returns the state of each task of job id ("" for a job that is
// not an array), and each one's reason.
func jobStates(t *testing.T, env []string, id string) (states, reasons map[string]string) {
	t.Helper()
	cmd := exec.Command("scontrol", "-o", "show", "job", id)
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("scontrol show job %s: %v", id, err)
	}
	states, reasons = map[string]string{}, map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		task := ""
		if m := taskField.FindStringSubmatch(line); m != nil {
			task = m[1]
		}
		if m := stateField.FindStringSubmatch(line); m != nil {
			states[task] = m[1]
		}
		if m := reasonField.FindStringSubmatch(line); m != nil {
			reasons[task] = m[1]
		}
	}
	return states, reasons
}

// waitFor polls cond every 200 ms until it holds, or fails the test after
// timeout.
func waitFor(t *testing.T, timeout time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %v", what, timeout)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// jobs reads OUT/slurm-jobs, which configs/slurm-submit.sh writes.
func jobs(t *testing.T, out string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(out, "slurm-jobs"))
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		k, v, _ := strings.Cut(line, "=")
		m[k] = v
	}
	return m
}

// allIn reports whether every state is want (and there is one).
func allIn(states map[string]string, want string) bool {
	for _, s := range states {
		if s != want {
			return false
		}
	}
	return len(states) > 0
}

// dataRows counts the rows of a runs.csv so far.
func dataRows(path string) int {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	return max(0, strings.Count(string(b), "\n")-1)
}

// The README's Slurm recipe, as written, on a real single-node Slurm: a
// sweep submitted with configs/slurm-submit.sh runs every task, then the
// merge, whose rows are exactly a single run's, and again when it is
// requeued halfway. Then the fault path: a task
// requeued mid-run keeps its log and resumes its rows; a task cancelled
// mid-run is retried with configs/slurm-retry.sh as the README says, and
// the merge, which waited for ever, then runs on its own.
func TestSlurmRecipe(t *testing.T) {
	root := experiment(t)
	env := slurmCluster(t, root)
	work := t.TempDir()

	t.Run("readme", func(t *testing.T) {
		// The README's trial line, as written, from a copy of the
		// repository's scripts and binary (a fresh clone, as far as the
		// recipe can tell): it writes results/trial there.
		const line = "SHARDS=4 OUT=results/trial configs/slurm-submit.sh -config quick"
		for _, doc := range []string{"README.md", "docs/clusters.md"} {
			if b, _ := os.ReadFile(filepath.Join(root, doc)); !strings.Contains(string(b), line) {
				t.Fatalf("%s no longer shows %q: update this test with it", doc, line)
			}
		}
		clone := filepath.Join(work, "clone")
		sh(t, root, nil, fmt.Sprintf("mkdir -p %[1]s/bin && cp -r configs %[1]s/ && cp bin/experiment %[1]s/bin/", clone))
		start := time.Now()
		sh(t, clone, env, line)
		// bin/experiment rebuilt while the tasks wait in the queue: they
		// run the copy slurm-submit.sh made in OUT, so the shards' rows
		// are of one build, which the merge checks. Were they to run the
		// rebuilt binary (here one that fails), the array would fail.
		stale := filepath.Join(clone, "bin", "experiment")
		if err := os.WriteFile(stale+".new", []byte("#!/bin/sh\necho 'the rebuilt binary ran' >&2\nexit 3\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(stale+".new", stale); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(clone, "results", "trial")
		j := jobs(t, out)
		waitFor(t, 5*time.Minute, "the merge", func() bool {
			// A failed task leaves the merge waiting for ever: say so now.
			states, _ := jobStates(t, env, j["ARRAY"])
			for task, state := range states {
				if state == "FAILED" {
					logs, _ := filepath.Glob(filepath.Join(out, "slurm-"+j["ARRAY"]+"_"+task+".log"))
					var log []byte
					if len(logs) == 1 {
						log = readFile(t, logs[0])
					}
					t.Fatalf("task %s failed:\n%s", task, log)
				}
			}
			s, _ := jobStates(t, env, j["MERGE"])
			return allIn(s, "COMPLETED") || allIn(s, "FAILED") || allIn(s, "CANCELLED")
		})
		t.Logf("4 tasks and the merge done in %v", time.Since(start).Round(time.Millisecond))
		if s, _ := jobStates(t, env, j["ARRAY"]); len(s) != 4 || !allIn(s, "COMPLETED") {
			t.Fatalf("array tasks: %v", s)
		}
		if s, _ := jobStates(t, env, j["MERGE"]); !allIn(s, "COMPLETED") {
			b, _ := os.ReadFile(filepath.Join(out, "slurm-merge-"+j["MERGE"]+".log"))
			t.Fatalf("merge: %v\n%s", s, b)
		}
		var m struct {
			Build    string
			Sessions []struct{ Build, Shard, Host, CPU string }
		}
		if err := json.Unmarshal(readFile(t, filepath.Join(out, "merged", "manifest.json")), &m); err != nil {
			t.Fatal(err)
		}
		if len(m.Sessions) != 4 || m.Build == "" {
			t.Errorf("merged manifest: build %q, %d sessions", m.Build, len(m.Sessions))
		}
		for _, s := range m.Sessions {
			if s.Build != m.Build || s.Host == "" || s.CPU == "" || s.Shard == "" {
				t.Errorf("merged manifest's session %+v (build %q)", s, m.Build)
			}
		}
		single := filepath.Join(work, "trial-single")
		sh(t, root, nil, fmt.Sprintf("bin/experiment run -config quick -out %s -quiet -no-report", single))
		sameRows(t, filepath.Join(out, "merged", "runs.csv"), filepath.Join(single, "runs.csv"))
		if _, err := os.Stat(filepath.Join(out, "merged", "report.html")); err != nil {
			t.Errorf("the merge wrote no report: %v", err)
		}

		// A merge requeued halfway (a node failure or preemption after it
		// wrote runs.csv, before its manifest and report) merges again over
		// what it had written, and completes.
		for _, f := range []string{"manifest.json", "report.html"} {
			if err := os.Remove(filepath.Join(out, "merged", f)); err != nil {
				t.Fatal(err)
			}
		}
		sh(t, root, env, "scontrol requeue "+j["MERGE"])
		waitFor(t, 5*time.Minute, "the requeued merge", func() bool {
			s, _ := jobStates(t, env, j["MERGE"])
			return allIn(s, "COMPLETED") || allIn(s, "FAILED")
		})
		if s, _ := jobStates(t, env, j["MERGE"]); !allIn(s, "COMPLETED") {
			b, _ := os.ReadFile(filepath.Join(out, "slurm-merge-"+j["MERGE"]+".log"))
			t.Fatalf("requeued merge: %v\n%s", s, b)
		}
		for _, f := range []string{"manifest.json", "report.html"} {
			if _, err := os.Stat(filepath.Join(out, "merged", f)); err != nil {
				t.Errorf("the requeued merge: %v", err)
			}
		}
		sameRows(t, filepath.Join(out, "merged", "runs.csv"), filepath.Join(single, "runs.csv"))
	})

	t.Run("external solver", func(t *testing.T) {
		// -solver reaches every task as one argument (run-args keeps its
		// quoting), each task runs the solver at the path given, and the
		// merge accepts the shards, whose manifests name the same solver:
		// the merged rows are a single run's, the solver's among them.
		script, err := filepath.Abs(filepath.Join(root, "examples", "solvers", "python", "warnsdorff.py"))
		if err != nil {
			t.Fatal(err)
		}
		flags := fmt.Sprintf("-sizes 5-6 -strategies warnsdorff,py -solver 'py=stdio:python3 %s'", script)
		out := filepath.Join(work, "external")
		sh(t, root, env, fmt.Sprintf("SHARDS=2 OUT=%s configs/slurm-submit.sh %s", out, flags))
		j := jobs(t, out)
		waitFor(t, 5*time.Minute, "the merge of the external solver's sweep", func() bool {
			s, _ := jobStates(t, env, j["MERGE"])
			return allIn(s, "COMPLETED") || allIn(s, "FAILED") || allIn(s, "CANCELLED")
		})
		if s, _ := jobStates(t, env, j["MERGE"]); !allIn(s, "COMPLETED") {
			b, _ := os.ReadFile(filepath.Join(out, "slurm-merge-"+j["MERGE"]+".log"))
			t.Fatalf("merge: %v\n%s", s, b)
		}
		merged := filepath.Join(out, "merged", "runs.csv")
		foundBy(t, merged, "py")
		single := filepath.Join(work, "external-single")
		sh(t, root, nil, fmt.Sprintf("bin/experiment run %s -out %s -quiet -no-report", flags, single))
		sameRows(t, merged, filepath.Join(single, "runs.csv"))
	})

	t.Run("requeue and cancel", func(t *testing.T) {
		// Two shards of some seconds each; the node has 2 CPUs and a task
		// asks for 2, so they run one after the other.
		flags := "-sizes 7-8 -strategies dfs -max-nodes 15000000"
		out := filepath.Join(work, "faults")
		sh(t, root, env, fmt.Sprintf("SHARDS=2 OUT=%s configs/slurm-submit.sh %s", out, flags))
		j := jobs(t, out)
		task := func(i int) string { return j["ARRAY"] + "_" + fmt.Sprint(i) }
		running := func(i int) func() bool {
			return func() bool {
				s, _ := jobStates(t, env, task(i))
				return s[fmt.Sprint(i)] == "RUNNING" && dataRows(filepath.Join(out, fmt.Sprintf("shard-%d", i), "runs.csv")) >= 3
			}
		}

		// Requeue shard 0 once it has some rows.
		waitFor(t, 2*time.Minute, "shard 0 running with rows", running(0))
		before := dataRows(filepath.Join(out, "shard-0", "runs.csv"))
		sh(t, root, env, "scontrol requeue "+task(0))
		t.Logf("requeued shard 0 after %d rows", before)

		// Cancel shard 1 once it has some rows (it runs while shard 0
		// waits to start again, or after it).
		waitFor(t, 3*time.Minute, "shard 1 running with rows", running(1))
		sh(t, root, env, "scancel "+task(1))
		waitFor(t, time.Minute, "shard 1 cancelled", func() bool {
			s, _ := jobStates(t, env, task(1))
			return s["1"] == "CANCELLED"
		})
		waitFor(t, 3*time.Minute, "shard 0 completed", func() bool {
			s, _ := jobStates(t, env, task(0))
			return s["0"] == "COMPLETED"
		})
		// The merge waits for ever on a cancelled task.
		waitFor(t, time.Minute, "the merge to wait for ever", func() bool {
			s, r := jobStates(t, env, j["MERGE"])
			return allIn(s, "PENDING") && r[""] == "DependencyNeverSatisfied"
		})

		// The requeued task appended to its log: two starts, one after
		// the requeue, and resumed its rows.
		logs, _ := filepath.Glob(filepath.Join(out, fmt.Sprintf("slurm-%s_0.log", j["ARRAY"])))
		if len(logs) != 1 {
			t.Fatalf("logs of shard 0: %v", logs)
		}
		log, _ := os.ReadFile(logs[0])
		if n := strings.Count(string(log), "knightsweep shard 0/2"); n != 2 || !strings.Contains(string(log), "restart 1") {
			t.Fatalf("shard 0's log has %d starts:\n%s", n, log)
		}

		// Retry as the README says; the merge then runs on its own.
		sh(t, root, env, fmt.Sprintf("configs/slurm-retry.sh %s 1", out))
		j = jobs(t, out)
		waitFor(t, 3*time.Minute, "the merge after the retry", func() bool {
			s, _ := jobStates(t, env, j["MERGE"])
			return allIn(s, "COMPLETED") || allIn(s, "FAILED")
		})
		if s, _ := jobStates(t, env, j["MERGE"]); !allIn(s, "COMPLETED") {
			b, _ := os.ReadFile(filepath.Join(out, "slurm-merge-"+j["MERGE"]+".log"))
			t.Fatalf("merge after the retry: %v\n%s", s, b)
		}
		single := filepath.Join(work, "faults-single")
		sh(t, root, nil, fmt.Sprintf("bin/experiment run %s -out %s -quiet -no-report", flags, single))
		sameRows(t, filepath.Join(out, "merged", "runs.csv"), filepath.Join(single, "runs.csv"))
	})
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
