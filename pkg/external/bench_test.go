package external_test

import (
	"context"
	"slices"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"knightsweep/pkg/board"
	"knightsweep/pkg/external"
	"knightsweep/pkg/solver"
	"knightsweep/pkg/status"
)

// The harness's cost a run against the bare system calls it stands on,
// with the fixture answering at once (docs/performance.md):
//
//	go test ./pkg/external -run '^$' -bench 'Stdio|OneProcess' -count 5
//
// Each harness benchmark reports, beside its cost a run (ns/op), the
// median time_ns the runs recorded (time-ns/run); bare is the same
// exchange by system calls alone: a request written and its answer read
// over blocking pipes, or a program spawned, read to its end and waited
// for.

// BenchmarkStdio is a stdio solver's run.
func BenchmarkStdio(b *testing.B) {
	b.Run("harness", func(b *testing.B) {
		harness(b, "stdio-instant", true, external.Limits{Timeout: time.Minute})
	})
	b.Run("harness-memlimit", func(b *testing.B) {
		harness(b, "stdio-instant", true, external.Limits{Timeout: time.Minute, Memory: 1 << 30})
	})
	b.Run("bare", func(b *testing.B) {
		in, out := pipe(b), pipe(b)
		var pid int
		pid, err := syscall.ForkExec(fixture, []string{fixture, "stdio-instant", "bench"},
			&syscall.ProcAttr{Files: []uintptr{uintptr(in[0]), uintptr(out[1]), 2}})
		if err != nil {
			b.Fatal(err)
		}
		unix.Close(in[0])
		unix.Close(out[1])
		req := []byte(`{"version":1,"id":2,"rows":8,"cols":8,"start":[0,0],"closed":false,"seed":0,"seed_text":"0","max_nodes":0,"timeout_ms":60000,"order":"2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1"}` + "\n")
		buf := make([]byte, 4096)
		for b.Loop() {
			if _, err := unix.Write(in[1], req); err != nil {
				b.Fatal(err)
			}
			for got := 0; got == 0 || buf[got-1] != '\n'; {
				n, err := unix.Read(out[0], buf[got:])
				if err != nil || n == 0 {
					b.Fatal("no answer", err)
				}
				got += n
			}
		}
		unix.Close(in[1])
		unix.Close(out[0])
		var ws syscall.WaitStatus
		_, _ = syscall.Wait4(pid, &ws, 0, nil)
	})
}

// BenchmarkOneProcess is a run of one process.
func BenchmarkOneProcess(b *testing.B) {
	b.Run("harness", func(b *testing.B) {
		harness(b, "instant", false, external.Limits{Timeout: time.Minute})
	})
	b.Run("harness-memlimit", func(b *testing.B) {
		harness(b, "instant", false, external.Limits{Timeout: time.Minute, Memory: 1 << 30})
	})
	b.Run("bare", func(b *testing.B) {
		buf := make([]byte, 4096)
		for b.Loop() {
			out := pipe(b)
			pid, err := syscall.ForkExec(fixture, []string{fixture, "instant", "bench"},
				&syscall.ProcAttr{Files: []uintptr{0, uintptr(out[1]), 2}})
			if err != nil {
				b.Fatal(err)
			}
			unix.Close(out[1])
			for {
				if n, err := unix.Read(out[0], buf); n <= 0 || err != nil {
					break
				}
			}
			unix.Close(out[0])
			var ws syscall.WaitStatus
			if _, err := syscall.Wait4(pid, &ws, 0, nil); err != nil || ws.ExitStatus() != 0 {
				b.Fatal(err, ws)
			}
		}
	})
}

// harness runs the fixture in mode through the strategy's search, as a
// sweep's worker does, on an 8x8 board from 0,0.
func harness(b *testing.B, mode string, stdio bool, limits external.Limits) {
	spec, err := external.Parse("bench=" + map[bool]string{true: "stdio:"}[stdio] + fixture + " " + mode + " bench")
	if err != nil {
		b.Fatal(err)
	}
	exe, err := external.Resolve(spec)
	if err != nil {
		b.Fatal(err)
	}
	st := external.NewStrategy(exe, limits)
	defer st.Close()
	search, err := st.Prepare(solver.Problem{Board: board.Board{Rows: 8, Cols: 8}, Strategy: "bench", Order: board.DefaultOrder})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	if res := search.Run(ctx); res.Status != status.DeadEnd { // a stdio process's start
		b.Fatalf("%s: %s", res.Status, res.Err)
	}
	times := make([]time.Duration, 0, 1<<16)
	for b.Loop() {
		res := search.Run(ctx)
		if res.Status != status.DeadEnd {
			b.Fatalf("%s: %s", res.Status, res.Err)
		}
		if len(times) < cap(times) {
			times = append(times, res.Elapsed)
		}
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2]), "time-ns/run")
}

// pipe returns a pipe's read and write ends, blocking, closed on exec.
func pipe(b *testing.B) [2]int {
	var p [2]int
	if err := unix.Pipe2(p[:], unix.O_CLOEXEC); err != nil {
		b.Fatal(err)
	}
	return p
}
