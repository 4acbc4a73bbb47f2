// Package memlimit reads and writes memory sizes and finds the memory a
// process may use: the default of every -mem-limit flag.
//
// The default is the tightest of
//
//   - half the machine's memory (MemTotal in /proc/meminfo), so that a
//     sweep leaves room for the rest of the machine;
//   - the cgroup's limit (memory.max in cgroup v2, memory.limit_in_bytes in
//     v1, the tightest along the process's cgroup and its ancestors): a
//     container's or a Kubernetes pod's limit, a systemd slice's;
//   - Slurm's allocation: $SLURM_MEM_PER_NODE, or $SLURM_MEM_PER_CPU times
//     the CPUs of the task ($SLURM_CPUS_PER_TASK, else
//     $SLURM_CPUS_ON_NODE), both in megabytes.
//
// From a cgroup's or Slurm's limit, Headroom is kept back for the process
// itself (the runtime, buffers, the output), since the limit bounds the
// whole process and the estimates only the searches. Limit.Source says which
// bound applied; manifest.json records it.
package memlimit

import (
	"bufio"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path"
	"strconv"
	"strings"
)

// Limit is a memory bound in bytes, 0 for none, and where it came from.
type Limit struct {
	Bytes  int64  `json:"bytes"`
	Source string `json:"source"`
}

// Headroom is kept back from a cgroup's or Slurm's limit for the process's
// own memory (at most half the limit).
const Headroom = 64 << 20

// byteUnits are the suffixes Parse accepts: SI (powers of 1000) and IEC
// (powers of 1024), case-insensitive.
var byteUnits = []struct {
	suffix string
	scale  float64
}{
	{"kib", 1 << 10}, {"mib", 1 << 20}, {"gib", 1 << 30}, {"tib", 1 << 40},
	{"kb", 1e3}, {"mb", 1e6}, {"gb", 1e9}, {"tb", 1e12},
	{"k", 1e3}, {"m", 1e6}, {"g", 1e9}, {"t", 1e12}, {"b", 1},
}

// Form says what Parse accepts.
const Form = "want bytes such as 512MB, 4GiB or 1500000000, or 0 for no limit"

// Parse reads a memory size: a number with an optional unit, such as
// "512MB", "4GiB", "1.5g" or "1000000" (bytes). "0" means no limit; any
// other value must come to at least one byte, so that a size that rounds
// to zero ("0.4") is not taken for "no limit".
func Parse(s string) (int64, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	scale := 1.0
	for _, u := range byteUnits {
		if strings.HasSuffix(t, u.suffix) {
			t, scale = strings.TrimSpace(strings.TrimSuffix(t, u.suffix)), u.scale
			break
		}
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || v < 0 || math.IsInf(v, 0) || math.IsNaN(v) || v*scale >= math.MaxInt64 {
		return 0, fmt.Errorf("%q: %s", s, Form)
	}
	n := int64(v * scale)
	if n == 0 && v != 0 {
		return 0, fmt.Errorf("%q is less than one byte, and 0 would mean no limit: %s", s, Form)
	}
	return n, nil
}

// Format writes n with three significant digits in the largest IEC unit
// that keeps it at least 1: "1.50GiB", "64.0MiB". It is the program's
// one writer of byte sizes, in messages, plans and progress lines alike.
func Format(n int64) string {
	v, unit := float64(n), "B"
	for _, u := range []string{"KiB", "MiB", "GiB", "TiB"} {
		if v < 1024 {
			break
		}
		v, unit = v/1024, u
	}
	switch {
	case unit == "B":
		return fmt.Sprintf("%dB", n)
	case v >= 100:
		return fmt.Sprintf("%.0f%s", v, unit)
	case v >= 10:
		return fmt.Sprintf("%.1f%s", v, unit)
	}
	return fmt.Sprintf("%.2f%s", v, unit)
}

// String writes the limit and its source: "11.8GiB (half of MemTotal)".
func (l Limit) String() string {
	if l.Bytes <= 0 {
		return "none (" + l.Source + ")"
	}
	return Format(l.Bytes) + " (" + l.Source + ")"
}

// Flag returns the limit a -mem-limit flag asks for: Default when it is
// empty, else the size it gives (0 for none). The error is Parse's.
func Flag(v string) (Limit, error) {
	if strings.TrimSpace(v) == "" {
		return Default(), nil
	}
	n, err := Parse(v)
	if err != nil {
		return Limit{}, err
	}
	return Limit{Bytes: n, Source: "-mem-limit"}, nil
}

// Default returns the default limit of this process (see the package doc).
func Default() Limit { return DefaultFrom(os.Getenv, os.DirFS("/")) }

// DefaultFrom is Default with the environment and the file system (rooted
// at /) given, for tests.
func DefaultFrom(getenv func(string) string, root fs.FS) Limit {
	best := Limit{Source: "no limit found"}
	consider := func(bytes int64, source string, headroom bool) {
		if bytes <= 0 {
			return
		}
		if headroom {
			bytes -= min(Headroom, bytes/2)
		}
		if best.Bytes == 0 || bytes < best.Bytes {
			best = Limit{Bytes: bytes, Source: source}
		}
	}
	if total := memTotal(root); total > 0 {
		consider(total/2, "half of MemTotal in /proc/meminfo", false)
	}
	if limit, where := cgroupLimit(root); limit > 0 {
		consider(limit, "the cgroup's "+where, true)
	}
	if mb := envInt(getenv, "SLURM_MEM_PER_NODE"); mb > 0 {
		consider(mb<<20, "$SLURM_MEM_PER_NODE", true)
	} else if mb := envInt(getenv, "SLURM_MEM_PER_CPU"); mb > 0 {
		cpus, name := envInt(getenv, "SLURM_CPUS_PER_TASK"), "$SLURM_CPUS_PER_TASK"
		if cpus <= 0 {
			cpus, name = envInt(getenv, "SLURM_CPUS_ON_NODE"), "$SLURM_CPUS_ON_NODE"
		}
		if cpus <= 0 {
			cpus, name = 1, "1 CPU"
		}
		consider(mb<<20*cpus, "$SLURM_MEM_PER_CPU x "+name, true)
	}
	return best
}

func envInt(getenv func(string) string, name string) int64 {
	// Slurm may suffix a unit ("4000M"); its unit is megabytes anyway.
	v := strings.TrimSuffix(strings.TrimSpace(getenv(name)), "M")
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 || n > 1<<40 {
		return 0
	}
	return n
}

// memTotal returns MemTotal from /proc/meminfo, or 0.
func memTotal(root fs.FS) int64 {
	f, err := root.Open("proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// MemTotal:       24684092 kB
		fields := strings.Fields(sc.Text())
		if len(fields) == 3 && fields[0] == "MemTotal:" && fields[2] == "kB" {
			if kb, err := strconv.ParseInt(fields[1], 10, 64); err == nil {
				return kb * 1024
			}
		}
	}
	return 0
}

// cgroupLimit returns the tightest memory limit on the process's cgroup and
// its ancestors, and the file it came from; 0 for none.
func cgroupLimit(root fs.FS) (int64, string) {
	data, err := fs.ReadFile(root, "proc/self/cgroup")
	if err != nil {
		return 0, ""
	}
	mounts := cgroupMounts(root)
	var best int64
	var where string
	for line := range strings.SplitSeq(string(data), "\n") {
		// v2: "0::/path"; v1: "4:memory:/path".
		parts := strings.SplitN(line, ":", 3)
		if len(parts) != 3 {
			continue
		}
		var m mount
		var file string
		switch {
		case parts[0] == "0" && parts[1] == "":
			m, file = mounts["cgroup2"], "memory.max"
		case hasField(parts[1], "memory"):
			m, file = mounts["memory"], "memory.limit_in_bytes"
		default:
			continue
		}
		if m.point == "" {
			continue
		}
		rel := strings.TrimPrefix(path.Clean(parts[2]), path.Clean(m.root))
		for dir := path.Join(m.point, rel); ; dir = path.Dir(dir) {
			p := path.Join(dir, file)
			if n := readLimit(root, p); n > 0 && (best == 0 || n < best) {
				best, where = n, "/"+p
			}
			if dir == m.point || dir == "." || dir == "/" {
				break
			}
		}
	}
	return best, where
}

// mount is where a cgroup hierarchy is mounted, and the cgroup at its root.
type mount struct{ point, root string }

// cgroupMounts finds the cgroup2 mount and the v1 memory controller's
// mount in /proc/self/mountinfo; paths are relative to /.
func cgroupMounts(root fs.FS) map[string]mount {
	out := map[string]mount{}
	data, err := fs.ReadFile(root, "proc/self/mountinfo")
	if err != nil {
		return out
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		// 35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
		pre, post, ok := strings.Cut(line, " - ")
		f, g := strings.Fields(pre), strings.Fields(post)
		if !ok || len(f) < 5 || len(g) < 3 {
			continue
		}
		m := mount{point: strings.TrimPrefix(f[4], "/"), root: f[3]}
		switch {
		case g[0] == "cgroup2":
			out["cgroup2"] = m
		case g[0] == "cgroup" && hasField(g[2], "memory"):
			out["memory"] = m
		}
	}
	return out
}

func hasField(list, name string) bool {
	for f := range strings.SplitSeq(list, ",") {
		if f == name {
			return true
		}
	}
	return false
}

// readLimit reads a cgroup limit file: bytes, or "max" (none). cgroup v1
// writes "no limit" as a number near 2^63.
func readLimit(root fs.FS, p string) int64 {
	data, err := fs.ReadFile(root, p)
	if err != nil {
		return 0
	}
	n, err := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64)
	if err != nil || n <= 0 || n >= 1<<62 {
		return 0
	}
	return n
}
