package sweep

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"knightsweep/pkg/runs"
)

// Rows reach the file within flushEvery, while the writer is still open.
func TestWriterFlushesPromptly(t *testing.T) {
	path := filepath.Join(t.TempDir(), RunsFile)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := startWriter(f, false, nil)
	for i := range 3 {
		if err := w.put(result{row: runs.Row{Rows: 5, Cols: 5, StartRow: i, Status: "found", Solvable: "yes"}}); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(10 * flushEvery)
	for {
		data, _ := os.ReadFile(path)
		if strings.Count(string(data), "\n") == 3 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after %v the file holds %q", 10*flushEvery, data)
		}
		time.Sleep(flushEvery / 10)
	}
	if err := w.close(); err != nil {
		t.Fatal(err)
	}
	if w.written != 3 || w.counts["found"] != 3 {
		t.Errorf("written %d, counts %v", w.written, w.counts)
	}
}

func TestWriterTours(t *testing.T) {
	path := filepath.Join(t.TempDir(), RunsFile)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	f.WriteString(csvHeader(true))
	w := startWriter(f, true, nil)
	w.put(result{row: runs.Row{Rows: 1, Cols: 1, Status: "found", Solvable: "yes", Error: "a, \"b\""}, tour: "0"})
	w.put(result{row: runs.Row{Rows: 3, Cols: 3, Status: "dead_end", Solvable: "no"}})
	if err := w.close(); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 3 || !strings.HasSuffix(lines[0], ",error,max_nodes,timeout_ns,tour") ||
		!strings.HasSuffix(lines[1], `,"a, ""b""",0,0,0`) || !strings.HasSuffix(lines[2], ",,0,0,") {
		t.Errorf("file:\n%s", data)
	}
}

// A write error stops the writer; put and close report it.
func TestWriterError(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), RunsFile))
	if err != nil {
		t.Fatal(err)
	}
	f.Close() // every write now fails
	w := startWriter(f, false, nil)
	var putErr error
	for i := 0; i < 10*batchRows && putErr == nil; i++ {
		putErr = w.put(result{row: runs.Row{Rows: 5, Cols: 5, Status: "found", Solvable: "yes"}})
	}
	closeErr := w.close()
	if putErr == nil || closeErr == nil || !strings.Contains(closeErr.Error(), "file already closed") {
		t.Errorf("put: %v, close: %v; want the write error", putErr, closeErr)
	}
}

func TestOneLine(t *testing.T) {
	for in, want := range map[string]string{
		"":                              "",
		"plain":                         "plain",
		"panic: x\n\nstack\n\tf.go:1\n": "panic: x |  | stack f.go:1 | ",
		"a\r\nb":                        "a | b",
	} {
		if got := oneLine(in); got != want {
			t.Errorf("oneLine(%q) = %q; want %q", in, got, want)
		}
	}
}
