package external

import (
	"bufio"
	"bytes"
	"context"
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
	// out is the read end of the process's stdout, which stop closes
	// where a process that left the group holds the write end open.
	out   *os.File
	lines chan line
	// id numbers the requests of the current process.
	id int64
	// ids is set when the process's warm-up answer carried its id: every
	// answer must then carry its own.
	ids bool
}

// line is one line of a stdio solver's stdout, or why there is none, and
// when it was read.
type line struct {
	text []byte
	err  error
	at   time.Time
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
	s.p, s.in, s.out, s.id, s.ids = p, inW, outR, 0, false
	s.lines = make(chan line, 1)
	go readLines(outR, s.limits.lineCap(), s.lines)
	return nil
}

// warmUp is the request a stdio process answers before its first
// measured one: the 1x1 board, whose one tour is [0]. Any well-formed
// answer to it says the process is ready (an interpreter started, its
// modules loaded), so that no run's time, CPU time or timeout counts the
// process's start.
var warmUp = Request{Rows: 1, Cols: 1}

// quiet is how long a stdio process must stay silent after its warm-up
// answer, once a start.
const quiet = 50 * time.Millisecond

// ready starts a process and waits for its answer to the warm-up request,
// within the start-up limit. On failure the session is ended and the
// error outcome returned.
func (s *session) ready(ctx context.Context) (Outcome, bool) {
	if err := s.begin(); err != nil {
		return failed(fmt.Sprintf("cannot start %s: %v", s.exe.Path, err)), false
	}
	limit := s.limits.startup()
	o, l, ok := s.exchange(ctx, warmUp, limit)
	if !ok {
		switch o.Answer.Status {
		case status.Timeout:
			return failed(fmt.Sprintf("no answer to the warm-up request (a 1x1 board) within %v of the start", limit)), false
		case status.Error:
			o.Reason = "warm-up request: " + o.Reason
		}
		// The warm-up's, not a run's: no measured request was sent. A
		// row's time_ns is never empty (runs.csv's contract), so 0, as
		// where the process failed to start; its cpu_ns is empty.
		o.Wall, o.CPU = 0, -1
		return o, false
	}
	a, err := ParseAnswer(l.text)
	if err != nil {
		return s.reject("warm-up request: "+err.Error(), failed("")), false
	} else if a.ID != 0 && a.ID != s.id {
		return s.reject(fmt.Sprintf("warm-up request: answer for request %d, not for request %d", a.ID, s.id), failed("")), false
	}
	s.ids = a.ID != 0
	// A second line soon after the warm-up's answer is a line printed
	// before the first request (a banner, a stray answer): taken as the
	// next run's answer, it would shift every answer by one.
	t := time.NewTimer(quiet)
	defer t.Stop()
	select {
	case l := <-s.lines:
		if l.err == nil {
			return s.reject("warm-up request: "+stray(s.id+1, l.text), failed("")), false
		}
		return s.dead("warm-up request: the process ended after its answer", failed("")), false
	case <-t.C:
	}
	return Outcome{}, true
}

// readLines sends r's lines on out until r ends; then it closes out. A
// line longer than limit ends the reading with errLineCap, without more
// than limit bytes of it ever held. Blank lines are no answers, and are
// passed over.
func readLines(r *os.File, limit int64, out chan<- line) {
	defer close(out)
	defer r.Close()
	br := bufio.NewReaderSize(r, 64<<10)
	var buf []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if int64(len(buf))+int64(len(chunk)) > limit {
			out <- line{err: errLineCap}
			_, _ = io.Copy(io.Discard, br) // until the group is killed
			return
		}
		buf = append(buf, chunk...)
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err != nil:
			if len(bytes.TrimSpace(buf)) > 0 {
				out <- line{text: buf, at: time.Now()}
			}
			out <- line{err: err}
			return
		}
		if len(bytes.TrimSpace(buf)) > 0 {
			out <- line{text: buf, at: time.Now()}
		}
		buf = nil
	}
}

// stop ends the process, if there is one, and reaps it.
func (s *session) stop(why string) (*os.ProcessState, usage, *process) {
	p := s.p
	if p == nil {
		return nil, usage{maxRSS: -1}, nil
	}
	s.p = nil
	s.in.Close()
	select {
	case <-p.exited:
	default:
		p.end(why, s.limits.grace())
	}
	st, u := p.finish()
	// The reader ends once the pipe does; a process that left the group
	// (setsid) may hold it open, so after the grace period the pipe is
	// closed under the reader.
	t := time.NewTimer(s.limits.grace())
	defer t.Stop()
	for done := false; !done; {
		select {
		case _, ok := <-s.lines:
			done = !ok
		case <-t.C:
			s.out.Close()
			for range s.lines {
			}
			done = true
		}
	}
	return st, u, p
}

// reject ends the session for an answer the harness cannot take (cause)
// and returns the error outcome, cause marked as the harness's doing
// (process.failure): the harness stops the process, and whether it then
// dies of the signal or exits on its own as its stdin closes, its exit
// is not the run's reason.
func (s *session) reject(cause string, o Outcome) Outcome {
	s.p.blame(cause)
	return s.dead(cause, o)
}

// dead ends the session after the process failed and returns the error
// outcome, with its exit state and stderr. The process's peak memory is
// its whole life's, not the run's: it is evidence of running out of
// memory (failure), never the run's max_rss.
func (s *session) dead(cause string, o Outcome) Outcome {
	st, u, p := s.stop(cause)
	o.Answer = Answer{Status: status.Error}
	o.Reason = p.failure(st, u, cause, s.limits.Memory)
	return o
}

// stray says why line, read before request id was sent, is refused.
func stray(id int64, text []byte) string {
	return fmt.Sprintf("a line before request %d was sent, which answers no request (an extra answer, or output before the first request): %s", id, quote(string(text)))
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
		if o, ok := s.ready(ctx); !ok {
			return o
		}
	}
	o, l, ok := s.exchange(ctx, r, s.limits.Timeout)
	if !ok {
		return o
	}
	a, err := ParseAnswer(l.text)
	if err != nil {
		return s.reject(err.Error(), o)
	}
	switch {
	case a.ID != 0 && a.ID != s.id:
		return s.reject(fmt.Sprintf("answer for request %d, not for request %d: %s", a.ID, s.id, quote(string(l.text))), o)
	case a.ID == 0 && s.ids:
		return s.reject(fmt.Sprintf("answer without the id of request %d, where the warm-up's answer carried its id: %s", s.id, quote(string(l.text))), o)
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

// exchange writes request r (numbered in r.ID) and reads its answer's
// line within timeout (0: none), measuring the time and CPU time from the
// request written. ok is false when there is no line: the outcome then
// says why (timeout, canceled or an error), and the process is ended.
func (s *session) exchange(ctx context.Context, r Request, timeout time.Duration) (o Outcome, l line, ok bool) {
	s.id++
	r.ID = s.id
	req := wire(r)
	o = Outcome{MaxRSS: -1, CPU: -1}
	// A line already read is no answer to a request not yet sent: an
	// extra line after the last answer, which would shift every later
	// answer onto the wrong request.
	select {
	case l = <-s.lines:
		if l.err == nil {
			return s.reject(stray(r.ID, l.text), o), l, false
		}
		return s.dead(fmt.Sprintf("the process ended before answering request %d", r.ID), o), l, false
	default:
	}
	cpu0 := cpuClock(s.p.pid)
	t0 := time.Now()
	// cpu is the CPU time the process used since the request, read
	// before it is ended, or -1 where the clock cannot be read.
	cpu := func() time.Duration {
		if cpu1 := cpuClock(s.p.pid); cpu0 >= 0 && cpu1 >= cpu0 {
			return cpu1 - cpu0
		}
		return -1
	}
	timedOut := func() (Outcome, line, bool) {
		o.CPU = cpu()
		o.Answer.Status, o.Wall = status.Timeout, time.Since(t0)
		s.stop("timeout")
		return o, l, false
	}
	// A process that reads nothing lets a request lie in the pipe, which
	// holds far more than one: only a full pipe blocks, and its deadline
	// turns that into the run's timeout.
	if timeout > 0 {
		_ = s.in.SetWriteDeadline(t0.Add(timeout))
	}
	if _, err := s.in.Write(req); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return timedOut()
		}
		return s.dead(fmt.Sprintf("the process ended before answering request %d", r.ID), o), l, false
	}
	var expire <-chan time.Time
	if timeout > 0 {
		t := time.NewTimer(timeout + s.limits.grace())
		defer t.Stop()
		expire = t.C
	}
	select {
	case l = <-s.lines:
	case <-s.p.exited:
		// Its last answer may still be in the pipe.
		select {
		case l = <-s.lines:
		case <-time.After(100 * time.Millisecond):
			l.err = io.EOF
		}
	case <-expire:
		return timedOut()
	case <-ctx.Done():
		s.stop("interrupted")
		o.Answer.Status = status.Canceled
		return o, l, false
	}
	o.Wall = time.Since(t0)
	o.CPU = cpu()
	switch {
	case l.err == nil && l.at.Before(t0):
		return s.reject(stray(r.ID, l.text), o), l, false
	case l.err == errLineCap:
		return s.reject(fmt.Sprintf("answer line over %s", MiB(s.limits.lineCap())), o), l, false
	case l.err != nil:
		// Its stdout closed: it is ending, on its own as a rule (a crash
		// closes it a moment before the exit is seen). It has the grace
		// period to end, so that its reason is its own exit, not the
		// harness's signal.
		select {
		case <-s.p.exited:
		case <-time.After(s.limits.grace()):
		}
		return s.dead(fmt.Sprintf("the process ended before answering request %d", r.ID), o), l, false
	}
	return o, l, true
}
