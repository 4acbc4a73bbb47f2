package external

import (
	"bytes"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// The reaper outlives the harness to end what it started. A process that
// is killed (SIGKILL) cannot end its solvers' process groups: Pdeathsig
// ends each solver process, but not the children it started (a shell
// adapter's `printf ... | exec prog`). So the first solver started also
// starts this program's own binary again as the reaper, with reaperEnv
// set: it reads from its stdin, a pipe from the harness, the process
// groups the harness starts ("+pgid") and reaps ("-pgid"), and when the
// pipe ends, as it does when the harness dies however it dies, it sends
// SIGKILL to every group still listed and exits. A process that left its
// group with setsid is beyond it, as it is beyond the harness's timeouts.

// reaperEnv, set to 1 in the environment, makes this program the reaper.
const reaperEnv = "KNIGHTSWEEP_SOLVER_REAPER"

func init() {
	if os.Getenv(reaperEnv) == "1" {
		reap()
		os.Exit(0)
	}
}

// reap is the reaper's life: it lists the groups its stdin names until
// the stdin ends, then kills those still listed. It ignores the signals
// a terminal or a job's end sends the harness's group, so that it is the
// harness's end, seen as its stdin's, that ends it. It reads its stdin
// every reapEvery, not as each line is written, so that a line costs the
// harness a write into the pipe and no wake-up of the reaper: the pipe
// holds thousands of lines, and a harness that writes more waits for the
// next read.
func reap() {
	signal.Ignore(syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT, syscall.SIGPIPE)
	groups := map[int]bool{}
	_ = unix.SetNonblock(0, true)
	var buf [64 << 10]byte
	var pending []byte
	for {
		n, err := unix.Read(0, buf[:])
		if n > 0 {
			pending = append(pending, buf[:n]...)
			for {
				i := bytes.IndexByte(pending, '\n')
				if i < 0 {
					break
				}
				list(groups, string(pending[:i]))
				pending = pending[i+1:]
			}
			continue
		}
		if err == unix.EAGAIN || err == unix.EINTR {
			time.Sleep(reapEvery)
			continue
		}
		break // the end of stdin, or an error: the harness is gone
	}
	for pgid := range groups {
		_ = syscall.Kill(-pgid, syscall.SIGKILL)
	}
}

// reapEvery is how often the reaper reads its stdin.
const reapEvery = 20 * time.Millisecond

// list applies one line of the harness, "+pgid" or "-pgid", to groups.
func list(groups map[int]bool, t string) {
	if len(t) < 2 {
		return
	}
	pgid, err := strconv.Atoi(t[1:])
	if err != nil || pgid <= 1 {
		return
	}
	if t[0] == '+' {
		groups[pgid] = true
	} else {
		delete(groups, pgid)
	}
}

// reaper is the harness's end of the pipe to its reaper.
var reaper struct {
	once sync.Once
	mu   sync.Mutex
	w    *os.File // nil where the reaper could not start
	line []byte
}

// track tells the reaper that group pgid started (on) or was reaped (!on).
// Where no reaper runs (its binary cannot be found again), the groups are
// ended as before: by the harness, unless it is killed.
func track(pgid int, on bool) {
	reaper.once.Do(startReaper)
	reaper.mu.Lock()
	defer reaper.mu.Unlock()
	if reaper.w == nil {
		return
	}
	line := reaper.line[:0]
	if on {
		line = append(line, '+')
	} else {
		line = append(line, '-')
	}
	line = append(strconv.AppendInt(line, int64(pgid), 10), '\n')
	reaper.line = line
	if _, err := reaper.w.Write(line); err != nil {
		reaper.w.Close()
		reaper.w = nil
	}
}

// startReaper starts the reaper: this program's binary again, in a
// process group of its own, its stdin the pipe whose write end only this
// process holds (it is closed on exec in every child).
func startReaper() {
	// /proc/self/exe runs this binary even where its file was replaced
	// or removed since it started.
	const self = "/proc/self/exe"
	r, w, err := os.Pipe()
	if err != nil {
		return
	}
	defer r.Close()
	cmd := exec.Command(self)
	cmd.Env = append(os.Environ(), reaperEnv+"=1")
	cmd.Stdin = r
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		w.Close()
		return
	}
	// Reaped when it exits, which is after this process ends: no one
	// waits for it.
	go func() { _ = cmd.Wait() }()
	reaper.w = w
}
