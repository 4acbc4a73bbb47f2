package external

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"golang.org/x/sys/unix"

	"knightsweep/pkg/status"
)

// session is a stdio solver's process and its pipes, started at the first
// request and again after it died or was ended.
type session struct {
	exe    *Executable
	limits Limits
	p      *process
	in     *os.File
	lines  chan line
	// id numbers the requests of the current process.
	id int64
}

// line is one line of a stdio solver's stdout, or why there is none.
type line struct {
	text []byte
	err  error
}

// errLineCap is a line longer than the output cap.
var errLineCap = errors.New("answer line over the output cap")

func (s *session) begin() error {
	inR, inW, err := os.Pipe()
	if err != nil {
		return err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return err
	}
	p, err := start(s.exe.Path, s.exe.Spec.Args, inR, outW, s.limits.Memory)
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return err
	}
	s.p, s.in, s.id = p, inW, 0
	s.lines = make(chan line, 1)
	go readLines(outR, s.limits.Output, s.lines)
	return nil
}

// readLines sends r's lines on out until r ends; then it closes out. A
// line longer than limit (0: 64 MiB) ends the reading with errLineCap.
func readLines(r *os.File, limit int64, out chan<- line) {
	defer close(out)
	defer r.Close()
	if limit <= 0 {
		limit = 64 << 20
	}
	br := bufio.NewReaderSize(r, 64<<10)
	var buf []byte
	for {
		chunk, err := br.ReadSlice('\n')
		buf = append(buf, chunk...)
		if int64(len(buf)) > limit {
			out <- line{err: errLineCap}
			_, _ = io.Copy(io.Discard, r) // until the group is killed
			return
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err != nil:
			if len(buf) > 0 {
				out <- line{text: buf}
			}
			out <- line{err: err}
			return
		}
		out <- line{text: buf}
		buf = nil
	}
}

// stop ends the process, if there is one, and reaps it.
func (s *session) stop(why string) (*os.ProcessState, *process) {
	p := s.p
	if p == nil {
		return nil, nil
	}
	s.p = nil
	s.in.Close()
	select {
	case <-p.exited:
	default:
		p.end(why, s.limits.grace())
	}
	st, _ := p.finish()
	for range s.lines { // the reader ends once the pipe does
	}
	return st, p
}

// dead ends the session after the process failed and returns the error
// outcome, with its exit state and stderr.
func (s *session) dead(cause string, o Outcome) Outcome {
	st, p := s.stop(cause)
	o.Answer = Answer{Status: status.Error}
	o.Reason = p.failure(st, cause, s.limits.Memory)
	return o
}

// cpuClock returns the process's CPU time so far (all its threads), or -1.
func cpuClock(pid int) time.Duration {
	var ts unix.Timespec
	clock := int32(^pid<<3 | 2) // CPUCLOCK_SCHED of the process (clock_getcpuclockid)
	if err := unix.ClockGettime(clock, &ts); err != nil {
		return -1
	}
	return time.Duration(ts.Nano())
}

func (s *session) run(ctx context.Context, r Request) Outcome {
	if s.p == nil {
		if err := s.begin(); err != nil {
			return failed(fmt.Sprintf("cannot start %s: %v", s.exe.Path, err))
		}
	}
	s.id++
	r.ID = s.id
	req, _ := json.Marshal(r)
	req = append(req, '\n')
	o := Outcome{MaxRSS: -1}
	cpu0 := cpuClock(s.p.pid)
	t0 := time.Now()
	// A process that reads nothing lets a request lie in the pipe, which
	// holds far more than one: only a full pipe blocks, and its deadline
	// turns that into the run's timeout.
	if s.limits.Timeout > 0 {
		_ = s.in.SetWriteDeadline(t0.Add(s.limits.Timeout))
	}
	if _, err := s.in.Write(req); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			s.stop("timeout")
			o.Answer.Status, o.Wall = status.Timeout, time.Since(t0)
			return o
		}
		return s.dead(fmt.Sprintf("the process ended before answering request %d", r.ID), o)
	}
	var timeout <-chan time.Time
	if s.limits.Timeout > 0 {
		t := time.NewTimer(s.limits.Timeout + s.limits.grace())
		defer t.Stop()
		timeout = t.C
	}
	var l line
	select {
	case l = <-s.lines:
	case <-s.p.exited:
		// Its last answer may still be in the pipe.
		select {
		case l = <-s.lines:
		case <-time.After(100 * time.Millisecond):
			l.err = io.EOF
		}
	case <-timeout:
		s.stop("timeout")
		o.Answer.Status, o.Wall = status.Timeout, time.Since(t0)
		return o
	case <-ctx.Done():
		s.stop("interrupted")
		o.Answer.Status = status.Canceled
		return o
	}
	o.Wall = time.Since(t0)
	if cpu1 := cpuClock(s.p.pid); cpu0 >= 0 && cpu1 >= cpu0 {
		o.CPU = cpu1 - cpu0
	}
	switch {
	case l.err == errLineCap:
		return s.dead(fmt.Sprintf("answer line over %s", MiB(s.limits.output(r.Rows, r.Cols))), o)
	case l.err != nil:
		return s.dead(fmt.Sprintf("the process ended before answering request %d", r.ID), o)
	}
	a, err := ParseAnswer(l.text)
	if err != nil {
		return s.dead(err.Error(), o)
	}
	if a.ID != 0 && a.ID != r.ID {
		return s.dead(fmt.Sprintf("answer for request %d, not for request %d", a.ID, r.ID), o)
	}
	if s.limits.Timeout > 0 && o.Wall > s.limits.Timeout && a.Status != status.Error {
		a = Answer{Status: status.Timeout, Nodes: a.Nodes, Backtracks: a.Backtracks}
	}
	o.Answer = a
	if a.Status == status.Error {
		o.Reason = "the solver reports an error: " + orDash(a.Error)
	}
	return o
}
