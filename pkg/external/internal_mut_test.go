package external

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"knightsweep/pkg/board"
)

// A request that fits a pipe's first page (4096 bytes, the size of the
// page every pipe holds) is written into a pipe before the process
// starts, so that no goroutine copies it while the process runs; a larger
// one is a reader that os/exec copies. Either way the process reads the
// request's bytes.
func TestRequestInPipeWhereItFits(t *testing.T) {
	for _, tt := range []struct {
		name string
		size int
		pipe bool
	}{
		{"an empty request: a pipe", 0, true},
		{"a request line: a pipe", 120, true},
		{"a request of exactly 4096 bytes: a pipe", 4096, true},
		{"a request of 4097 bytes: a reader os/exec copies", 4097, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			req := bytes.Repeat([]byte("r"), tt.size)
			in := requestIn(req)
			f, isFile := in.(*os.File)
			if isFile {
				defer f.Close()
			}
			if isFile != tt.pipe {
				t.Errorf("requestIn of %d bytes gives a %T, want a pipe: %v", tt.size, in, tt.pipe)
			}
			got, err := io.ReadAll(in)
			if err != nil || !bytes.Equal(got, req) {
				t.Errorf("read back %d bytes (%v), want the request's %d", len(got), err, len(req))
			}
		})
	}
}

// mayFoldKeys asks for the second, case-folding decode only where a key
// may match an answer key by case alone: a non-ASCII byte (from 0x80, the
// first byte of every multi-byte character, on), an escape, or a key in
// other case. A plain line, the common answer, needs no second decode.
func TestMayFoldKeys(t *testing.T) {
	for _, tt := range []struct {
		name, line string
		want       bool
	}{
		{"a plain answer: no second decode", `{"status":"found","tour":[0,1,2],"nodes":3}`, false},
		{"a lone byte 0x80 may fold", "{\"status\":\"found\",\"x\":\"\x80\"}", true},
		{"a non-ASCII key (long s) may fold", `{"ſtatus":"found"}`, true},
		{"an escape may fold", `{"\u0073tatus":"found"}`, true},
		{"an upper-case key may fold", `{"STATUS":"found"}`, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := mayFoldKeys([]byte(tt.line)); got != tt.want {
				t.Errorf("mayFoldKeys(%q) = %v, want %v", tt.line, got, tt.want)
			}
		})
	}
}

// The fast answer parser's words are lower-case letters a to z (z
// included) and underscores.
func TestFastParserLettersAtoZ(t *testing.T) {
	for _, tt := range []struct {
		name, in, want string
		ok             bool
	}{
		{"a word of a to z and underscores", `"abc_xyz"`, "abc_xyz", true},
		{"a word of z alone", `"zz"`, "zz", true},
		{"an upper-case letter ends the word", `"aZ"`, "a", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := &fastParser{b: []byte(tt.in)}
			w, ok := p.letters()
			if string(w) != tt.want || ok != tt.ok {
				t.Errorf("letters(%s) = %q, %v; want %q, %v", tt.in, w, ok, tt.want, tt.ok)
			}
		})
	}
}

// A peak of resident memory is near an address-space limit within an
// eighth of it, or 4 MiB for a small limit: a peak of 0 is within 4 MiB
// of a 4 MiB limit; an unknown peak (-1) is near nothing.
func TestNearLimitSmallLimits(t *testing.T) {
	const mib = 1 << 20
	for _, tt := range []struct {
		name      string
		peak, mem int64
		want      bool
	}{
		{"peak 0 under a 4 MiB limit: within 4 MiB", 0, 4 * mib, true},
		{"peak 1 byte under a 4 MiB limit", 1, 4 * mib, true},
		{"an unknown peak (-1) under a 4 MiB limit", -1, 4 * mib, false},
		{"peak 0 under a 5 MiB limit: 5 MiB below it", 0, 5 * mib, false},
		{"peak 56 MiB under 64 MiB: an eighth below", 56 * mib, 64 * mib, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := nearLimit(tt.peak, tt.mem); got != tt.want {
				t.Errorf("nearLimit(%d, %d) = %v, want %v", tt.peak, tt.mem, got, tt.want)
			}
		})
	}
}

// A run as long as a person's stop (humanStop or more) waits a hundredth
// of its time, at most signalLag, for the SIGCONT that would end a stop
// before spoiled decides. The waits are bounded below by time.Sleep; the
// one bounded above (a run of exactly humanStop waits 5 ms, not
// signalLag) takes the shortest of several tries, which only a machine
// that kept this test off the CPU 15 ms each time could push past it.
func TestSpoiledWaitsForAStopsSignal(t *testing.T) {
	stops := continues()
	wait := func(wall time.Duration) time.Duration {
		t0 := time.Now()
		if spoiled(Outcome{Wall: wall}, stops) {
			t.Fatalf("a run of %v not late, with no SIGCONT, is spoiled", wall)
		}
		return time.Since(t0)
	}
	t.Run("a run of 10 s waits signalLag", func(t *testing.T) {
		if d := wait(10 * time.Second); d < signalLag {
			t.Errorf("waited %v, want signalLag (%v)", d, signalLag)
		}
	})
	t.Run("a run of exactly humanStop waits a hundredth of it", func(t *testing.T) {
		shortest := time.Hour
		for range 8 {
			d := wait(humanStop)
			if d < humanStop/100 {
				t.Fatalf("waited %v, want %v", d, humanStop/100)
			}
			shortest = min(shortest, d)
		}
		if shortest >= signalLag {
			t.Errorf("waited %v at the least of 8 tries, want %v (a hundredth of the run), not signalLag (%v)", shortest, humanStop/100, signalLag)
		}
	})
}

// stop on a session without a process reports its usage unknown: a peak
// memory of -1, never a figure.
func TestStopWithoutProcessUsageUnknown(t *testing.T) {
	s := &session{}
	st, u, p := s.stop("test")
	if st != nil || p != nil || u.maxRSS != -1 {
		t.Errorf("stop without a process = %v, %+v, %v; want nil, maxRSS -1, nil", st, u, p)
	}
}

// readFrom, as io.Copy, writes only what it read: a read of no bytes
// calls no Write (a writer may count or refuse an empty write).
func TestReadFromWritesNoEmptyRead(t *testing.T) {
	for _, tt := range []struct {
		name   string
		reads  []string
		writes int
	}{
		{"an empty read between two reads", []string{"ab", "", "cd"}, 2},
		{"nothing but an empty read", []string{""}, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var w countWriter
			n, err := readFrom(&w, &scriptedReader{reads: tt.reads})
			want := int64(len(strings.Join(tt.reads, "")))
			if err != nil || n != want || w.calls != tt.writes || w.buf.String() != strings.Join(tt.reads, "") {
				t.Errorf("readFrom = %d, %v, %d writes of %q; want %d, nil, %d writes", n, err, w.calls, w.buf.String(), want, tt.writes)
			}
		})
	}
}

type countWriter struct {
	buf   bytes.Buffer
	calls int
}

func (w *countWriter) Write(p []byte) (int, error) {
	w.calls++
	return w.buf.Write(p)
}

// scriptedReader returns its reads in turn, an empty one as (0, nil),
// then io.EOF.
type scriptedReader struct{ reads []string }

func (r *scriptedReader) Read(p []byte) (int, error) {
	if len(r.reads) == 0 {
		return 0, io.EOF
	}
	n := copy(p, r.reads[0])
	r.reads = r.reads[1:]
	return n, nil
}

// A grid is rows lines of cols numbers: output without a line of numbers
// holds none.
func TestReadGridNoLines(t *testing.T) {
	for _, rows := range []int{0, 1, 5} {
		if sq, err := readGrid(rows, 5, nil); err != errNotGrid {
			t.Errorf("readGrid(%d, 5, no lines) = %v, %v; want %v", rows, sq, err, errNotGrid)
		}
	}
}

// A line longer than the reader's buffer is gathered in the session's own
// buffer, which the session keeps for the next such line (up to lineKept
// bytes): reading long answers allocates once, not each time.
func TestReadLineKeepsItsBuffer(t *testing.T) {
	line := strings.Repeat("7,", 100) + "7\n"
	s := &session{br: bufio.NewReaderSize(strings.NewReader(line+line), 16)}
	got, err := s.readLine()
	if err != nil || string(got) != line {
		t.Fatalf("readLine = %q, %v; want the line", got, err)
	}
	if cap(s.line) < len(line) {
		t.Fatalf("the session kept a buffer of %d bytes, want the line's (%d)", cap(s.line), len(line))
	}
	kept := &s.line[:1][0]
	if got, err := s.readLine(); err != nil || string(got) != line || &got[0] != kept {
		t.Errorf("the second long line was read into a new buffer (%v), not the kept one", err)
	}
}

// The first solver started starts the reaper, this binary again, and
// tells it of each process group it starts; when the harness ends (its
// end of the pipe closed, as its death closes it), the reaper kills the
// groups still listed. The package's own reaper, if one started, is set
// aside while the test runs one of its own.
func TestReaperKillsListedGroupsWhenTheHarnessEnds(t *testing.T) {
	cmd := exec.Command("sleep", "60")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pid := cmd.Process.Pid
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		_ = syscall.Kill(-pid, syscall.SIGKILL)
		<-exited
	})

	reaper.mu.Lock()
	saved := reaper.w
	reaper.w = nil
	reaper.once = sync.Once{}
	reaper.mu.Unlock()
	t.Cleanup(func() {
		reaper.mu.Lock()
		defer reaper.mu.Unlock()
		if reaper.w != nil {
			reaper.w.Close()
		}
		reaper.w = saved
		reaper.once = sync.Once{}
		if saved != nil {
			reaper.once.Do(func() {})
		}
	})

	track(pid, true)
	reaper.mu.Lock()
	w := reaper.w
	reaper.w = nil
	reaper.mu.Unlock()
	if w == nil {
		t.Fatal("no reaper runs after a group was tracked: a killed harness would leave the group running")
	}
	w.Close()
	select {
	case err := <-exited:
		exited <- err
		ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus)
		if !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
			t.Errorf("the listed group ended with %v, want SIGKILL from the reaper", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the listed group still runs 10 s after the harness's end")
	}
}

// A request carries its move order's text, offsets and spaces, written as
// it is: no allocation a request, and the bytes encoding/json writes.
func TestAppendStringOrderWithoutAllocating(t *testing.T) {
	for _, tt := range []struct{ name, s string }{
		{"the default order's text", board.DefaultOrder.String()},
		{"a space alone", " "},
		{"printable ASCII from space to tilde, less quote, backslash and <>&", " !#$%'()*+,-./09:;=?@AZ[]^_`az{|}~"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			want, _ := json.Marshal(tt.s)
			buf := make([]byte, 0, 256)
			if got := appendString(buf, tt.s); string(got) != string(want) {
				t.Fatalf("appendString(%q) = %s, want %s", tt.s, got, want)
			}
			if n := testing.AllocsPerRun(20, func() { buf = appendString(buf[:0], tt.s) }); n != 0 {
				t.Errorf("appendString(%q) allocates %v times, want 0", tt.s, n)
			}
		})
	}
}
