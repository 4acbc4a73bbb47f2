// Package stdstream tells what became of the program's stdout: a pipe
// whose reader went away (experiment theory ... | head -1), which ends the
// work as an interrupt does, never as SIGPIPE's kill (141); or a stdout
// closed before the program started (>&-), whose output would be lost
// without a word.
package stdstream

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"golang.org/x/sys/unix"
)

// StopOnBrokenStdout returns ctx, canceled as an interrupt cancels it when
// stdout's reader goes away: what was finished is kept and the program
// exits 0 if its work was done, else 130. A SIGPIPE from another pipe (a
// solver's stdin, the solver gone) changes nothing: that write fails with
// EPIPE and the harness records the run.
func StopOnBrokenStdout(ctx context.Context) (context.Context, func()) {
	ctx, cancel := context.WithCancel(ctx)
	pipe := make(chan os.Signal, 1)
	signal.Notify(pipe, syscall.SIGPIPE)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-pipe:
				if ReaderGone() {
					cancel()
					return
				}
			case <-done:
				return
			}
		}
	}()
	return ctx, func() {
		signal.Stop(pipe)
		close(done)
		cancel()
	}
}

// ReaderGone reports whether stdout is a pipe whose reader has closed it:
// poll says POLLERR of such a pipe's write end.
func ReaderGone() bool {
	fds := []unix.PollFd{{Fd: 1, Events: unix.POLLOUT}}
	n, err := unix.Poll(fds, 0)
	return err == nil && n > 0 && fds[0].Revents&unix.POLLERR != 0
}

// Stopped says what stopped the work before its end: stdout's reader
// gone, or a signal.
func Stopped() string {
	if ReaderGone() {
		return "stopped: stdout was closed (its reader, such as head, stopped reading) before the output was complete"
	}
	return "interrupted"
}

// WarnClosed says so on w when stdout was closed as the program started
// (>&-): the Go runtime then opens /dev/null in its place, and what the
// command prints is lost. The runtime opens it read-write; a shell's
// >/dev/null, which means to discard it, opens it write-only.
func WarnClosed(w io.Writer) {
	fl, err := unix.FcntlInt(1, unix.F_GETFL, 0)
	var st, null unix.Stat_t
	if err != nil || fl&unix.O_ACCMODE != unix.O_RDWR || unix.Fstat(1, &st) != nil || unix.Stat(os.DevNull, &null) != nil ||
		st.Mode&unix.S_IFMT != unix.S_IFCHR || st.Rdev != null.Rdev {
		return
	}
	fmt.Fprintln(w, "experiment: stdout is closed (>&-): what this command prints there is lost (>/dev/null discards it without this warning)")
}
