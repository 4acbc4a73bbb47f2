package external

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"knightsweep/pkg/memlimit"
)

// A process is one started solver process, leader of its own process
// group. Its exit is observed without reaping it (waitid with WNOWAIT),
// so that its pid, which is the group's id, cannot be taken by another
// process while the group is signalled; only finish reaps it.
type process struct {
	cmd     *exec.Cmd
	pid     int
	started time.Time
	// exited is closed when the process has exited; exitAt is when.
	exited chan struct{}
	exitAt time.Time
	// cpuAtExec is the CPU time the child used before its program ran
	// (the fork's side and the exec), read at its exec stop: the kernel's
	// usage at the exit counts it, the run does not.
	cpuAtExec time.Duration
	stderr    *tail

	mu     sync.Mutex
	reason string // why the harness ended it, if it did
}

// start starts the program at path with argv, in a process group of its
// own, its address space limited to mem bytes (0: no limit).
//
// The limit must be in place before the program runs: set while it runs
// (prlimit(2) on the started pid) it lands while the program's runtime is
// reserving its address space, and a Go or Java solver then fails at
// random, at start-up, under a limit it fits in. Go cannot set an rlimit
// between fork and exec, so the child is started traced (PTRACE_TRACEME),
// which stops it at its exec, before the program's first instruction; the
// limit is set then and the child let go (limitAtExec). That costs tens of
// microseconds, where /bin/sh's "ulimit -v" and exec cost milliseconds.
// A child is traced with or without a limit, so that its time counts from
// the same moment, its own exec, either way: not the harness's fork, nor
// its pipes. Where tracing is not allowed (a seccomp policy), the time
// counts from the fork, and a shell sets the limit (startShell), its
// start counted as the solver's.
func start(path string, argv []string, stdin io.Reader, stdout io.Writer, mem int64) (*process, error) {
	p, err := startCmd(&exec.Cmd{Path: path, Args: argv, Stdin: stdin, Stdout: stdout}, true, mem)
	if !errors.Is(err, syscall.EPERM) {
		return p, err
	}
	if mem <= 0 {
		return startCmd(&exec.Cmd{Path: path, Args: argv, Stdin: stdin, Stdout: stdout}, false, 0)
	}
	limit := strconv.FormatInt(max(mem>>10, 1), 10) // KiB
	args := append([]string{"sh", "-c", `ulimit -v ` + limit + ` && exec "$0" "$@"`, path}, argv[1:]...)
	return startCmd(&exec.Cmd{Path: shell, Args: args, Stdin: stdin, Stdout: stdout}, false, 0)
}

// startCmd starts cmd as a solver process; traced, stopped at its exec,
// its clock started then and given an address-space limit of mem bytes
// (0: none) before it runs.
func startCmd(cmd *exec.Cmd, traced bool, mem int64) (*process, error) {
	p := &process{cmd: cmd, exited: make(chan struct{}), stderr: &tail{}}
	cmd.Stderr = p.stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{
		Setpgid: true,
		// The solver dies with the harness, even a harness killed by
		// SIGKILL, which has no chance to end it.
		Pdeathsig: syscall.SIGKILL,
		Ptrace:    traced,
	}
	// A grandchild that left the group could hold stdout or stderr open
	// after the group is gone: Wait then gives up on the pipes.
	cmd.WaitDelay = time.Second
	if traced {
		// The thread that starts a traced child is its tracer, the only
		// one that may let it go.
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
	}
	p.started = time.Now()
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p.pid = cmd.Process.Pid
	if traced {
		if err := p.limitAtExec(mem); err != nil {
			_ = syscall.Kill(-p.pid, syscall.SIGKILL)
			_ = cmd.Wait()
			return nil, err
		}
	}
	track(p.pid, true)
	go p.watch()
	return p, nil
}

// limitAtExec waits for the traced child to stop at its exec, sets its
// address-space limit to mem bytes (0: none), starts its clock and lets
// it run untraced.
func (p *process) limitAtExec(mem int64) error {
	var ws unix.WaitStatus
	for {
		_, err := unix.Wait4(p.pid, &ws, unix.WALL, nil)
		if err != unix.EINTR {
			if err != nil {
				return err
			}
			break
		}
	}
	if !ws.Stopped() {
		return fmt.Errorf("the process ended before its program started (%v)", ws)
	}
	p.cpuAtExec = max(cpuClock(p.pid), 0)
	if mem > 0 {
		lim := unix.Rlimit{Cur: uint64(mem), Max: uint64(mem)}
		if err := unix.Prlimit(p.pid, unix.RLIMIT_AS, &lim, nil); err != nil {
			return fmt.Errorf("setting its memory limit: %w", err)
		}
	}
	p.started = time.Now()
	return syscall.PtraceDetach(p.pid)
}

// shell is the POSIX shell that sets a memory limit and execs the solver.
var shell = "/bin/sh"

// watch waits for the process to exit, leaving it to be reaped by finish.
// A solver that made itself traced (ptrace(PTRACE_TRACEME), as an
// anti-debugging check does) has this process, its parent, as its tracer:
// at its next signal or exec it stops for the tracer, and would stay
// stopped. That stop is reported here, as a trace stop, and the solver is
// killed, with the reason (selfTraced).
func (p *process) watch() {
	var info unix.Siginfo
	for {
		err := unix.Waitid(unix.P_PID, p.pid, &info, unix.WEXITED|unix.WNOWAIT, nil)
		if err == unix.EINTR {
			continue
		}
		if err == nil && (info.Code == cldTrapped || info.Code == cldStopped) {
			p.blame(selfTraced(siginfoStatus(&info)))
			p.kill(syscall.SIGKILL)
			// Take the stop's report, so that the next wait reports the
			// exit: WSTOPPED alone never reaps.
			_ = unix.Waitid(unix.P_PID, p.pid, &info, unix.WSTOPPED|unix.WNOHANG, nil)
			continue
		}
		break
	}
	p.exitAt = time.Now()
	close(p.exited)
}

// hasExited reports whether the process has exited, asking the kernel
// rather than watch, which may not have run since.
func (p *process) hasExited() bool {
	var info unix.Siginfo
	err := unix.Waitid(unix.P_PID, p.pid, &info, unix.WEXITED|unix.WNOWAIT|unix.WNOHANG, nil)
	return err == nil && info.Signo == int32(syscall.SIGCHLD) && info.Code != cldTrapped && info.Code != cldStopped
}

// The codes of a child's state change in a siginfo (<signal.h>).
const (
	cldTrapped = 4 // CLD_TRAPPED: a traced child stopped for its tracer
	cldStopped = 5 // CLD_STOPPED
)

// siginfoStatus returns a waitid siginfo's si_status: for a stop, the
// signal that stopped the child.
func siginfoStatus(info *unix.Siginfo) syscall.Signal {
	// si_pid, si_uid, si_status follow si_signo, si_errno, si_code and
	// their padding, 16 bytes on 64-bit and 12 on 32-bit Linux.
	off := unsafe.Sizeof(uintptr(0)) + 8
	return syscall.Signal(*(*int32)(unsafe.Add(unsafe.Pointer(info), off+8)))
}

// selfTraced says why the harness killed a solver that stopped for its
// tracer, at signal sig.
func selfTraced(sig syscall.Signal) string {
	return fmt.Sprintf("it made itself traced (ptrace PTRACE_TRACEME, as an anti-debugging check does), "+
		"which makes the harness its debugger, and stopped at %s for it: a solver may not trace itself (the harness killed it)", unix.SignalName(sig))
}

// kill signals the process's group.
func (p *process) kill(sig syscall.Signal) { _ = syscall.Kill(-p.pid, sig) }

// end ends the process for why: SIGTERM to its group, SIGKILL after grace
// if it has not exited. The first reason given is kept.
func (p *process) end(why string, grace time.Duration) {
	p.blame(why)
	p.kill(syscall.SIGTERM)
	t := time.NewTimer(grace)
	defer t.Stop()
	select {
	case <-p.exited:
	case <-t.C:
		p.kill(syscall.SIGKILL)
		<-p.exited
	}
}

// blame records why the harness ends the process, unless a reason was
// recorded first.
func (p *process) blame(why string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.reason == "" {
		p.reason = why
	}
}

// why returns the reason the harness ended the process, or "".
func (p *process) why() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.reason
}

// usage is what the kernel measured of a process.
type usage struct {
	wall, cpu time.Duration
	// maxRSS is the peak resident memory in bytes of the process and the
	// children it waited for, or -1 where it cannot be told (ownRSS).
	maxRSS int64
}

// finish waits for the process to exit, kills what is left of its group
// (children that outlived it), reaps it and returns its exit state and
// usage.
func (p *process) finish() (*os.ProcessState, usage) {
	<-p.exited
	p.kill(syscall.SIGKILL)
	_ = p.cmd.Wait() // its error is in ProcessState, or a pipe's (WaitDelay)
	track(p.pid, false)
	st := p.cmd.ProcessState
	u := usage{wall: p.exitAt.Sub(p.started), maxRSS: -1}
	if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
		u.cpu = max(time.Duration(ru.Utime.Nano()+ru.Stime.Nano())-p.cpuAtExec, 0)
		u.maxRSS = ownRSS(ru.Maxrss << 10) // KiB on Linux
	}
	return st, u
}

// ownRSS returns a child's peak resident memory as the kernel reported it
// at its exit, rss, if it is the child's own, else -1. Linux counts in a
// process's peak the resident memory of the image its exec replaced: a
// child of this process starts as a copy of it (vfork, sharing its
// memory), so a solver that holds 1 MiB reports the harness's tens or
// hundreds of MiB. A peak above this process's own, read after the exit,
// can only be the solver's; one at or below it cannot be told from the
// harness's, and is left unknown rather than reported as the solver's.
func ownRSS(rss int64) int64 {
	var self syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &self); err != nil || rss <= self.Maxrss<<10 {
		return -1
	}
	return rss
}

// failure describes a process that did not exit 0, or exited 0 but gave
// an unreadable answer (cause), as one line with the tail of its stderr.
// Where the harness ended it for cause (p.why), cause is marked "(the
// harness stopped it)" in place of its exit; st is nil where its exit is
// not to be told (a cause that says itself what the harness did).
// A process that failed on its own under an address-space limit of mem
// bytes (0: none), where the evidence says it ran out of it (overMemory:
// what it printed, or its peak u.maxRSS), is said to be over the limit.
func (p *process) failure(st *os.ProcessState, u usage, cause string, mem int64) string {
	var parts []string
	if cause != "" {
		parts = append(parts, cause)
	}
	own := false // the process ended itself, not exiting 0
	switch {
	case p.why() != "" && cause != "" && st != nil:
		// The harness ended it because of cause: whether it then died of
		// the harness's signal or exited on its own as its stdin closed,
		// its exit says nothing of its own. A reason of the harness's
		// other than cause (a solver that traced itself) is said.
		if why := p.why(); why != cause {
			parts[len(parts)-1] += ": " + why
		} else {
			parts[len(parts)-1] += " (the harness stopped it)"
		}
	case st == nil || st.Success():
	default:
		parts = append(parts, exitText(st))
		own = p.why() == ""
	}
	msg := strings.Join(parts, ": ")
	tail := p.stderr.line()
	if own {
		if why, over := overMemory(mem, u.maxRSS, tail); over {
			msg = fmt.Sprintf("over the memory limit of %s of address space%s: %s", memlimit.Format(mem), why, msg)
		}
	}
	if tail != "" {
		msg += "; stderr: " + tail
	}
	return msg
}

// exitText says how a process ended: "exit status 3", "killed by signal
// SIGSEGV (segmentation fault)".
func exitText(st *os.ProcessState) string {
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		sig := ws.Signal()
		return fmt.Sprintf("killed by signal %s (%v)", unix.SignalName(sig), sig)
	}
	return st.String()
}
