//go:build unix

package sweep

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// LockFile is the lock a running sweep holds in its output directory.
const LockFile = ".lock"

// dirLock is a held lock on an output directory.
type dirLock struct {
	path string
	file *os.File
}

// lockDir locks dir against other runs, so that two sweeps never append to
// the same runs.csv. The lock is an flock(2) on dir/.lock, which also holds
// "PID HOST" of its owner for the message a second run gets. The kernel
// drops the flock when its process dies, however it dies (kill -9, a crash,
// a reboot), so a dead run's lock file is stale and simply taken over: a
// crash never leaves the directory stuck. On Linux, NFS carries flocks
// between machines too.
//
// A second run is refused with an InputError naming -out.
func lockDir(dir string) (*dirLock, error) {
	path := filepath.Join(dir, LockFile)
	host, _ := os.Hostname()
	for range 100 {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, fmt.Errorf("lock %s: %w", dir, err)
		}
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if errors.Is(err, syscall.EWOULDBLOCK) {
			owner, _ := os.ReadFile(path)
			f.Close()
			return nil, inputErrorf("-out", "%s is in use by another run (%s holds %s): wait for it to end, or give another -out",
				dir, describeOwner(string(owner)), path)
		}
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("lock %s: %w", dir, err)
		}
		// The previous owner may have removed the file between our open
		// and our flock: then we hold a lock on a file nobody else sees.
		if sameFile(f, path) {
			l := &dirLock{path: path, file: f}
			if err := l.record(host); err != nil {
				l.release()
				return nil, fmt.Errorf("lock %s: %w", dir, err)
			}
			return l, nil
		}
		f.Close()
	}
	return nil, fmt.Errorf("lock %s: the lock file keeps changing", dir)
}

// record writes the owner, this process, into the lock file.
func (l *dirLock) record(host string) error {
	if err := l.file.Truncate(0); err != nil {
		return err
	}
	_, err := l.file.WriteAt([]byte(strconv.Itoa(os.Getpid())+" "+host+"\n"), 0)
	return err
}

// release removes the lock file and drops the lock. It is safe on nil.
func (l *dirLock) release() {
	if l == nil || l.file == nil {
		return
	}
	// Remove while still holding the lock: a run that opened the file
	// before it was removed sees it is gone (sameFile) and tries again.
	os.Remove(l.path)
	l.file.Close()
	l.file = nil
}

// sameFile reports whether f is still the file at path.
func sameFile(f *os.File, path string) bool {
	a, err := f.Stat()
	if err != nil {
		return false
	}
	b, err := os.Stat(path)
	return err == nil && os.SameFile(a, b)
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
