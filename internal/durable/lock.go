package durable

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/gofrs/flock"
)

// LockFile is the lock a process holds in a directory it writes: a sweep's
// or merge's output directory, exact's work directory.
const LockFile = ".lock"

// Lock is a held lock on a directory (github.com/gofrs/flock: flock(2) on
// Unix). The kernel drops it when its process dies, however it dies (kill
// -9, a crash, a reboot), so a lock file left by a dead process holds
// nothing and the next one simply takes it; a crash never leaves a
// directory stuck. On Linux, NFS carries flocks between machines too.
type Lock struct {
	fl *flock.Flock
}

// HeldError is a directory locked by another process.
type HeldError struct {
	Dir, Path string
	// Owner is the holder in words: "process 123 on host".
	Owner string
}

func (e *HeldError) Error() string {
	return fmt.Sprintf("%s is in use by another run (%s holds %s)", e.Dir, e.Owner, e.Path)
}

// LockDir locks dir against other processes. The lock file also holds
// "PID HOST" of its owner, for the *HeldError another process gets. The
// lock file is opened without following a symbolic link: one planted
// there is a *LinkError, so that taking the lock never writes the file a
// link leads to.
func LockDir(dir string) (*Lock, error) { return lock(dir, filepath.Join(dir, LockFile)) }

// LockBeside locks the file at path against other processes that rewrite
// it whole (exact's -out), as LockDir locks a directory: by a lock file
// beside it, "." + its name + ".lock". The file itself cannot hold the
// lock: each rewrite renames a new file over it.
func LockBeside(path string) (*Lock, error) {
	return lock(path, filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".lock"))
}

// lock takes the lock file at path for dir, the directory or file it
// guards.
func lock(dir, path string) (*Lock, error) {
	if err := NotLink(path); err != nil {
		return nil, err
	}
	fl := flock.New(path, flock.SetFlag(os.O_CREATE|os.O_RDWR|syscall.O_NOFOLLOW), flock.SetPermissions(0o644))
	ok, err := fl.TryLock()
	if err != nil {
		if errors.Is(err, syscall.ELOOP) && NotLink(path) != nil {
			return nil, &LinkError{Path: path}
		}
		return nil, fmt.Errorf("lock %s: %w", dir, err)
	}
	if !ok {
		return nil, &HeldError{Dir: dir, Path: path, Owner: readOwner(path)}
	}
	host, _ := os.Hostname()
	// A second descriptor: the flock belongs to fl's, which stays open.
	if err := WriteFile(path, []byte(strconv.Itoa(os.Getpid())+" "+host+"\n"), 0o644); err != nil {
		fl.Close()
		var le *LinkError
		if errors.As(err, &le) {
			return nil, err
		}
		return nil, fmt.Errorf("lock %s: %w", dir, err)
	}
	return &Lock{fl: fl}, nil
}

// Release drops the lock. The file stays: removing it would race with a
// process that has just opened it. It is safe on nil.
func (l *Lock) Release() {
	if l != nil && l.fl != nil {
		l.fl.Close()
		l.fl = nil
	}
}

// readOwner reads the holder's "PID HOST" from the lock file. The holder
// writes it just after taking the lock, so a file still empty is read
// again for up to ownerWait before the holder is called "a process".
func readOwner(path string) string {
	deadline := time.Now().Add(ownerWait)
	for {
		owner, _ := ReadFile(path, 4<<10)
		if len(bytes.TrimSpace(owner)) > 0 || time.Now().After(deadline) {
			return describeOwner(string(owner))
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// ownerWait bounds how long a refused process waits for the holder's
// name: a holder that has not written it by then is stalled or gone.
const ownerWait = 500 * time.Millisecond

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

// Refused says what to tell the user when LockDir or LockBeside failed
// because another process holds the lock ("...: wait for it to end, or "
// followed by another, such as "give another -work") or because a
// symbolic link stands where the lock file goes; ok is false for any other
// error, which is no refusal but a failure.
func Refused(err error, another string) (msg string, ok bool) {
	var held *HeldError
	var link *LinkError
	switch {
	case errors.As(err, &held):
		return held.Error() + ": wait for it to end, or " + another, true
	case errors.As(err, &link):
		return link.Error(), true
	}
	return "", false
}
