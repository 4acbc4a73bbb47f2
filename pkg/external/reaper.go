package external

import (
	"bytes"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// The reaper outlives the harness to end what it started. A process that
// is killed (SIGKILL) cannot end its solvers' process groups: Pdeathsig
// ends each solver process, but not the children it started (a shell
// adapter's `printf ... | exec prog`). So the first solver started also
// starts this program's own binary again as the reaper: it reads from its
// stdin, a pipe from the harness, the process groups the harness starts
// ("+pgid") and reaps ("-pgid"), and when the pipe ends, as it does when
// the harness dies however it dies, it sends SIGKILL to every group still
// listed and exits. A process that left its group with setsid is beyond
// it, as it is beyond the harness's timeouts.
//
// Only the harness makes a process the reaper. reaperEnv holds the
// proof: the inode of the pipe the harness gives the reaper as its stdin,
// and a random token the harness wrote first into that pipe. A process
// whose stdin is not that pipe, holding that token, is not the reaper,
// whatever its environment says (the variable set by a user, or inherited
// by a solver that runs experiment itself): it warns and runs as asked.

// reaperEnv, set by the harness to "INODE:TOKEN", makes this program the
// reaper.
const reaperEnv = "KNIGHTSWEEP_SOLVER_REAPER"

func init() {
	v, ok := os.LookupEnv(reaperEnv)
	if !ok {
		return
	}
	if isReaper(v) {
		reap()
		os.Exit(0)
	}
	fmt.Fprintf(os.Stderr, "experiment: ignoring %s=%s: it is the harness's own, set only for the reaper it starts\n", reaperEnv, strconv.Quote(v))
	os.Unsetenv(reaperEnv)
}

// isReaper reports whether this process is the reaper the harness started
// with v as reaperEnv: its stdin is the pipe of v's inode, and the first
// line in it v's token, which it reads. A stdin that is not that pipe is
// not read.
func isReaper(v string) bool {
	ino, token, ok := strings.Cut(v, ":")
	if !ok || len(token) != 2*tokenBytes {
		return false
	}
	var st unix.Stat_t
	if unix.Fstat(0, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFIFO || strconv.FormatUint(st.Ino, 10) != ino {
		return false
	}
	line := make([]byte, len(token)+1)
	if _, err := io.ReadFull(os.Stdin, line); err != nil {
		return false
	}
	return subtle.ConstantTimeCompare(line, []byte(token+"\n")) == 1
}

// tokenBytes is the reaper's token's length in random bytes.
const tokenBytes = 16

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
// process holds (it is closed on exec in every child), and reaperEnv
// proving it was started so (isReaper).
func startReaper() {
	// /proc/self/exe runs this binary even where its file was replaced
	// or removed since it started.
	const self = "/proc/self/exe"
	var key [tokenBytes]byte
	if _, err := rand.Read(key[:]); err != nil {
		return
	}
	token := hex.EncodeToString(key[:])
	r, w, err := os.Pipe()
	if err != nil {
		return
	}
	defer r.Close()
	var st unix.Stat_t
	if err := unix.Fstat(int(r.Fd()), &st); err != nil {
		w.Close()
		return
	}
	// A pipe holds a page at least: the write does not block.
	if _, err := w.Write([]byte(token + "\n")); err != nil {
		w.Close()
		return
	}
	// The reaper's arguments, never a command's: a reaper that failed
	// its proof would run them, and refuse them (exit 2).
	cmd := exec.Command(self, "(solver reaper)")
	cmd.Env = append(os.Environ(), reaperEnv+"="+strconv.FormatUint(st.Ino, 10)+":"+token)
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
