package sweep

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
)

// byteUnits are the suffixes ParseBytes accepts: SI (powers of 1000) and
// IEC (powers of 1024), case-insensitive.
var byteUnits = []struct {
	suffix string
	scale  float64
}{
	{"kib", 1 << 10}, {"mib", 1 << 20}, {"gib", 1 << 30}, {"tib", 1 << 40},
	{"kb", 1e3}, {"mb", 1e6}, {"gb", 1e9}, {"tb", 1e12},
	{"k", 1e3}, {"m", 1e6}, {"g", 1e9}, {"t", 1e12}, {"b", 1},
}

const bytesForm = "want bytes such as 512MB, 4GiB or 1500000000, or 0 for no limit"

// ParseBytes reads a memory size: a number with an optional unit, such as
// "512MB", "4GiB", "1.5g" or "1000000" (bytes).
func ParseBytes(s string) (int64, error) {
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
		return 0, fmt.Errorf("%q: %s", s, bytesForm)
	}
	return int64(v * scale), nil
}

// FormatBytes writes n with three significant digits in the largest IEC
// unit that keeps it at least 1: "1.50GiB".
func FormatBytes(n int64) string {
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

// DefaultMemLimit is half the machine's memory (MemTotal in /proc/meminfo),
// or 0 (no limit) where that cannot be read.
func DefaultMemLimit() int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// MemTotal:       24684092 kB
		fields := strings.Fields(sc.Text())
		if len(fields) == 3 && fields[0] == "MemTotal:" && fields[2] == "kB" {
			kb, err := strconv.ParseInt(fields[1], 10, 64)
			if err == nil {
				return kb * 1024 / 2
			}
		}
	}
	return 0
}
