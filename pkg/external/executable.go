package external

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"knightsweep/internal/buildinfo"
)

// An Executable is a Spec whose program was found: the file that will run
// and what it and its script hash to, so that a sweep can tell when a
// solver changed between its parts.
type Executable struct {
	Spec Spec
	// Path is the program's absolute path.
	Path string
	// SHA256 is the hex SHA-256 of the program's file.
	SHA256 string
	// Script and ScriptSHA256 are the first argument and its hash, when
	// that argument is a file (python3 solver.py): an interpreter's
	// program is its script.
	Script, ScriptSHA256 string
}

// Resolve finds s's program as exec.LookPath does (a word with a slash is
// a path, others are looked up in $PATH) and hashes it and its script.
func Resolve(s Spec) (*Executable, error) {
	path, err := exec.LookPath(s.Args[0])
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.Name, err)
	}
	if path, err = filepath.Abs(path); err != nil {
		return nil, fmt.Errorf("%s: %w", s.Name, err)
	}
	e := &Executable{Spec: s, Path: path}
	if e.SHA256, err = buildinfo.FileSHA256(path); err != nil {
		return nil, fmt.Errorf("%s: %w", s.Name, err)
	}
	if len(s.Args) > 1 && !hasPlaceholder(s.Args[1]) {
		if fi, err := os.Stat(s.Args[1]); err == nil && fi.Mode().IsRegular() {
			script, err := filepath.Abs(s.Args[1])
			if err != nil {
				return nil, fmt.Errorf("%s: %w", s.Name, err)
			}
			e.Script = script
			if e.ScriptSHA256, err = buildinfo.FileSHA256(script); err != nil {
				return nil, fmt.Errorf("%s: %w", s.Name, err)
			}
		}
	}
	return e, nil
}
