package plan

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"knightsweep/internal/input"
	"knightsweep/pkg/strategies"
)

// A Solver is an external solver of a sweep (the -solver flag) as its
// manifest records it: what it runs and what that was, byte for byte. A
// sweep is one solver's: -resume, shards and merge compare these as they
// compare every setting, and so refuse a solver rebuilt or edited between
// the parts of a sweep as they refuse a rebuilt binary.
type Solver struct {
	// Name and Command are the declaration NAME=COMMAND.
	Name    string `json:"name"`
	Command string `json:"command"`
	// Path is the program's absolute path, SHA256 its file's hash;
	// RealPath the file Path is, its symbolic links resolved, where that
	// differs. Script and ScriptSHA256 are the first argument that names
	// a regular file (as in python3 -u fast.py), Files the others, each
	// with its hash.
	Path         string       `json:"path"`
	RealPath     string       `json:"real_path,omitempty"`
	SHA256       string       `json:"sha256"`
	Script       string       `json:"script,omitempty"`
	ScriptSHA256 string       `json:"script_sha256,omitempty"`
	Files        []SolverFile `json:"files,omitempty"`
	// Resolved is the command as it resolved (external.Executable's
	// Resolved): the program's absolute path and every file argument's,
	// the other words as written, with the prefixes that say how it runs.
	// Two declarations are one solver when they resolve alike to files
	// with the same hashes, however their commands were spelled: "s.py"
	// and "./s.py", or a path from another directory. Manifests from
	// before it have none: their commands are compared as written.
	Resolved string `json:"resolved,omitempty"`
}

// A SolverFile is an argument of a solver's command that names a regular
// file: its absolute path and its hash.
type SolverFile struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
}

// Decl returns the declaration, NAME=COMMAND.
func (s Solver) Decl() string { return s.Name + "=" + s.Command }

// Known returns the strategies the settings may name: the built-in ones
// and the solvers they declare, each as its declaration says. It makes
// them known to no one else: a manifest read to merge shards or to write
// a report names solvers that no -solver flag of the command declared. A
// name declared twice, or one a built-in strategy holds, is refused.
func (s *Settings) Known() (*strategies.Set, error) {
	set := strategies.Builtins()
	for i, sv := range s.Solvers {
		for _, other := range s.Solvers[:i] {
			if other.Name == sv.Name {
				return nil, input.Errorf("-solver", "%s is declared twice (%s and %s)", sv.Name, other.Decl(), sv.Decl())
			}
		}
		if set.Has(sv.Name) {
			return nil, input.Errorf("-solver", "%s is a built-in strategy: give the solver another name", sv.Name)
		}
		d, err := strategies.ParseDecl(sv.Decl())
		if err != nil {
			return nil, &input.Error{Flag: "-solver", Err: err}
		}
		if set, err = set.With(d.Info()); err != nil {
			return nil, &input.Error{Flag: "-solver", Err: err}
		}
	}
	return set, nil
}

// info returns the facts of a strategy of set that Normalize checked.
func info(set *strategies.Set, name string) strategies.Info {
	i, err := set.Lookup(name)
	if err != nil {
		panic(err) // Normalize checked the names
	}
	return i
}

// Unknown returns the jobs for which skip returns false whose time the
// cost model cannot know (an external solver's), and the strategies they
// run: Cost leaves them out.
func (p *Plan) Unknown(skip func(index int64) bool) (jobs int64, names []string) {
	for ci := range p.cells {
		c := &p.cells[ci]
		if !c.external {
			continue
		}
		n := int64(0)
		for k := range c.jobs() {
			if skip == nil || !skip(c.first+k) {
				n++
			}
		}
		if n > 0 && !slices.Contains(names, c.strategy) {
			names = append(names, c.strategy)
		}
		jobs += n
	}
	return jobs, names
}

// UnknownText says, for a plan's line, which runs the estimate leaves out:
// "; 1000 runs of mine, ext not included: their time is unknown, ...", or
// "" when there are none.
func UnknownText(jobs int64, names []string) string {
	if jobs == 0 {
		return ""
	}
	return fmt.Sprintf("; %d runs of %s not included: their time is unknown, the cost model knows nothing of external solvers",
		jobs, strings.Join(names, ", "))
}

// DiffSolvers lists how the solvers now differ from those a sweep was
// run with (was), one "-solver NAME: ..." string each, saying what
// differs: a solver declared or gone, its command as it resolved (as
// written, where either manifest predates Resolved), or a file it runs
// whose bytes changed. nil means the same solvers, however spelled.
func DiffSolvers(was, now []Solver) []string {
	var diffs []string
	find := func(list []Solver, name string) *Solver {
		for i := range list {
			if list[i].Name == name {
				return &list[i]
			}
		}
		return nil
	}
	for _, w := range was {
		n := find(now, w.Name)
		if n == nil {
			diffs = append(diffs, fmt.Sprintf("-solver %s: was declared (%s), now is not", w.Name, w.Decl()))
			continue
		}
		diffs = append(diffs, w.diff(*n)...)
	}
	for _, n := range now {
		if find(was, n.Name) == nil {
			diffs = append(diffs, fmt.Sprintf("-solver %s: was not declared, now is (%s)", n.Name, n.Decl()))
		}
	}
	return diffs
}

// diff lists how n, a solver of w's name, differs from w.
func (w Solver) diff(n Solver) []string {
	var diffs []string
	add := func(format string, args ...any) {
		diffs = append(diffs, fmt.Sprintf("-solver %s: ", w.Name)+fmt.Sprintf(format, args...))
	}
	switch {
	case w.Resolved == "" || n.Resolved == "":
		if w.Command != n.Command {
			add("the command was %q, now %q (compared as written: the sweep's manifest predates resolved commands)", w.Command, n.Command)
		}
	case w.Resolved != n.Resolved:
		add("the command resolved to %q, now to %q", w.Resolved, n.Resolved)
	}
	changed := func(what, path, was, now string) {
		if was != now {
			add("%s %s changed: sha256 was %s, now %s", what, path, short(was), short(now))
		}
	}
	if w.Path == n.Path {
		changed("the program", w.Path, w.SHA256, n.SHA256)
		if w.RealPath != n.RealPath {
			add("the program %s was a link to %q, now to %q", w.Path, w.RealPath, n.RealPath)
		}
	}
	if w.Script != "" && w.Script == n.Script {
		changed("the script", w.Script, w.ScriptSHA256, n.ScriptSHA256)
	}
	for _, wf := range w.Files {
		for _, nf := range n.Files {
			if wf.Path == nf.Path {
				changed("the file", wf.Path, wf.SHA256, nf.SHA256)
			}
		}
	}
	if len(diffs) == 0 && !sameFiles(w, n) {
		// Nothing above says what: the records differ all the same.
		add("was %s, now %s", show("solvers", w), show("solvers", n))
	}
	return diffs
}

// sameFiles reports whether w and n record the same files with the same
// hashes: all of a solver's record but how its command was written.
func sameFiles(w, n Solver) bool {
	w.Command, n.Command = "", ""
	if w.Resolved == "" || n.Resolved == "" {
		w.Resolved, n.Resolved = "", ""
	}
	return reflect.DeepEqual(w, n)
}

// short is a hash's first 12 hex digits, enough to tell two apart.
func short(sha string) string {
	if len(sha) > 12 {
		return sha[:12]
	}
	return sha
}
