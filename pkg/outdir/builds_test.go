package outdir

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"knightsweep/internal/buildinfo"
	"knightsweep/internal/input"
	"knightsweep/pkg/memlimit"
	"knightsweep/pkg/plan"
)

// rebuild rewrites the manifest in dir as if another build had written its
// rows: every session's build becomes build.
func rebuild(t *testing.T, dir, build string) {
	t.Helper()
	m, err := ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	for i := range m.Sessions {
		m.Sessions[i].Build = build
	}
	if err := m.Write(dir); err != nil {
		t.Fatal(err)
	}
}

// A session records the build and the machine that wrote and timed its
// rows, and the shard it ran.
func TestSessionRecordsBuildAndMachine(t *testing.T) {
	s := settings(t, "5", 1000, "dfs", "warnsdorff")
	dir := filepath.Join(t.TempDir(), "shard-1")
	fakeSweep(t, s, plan.Shard{Index: 1, Count: 3}, dir, nil)
	m, err := ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	host, _ := os.Hostname()
	got := m.Sessions[0]
	if got.Build != buildinfo.Build() || got.Build == "" || got.Shard != "1/3" || got.Host != host ||
		got.CPU != m.CPU || got.CPUs != m.CPUs || got.GoVersion != m.GoVersion || m.Build != got.Build {
		t.Errorf("session %+v of manifest build %q cpu %q", got, m.Build, m.CPU)
	}
	if b := m.Builds(); !slices.Equal(b, []string{buildinfo.Build()}) {
		t.Errorf("Builds() = %q", b)
	}
}

// Builds counts the sessions that may have written rows: those that say
// so and those a kill left "running"; a manifest from before sessions
// recorded their build names the commit of its version.
func TestBuilds(t *testing.T) {
	m := &Manifest{Sessions: []Session{
		{Build: "aaa", Runs: 5, State: StateCompleted},
		{Build: "bbb", Runs: 0, State: StateInterrupted}, // wrote nothing
		{Build: "ccc", State: StateRunning},              // killed: rows unknown
		{Version: "v0.0.0-20261120120000-0123456789ab 0123456789abcdef", Runs: 3, State: StateCompleted},
		{Build: "aaa", Runs: 2, State: StateFailed},
	}}
	if got, want := m.Builds(), []string{"aaa", "ccc", "0123456789abcdef"}; !slices.Equal(got, want) {
		t.Errorf("Builds() = %q, want %q", got, want)
	}
}

// -resume refuses a directory whose rows another build wrote, naming both
// builds and the way on, unless mixed builds are allowed; then the new
// session's build joins the old one's in the manifest.
func TestResumeRefusesAnotherBuild(t *testing.T) {
	s := settings(t, "5", 1000, "dfs", "warnsdorff")
	dir := filepath.Join(t.TempDir(), "sweep")
	p := fakeSweep(t, s, plan.Shard{}, dir, func(j plan.Job) bool { return j.Index%2 == 0 })

	// The same build resumes.
	d, err := Open(dir, OpenOptions{Resume: true}, p, p.Select(plan.Shard{}))
	if err != nil {
		t.Fatalf("same build: %v", err)
	}
	d.Close()

	rebuild(t, dir, "0ther0build")
	_, err = Open(dir, OpenOptions{Resume: true}, p, p.Select(plan.Shard{}))
	if !input.Is(err) {
		t.Fatalf("another build: %v, want an input error", err)
	}
	for _, want := range []string{"-resume: ", "build 0ther0build", "this binary is build " + buildinfo.Build(), MixedBuildsFlag} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}

	d, err = Open(dir, OpenOptions{Resume: true, MixedBuilds: true}, p, p.Select(plan.Shard{}))
	if err != nil {
		t.Fatalf("%s: %v", MixedBuildsFlag, err)
	}
	defer d.Close()
	// A session that ends without a row adds no build: the rows are still
	// all of the other one.
	m := NewManifest(d.Prev, p, p.Select(plan.Shard{}), 1, memlimit.Limit{}, nil, t0)
	m.Finish(StateInterrupted, 0, d.Counts, nil, t0)
	if got := m.Builds(); !slices.Equal(got, []string{"0ther0build"}) || m.Build != "0ther0build" {
		t.Errorf("after a session without rows: builds %q, build %q; want 0ther0build alone", got, m.Build)
	}
	m = NewManifest(d.Prev, p, p.Select(plan.Shard{}), 1, memlimit.Limit{}, nil, t0)
	m.Finish(StateCompleted, 1, d.Counts, nil, t0)
	if got, want := m.Builds(), []string{"0ther0build", buildinfo.Build()}; !slices.Equal(got, want) || m.Build != "" {
		t.Errorf("resumed manifest's builds %q (build %q), want %q and none", got, m.Build, want)
	}
}

// merge refuses shards whose rows different builds wrote, naming the
// shards of each build; with mixed builds allowed it merges them, and the
// merged manifest keeps each shard's sessions and builds.
func TestMergeRefusesMixedBuilds(t *testing.T) {
	s := settings(t, "5", 1000, "dfs", "warnsdorff")
	dirs := shards(t, s, 3)
	same := filepath.Join(t.TempDir(), "same")
	if _, err := Merge(context.Background(), MergeOptions{Out: same, Inputs: dirs}); err != nil {
		t.Fatal(err)
	}
	if m, err := ReadManifest(same); err != nil || m.Build != buildinfo.Build() {
		t.Fatalf("merged manifest of one build: build %q, want %q (%v)", m.Build, buildinfo.Build(), err)
	}
	rebuild(t, dirs[1], "0ther0build")
	out := filepath.Join(t.TempDir(), "merged")
	_, err := Merge(context.Background(), MergeOptions{Out: out, Inputs: dirs})
	if !input.Is(err) {
		t.Fatalf("mixed builds: %v, want an input error", err)
	}
	for _, want := range []string{"2 builds", "build 0ther0build wrote rows of " + dirs[1],
		"build " + buildinfo.Build() + " wrote rows of " + dirs[0] + ", " + dirs[2], MixedBuildsFlag} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("a refused merge made %s", out)
	}

	if _, err := Merge(context.Background(), MergeOptions{Out: out, Inputs: dirs, MixedBuilds: true}); err != nil {
		t.Fatal(err)
	}
	m, err := ReadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := m.Builds(), []string{buildinfo.Build(), "0ther0build"}; !slices.Equal(got, want) || m.Build != "" {
		t.Errorf("merged builds %q (build %q), want %q and none", got, m.Build, want)
	}
	var shardsSeen []string
	for _, s := range m.Sessions {
		shardsSeen = append(shardsSeen, s.Shard)
	}
	if want := []string{"0/3", "1/3", "2/3"}; !slices.Equal(shardsSeen, want) {
		t.Errorf("merged sessions' shards %q, want %q", shardsSeen, want)
	}
}

// The machines that timed the rows are the sessions' (the merge's own
// machine is not one of them); a manifest from before sessions recorded
// theirs has its own machine when it is one unmerged session, else an
// unknown one.
func TestMachines(t *testing.T) {
	a := Machine{"CPU A", 2, "go1.26.8"}
	b := Machine{"CPU B", 64, "go1.26.8"}
	m := &Manifest{CPU: "merge machine", CPUs: 8, GoVersion: "go1.26.8", Merged: []string{"x", "y"}, Sessions: []Session{
		{Host: "n1", CPU: a.CPU, CPUs: a.CPUs, GoVersion: a.GoVersion, Runs: 1},
		{Host: "n2", CPU: a.CPU, CPUs: a.CPUs, GoVersion: a.GoVersion, Runs: 1},
		{Host: "n3", CPU: b.CPU, CPUs: b.CPUs, GoVersion: b.GoVersion, Runs: 1},
		{Host: "n4", CPU: "idle", Runs: 0, State: StateInterrupted},
		{Runs: 1}, // before sessions recorded machines
	}}
	machines, hosts := m.Machines()
	if want := []Machine{a, b, {}}; !slices.Equal(machines, want) || !slices.Equal(hosts, []string{"n1", "n2", "n3"}) {
		t.Errorf("Machines() = %v, hosts %q; want %v, n1 to n3", machines, hosts, want)
	}
	old := &Manifest{CPU: "CPU C", CPUs: 4, GoVersion: "go1.26.1", Sessions: []Session{{Runs: 7}}}
	if got, _ := old.Machines(); !slices.Equal(got, []Machine{{"CPU C", 4, "go1.26.1"}}) {
		t.Errorf("old manifest's machines %v", got)
	}
}
