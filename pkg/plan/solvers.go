package plan

import (
	"fmt"
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
}

// A SolverFile is an argument of a solver's command that names a regular
// file: its absolute path and its hash.
type SolverFile struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
}

// Decl returns the declaration, NAME=COMMAND.
func (s Solver) Decl() string { return s.Name + "=" + s.Command }

// registerSolvers makes the facts of s's solvers known where nothing has
// registered them: a manifest read to merge shards or to write a report
// names strategies that no -solver flag of this command declared. A name
// that a built-in strategy or another declaration holds is refused.
func (s *Settings) registerSolvers() error {
	for i, sv := range s.Solvers {
		for _, other := range s.Solvers[:i] {
			if other.Name == sv.Name {
				return input.Errorf("-solver", "%s is declared twice (%s and %s)", sv.Name, other.Decl(), sv.Decl())
			}
		}
		in, err := strategies.Lookup(sv.Name)
		switch {
		case err == nil && in.External == "":
			return input.Errorf("-solver", "%s is a built-in strategy: give the solver another name", sv.Name)
		case err == nil:
			// Declared here, by this command's -solver, perhaps
			// otherwise: the sweep's settings are still readable, and
			// comparing them (Diff) says what differs.
			continue
		}
		if err := strategies.Register(strategies.ExternalInfo(sv.Name, sv.Decl())); err != nil {
			return input.Errorf("-solver", "%v", err)
		}
	}
	return nil
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
