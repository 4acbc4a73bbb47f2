// Package outpath checks, before any work starts, the paths a command will
// write: -out, -tour-out, -png, -checkpoint, the report's directory. A
// search of hours must not end in an error about a file name that was
// wrong from the start, so every command asks this package about every
// path it will write before it starts, and a path it refuses is bad input
// (a *plan.InputError naming the flag: exit status 2).
//
// A path is writable when it names what is wanted (a directory for Dir, a
// file for File) or nothing yet, and the nearest directory that exists on
// the way to it takes a new file: the check makes one there and removes
// it, which is the only test that the kernel, the mount, the permissions
// and /proc all answer truly. Missing directories on the way are not made
// by the check (a refused command leaves nothing behind); the writers make
// them.
package outpath

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"knightsweep/pkg/plan"
)

// File checks that path can be written as a file (replaced if it is one)
// for flag: not a directory, and in a directory that exists or can be made,
// and takes new files.
func File(flag, path string) error {
	return check(flag, path, false)
}

// Dir checks that path is a directory that takes new files, or can be made
// into one, for flag.
func Dir(flag, path string) error {
	return check(flag, path, true)
}

func check(flag, path string, dir bool) error {
	if path == "" {
		return plan.Inputf(flag, "missing: %s", want(dir))
	}
	fi, err := os.Stat(path)
	switch {
	case err == nil && dir && !fi.IsDir():
		return plan.Inputf(flag, "%s is a file; %s", path, want(dir))
	case err == nil && !dir && fi.IsDir():
		return plan.Inputf(flag, "%s is a directory; %s, such as %s", path, want(dir), filepath.Join(path, "NAME"))
	case err == nil && !dir && !fi.Mode().IsRegular():
		return plan.Inputf(flag, "%s is not a regular file (a device, a pipe or a socket); %s", path, want(dir))
	case err != nil && !missing(err):
		return plan.Inputf(flag, "%s: %v; %s", path, unwrap(err), want(dir))
	}
	// The directory that must take a new file: path itself, if it is one,
	// else the nearest existing directory above it.
	base := path
	if err != nil || !dir {
		base, err = nearest(filepath.Dir(path))
		if err != nil {
			return plan.Inputf(flag, "%s: %v; %s", path, err, want(dir))
		}
	}
	f, err := os.CreateTemp(base, ".outpath-check-*")
	if err != nil {
		return plan.Inputf(flag, "%s: cannot write in %s (%v); %s", path, base, unwrap(err), want(dir))
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}

// nearest returns dir, or the nearest directory above it that exists; an
// existing file on the way is an error, as nothing can be made under it.
func nearest(dir string) (string, error) {
	for {
		fi, err := os.Stat(dir)
		switch {
		case err == nil && fi.IsDir():
			return dir, nil
		case err == nil:
			return "", fmt.Errorf("%s is a file, so nothing can be made under it", dir)
		case !missing(err):
			return "", err
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", err
		}
		dir = up
	}
}

// missing reports whether err says a path is not there: it does not exist,
// or a file stands where a directory on the way should be (which nearest
// then names).
func missing(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}

func want(dir bool) string {
	if dir {
		return "want a directory this user can write in (it is made if missing)"
	}
	return "want a file name in a directory this user can write in"
}

// unwrap drops the operation and path of a *fs.PathError, which the
// message already names.
func unwrap(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
