// Package buildinfo says which code a binary was built from: its module
// version and VCS commit, as the go command stamps them into binaries it
// builds in a git checkout (go build, go install; not go run or go test).
// Manifests record them so that a result can be traced to its code, and
// experiment version prints them.
package buildinfo

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"sync"
)

// Info is what the build recorded.
type Info struct {
	// Module is the main module's version: a tag, a pseudo-version such as
	// v0.0.0-20261123201904-d1e415b1c2a3 (with +dirty when the tree had
	// changes), or "(devel)" when the build stamped none.
	Module string
	// Commit is the full VCS revision, with "+dirty" when the working tree
	// was modified; "" when unknown.
	Commit string
	// Modified reports a working tree with changes: Commit then names
	// many different codes.
	Modified bool
	// Time is the commit's time (RFC 3339), GoVersion the toolchain.
	Time      string
	GoVersion string
}

// Read returns the running binary's build information.
var Read = sync.OnceValue(func() Info {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return Info{Module: "unknown"}
	}
	info := Info{Module: bi.Main.Version, GoVersion: bi.GoVersion}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			info.Commit = s.Value
		case "vcs.time":
			info.Time = s.Value
		case "vcs.modified":
			info.Modified = s.Value == "true"
		}
	}
	if info.Modified && info.Commit != "" {
		info.Commit += "+dirty"
	}
	return info
})

// Version returns the module version and, when known, the commit: the
// manifest's "version" field.
func Version() string {
	i := Read()
	if i.Commit == "" {
		return i.Module
	}
	return i.Module + " " + i.Commit
}

// Build identifies the code that computes a sweep's rows, so that rows
// from two binaries are not mixed unnoticed (a rebuilt bin/experiment, a
// moved image tag, a cluster node with an older copy). A clean build is
// its commit: every binary built from one commit computes the same rows.
// Anything else (a modified tree, whose "+dirty" commit names many
// different codes, or a build without VCS stamps: go run, go test) adds
// the SHA-256 of the executable, the one thing that tells its code apart.
// The hash is taken once, on first use, and only by the commands that
// write rows.
var Build = sync.OnceValue(func() string {
	i := Read()
	if i.Commit != "" && !i.Modified {
		return i.Commit
	}
	sum := "unknown"
	if h, err := executableHash(); err == nil {
		sum = h
	}
	return strings.TrimSpace(i.Commit + " sha256:" + sum)
})

// executableHash returns the first 16 hex digits of the SHA-256 of the
// running executable.
func executableHash() (string, error) {
	path, err := os.Executable()
	if err != nil {
		return "", err
	}
	sum, err := FileSHA256(path)
	if err != nil {
		return "", err
	}
	return sum[:16], nil
}

// FileSHA256 returns the hex SHA-256 of the file name: what identifies a
// program (this one, or an external solver) byte for byte.
func FileSHA256(name string) (string, error) {
	f, err := os.Open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("reading %s: %w", name, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
