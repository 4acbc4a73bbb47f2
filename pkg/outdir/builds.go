package outdir

import (
	"fmt"
	"os"
	"slices"
	"strings"

	"knightsweep/internal/buildinfo"
	"knightsweep/internal/input"
)

// A sweep's rows come from one build. Rows are a function of the code (the
// same job gives the same nodes, status and tour on any machine), so rows
// of two builds may differ wherever the code changed between them, and a
// table mixing them describes neither. Such mixes happen at the edges:
// a shard resumed after bin/experiment was rebuilt, a cluster task started
// hours after submission from a path that now holds another binary, an
// image tag that moved between two pods. Resume and merge therefore
// compare the builds of the sessions that wrote rows with their own and
// with each other's, and refuse a mix unless it is asked for
// (-allow-mixed-builds); the manifest keeps every session's build, and the
// report names a mix.

// hostname returns the machine's name, or "" where it has none.
func hostname() string {
	h, _ := os.Hostname()
	return h
}

// build returns the build that wrote the session's rows. A manifest
// written before sessions recorded it has the version, "module commit",
// whose commit is the build of a clean tree (buildinfo.Build); a modified
// tree's "commit+dirty" is all there is to go on.
func (s Session) build() string {
	if s.Build != "" {
		return s.Build
	}
	f := strings.Fields(s.Version)
	if len(f) == 0 {
		return ""
	}
	return f[len(f)-1]
}

// wroteRows reports whether the session may have written rows: it says so,
// or it never recorded its end (a kill leaves "running" and no count).
func (s Session) wroteRows() bool { return s.Runs > 0 || s.State == StateRunning }

// Builds returns the builds whose sessions wrote the rows, in the order
// they first ran.
func (m *Manifest) Builds() []string {
	var out []string
	for _, s := range m.Sessions {
		if b := s.build(); s.wroteRows() && b != "" && !slices.Contains(out, b) {
			out = append(out, b)
		}
	}
	return out
}

// rowBuild returns the one build that wrote the rows, or "" if several
// did.
func (m *Manifest) rowBuild() string {
	if b := m.Builds(); len(b) == 1 {
		return b[0]
	}
	return ""
}

// Machine is what a session's times depend on besides the code: the
// processor, how many of them, and the Go toolchain.
type Machine struct {
	CPU       string
	CPUs      int
	GoVersion string
}

// String names the machine in a line.
func (m Machine) String() string {
	if m.CPU == "" {
		return "a machine the manifest does not record"
	}
	return fmt.Sprintf("%s, %d CPUs, %s", m.CPU, m.CPUs, m.GoVersion)
}

func (m Machine) known() bool { return m.CPU != "" }

// Machines returns the machines that timed the rows, in the order they
// first ran, and the hosts their sessions ran on. A
// session of a manifest written before sessions recorded their machine ran
// on the manifest's own machine when it is the only session and not a
// merge's; otherwise its machine is unknown (the zero Machine).
func (m *Manifest) Machines() (machines []Machine, hosts []string) {
	for _, s := range m.Sessions {
		if !s.wroteRows() {
			continue
		}
		mc := Machine{s.CPU, s.CPUs, s.GoVersion}
		if !mc.known() && len(m.Sessions) == 1 && len(m.Merged) == 0 {
			mc = Machine{m.CPU, m.CPUs, m.GoVersion}
		}
		if !slices.Contains(machines, mc) {
			machines = append(machines, mc)
		}
		if s.Host != "" && !slices.Contains(hosts, s.Host) {
			hosts = append(hosts, s.Host)
		}
	}
	return machines, hosts
}

// MixedBuildsFlag is the flag of run and merge that accepts rows of
// several builds in one sweep.
const MixedBuildsFlag = "-allow-mixed-builds"

// checkResumeBuild refuses to resume, with another build, a sweep whose
// rows one build wrote: what the user gave (this binary) is the problem,
// so it is an input.Error of -resume.
func checkResumeBuild(dir string, prev *Manifest) error {
	now := buildinfo.Build()
	var others []string
	for _, b := range prev.Builds() {
		if b != now {
			others = append(others, b)
		}
	}
	if len(others) == 0 {
		return nil
	}
	return input.Errorf("-resume", "%s holds rows written by build %s; this binary is build %s (%s). "+
		"Two builds may compute different rows where the code changed between them: resume with the binary that "+
		"started the sweep, give a new -out, or add %s to go on (the manifest keeps each session's build and the report names the mix)",
		dir, strings.Join(others, " and "), now, buildinfo.Version(), MixedBuildsFlag)
}

// checkMergeBuilds refuses inputs whose rows come from more than one
// build, naming the inputs of each.
func checkMergeBuilds(ins []mergeInput) error {
	var builds []string
	dirs := map[string][]string{}
	for _, in := range ins {
		for _, b := range in.man.Builds() {
			if !slices.Contains(builds, b) {
				builds = append(builds, b)
			}
			dirs[b] = append(dirs[b], in.dir)
		}
	}
	if len(builds) < 2 {
		return nil
	}
	var parts []string
	for _, b := range builds {
		parts = append(parts, fmt.Sprintf("build %s wrote rows of %s", b, strings.Join(dirs[b], ", ")))
	}
	return input.Errorf("merge", "the inputs hold rows of %d builds (%s). Two builds may compute different rows where the "+
		"code changed between them: run the shards of the other builds again with one binary (each into a new -out), or "+
		"add %s to merge them as they are (the merged manifest keeps each session's build and the report names the mix)",
		len(builds), strings.Join(parts, "; "), MixedBuildsFlag)
}
