package external

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"knightsweep/internal/buildinfo"
	"knightsweep/pkg/strategies"
)

// An Executable is a Spec whose program was found: the file that will run
// and what it and its files hash to, so that a sweep can tell when a
// solver changed between its parts.
type Executable struct {
	Spec Spec
	// Path is the program's absolute path; RealPath the file it is, its
	// symbolic links resolved, when that is another path (python3 ->
	// python3.12), else "".
	Path, RealPath string
	// SHA256 is the hex SHA-256 of the program's file.
	SHA256 string
	// Script and ScriptSHA256 are the first argument that names a regular
	// file, and its hash (python3 -u solver.py): an interpreter's program
	// is its script. Files are the arguments after it that name regular
	// files (data a solver reads), hashed too.
	Script, ScriptSHA256 string
	Files                []File
	// Words are the command's words as they resolved: Path, then each
	// argument as written, but for those that name a regular file, as its
	// absolute path (Script's and Files').
	Words []string
}

// Resolved returns the command as it resolved, a declaration's identity
// whatever its spelling: the prefixes that say how it runs (random:, for
// a randomised solver, however it was declared, then stdio:), then Words,
// each quoted as a shell would need. "s.py" and "./s.py", or "../s.py"
// from another directory, resolve alike.
func (e *Executable) Resolved() string {
	var b strings.Builder
	if e.Spec.Random {
		b.WriteString(strategies.RandomPrefix)
	}
	if e.Spec.Stdio {
		b.WriteString(StdioPrefix)
	}
	for i, w := range e.Words {
		if i > 0 {
			b.WriteByte(' ')
		}
		q, err := syntax.Quote(w, syntax.LangPOSIX)
		if err != nil {
			q = strconv.Quote(w) // a control character: no POSIX quoting holds it
		}
		b.WriteString(q)
	}
	return b.String()
}

// A File is an argument that names a regular file, as an absolute path,
// and its hash.
type File struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
}

// scriptExts are the extensions of the programs interpreters run.
var scriptExts = map[string]bool{".py": true, ".pl": true, ".rb": true, ".js": true, ".mjs": true, ".cjs": true, ".ts": true,
	".jl": true, ".r": true, ".lua": true, ".sh": true, ".bash": true, ".php": true, ".tcl": true, ".jar": true, ".awk": true}

// looksLikeFile reports whether a command's argument is meant as a file:
// a script's name, or a path with a slash, and neither an option
// ("-x", "--k=v") nor a URL.
func looksLikeFile(arg string) bool {
	if strings.HasPrefix(arg, "-") || strings.Contains(arg, "=") || strings.Contains(arg, "://") {
		return false
	}
	return strings.Contains(arg, "/") || scriptExts[strings.ToLower(filepath.Ext(arg))]
}

// Resolve finds s's program as exec.LookPath does (a word with a slash is
// a path, others are looked up in $PATH) and hashes it and every argument
// that names a regular file. An argument that looks like a file
// (looksLikeFile) and is none is refused: the solver would fail every run
// (python3 missing.py).
func Resolve(s Spec) (*Executable, error) {
	path, err := exec.LookPath(s.Args[0])
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.Name, err)
	}
	if path, err = filepath.Abs(path); err != nil {
		return nil, fmt.Errorf("%s: %w", s.Name, err)
	}
	e := &Executable{Spec: s, Path: path, Words: []string{path}}
	if real, err := filepath.EvalSymlinks(path); err == nil && real != path {
		e.RealPath = real
	}
	if e.SHA256, err = buildinfo.FileSHA256(path); err != nil {
		return nil, fmt.Errorf("%s: %w", s.Name, err)
	}
	if err := checkInterpreter(path); err != nil {
		return nil, fmt.Errorf("%s: %s: %w", s.Name, path, err)
	}
	for _, arg := range s.Args[1:] {
		if hasPlaceholder(arg) {
			e.Words = append(e.Words, arg)
			continue
		}
		fi, err := os.Stat(arg)
		if errors.Is(err, fs.ErrNotExist) && looksLikeFile(arg) {
			return nil, fmt.Errorf("%s: %s: no such file (an argument of its command that names a file)", s.Name, arg)
		}
		if err != nil || !fi.Mode().IsRegular() {
			e.Words = append(e.Words, arg)
			continue
		}
		f := File{}
		if f.Path, err = filepath.Abs(arg); err != nil {
			return nil, fmt.Errorf("%s: %w", s.Name, err)
		}
		e.Words = append(e.Words, f.Path)
		if f.SHA256, err = buildinfo.FileSHA256(f.Path); err != nil {
			return nil, fmt.Errorf("%s: %w", s.Name, err)
		}
		if e.Script == "" {
			e.Script, e.ScriptSHA256 = f.Path, f.SHA256
		} else {
			e.Files = append(e.Files, f)
		}
	}
	return e, nil
}

// checkInterpreter refuses a script whose "#!" line names an interpreter
// that cannot run: every run would fail to start (exec's "no such file"
// names the script, not what is missing). An interpreter run through env
// (#!/usr/bin/env python3) is looked up in $PATH, as env will.
func checkInterpreter(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return nil // exec will say why
	}
	defer f.Close()
	// The kernel reads the #! line from the first 256 bytes.
	head := make([]byte, 256)
	n, _ := io.ReadFull(f, head)
	line, ok := bytes.CutPrefix(head[:n], []byte("#!"))
	if !ok {
		return nil
	}
	if i := bytes.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	words := strings.Fields(string(line))
	if len(words) == 0 {
		return errors.New("its #! line names no interpreter")
	}
	interp := words[0]
	fi, err := os.Stat(interp)
	switch {
	case err != nil:
		return fmt.Errorf("its interpreter %s (its #! line) cannot run: %w", interp, errors.Unwrap(err))
	case fi.IsDir() || fi.Mode().Perm()&0o111 == 0:
		return fmt.Errorf("its interpreter %s (its #! line) is not an executable file", interp)
	case filepath.Base(interp) != "env":
		return nil
	}
	for _, w := range words[1:] {
		if strings.HasPrefix(w, "-") || strings.Contains(w, "=") {
			continue // env's options (-S) and assignments
		}
		if _, err := exec.LookPath(w); err != nil {
			return fmt.Errorf("its interpreter %s (its #! line runs %s) is not in $PATH", w, strings.Join(words, " "))
		}
		break
	}
	return nil
}
