// Package buildinfo says which code a binary was built from: its module
// version and VCS commit, as the go command stamps them into binaries it
// builds in a git checkout (go build, go install; not go run or go test).
// Manifests record them so that a result can be traced to its code, and
// experiment version prints them.
package buildinfo

import (
	"runtime/debug"
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
	dirty := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			info.Commit = s.Value
		case "vcs.time":
			info.Time = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if dirty && info.Commit != "" {
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
