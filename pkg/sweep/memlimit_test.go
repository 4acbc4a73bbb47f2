package sweep

import "testing"

func TestParseBytes(t *testing.T) {
	for in, want := range map[string]int64{
		"0": 0, "1000000": 1000000, "512MB": 512e6, "512mb": 512e6, "4GiB": 4 << 30,
		"1.5g": 1.5e9, "64 KiB": 64 << 10, "2T": 2e12, "100b": 100, "3MiB": 3 << 20,
	} {
		got, err := ParseBytes(in)
		if err != nil || got != want {
			t.Errorf("ParseBytes(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "GiB", "-1GB", "4XB", "1e30GB", "NaN", "four"} {
		if got, err := ParseBytes(bad); err == nil {
			t.Errorf("ParseBytes(%q) = %d, want an error", bad, got)
		}
	}
}

func TestFormatBytes(t *testing.T) {
	for n, want := range map[int64]string{
		512: "512B", 1536: "1.50KiB", 1 << 30: "1.00GiB", 12 << 30: "12.0GiB", 1000 << 20: "1000MiB", 3 << 40: "3.00TiB",
	} {
		if got := FormatBytes(n); got != want {
			t.Errorf("FormatBytes(%d) = %q, want %q", n, got, want)
		}
	}
}

// The default is half of MemTotal: on Linux, a positive number.
func TestDefaultMemLimit(t *testing.T) {
	if n := DefaultMemLimit(); n < 0 || n > 0 && n < 1<<20 {
		t.Errorf("DefaultMemLimit() = %d", n)
	}
}
