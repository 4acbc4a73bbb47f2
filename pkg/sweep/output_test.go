package sweep

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
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
		cut, err := repairTail(f)
		f.Close()
		got, _ := os.ReadFile(path)
		if err != nil || string(got) != tt.want || cut != int64(len(tt.in)-len(tt.want)) {
			t.Errorf("repairTail(%.20q) = %.20q, cut %d, %v; want %.20q", tt.in, got, cut, err, tt.want)
		}
	}
}

// A kill -9 mid-write leaves a truncated last line: resume cuts it, reruns
// that job and every job without a row, and never writes a job twice.
func TestResumeTruncated(t *testing.T) {
	sizes := "3x4,5-6"
	if testing.Short() {
		sizes = "3x4,5"
	}
	full := testOptions(t, sizes, 5_000, 2, "dfs", "warnsdorff")
	if _, err := Run(context.Background(), full); err != nil {
		t.Fatal(err)
	}
	want := readRows(t, filepath.Join(full.Out, RunsFile))
	data, err := os.ReadFile(filepath.Join(full.Out, RunsFile))
	if err != nil {
		t.Fatal(err)
	}
	manifest, err := os.ReadFile(filepath.Join(full.Out, ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	header := bytes.IndexByte(data, '\n') + 1
	for _, keep := range []int{
		len(data) - 1,  // the last newline lost
		len(data) - 30, // mid-line
		len(data) / 2,  // wherever
		header + 5,     // into the first row
		header,         // just the header
		header - 3,     // a truncated header
		0,              // an empty file
		bytes.LastIndexByte(data[:len(data)-1], '\n') + 1, // a clean cut after a row
	} {
		opts := full
		opts.Out = filepath.Join(t.TempDir(), "out")
		os.MkdirAll(opts.Out, 0o755)
		os.WriteFile(filepath.Join(opts.Out, ManifestFile), manifest, 0o644)
		os.WriteFile(filepath.Join(opts.Out, RunsFile), data[:keep], 0o644)
		opts.Resume = true
		sum, err := Run(context.Background(), opts)
		if err != nil {
			t.Fatalf("keep %d bytes: %v", keep, err)
		}
		wantCut := int64(keep - (bytes.LastIndexByte(data[:keep], '\n') + 1))
		if sum.Repaired != wantCut || sum.Skipped+sum.Ran != sum.Jobs {
			t.Errorf("keep %d bytes: repaired %d (want %d), %+v", keep, sum.Repaired, wantCut, sum)
		}
		sameRows(t, "resumed", readRows(t, sum.Runs), want)
	}
}

func TestResumeRefusesCorruptFile(t *testing.T) {
	opts := testOptions(t, "5", 1000, 2, "warnsdorff")
	if _, err := Run(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(opts.Out, RunsFile)
	data, _ := os.ReadFile(path)
	lines := strings.SplitAfter(string(data), "\n")
	opts.Resume = true
	for _, tt := range []struct {
		name, text, want string
	}{
		{"doubled row", string(data) + lines[3], "line 27: a second row for warnsdorff on 5x5 from "},
		{"foreign row", string(data) + strings.Replace(lines[1], "5,5,", "6,6,", 1), "line 27: no job runs warnsdorff"},
		{"other header", strings.Replace(string(data), "time_ns", "time", 1), "is not this program's"},
		{"bad status", strings.Replace(string(data), ",dead_end,", ",dead,", 1), `unknown status "dead"`},
	} {
		if err := os.WriteFile(path, []byte(tt.text), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Run(context.Background(), opts)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v; want %q", tt.name, err, tt.want)
		}
		if after, _ := os.ReadFile(path); string(after) != tt.text {
			t.Errorf("%s: the file changed", tt.name)
		}
	}
}

func TestNewOutDir(t *testing.T) {
	root := t.TempDir()
	now := time.Date(2025, 1, 2, 15, 4, 5, 0, time.UTC)
	first := NewOutDir(root, now)
	if first != filepath.Join(root, "20250102-150405") {
		t.Fatalf("NewOutDir = %s", first)
	}
	os.Mkdir(first, 0o755)
	if second := NewOutDir(root, now); second != first+"-2" {
		t.Errorf("second NewOutDir = %s", second)
	}
}
