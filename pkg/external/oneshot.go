package external

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"golang.org/x/sys/unix"

	"knightsweep/pkg/board"
	"knightsweep/pkg/memlimit"
	"knightsweep/pkg/status"
)

// A Solver runs a declared, resolved solver: one process a run, or a
// stdio process kept between runs. A Solver serves one goroutine at a
// time: a sweep makes one for each worker.
type Solver struct {
	exe    *Executable
	limits Limits
	// session is the stdio process, when the solver is one.
	session *session
	// orderText is order's written form, the last run's move order.
	order     board.Order
	orderText string
	// noIDs is called when a stdio process's warm-up answer carries no
	// id (nil: nothing).
	noIDs func()
}

// NewSolver returns a Solver for exe under limits.
func NewSolver(exe *Executable, limits Limits) *Solver {
	return &Solver{exe: exe, limits: limits}
}

// Run asks the solver for one run of r and returns what it answered, or
// why it did not. Every failure is an Outcome, never an error: a sweep
// records it as a row and goes on. A run that the harness's own stop
// spoiled is taken again, once (absent.go).
func (s *Solver) Run(ctx context.Context, r Request) Outcome {
	var o Outcome
	for try := 0; ; try++ {
		stops := continues()
		if s.exe.Spec.Stdio {
			if s.session == nil {
				s.session = &session{exe: s.exe, limits: s.limits, noIDs: s.noIDs}
			}
			o = s.session.run(ctx, r)
		} else {
			o = s.once(ctx, r)
		}
		if !spoiled(o, stops) || done(ctx) {
			break
		}
		if try == 1 {
			o = spoiledTwice(o)
			break
		}
		// The SIGCONT of the stop that spoiled the run reaches continues
		// through the runtime's signal goroutine, a moment after this
		// one ran again: let it, so that it is not taken for a stop
		// during the retry.
		time.Sleep(settle)
	}
	o.Reason = oneLine(o.Reason)
	return o
}

// Close ends the solver's stdio process, if it has one.
func (s *Solver) Close() {
	if s.session != nil {
		s.session.stop("closed")
	}
}

// refuse returns why, the reason an answer the checks refused (an invalid
// tour, a contradiction), and ends a stdio solver's process, which the
// next run starts again: without ids, an answer that is not this
// request's is most likely the previous one's, shifted by a stray line,
// and every later answer would be shifted with it.
func (s *Solver) refuse(why string) string {
	if s.session == nil || s.session.p == nil {
		return why
	}
	s.session.stop("its answer was refused")
	return why + " (the harness ended the process, to start it again)"
}

// once runs one process for r.
func (s *Solver) once(ctx context.Context, r Request) Outcome {
	limit := s.limits.output(r.Rows, r.Cols)
	out := &capped{max: limit, why: fmt.Sprintf("output over %s (the cap for a %dx%d board)", memlimit.Format(limit), r.Rows, r.Cols)}
	// One process answers one request: its id is 1, as a stdio
	// process's first.
	r.ID = 1
	stdin := requestIn(wire(r))
	p, err := start(s.exe.Path, s.exe.Spec.Argv(&r), stdin, out, s.limits.Memory)
	if f, ok := stdin.(*os.File); ok {
		f.Close()
	}
	if err != nil {
		return failed(fmt.Sprintf("cannot start %s: %v", s.exe.Path, err))
	}
	out.attach(p)
	var timeout <-chan time.Time
	deadline := time.Now().Add(s.limits.Timeout)
	if s.limits.Timeout > 0 {
		t := time.NewTimer(s.limits.Timeout)
		defer t.Stop()
		timeout = t.C
	}
	timedOut, canceled, late := false, false, false
	select {
	case <-p.exited:
		// An exit seen well after the timer was due: this process did
		// not run at the deadline.
		late = s.limits.Timeout > 0 && p.exitAt.Sub(deadline) > lateSlack
	case <-timeout:
		late = time.Since(deadline) > lateSlack
		// A process that exited while this one was not running (stopped,
		// or descheduled) ended on its own: its answer is read, not
		// called a timeout.
		if p.hasExited() {
			<-p.exited
			break
		}
		timedOut = true
		p.end("timeout", s.limits.grace())
	case <-ctx.Done():
		canceled = true
		p.end("interrupted", s.limits.grace())
	}
	st, u := p.finish()
	o := Outcome{Wall: u.wall, CPU: u.cpu, MaxRSS: u.maxRSS, late: late}
	switch {
	case canceled:
		o.Answer.Status = status.Canceled
		return o
	case timedOut:
		o.Answer.Status = status.Timeout
		return o
	}
	if why := p.why(); why != "" {
		o.Answer.Status, o.Reason = status.Error, p.failure(nil, u, why, 0)
		return o
	}
	if !st.Success() {
		o.Answer.Status, o.Reason = status.Error, p.failure(st, u, "", s.limits.Memory)
		return o
	}
	data, _ := out.bytes()
	a, err := ParseOutput(r.Rows, r.Cols, data)
	if err != nil {
		o.Answer.Status, o.Reason = status.Error, p.failure(nil, u, err.Error(), 0)
		return o
	}
	if a.ID != 0 && a.ID != r.ID {
		o.Answer.Status, o.Reason = status.Error, p.failure(nil, u, fmt.Sprintf("answer for request %d, not for request %d: %s", a.ID, r.ID, quote(string(data))), 0)
		return o
	}
	o.Answer = a
	if a.Status == status.Error {
		o.Reason = p.failure(nil, u, "the solver reports an error: "+orDash(a.Error), 0)
	}
	return o
}

// requestIn returns what a process reads on its stdin: the request,
// written whole into a pipe and the pipe closed, where it fits, so that
// no goroutine copies it while the process runs; else a reader, which
// os/exec copies.
func requestIn(req []byte) io.Reader {
	var fds [2]int
	if len(req) > 4096 || unix.Pipe2(fds[:], unix.O_CLOEXEC) != nil {
		return bytes.NewReader(req)
	}
	// A pipe holds a page at least: the write does not block.
	n, err := unix.Write(fds[1], req)
	unix.Close(fds[1])
	if err != nil || n != len(req) {
		unix.Close(fds[0])
		return bytes.NewReader(req)
	}
	return os.NewFile(uintptr(fds[0]), "request")
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
