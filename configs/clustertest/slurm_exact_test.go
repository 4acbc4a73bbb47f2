//go:build slurm

package clustertest

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The exact recipe of docs/clusters.md on a real single-node Slurm: every
// start of 8x8 in 3 shards, merged into the bytes of one run's CSV
// (time_ns aside; one run with -work, as the tasks walk); then every start of 9x9 in 3 shards, shard 0 requeued
// mid-walk (it goes on from its checkpoints) and shard 1 cancelled
// mid-walk and retried with configs/slurm-retry.sh, after which the merge,
// which waited for ever, runs on its own, and its rows are again one
// run's.
func TestSlurmExact(t *testing.T) {
	root := experiment(t)
	env := append(slurmCluster(t, root), "SBATCH_MEM_PER_NODE=1G")
	work := t.TempDir()
	const line = "SHARDS=7 OUT=results/exact-11 configs/slurm-exact.sh -sizes 11 -starts all"
	if b, _ := os.ReadFile(filepath.Join(root, "docs", "clusters.md")); !strings.Contains(string(b), line) {
		t.Fatalf("docs/clusters.md no longer shows %q: update this test with it", line)
	}
	// One run of the tasks' command: with -work, the frontier method's,
	// and their -workers and -mem-limit (SBATCH_MEM_PER_NODE less 64
	// MiB): past 64 squares the error bounds depend on the method and on
	// how a walk's records are split among workers and spilled.
	single := func(t *testing.T, flags string) string {
		name := strings.ReplaceAll(flags, " ", "")
		out := filepath.Join(work, name+"-single.csv")
		start := time.Now()
		sh(t, root, nil, fmt.Sprintf("bin/experiment exact %s -workers 2 -mem-limit 960MiB -work %s -out %s >/dev/null 2>&1", flags, filepath.Join(work, name+"-work"), out))
		t.Logf("one run of %s: %v", flags, time.Since(start).Round(time.Millisecond))
		return out
	}
	merged := func(t *testing.T, env []string, out string, j map[string]string) {
		t.Helper()
		waitFor(t, 20*time.Minute, "the merge", func() bool {
			s, _ := jobStates(t, env, j["MERGE"])
			return allIn(s, "COMPLETED") || allIn(s, "FAILED") || allIn(s, "CANCELLED")
		})
		if s, _ := jobStates(t, env, j["MERGE"]); !allIn(s, "COMPLETED") {
			b, _ := os.ReadFile(filepath.Join(out, "slurm-merge-"+j["MERGE"]+".log"))
			logs, _ := filepath.Glob(filepath.Join(out, "slurm-*_*.log"))
			for _, l := range logs {
				b = append(b, readFile(t, l)...)
			}
			t.Fatalf("merge: %v\n%s", s, b)
		}
	}

	t.Run("8x8", func(t *testing.T) {
		out := filepath.Join(work, "exact8")
		start := time.Now()
		sh(t, root, env, fmt.Sprintf("SHARDS=3 OUT=%s configs/slurm-exact.sh -sizes 8 -starts all", out))
		merged(t, env, out, jobs(t, out))
		t.Logf("3 tasks and the merge done in %v", time.Since(start).Round(time.Millisecond))
		sameExact(t, filepath.Join(out, "exact.csv"), single(t, "-sizes 8 -starts all"), 64)
	})

	t.Run("9x9 requeue and cancel", func(t *testing.T) {
		out := filepath.Join(work, "exact9")
		start := time.Now()
		sh(t, root, env, fmt.Sprintf("SHARDS=3 OUT=%s configs/slurm-exact.sh -sizes 9 -starts all", out))
		j := jobs(t, out)
		task := func(i int) string { return j["ARRAY"] + "_" + fmt.Sprint(i) }
		// Running, with a class done (its rows in the shard's CSV).
		walking := func(i int) func() bool {
			return func() bool {
				s, _ := jobStates(t, env, task(i))
				return s[fmt.Sprint(i)] == "RUNNING" && dataRows(filepath.Join(out, fmt.Sprintf("shard-%d.csv", i))) >= 1
			}
		}
		waitFor(t, 10*time.Minute, "shard 0 walking with a class done", walking(0))
		sh(t, root, env, "scontrol requeue "+task(0))
		// Read after the requeue: the rows the first run wrote, which
		// the second keeps as they are (time_ns too), walking only the
		// rest.
		before := strings.Split(strings.TrimSpace(string(readFile(t, filepath.Join(out, "shard-0.csv")))), "\n")[1:]
		t.Logf("requeued shard 0 after %d rows, at %v", len(before), time.Since(start).Round(time.Second))

		waitFor(t, 10*time.Minute, "shard 1 walking with a class done", walking(1))
		sh(t, root, env, "scancel "+task(1))
		waitFor(t, time.Minute, "shard 1 cancelled", func() bool {
			s, _ := jobStates(t, env, task(1))
			return s["1"] == "CANCELLED"
		})
		t.Logf("cancelled shard 1 after %d rows, at %v", dataRows(filepath.Join(out, "shard-1.csv")), time.Since(start).Round(time.Second))
		waitFor(t, 15*time.Minute, "shards 0 and 2 completed", func() bool {
			s0, _ := jobStates(t, env, task(0))
			s2, _ := jobStates(t, env, task(2))
			return s0["0"] == "COMPLETED" && s2["2"] == "COMPLETED"
		})
		waitFor(t, time.Minute, "the merge to wait for ever", func() bool {
			s, r := jobStates(t, env, j["MERGE"])
			return allIn(s, "PENDING") && r[""] == "DependencyNeverSatisfied"
		})
		log := string(readFile(t, filepath.Join(out, fmt.Sprintf("slurm-%s_0.log", j["ARRAY"]))))
		if n := strings.Count(log, "knightsweep exact shard 0/3"); n != 2 || !strings.Contains(log, "restart 1") {
			t.Fatalf("shard 0's log has %d starts:\n%s", n, log)
		}
		after := string(readFile(t, filepath.Join(out, "shard-0.csv")))
		for _, row := range before {
			if !strings.Contains(after, row+"\n") {
				t.Errorf("the requeued shard 0 walked %s again (or lost it):\n%s", row, after)
			}
		}

		sh(t, root, env, fmt.Sprintf("configs/slurm-retry.sh %s 1", out))
		j = jobs(t, out)
		merged(t, env, out, j)
		t.Logf("9x9 in 3 shards, requeue, cancel, retry and merge: %v", time.Since(start).Round(time.Second))
		sameExact(t, filepath.Join(out, "exact.csv"), single(t, "-sizes 9 -starts all"), 81)
	})
}

// sameExact fails the test unless the merged exact CSV has the bytes of
// the single run's, time_ns and the row's crc32c over it (the last two
// columns) aside, and n rows.
func sameExact(t *testing.T, merged, single string, n int) {
	t.Helper()
	blank := regexp.MustCompile(`,\d+,[0-9a-f]{8}\r?\n`)
	got := blank.ReplaceAll(readFile(t, merged), []byte(",\n"))
	want := blank.ReplaceAll(readFile(t, single), []byte(",\n"))
	if string(got) != string(want) || strings.Count(string(got), "\n") != n+1 {
		t.Fatalf("%s (%d lines) is not the one run's %s:\n%s\n%s", merged, strings.Count(string(got), "\n"), single, got, want)
	}
}
