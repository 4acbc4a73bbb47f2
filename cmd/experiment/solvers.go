package main

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"knightsweep/internal/flagparse"
	"knightsweep/internal/input"
	"knightsweep/pkg/external"
	"knightsweep/pkg/memlimit"
	"knightsweep/pkg/plan"
	"knightsweep/pkg/solver"
	"knightsweep/pkg/strategies"
)

// solverFlags are -solver, repeatable, and -solver-mem-limit: the external
// solvers a command may run as strategies (package external).
type solverFlags struct {
	// decls are the command line's declarations, file a flag file's.
	decls, file []solverDecl
	filing      bool
	line        string // the flag file's line being read, "FILE:LINE"
	memLimit    string
}

// solverDecl is a -solver value, read once (strategies.ParseDecl); a
// declaration it refuses keeps its error for declare to report, in the
// order the declarations were given.
type solverDecl struct {
	text string
	decl strategies.Decl
	err  error
	at   string // the flag file's line that gave it; "" for the command line's
}

// String implements flag.Value.
func (s *solverFlags) String() string {
	var texts []string
	for _, d := range s.all() {
		texts = append(texts, d.text)
	}
	return strings.Join(texts, "; ")
}

// Set implements flag.Value: each -solver adds a declaration, of the
// flag file while it is read (fileLayered), else of the command line.
func (s *solverFlags) Set(v string) error {
	d := solverDecl{text: v}
	d.decl, d.err = strategies.ParseDecl(v)
	if s.filing {
		d.at = s.line
		s.file = append(s.file, d)
	} else {
		s.decls = append(s.decls, d)
	}
	return nil
}

// fromFile implements fileLayered: the flag file's declarations follow,
// and the command line's, read once before, are read again after them.
func (s *solverFlags) fromFile() { s.decls, s.filing = nil, true }

// fromCommandLine implements fileLayered.
func (s *solverFlags) fromCommandLine() { s.filing = false }

// fileLine implements fileLayered.
func (s *solverFlags) fileLine(at string) { s.line = at }

// all returns the declarations in force: the flag file's, but for those
// whose NAME the command line declares again (the command line overrides
// a flag file), then the command line's. Two of one NAME on the command
// line, or in the file, are left for declare to refuse.
func (s *solverFlags) all() []solverDecl {
	var out []solverDecl
	for _, d := range s.file {
		if !slices.ContainsFunc(s.decls, func(c solverDecl) bool { return c.decl.Name == d.decl.Name }) {
			out = append(out, d)
		}
	}
	return append(out, s.decls...)
}

// offered leaves out the flag file's solvers whose NAME names does not
// hold, where the command line gave names (overridden): a flag file offers
// its solvers, and a command line whose -strategies overrides the file's
// has no way to take a file's -solver back. Else the file's are checked
// as the command line's are (unnamed). A refused one stays, for declare.
func (s *solverFlags) offered(names []string, overridden bool) {
	if !overridden || slices.Contains(names, strategies.All) {
		return
	}
	s.file = slices.DeleteFunc(s.file, func(d solverDecl) bool { return d.err == nil && !slices.Contains(names, d.decl.Name) })
}

// unnamed returns the solvers in force that names (the strategies the
// command runs) leaves out: a slip, which run and solve refuse.
func (s *solverFlags) unnamed(names []string) []string {
	var out []string
	for _, d := range s.all() {
		if d.err == nil && !slices.Contains(names, d.decl.Name) {
			out = append(out, d.decl.Name)
		}
	}
	return out
}

// notNamed is the refusal of a solver, name, that flag does not name,
// with the flag file's line that declares it, if one does.
func (s *solverFlags) notNamed(name, flag string) error {
	err := input.Errorf("-solver", "%s is declared, but %s does not name it: add it to %s or leave its -solver out", name, flag, flag)
	for _, d := range s.all() {
		if d.decl.Name == name {
			err = flagparse.In(d.at, err)
		}
	}
	return err
}

func (s *solverFlags) register(fs *flag.FlagSet) {
	fs.Var(s, "solver", "declare an external solver `NAME=COMMAND`, a strategy -strategies (-strategy) may name; repeatable. COMMAND is split into words as a shell would, no shell runs it; one process a run with the placeholders "+
		"{"+strings.Join(external.Placeholders, "} {")+"} replaced, or stdio:COMMAND for one process a worker answering JSON lines (docs/solvers.md)")
	fs.StringVar(&s.memLimit, "solver-mem-limit", "", "address space each external solver process may map (RLIMIT_AS), such as 2GiB; 0 for none (default: -mem-limit divided among the workers)")
}

// declared is what declare found: the solvers as the plan records them,
// the command's strategies (the built-in ones and the solvers'), and the
// solvers' strategies, whose processes Close ends.
type declared struct {
	solvers    []plan.Solver
	set        *solver.Set
	strategies []*external.Strategy
	// memory is each process's address-space limit, 0 for none.
	memory int64
}

// printLimit says, under a plan, what limits the solvers' processes: a
// memory limit is a setting of the sweep's that no row records.
func (d *declared) printLimit(w io.Writer) {
	if len(d.solvers) == 0 {
		return
	}
	names := make([]string, len(d.solvers))
	for i, s := range d.solvers {
		names[i] = s.Name
	}
	limit := "no memory limit"
	if d.memory > 0 {
		limit = "a memory limit of " + memlimit.Format(d.memory) + " of address space a process"
	}
	fmt.Fprintf(w, "solvers: %s, %s (-solver-mem-limit)\n", strings.Join(names, ", "), limit)
}

// Close ends the solvers' processes.
func (d *declared) Close() {
	for _, st := range d.strategies {
		st.Close()
	}
}

// declare checks every -solver and makes the command's set of strategies:
// the built-in ones and each solver, under limits, before any flag that
// names one is checked. mem is the default memory limit of a solver
// process; Timeout is left to each run's; notes is where the solvers'
// notes go.
func (s *solverFlags) declare(mem memlimit.Limit, workers int, notes io.Writer) (*declared, error) {
	d := &declared{set: solver.Builtins()}
	decls := s.all()
	if len(decls) == 0 {
		if strings.TrimSpace(s.memLimit) != "" {
			return nil, input.Errorf("-solver-mem-limit", "no -solver declares a solver to limit")
		}
		return d, nil
	}
	limits := external.Limits{}
	switch v := strings.TrimSpace(s.memLimit); v {
	case "":
		if mem.Bytes > 0 {
			limits.Memory = mem.Bytes / int64(max(workers, 1))
		}
	default:
		n, err := memlimit.Parse(v)
		if err != nil {
			return nil, &input.Error{Flag: "-solver-mem-limit", Err: err}
		}
		if n != 0 && n < external.MinMemory {
			return nil, input.Errorf("-solver-mem-limit", "%s is below the least a process can start in, %s: give %s or more, or 0 for none",
				v, memlimit.Format(external.MinMemory), memlimit.Format(external.MinMemory))
		}
		limits.Memory = n
	}
	d.memory = limits.Memory
	for _, decl := range decls {
		if err := d.add(decl, limits, notes); err != nil {
			d.Close()
			return nil, flagparse.In(decl.at, err)
		}
	}
	return d, nil
}

// add declares one solver in d, under limits.
func (d *declared) add(decl solverDecl, limits external.Limits, notes io.Writer) error {
	if decl.err != nil {
		return &input.Error{Flag: "-solver", Err: decl.err}
	}
	spec, err := external.NewSpec(decl.decl)
	if err != nil {
		return &input.Error{Flag: "-solver", Err: err}
	}
	if in, err := d.set.Facts().Lookup(spec.Name); err == nil {
		if in.External == nil {
			return input.Errorf("-solver", "%s is a built-in strategy: give the solver another name", spec.Name)
		}
		return input.Errorf("-solver", "%s is declared twice (%s and %s)", spec.Name, in.External, spec.Decl)
	}
	if in, ok := d.set.Facts().Folded(spec.Name); ok {
		kind := "the solver"
		if strategies.Builtins().Has(in) {
			kind = "the built-in strategy"
		}
		return input.Errorf("-solver", "%s differs from %s %s only in case: give the solver another name", spec.Name, kind, in)
	}
	exe, err := external.Resolve(spec)
	if err != nil {
		return &input.Error{Flag: "-solver", Err: err}
	}
	st := external.NewStrategy(exe, limits)
	st.Notes = notes
	set, err := d.set.With(st.Info())
	if err != nil {
		st.Close()
		return &input.Error{Flag: "-solver", Err: err}
	}
	d.set = set
	d.strategies = append(d.strategies, st)
	sv := plan.Solver{Name: spec.Name, Command: spec.Command, Path: exe.Path, RealPath: exe.RealPath,
		SHA256: exe.SHA256, Script: exe.Script, ScriptSHA256: exe.ScriptSHA256, Resolved: exe.Resolved()}
	for _, f := range exe.Files {
		sv.Files = append(sv.Files, plan.SolverFile(f))
	}
	d.solvers = append(d.solvers, sv)
	return nil
}
