package runs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRepairTail(t *testing.T) {
	for _, tt := range []struct {
		in, want string
	}{
		{"", ""},
		{"h\n", "h\n"},
		{"h\nrow1\nrow2\n", "h\nrow1\nrow2\n"},
		{"h\nrow1\nro", "h\nrow1\n"},
		{"h\nrow1\n\"a,b", "h\nrow1\n"},
		{"hea", ""},
		{"h\n" + strings.Repeat("x", 200_000), "h\n"}, // a remnant longer than a read
	} {
		path := filepath.Join(t.TempDir(), "f")
		if err := os.WriteFile(path, []byte(tt.in), 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := os.OpenFile(path, os.O_RDWR, 0)
		if err != nil {
			t.Fatal(err)
		}
		cut, err := RepairTail(f)
		f.Close()
		got, _ := os.ReadFile(path)
		if err != nil || string(got) != tt.want || cut != int64(len(tt.in)-len(tt.want)) {
			t.Errorf("RepairTail(%.20q) = %.20q, cut %d, %v; want %.20q", tt.in, got, cut, err, tt.want)
		}
	}
}
