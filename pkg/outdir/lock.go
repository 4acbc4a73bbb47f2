package outdir

import (
	"errors"
	"syscall"

	"knightsweep/internal/durable"
	"knightsweep/internal/input"
)

// LockFile is the lock a running sweep or merge holds in its directory.
const LockFile = durable.LockFile

// Lock is a held lock on a directory (durable.Lock).
type Lock = durable.Lock

// LockDir locks dir against other runs, so that two sweeps never append to
// the same runs.csv: Locked with the flag -out.
func LockDir(dir string) (*Lock, error) { return Locked(dir, "-out") }

// Locked locks dir, the directory that flag names, against other
// processes (durable.LockDir). A directory another process holds, or a
// symbolic link planted as its lock file, is an input.Error naming flag.
func Locked(dir, flag string) (*Lock, error) {
	l, err := durable.LockDir(dir)
	if msg, ok := durable.Refused(err, "give another "+flag); ok {
		return nil, input.Errorf(flag, "%s", msg)
	}
	if err != nil {
		return nil, err
	}
	return l, nil
}

// RefuseLink returns err as bad input naming flag if it says that a file
// the program was to write in the directory flag names (path, if known) is
// a symbolic link; else err itself.
func RefuseLink(flag string, err error, path string) error {
	var le *durable.LinkError
	if errors.As(err, &le) {
		return input.Errorf(flag, "%v", le)
	}
	if path != "" && errors.Is(err, syscall.ELOOP) && durable.NotLink(path) != nil {
		return input.Errorf(flag, "%v", &durable.LinkError{Path: path})
	}
	return err
}
