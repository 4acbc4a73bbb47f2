//go:build !unix

package sweep

// LockFile is the lock a running sweep holds in its output directory.
const LockFile = ".lock"

// dirLock is a held lock on an output directory. Without flock(2) there is
// none: two runs on one directory are not detected.
type dirLock struct{}

func lockDir(dir string) (*dirLock, error) { return nil, nil }

func (l *dirLock) release() {}
