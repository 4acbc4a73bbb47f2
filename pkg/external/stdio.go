package external

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"golang.org/x/sys/unix"

	"knightsweep/pkg/memlimit"
	"knightsweep/pkg/status"
)

// session is a stdio solver's process and its pipes, started at the first
// request and again after it died or was ended. Its answers are read by
// the goroutine that asks, waiting in the kernel up to its deadline
// (pipes): nothing stands between the answer and the run's clock.
type session struct {
	exe    *Executable
	limits Limits
	p      *process
	// pipes are the process's stdin and stdout, br the reader of its
	// stdout.
	pipes *pipes
	br    *bufio.Reader
	// req is the request's line, written again for each request.
	req []byte
	// line is kept for lines that the reader's buffer does not hold
	// whole, up to lineKept bytes.
	line []byte
	// id numbers the requests of the current process.
	id int64
	// ids is set when the process's warm-up answer carried its id: every
	// answer must then carry its own.
	ids bool
	// noIDs is called when a warm-up answer carries no id (nil: nothing).
	noIDs func()
	// unread is set when the process ended without reading the last
	// request.
	unread bool
}

// lineKept is the most a session keeps of a line between reads: a tour
// of a board of tens of thousands of squares, not LineCap.
const lineKept = 1 << 20

// errLineCap is a line longer than the output cap.
var errLineCap = errors.New("answer line over the output cap")

func (s *session) begin() error {
	pp, inR, outW, err := newPipes()
	if err != nil {
		return err
	}
	p, err := start(s.exe.Path, s.exe.Spec.Args, inR, outW, s.limits.Memory)
	inR.Close()
	outW.Close()
	if err != nil {
		pp.close()
		return err
	}
	pp.watch(p.exited, &p.exitAt)
	s.p, s.pipes, s.id, s.ids = p, pp, 0, false
	if s.br == nil {
		s.br = bufio.NewReaderSize(pp, 64<<10)
	} else {
		s.br.Reset(pp)
	}
	return nil
}

// exitLinger is how long a read waits for the rest of an exited process's
// output.
const exitLinger = 100 * time.Millisecond

// warmUp is the request a stdio process answers before its first
// measured one: the 1x1 board, whose one tour is [0]. Any well-formed
// answer to it says the process is ready (an interpreter started, its
// modules loaded), so that no run's time, CPU time or timeout counts the
// process's start.
var warmUp = Request{Rows: 1, Cols: 1}

// quiet is how long a stdio process whose answers carry no id must stay
// silent after its warm-up answer, once a start.
const quiet = 50 * time.Millisecond

// ready starts a process and waits for its answer to the warm-up request,
// within the start-up limit. On failure the session is ended and the
// error outcome returned.
func (s *session) ready(ctx context.Context) (Outcome, bool) {
	if err := s.begin(); err != nil {
		return failed(fmt.Sprintf("cannot start %s: %v", s.exe.Path, err)), false
	}
	limit := s.limits.startup()
	o, text, ok := s.exchange(ctx, warmUp, limit)
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
	a, err := ParseAnswer(text)
	if err != nil {
		return s.reject("warm-up request: "+err.Error(), failed("")), false
	} else if a.ID != 0 && a.ID != s.id {
		return s.reject(fmt.Sprintf("warm-up request: answer for request %d, not for request %d", a.ID, s.id), failed("")), false
	}
	if s.ids = a.ID != 0; s.ids {
		// Every answer must carry its request's id: a stray line, before
		// the first request or after any answer, is refused as the
		// answer it would take the place of (run), and no quiet period
		// is needed to see it.
		return Outcome{}, true
	}
	if s.noIDs != nil {
		s.noIDs()
	}
	// A second line soon after the warm-up's answer is a line printed
	// before the first request (a banner, a stray answer): taken as the
	// next run's answer, it would shift every answer by one.
	s.pipes.readBy = time.Now().Add(quiet)
	extra, err := s.readLine()
	switch {
	case err == nil || len(extra) > 0:
		return s.reject("warm-up request: "+stray(s.id+1, extra), failed("")), false
	case errors.Is(err, os.ErrDeadlineExceeded) && !s.exited():
		return Outcome{}, true
	}
	return s.dead("warm-up request: the process ended after its answer", failed("")), false
}

// done reports whether ctx was canceled: its Done channel, not its Err,
// which a search's context also sets at its time budget (the harness
// times the run itself).
func done(ctx context.Context) bool {
	select {
	case <-ctx.Done():
		return true
	default:
		return false
	}
}

// exited reports whether the process has exited.
func (s *session) exited() bool {
	select {
	case <-s.p.exited:
		return true
	default:
		return false
	}
}

// readLine reads the next line that is not blank (blank lines are no
// answers), under the deadline set on s.pipes. A line longer than the cap
// is errLineCap, without more than the cap ever held; a read cut short
// returns what it read of the line with the error.
func (s *session) readLine() ([]byte, error) {
	limit := s.limits.lineCap()
	buf := s.line[:0]
	for {
		chunk, err := s.br.ReadSlice('\n')
		if int64(len(buf))+int64(len(chunk)) > limit {
			return nil, errLineCap
		}
		if err == nil && len(buf) == 0 && len(bytes.TrimSpace(chunk)) > 0 {
			return chunk, nil // valid until the next read
		}
		buf = append(buf, chunk...)
		if cap(buf) <= lineKept {
			s.line = buf[:0]
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err != nil:
			return buf, err
		case len(bytes.TrimSpace(buf)) == 0:
			buf = buf[:0]
			continue
		}
		return buf, nil
	}
}

// pending returns what the process wrote that no request asked for yet:
// a line already read into the buffer, or, if pipe is set, bytes waiting
// in the pipe.
func (s *session) pending(pipe bool) []byte {
	if n := s.br.Buffered(); n > 0 {
		b, _ := s.br.Peek(n)
		if len(bytes.TrimSpace(b)) > 0 {
			return b
		}
		s.br.Discard(n)
	}
	if !pipe {
		return nil
	}
	// TIOCINQ is FIONREAD: the bytes a pipe holds.
	waiting, _ := unix.IoctlGetInt(s.pipes.out, unix.TIOCINQ)
	if waiting <= 0 {
		return nil
	}
	// Bytes are waiting: the read does not block.
	s.pipes.readBy = time.Time{}
	b, _ := s.br.Peek(min(waiting, s.br.Size()))
	if len(bytes.TrimSpace(b)) == 0 {
		s.br.Discard(len(b))
		return nil
	}
	return b
}

// stop ends the process, if there is one, and reaps it.
func (s *session) stop(why string) (*os.ProcessState, usage, *process) {
	p := s.p
	if p == nil {
		return nil, usage{maxRSS: -1}, nil
	}
	s.p = nil
	s.pipes.closeIn()
	select {
	case <-p.exited:
	default:
		p.end(why, s.limits.grace())
	}
	st, u := p.finish()
	s.pipes.close()
	s.pipes = nil
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
	return fmt.Sprintf("a line before request %d was sent, which answers no request (an extra answer, or output before the first request, such as a banner, which goes to stderr): %s", id, quote(string(text)))
}

// cpuClock returns the process's CPU time so far (all its threads), or -1.
func cpuClock(pid int) time.Duration {
	var ts unix.Timespec
	clock := int32(^pid<<3 | 2) // CPUCLOCK_SCHED of the process (clock_getcpuclockid)
	if err := rawClockGettime(clock, &ts); err != nil {
		return -1
	}
	return time.Duration(ts.Nano())
}

func (s *session) run(ctx context.Context, r Request) Outcome {
	// A process that ended after its last answer, with nothing more to
	// say, ended between requests: not the next request's fault.
	if s.p != nil && s.exited() && s.pending(true) == nil {
		s.stop("ended between requests")
	}
	var (
		o    Outcome
		text []byte
		ok   bool
	)
	// A process that ends without reading the request is started again
	// once, the request sent to the new one; one that does so again is
	// the run's error, so that a solver that always ends costs a start a
	// run, never a loop.
	for try := 0; try < 2; try++ {
		if s.p == nil {
			if o, ok := s.ready(ctx); !ok {
				return o
			}
		}
		s.unread = false
		if o, text, ok = s.exchange(ctx, r, s.limits.Timeout); ok || !s.unread {
			break
		}
	}
	if !ok {
		return o
	}
	a, err := ParseAnswer(text)
	if err != nil {
		return s.reject(err.Error(), o)
	}
	switch {
	case a.ID != 0 && a.ID != s.id:
		return s.reject(fmt.Sprintf("answer for request %d, not for request %d: %s", a.ID, s.id, quote(string(text))), o)
	case a.ID == 0 && s.ids:
		return s.reject(fmt.Sprintf("answer without the id of request %d, where the warm-up's answer carried its id: %s", s.id, quote(string(text))), o)
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
func (s *session) exchange(ctx context.Context, r Request, timeout time.Duration) (o Outcome, text []byte, ok bool) {
	s.id++
	r.ID = s.id
	s.req = appendWire(s.req[:0], r)
	o = Outcome{MaxRSS: -1, CPU: -1}
	// What the process wrote before this request is no answer to it: an
	// extra line after the last answer, which would shift every later
	// answer onto the wrong request. Where answers carry their request's
	// id, a line still in the pipe needs no look (a system call a run):
	// read as this request's answer, it is refused by its id (run).
	if b := s.pending(!s.ids); b != nil {
		return s.reject(stray(r.ID, b), o), nil, false
	}
	pp := s.pipes
	pp.follow(ctx)
	defer func() { pp.ctx = context.Background() }()
	var writeBy time.Time
	pp.readBy = time.Time{}
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
	timedOut := func() (Outcome, []byte, bool) {
		o.CPU = cpu()
		o.Answer.Status, o.Wall = status.Timeout, time.Since(t0)
		o.late = o.Wall > timeout+s.limits.grace()+lateSlack
		s.stop("timeout")
		return o, nil, false
	}
	canceled := func() (Outcome, []byte, bool) {
		s.stop("interrupted")
		o.Answer.Status = status.Canceled
		return o, nil, false
	}
	// A process that reads nothing lets a request lie in the pipe, which
	// holds far more than one: only a full pipe blocks, and its deadline
	// turns that into the run's timeout.
	if timeout > 0 {
		pp.readBy = t0.Add(timeout + s.limits.grace())
		writeBy = t0.Add(timeout)
	}
	if err := pp.write(s.req, writeBy); err != nil {
		switch {
		case done(ctx):
			return canceled()
		case errors.Is(err, os.ErrDeadlineExceeded):
			return timedOut()
		}
		return s.ended(r.ID, o, errors.Is(err, unix.EPIPE)), nil, false
	}
	text, err := s.readLine()
	o.Wall = time.Since(t0)
	o.CPU = cpu()
	// A deadline seen well after it passed: this process did not run
	// then (absent.go).
	o.late = timeout > 0 && o.Wall > timeout+s.limits.grace()+lateSlack
	switch {
	case err == nil:
		return o, text, true
	case done(ctx):
		return canceled()
	case err == errLineCap:
		return s.reject(fmt.Sprintf("answer line over %s", memlimit.Format(s.limits.lineCap())), o), nil, false
	case errors.Is(err, os.ErrDeadlineExceeded) && !s.exited():
		return timedOut()
	}
	// The request's bytes all still in the pipe: the process never read
	// it (TIOCINQ counts a pipe's bytes from either end).
	waiting, err := unix.IoctlGetInt(s.pipes.in, unix.TIOCINQ)
	return s.ended(r.ID, o, err == nil && waiting == len(s.req)), nil, false
}

// ended ends the session of a process whose stdout closed, or stdin
// refused request id: it is ending, on its own as a rule (a crash closes
// its pipes a moment before the exit is seen). It has the grace period to
// end, so that its reason is its own exit, not the harness's signal.
// unread says it ended without reading the request (s.unread).
func (s *session) ended(id int64, o Outcome, unread bool) Outcome {
	select {
	case <-s.p.exited:
	case <-time.After(s.limits.grace()):
	}
	s.unread = unread
	if unread {
		return s.dead(fmt.Sprintf("the process ended before reading request %d", id), o)
	}
	return s.dead(fmt.Sprintf("the process ended before answering request %d", id), o)
}
