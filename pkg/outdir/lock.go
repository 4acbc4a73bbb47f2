package outdir

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/gofrs/flock"

	"knightsweep/internal/durable"
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
// the same runs.csv: Locked with the flag -out.
func LockDir(dir string) (*Lock, error) { return Locked(dir, "-out") }

// Locked locks dir, the directory that flag names, against other
// processes. The lock file also holds "PID HOST" of its owner, for the
// message a second process gets: an input.Error naming flag. The lock file
// is opened without following a symbolic link (one planted there is
// refused, an input.Error naming its path), so that taking the lock never
// writes the file a link leads to.
func Locked(dir, flag string) (*Lock, error) {
	path := filepath.Join(dir, LockFile)
	if err := durable.NotLink(path); err != nil {
		return nil, input.Errorf(flag, "%v", err)
	}
	fl := flock.New(path, flock.SetFlag(os.O_CREATE|os.O_RDWR|syscall.O_NOFOLLOW), flock.SetPermissions(0o644))
	ok, err := fl.TryLock()
	if err != nil {
		return nil, RefuseLink(flag, fmt.Errorf("lock %s: %w", dir, err), path)
	}
	if !ok {
		owner, _ := durable.ReadFile(path, 4<<10)
		return nil, input.Errorf(flag, "%s is in use by another run (%s holds %s): wait for it to end, or give another %s",
			dir, describeOwner(string(owner)), path, flag)
	}
	host := hostname()
	// A second descriptor: the flock belongs to fl's, which stays open.
	if err := durable.WriteFile(path, []byte(strconv.Itoa(os.Getpid())+" "+host+"\n"), 0o644); err != nil {
		fl.Close()
		return nil, RefuseLink(flag, fmt.Errorf("lock %s: %w", dir, err), path)
	}
	return &Lock{fl: fl}, nil
}

// RefuseLink returns err as bad input naming flag if it says that path, a
// file the program was to write in the directory flag names, is a
// symbolic link; else err itself.
func RefuseLink(flag string, err error, path string) error {
	var le *durable.LinkError
	if errors.As(err, &le) || errors.Is(err, syscall.ELOOP) && durable.NotLink(path) != nil {
		return input.Errorf(flag, "%v", &durable.LinkError{Path: path})
	}
	return err
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
