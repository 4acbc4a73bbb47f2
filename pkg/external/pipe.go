package external

import (
	"context"
	"io"
	"os"
	"sync"
	"time"

	"golang.org/x/sys/unix"
)

// pipes are the harness's ends of a stdio process's stdin and stdout:
// raw non-blocking descriptors, waited on with ppoll(2) by the goroutine
// that writes a request or reads its answer. The thread sleeps in the
// kernel until the answer arrives, as a C program's would, with no
// runtime poller between the answer and the run's clock. Every wait ends
// at its deadline, or when the session is woken (wake: an interrupt, the
// process's exit), which the waiter then looks into.
type pipes struct {
	in, out int
	// wake is an eventfd that ends a wait at once; mu guards its closing
	// against a late wake-up, so that no write reaches a reused number.
	mu   sync.Mutex
	wake int
	// ctx is the run's context: a wait ends, as at its deadline, once it
	// is done. exited is the process's exit, after which a wait lasts
	// exitLinger at most.
	ctx    context.Context
	exited <-chan struct{}
	exitAt *time.Time
	// watched is the Done channel of the context whose end pokes the
	// pipes (follow); unwatch undoes that.
	watched <-chan struct{}
	unwatch func() bool
	// readBy is the deadline of reads (zero: none).
	readBy time.Time
}

// newPipes returns the harness's ends of two new pipes, and the process's
// ends (its stdin and stdout), blocking, to be closed once it started.
func newPipes() (p *pipes, stdin, stdout *os.File, err error) {
	var in, out [2]int
	if err := unix.Pipe2(in[:], unix.O_CLOEXEC); err != nil {
		return nil, nil, nil, err
	}
	if err := unix.Pipe2(out[:], unix.O_CLOEXEC); err != nil {
		unix.Close(in[0])
		unix.Close(in[1])
		return nil, nil, nil, err
	}
	wake, err := unix.Eventfd(0, unix.EFD_CLOEXEC|unix.EFD_NONBLOCK)
	if err != nil {
		wake = -1
	} else {
		if err = unix.SetNonblock(in[1], true); err == nil {
			err = unix.SetNonblock(out[0], true)
		}
	}
	if err != nil {
		for _, fd := range []int{in[0], in[1], out[0], out[1], wake} {
			if fd >= 0 {
				unix.Close(fd)
			}
		}
		return nil, nil, nil, err
	}
	return &pipes{in: in[1], out: out[0], wake: wake, ctx: context.Background()},
		os.NewFile(uintptr(in[0]), "stdin"), os.NewFile(uintptr(out[1]), "stdout"), nil
}

// watch makes the exit of a process (closing exited, after setting *at)
// end the pipes' waits, which then wait exitLinger at most: for what is
// left in the pipe, not for a process that left its group (setsid) and
// holds it open.
func (p *pipes) watch(exited <-chan struct{}, at *time.Time) {
	p.exited, p.exitAt = exited, at
	go func() {
		<-exited
		p.poke()
	}()
}

// poke ends a wait in progress, if the pipes are open.
func (p *pipes) poke() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.wake >= 0 {
		var one = [8]byte{1}
		_, _ = unix.Write(p.wake, one[:])
	}
}

// follow makes ctx the run's context: its end ends the pipes' waits. The
// wake-up is registered once for each Done channel, not once a run: a
// sweep's runs share their context's.
func (p *pipes) follow(ctx context.Context) {
	p.ctx = ctx
	if d := ctx.Done(); d != p.watched {
		p.stopFollowing()
		if d != nil {
			p.watched, p.unwatch = d, context.AfterFunc(ctx, p.poke)
		}
	}
}

// stopFollowing undoes follow's wake-up.
func (p *pipes) stopFollowing() {
	if p.unwatch != nil {
		p.unwatch()
	}
	p.watched, p.unwatch = nil, nil
}

// closeIn closes the process's stdin.
func (p *pipes) closeIn() {
	if p.in >= 0 {
		unix.Close(p.in)
		p.in = -1
	}
}

// close closes every descriptor.
func (p *pipes) close() {
	p.stopFollowing()
	p.closeIn()
	unix.Close(p.out)
	p.mu.Lock()
	unix.Close(p.wake)
	p.wake = -1
	p.mu.Unlock()
}

// Read reads from the process's stdout, waiting until readBy.
func (p *pipes) Read(b []byte) (int, error) {
	for {
		n, err := rawRead(p.out, b)
		switch {
		case n > 0:
			return n, nil
		case err == nil:
			return 0, io.EOF
		case err == unix.EINTR:
			continue
		case err != unix.EAGAIN:
			return 0, err
		}
		if err := p.wait(p.out, unix.POLLIN, p.readBy); err != nil {
			return 0, err
		}
	}
}

// write writes all of b to the process's stdin, waiting until by (zero:
// no deadline).
func (p *pipes) write(b []byte, by time.Time) error {
	for len(b) > 0 {
		n, err := rawWrite(p.in, b)
		if n > 0 {
			b = b[n:]
		}
		switch {
		case err == nil || err == unix.EINTR:
			continue
		case err != unix.EAGAIN:
			return err
		}
		if err := p.wait(p.in, unix.POLLOUT, by); err != nil {
			return err
		}
	}
	return nil
}

// wait waits until fd is ready for events, or has an error or a hang-up.
// It returns os.ErrDeadlineExceeded at the deadline by (zero: none), when
// the run's context is done, and exitLinger after the process exited (a
// grandchild that holds the pipe holds no wait).
func (p *pipes) wait(fd int, events int16, by time.Time) error {
	fds := [2]unix.PollFd{{Fd: int32(fd), Events: events}, {Fd: int32(p.wake), Events: unix.POLLIN}}
	for {
		if done(p.ctx) {
			return os.ErrDeadlineExceeded
		}
		if closed(p.exited) {
			if linger := p.exitAt.Add(exitLinger); by.IsZero() || linger.Before(by) {
				by = linger
			}
		}
		var ts *unix.Timespec
		if !by.IsZero() {
			// Past the deadline, one look at fd without waiting: what
			// came while this process was not running (stopped, or
			// descheduled) is read before the deadline is declared.
			t := unix.NsecToTimespec(max(time.Until(by), 0).Nanoseconds())
			ts = &t
		}
		n, err := unix.Ppoll(fds[:], ts, nil)
		switch {
		case err == unix.EINTR:
			continue
		case err != nil:
			return err
		case fds[0].Revents != 0:
			return nil
		case fds[1].Revents != 0:
			var n [8]byte
			_, _ = unix.Read(p.wake, n[:])
		case n == 0 && ts != nil && ts.Nano() == 0:
			return os.ErrDeadlineExceeded
		}
	}
}

// closed reports whether c, if not nil, is closed.
func closed(c <-chan struct{}) bool {
	if c == nil {
		return false
	}
	select {
	case <-c:
		return true
	default:
		return false
	}
}
