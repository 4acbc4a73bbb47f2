package memlimit

import (
	"strings"
	"testing"
	"testing/fstest"
)

func TestParse(t *testing.T) {
	for in, want := range map[string]int64{
		"0": 0, "0GiB": 0, "1000000": 1000000, "512MB": 512e6, "512mb": 512e6, "4GiB": 4 << 30,
		"1.5g": 1.5e9, "64 KiB": 64 << 10, "2T": 2e12, "100b": 100, "3MiB": 3 << 20, "1": 1,
	} {
		got, err := Parse(in)
		if err != nil || got != want {
			t.Errorf("Parse(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "GiB", "-1GB", "4XB", "1e30GB", "NaN", "four"} {
		if got, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) = %d, want an error", bad, got)
		}
	}
	// A size that rounds to zero bytes would mean "no limit": refused.
	for _, tiny := range []string{"0.4", "0.5b", "0.0001kb"} {
		if got, err := Parse(tiny); err == nil || !strings.Contains(err.Error(), "less than one byte") {
			t.Errorf("Parse(%q) = %d, %v; want a refusal", tiny, got, err)
		}
	}
}

func TestFormat(t *testing.T) {
	for n, want := range map[int64]string{
		512: "512B", 1536: "1.50KiB", 1 << 30: "1.00GiB", 12 << 30: "12.0GiB", 1000 << 20: "1000MiB", 3 << 40: "3.00TiB",
	} {
		if got := Format(n); got != want {
			t.Errorf("Format(%d) = %q, want %q", n, got, want)
		}
	}
}

const (
	meminfo = "MemTotal:       16777216 kB\nMemFree: 1 kB\n" // 16 GiB
	mountV2 = "30 23 0:26 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw\n"
	mountV1 = "35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n"
)

// The default is the tightest of half the memory, the cgroup's limit along
// the process's cgroup and its ancestors, and Slurm's allocation; the
// source says which.
func TestDefaultFrom(t *testing.T) {
	env := func(vars map[string]string) func(string) string { return func(k string) string { return vars[k] } }
	none := env(nil)
	for _, tt := range []struct {
		name   string
		getenv func(string) string
		fs     fstest.MapFS
		bytes  int64
		source string
	}{
		{"meminfo only", none, fstest.MapFS{"proc/meminfo": {Data: []byte(meminfo)}},
			8 << 30, "half of MemTotal"},
		{"cgroup v2 on the process's cgroup", none, fstest.MapFS{
			"proc/meminfo":                         {Data: []byte(meminfo)},
			"proc/self/cgroup":                     {Data: []byte("0::/job/task\n")},
			"proc/self/mountinfo":                  {Data: []byte(mountV2)},
			"sys/fs/cgroup/job/task/memory.max":    {Data: []byte("max\n")},
			"sys/fs/cgroup/job/memory.max":         {Data: []byte("1073741824\n")},
			"sys/fs/cgroup/memory.max":             {Data: []byte("max\n")},
			"sys/fs/cgroup/job/task/memory.events": {Data: []byte("")},
		}, 1<<30 - Headroom, "the cgroup's /sys/fs/cgroup/job/memory.max"},
		{"cgroup v1", none, fstest.MapFS{
			"proc/meminfo":        {Data: []byte(meminfo)},
			"proc/self/cgroup":    {Data: []byte("4:memory:/pod\n0::/\n")},
			"proc/self/mountinfo": {Data: []byte(mountV1)},
			"sys/fs/cgroup/memory/pod/memory.limit_in_bytes": {Data: []byte("536870912\n")},
			"sys/fs/cgroup/memory/memory.limit_in_bytes":     {Data: []byte("9223372036854771712\n")},
		}, 512<<20 - Headroom, "memory.limit_in_bytes"},
		{"unlimited cgroup", none, fstest.MapFS{
			"proc/meminfo":             {Data: []byte(meminfo)},
			"proc/self/cgroup":         {Data: []byte("0::/\n")},
			"proc/self/mountinfo":      {Data: []byte(mountV2)},
			"sys/fs/cgroup/memory.max": {Data: []byte("max\n")},
		}, 8 << 30, "half of MemTotal"},
		{"slurm per node", env(map[string]string{"SLURM_MEM_PER_NODE": "1024"}),
			fstest.MapFS{"proc/meminfo": {Data: []byte(meminfo)}}, 1<<30 - Headroom, "$SLURM_MEM_PER_NODE"},
		{"slurm per cpu", env(map[string]string{"SLURM_MEM_PER_CPU": "500", "SLURM_CPUS_PER_TASK": "2", "SLURM_CPUS_ON_NODE": "8"}),
			fstest.MapFS{"proc/meminfo": {Data: []byte(meminfo)}}, 1000<<20 - Headroom, "$SLURM_MEM_PER_CPU x $SLURM_CPUS_PER_TASK"},
		{"slurm above half", env(map[string]string{"SLURM_MEM_PER_NODE": "20000"}),
			fstest.MapFS{"proc/meminfo": {Data: []byte(meminfo)}}, 8 << 30, "half of MemTotal"},
		{"nothing known", none, fstest.MapFS{}, 0, "no limit found"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := DefaultFrom(tt.getenv, tt.fs)
			if got.Bytes != tt.bytes || !strings.Contains(got.Source, tt.source) {
				t.Errorf("DefaultFrom = %d (%s); want %d (%s)", got.Bytes, got.Source, tt.bytes, tt.source)
			}
		})
	}
}

// On this machine the default is positive and names its source.
func TestDefault(t *testing.T) {
	l := Default()
	if l.Bytes < 0 || l.Bytes > 0 && l.Bytes < 1<<20 || l.Source == "" {
		t.Errorf("Default() = %+v", l)
	}
}

// Flag reads a -mem-limit value: empty is the default, 0 no limit, and a
// size is taken as given, its source the flag.
func TestFlag(t *testing.T) {
	if l, err := Flag(" "); err != nil || l != Default() {
		t.Errorf("empty: %v, %v; want the default %v", l, err, Default())
	}
	for _, tc := range []struct {
		in   string
		want int64
	}{{"0", 0}, {"1GiB", 1 << 30}, {"512MB", 512e6}} {
		if l, err := Flag(tc.in); err != nil || l != (Limit{Bytes: tc.want, Source: "-mem-limit"}) {
			t.Errorf("%q: %v, %v; want %d bytes from -mem-limit", tc.in, l, err, tc.want)
		}
	}
	if _, err := Flag("lots"); err == nil {
		t.Error("lots accepted")
	}
}
