package outdir

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"knightsweep/pkg/memlimit"
	"knightsweep/pkg/plan"
	"knightsweep/pkg/status"
)

func TestManifest(t *testing.T) {
	p, err := plan.New(settings(t, "5", 1000, "dfs"))
	if err != nil {
		t.Fatal(err)
	}
	mem := memlimit.Limit{Bytes: 1 << 30, Source: "the cgroup's /sys/fs/cgroup/memory.max"}
	m := NewManifest(nil, p, p.Select(plan.Shard{}), 2, mem, []string{"experiment", "run"}, t0)
	m.Finish(StateInterrupted, 10, map[status.Status]int64{"found": 4, "node_limit": 6}, errors.New("sweep interrupted"), t0.Add(time.Hour))
	dir := t.TempDir()
	if err := m.Write(dir); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(filepath.Join(dir, ManifestFile))
	var fields map[string]any
	if err := json.Unmarshal(data, &fields); err != nil {
		t.Fatal(err)
	}
	// The documented fields, under their names.
	for _, k := range []string{"program", "version", "go_version", "os", "arch", "cpu", "cpus", "workers", "mem_limit",
		"command", "settings", "jobs", "rows", "counts", "started", "ended", "state", "completed", "interrupted",
		"error", "sessions"} {
		if _, ok := fields[k]; !ok {
			t.Errorf("manifest.json lacks %q:\n%s", k, data)
		}
	}
	back, err := ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	if back.State != StateInterrupted || !back.Interrupted || back.Completed || back.Rows != 10 || back.Jobs != 25 ||
		back.Counts["found"] != 4 || back.Counts["exhausted"] != 0 || len(back.Counts) != 7 || *back.MemLimit != mem ||
		back.GoVersion != runtime.Version() || back.Error != "sweep interrupted" || back.Settings.Diff(p.Settings()) != nil {
		t.Errorf("manifest %+v", back)
	}

	// A resumed session keeps the first start and the earlier sessions.
	t1 := t0.Add(2 * time.Hour)
	m2 := NewManifest(back, p, p.Select(plan.Shard{}), 4, mem, nil, t1)
	m2.Finish(StateCompleted, 15, map[status.Status]int64{"found": 9, "node_limit": 16}, nil, t1.Add(time.Minute))
	if !m2.Started.Equal(t0) || !m2.Ended.Equal(t1.Add(time.Minute)) || len(m2.Sessions) != 2 || m2.Sessions[1].Workers != 4 ||
		m2.Sessions[1].Runs != 15 || m2.Sessions[0].State != StateInterrupted || !m2.Completed || m2.Error != "" || m2.Rows != 25 {
		t.Errorf("resumed manifest %+v", m2)
	}
}

// A manifest keeps room to spare, so that its last rewrite can overwrite
// it in place when the disk is full; the overwrite pads with spaces, which
// readers ignore.
func TestManifestOverwriteInPlace(t *testing.T) {
	p, _ := plan.New(settings(t, "5", 1000, "dfs"))
	m := NewManifest(nil, p, p.Select(plan.Shard{}), 2, memlimit.Limit{}, []string{"experiment", "run"}, t0)
	dir := t.TempDir()
	if err := m.Write(dir); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, ManifestFile)
	fi, _ := os.Stat(path)
	if fi.Size()%4096 != 0 || fi.Size() < 4096 {
		t.Errorf("manifest of %d bytes: want a whole number of 4 KiB blocks", fi.Size())
	}
	m.Finish(StateFailed, 3, map[status.Status]int64{"found": 3}, errors.New("write runs.csv: no space left on device"), t0.Add(time.Hour))
	data, _ := m.encode()
	if err := overwrite(path, data); err != nil {
		t.Fatal(err)
	}
	back, err := ReadManifest(path)
	if err != nil || back.State != StateFailed || back.Rows != 3 {
		t.Errorf("after an overwrite in place: %+v, %v", back, err)
	}
	if after, _ := os.Stat(path); after.Size() != fi.Size() {
		t.Errorf("the overwrite changed the size from %d to %d", fi.Size(), after.Size())
	}
}

// manifest.json is sealed: its format first, its CRC-32C last, so that a
// figure edited by hand or a byte damaged is refused, naming the file and
// what to do. One written before manifests were sealed is read once more
// and written back sealed.
func TestManifestSealed(t *testing.T) {
	p, _ := plan.New(settings(t, "5", 1000, "dfs"))
	m := NewManifest(nil, p, p.Select(plan.Shard{}), 2, memlimit.Limit{}, []string{"experiment", "run"}, t0)
	dir := t.TempDir()
	if err := m.Write(dir); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, ManifestFile)
	data, _ := os.ReadFile(path)
	if !strings.HasPrefix(string(data), "{\n  \"format\": \"knightsweep manifest 2\",\n  \"program\": ") {
		t.Errorf("manifest.json starts %.60q", data)
	}
	edited := strings.Replace(string(data), `"jobs": 25`, `"jobs": 24`, 1)
	if edited == string(data) {
		t.Fatal("no jobs field to edit")
	}
	os.WriteFile(path, []byte(edited), 0o644)
	if _, err := ReadManifest(path); err == nil || !strings.Contains(err.Error(), path+": damaged: its CRC-32C") || !strings.Contains(err.Error(), "remove manifest.json") {
		t.Errorf("an edited manifest: %v", err)
	}
	old, _ := json.MarshalIndent(m, "", "  ")
	os.WriteFile(path, old, 0o644)
	back, err := ReadManifest(path)
	if err != nil || back.Jobs != 25 {
		t.Fatalf("a manifest of format 1: %+v, %v", back, err)
	}
	if err := back.Write(dir); err != nil {
		t.Fatal(err)
	}
	if again, _ := os.ReadFile(path); !strings.HasPrefix(string(again), "{\n  \"format\": \"knightsweep manifest 2\"") {
		t.Errorf("rewritten as %.60q", again)
	}
}

// Manifests that are not a sweep's are refused before anything is sized by
// them: the shard counts and job counts that made merge panic or run out
// of memory, oversized files, and empty or cut ones (damaged: a manifest
// is written by rename, whole or not at all).
func TestParseManifestRejects(t *testing.T) {
	p, _ := plan.New(settings(t, "5", 1000, "dfs"))
	good, _ := json.Marshal(NewManifest(nil, p, p.Select(plan.Shard{Index: 1, Count: 3}), 2, memlimit.Limit{}, nil, t0))
	if _, err := ParseManifest(good); err != nil {
		t.Fatal(err)
	}
	sealed, err := NewManifest(nil, p, p.Select(plan.Shard{Index: 1, Count: 3}), 2, memlimit.Limit{}, nil, t0).encode()
	if err != nil {
		t.Fatal(err)
	}
	swap := func(old, new string) []byte { return []byte(strings.Replace(string(good), old, new, 1)) }
	for _, tt := range []struct {
		name string
		data []byte
		want string
	}{
		{"shard count 0", swap(`"count":3`, `"count":0`), "shard 1/0"},
		{"shard count -5", swap(`"count":3`, `"count":-5`), "shard 1/-5"},
		{"shard count 1e9", swap(`"count":3`, `"count":1000000000`), "shard 1/1000000000"},
		{"index past count", swap(`"index":1`, `"index":3`), "shard 3/3"},
		{"negative jobs", swap(`"jobs":`, `"jobs":-1,"x":`), "-1 jobs"},
		{"huge sizes", swap(`"sizes":["5x5"]`, `"sizes":["1-20000","20000x1","20000x2"]`), "more than 268435456 jobs"},
		{"empty", nil, "damaged: empty"},
		{"spaces", []byte("   \n"), "damaged: empty"},
		{"cut", good[:len(good)/2], "damaged: unexpected end of JSON input"},
		{"sealed, cut", sealed[:len(sealed)/2], "cut short: it does not end in its \"crc32c\" field: if runs.csv is whole, remove manifest.json"},
		{"not json", []byte("hello"), "not a JSON object"},
		{"too big", make([]byte, MaxManifestBytes+1), "larger than"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m, err := ParseManifest(tt.data)
			if err == nil {
				// Accepted settings still meet the plan's limits.
				_, err = plan.New(m.Settings)
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want %q", err, tt.want)
			}
		})
	}
}

func TestCPUModel(t *testing.T) {
	data, err := os.ReadFile("/proc/cpuinfo")
	if errors.Is(err, os.ErrNotExist) {
		t.Skip("no /proc/cpuinfo")
	}
	got := cpuModel()
	if got == "" || (strings.Contains(string(data), "model name") && !strings.Contains(string(data), got)) {
		t.Errorf("cpuModel() = %q", got)
	}
}
