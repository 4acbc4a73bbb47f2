package outdir

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/gofrs/flock"

	"knightsweep/internal/input"
)

// LockFile is the lock a running sweep or merge holds in its directory.
const LockFile = ".lock"

// Lock is a held lock on a directory (github.com/gofrs/flock: flock(2) on
// Unix). The kernel drops it when its process dies, however it dies (kill
// -9, a crash, a reboot), so a lock file left by a dead run holds nothing
// and the next run simply takes it; a crash never leaves a directory stuck.
// On Linux, NFS carries flocks between machines too.
type Lock struct {
	fl *flock.Flock
}

// LockDir locks dir against other runs, so that two sweeps never append to
// the same runs.csv. The lock file also holds "PID HOST" of its owner, for
// the message a second run gets: an input.Error naming -out.
func LockDir(dir string) (*Lock, error) {
	path := filepath.Join(dir, LockFile)
	fl := flock.New(path, flock.SetFlag(os.O_CREATE|os.O_RDWR), flock.SetPermissions(0o644))
	ok, err := fl.TryLock()
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", dir, err)
	}
	if !ok {
		owner, _ := os.ReadFile(path)
		return nil, input.Errorf("-out", "%s is in use by another run (%s holds %s): wait for it to end, or give another -out",
			dir, describeOwner(string(owner)), path)
	}
	host := hostname()
	// A second descriptor: the flock belongs to fl's, which stays open.
	if err := os.WriteFile(path, []byte(strconv.Itoa(os.Getpid())+" "+host+"\n"), 0o644); err != nil {
		fl.Close()
		return nil, fmt.Errorf("lock %s: %w", dir, err)
	}
	return &Lock{fl: fl}, nil
}

// Release drops the lock. The file stays: removing it would race with a
// run that has just opened it. It is safe on nil.
func (l *Lock) Release() {
	if l != nil && l.fl != nil {
		l.fl.Close()
		l.fl = nil
	}
}

// describeOwner turns the lock file's "PID HOST" into words.
func describeOwner(s string) string {
	pid, host, _ := strings.Cut(strings.TrimSpace(s), " ")
	if pid == "" {
		return "a process"
	}
	if host == "" {
		return "process " + pid
	}
	return "process " + pid + " on " + host
}
