package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"golang.org/x/sys/unix"
)

// stopOnBrokenStdout returns ctx, canceled as an interrupt cancels it when
// stdout's reader goes away (`experiment theory ... | head -1`): what was
// finished is kept and the program exits 0 if its work was done, else 130,
// never killed by SIGPIPE (141). A SIGPIPE from another pipe (a solver's
// stdin, the solver gone) changes nothing: that write fails with EPIPE and
// the harness records the run.
func stopOnBrokenStdout(ctx context.Context) (context.Context, func()) {
	ctx, cancel := context.WithCancel(ctx)
	pipe := make(chan os.Signal, 1)
	signal.Notify(pipe, syscall.SIGPIPE)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-pipe:
				if stdoutGone() {
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

// stdoutGone reports whether stdout is a pipe whose reader has closed it:
// poll says POLLERR of such a pipe's write end.
func stdoutGone() bool {
	fds := []unix.PollFd{{Fd: 1, Events: unix.POLLOUT}}
	n, err := unix.Poll(fds, 0)
	return err == nil && n > 0 && fds[0].Revents&unix.POLLERR != 0
}
