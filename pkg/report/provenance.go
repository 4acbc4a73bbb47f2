package report

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"knightsweep/internal/durable"
	"knightsweep/pkg/outdir"
	"knightsweep/pkg/plan"
	"knightsweep/pkg/stats"
)

// sweep is the output directory of an input CSV and its manifest: as the
// page shows it, and as a sweep's (nil if it is not one).
type sweep struct {
	dir   string
	shown Manifest
	man   *outdir.Manifest
}

// readSweeps reads the manifest beside each CSV once, for the page, the
// tours it saved and provenance; one sweep a CSV, in their order. A CSV
// whose manifest cannot be read as a sweep's saves no tour and adds
// nothing to provenance.
func readSweeps(csvPaths []string) []sweep {
	out := make([]sweep, len(csvPaths))
	for i, p := range csvPaths {
		dir := filepath.Dir(p)
		shown, data := readManifest(dir)
		out[i] = sweep{dir: dir, shown: shown}
		if data != nil {
			m, err := outdir.ParseManifest(data)
			if err != nil && durable.LooksSealedJSON(data) {
				// A sealed manifest that fails its checks is not shown as
				// fact: its values may be edited, its tours not the sweep's.
				out[i].shown.Fields = nil
				out[i].shown.Err = damagedManifest(dir, err)
			}
			out[i].man = m
		}
	}
	return out
}

// damagedManifest says what the page and the terminal tell of a manifest
// that fails its checks.
func damagedManifest(dir string, err error) string {
	return fmt.Sprintf("%s: %v; the report leaves out what it records (builds, machines, saved tours)", filepath.Join(dir, outdir.ManifestFile), err)
}

// manifestWarnings names each sweep whose manifest fails its checks, for
// the terminal.
func manifestWarnings(sweeps []sweep) []string {
	var out []string
	for _, sw := range sweeps {
		if sw.shown.Found && sw.man == nil && sw.shown.Err != "" {
			out = append(out, sw.shown.Err)
		}
	}
	return out
}

// provenance says what the runs rest on when the manifests beside the CSVs
// show more than one build of experiment, or more than one kind of
// machine: a merged sweep whose shards ran on different nodes, or several
// sweeps reported together. Rows of two builds may differ wherever the
// code changed; times of two machines differ by machine as well as by
// strategy, and every time figure and time ratio of the page would mix
// the two; under a time budget (-timeout) so does which runs succeed. Nodes
// do not depend on the machine. CSVs without a readable manifest add
// nothing: what is not recorded cannot be told.
func provenance(sweeps []sweep, res *stats.Results) []string {
	var builds, hosts []string
	var machines []outdir.Machine
	for _, sw := range sweeps {
		m := sw.man
		if m == nil {
			continue
		}
		for _, b := range m.Builds() {
			if !slices.Contains(builds, b) {
				builds = append(builds, b)
			}
		}
		ms, hs := m.Machines()
		for _, mc := range ms {
			if !slices.Contains(machines, mc) {
				machines = append(machines, mc)
			}
		}
		for _, h := range hs {
			if !slices.Contains(hosts, h) {
				hosts = append(hosts, h)
			}
		}
	}
	var out []string
	if len(builds) > 1 {
		out = append(out, fmt.Sprintf("These runs were computed by %d builds of experiment (%s): rows of two builds may differ "+
			"wherever the code changed between them. Each manifest's sessions say which build wrote which rows.",
			len(builds), strings.Join(builds, "; ")))
	}
	if len(machines) > 1 {
		names := make([]string, len(machines))
		for i, mc := range machines {
			names[i] = mc.String()
		}
		timed := ""
		if slices.ContainsFunc(res.Series, func(s stats.Series) bool { return s.Key.TimeoutNS > 0 }) {
			timed = ", and so, under a time budget, does which runs succeed"
		}
		out = append(out, fmt.Sprintf("These runs were timed on %d kinds of machine (%s), on %d hosts: every time figure and "+
			"time ratio here compares machines as well as strategies%s. Nodes do not depend on the machine.",
			len(machines), strings.Join(names, "; "), len(hosts), timed))
	}
	return out
}

// sharedNames says, of each series that pools the runs of different
// solvers declared under one name in different sweeps (their manifests'
// records differ, as plan.DiffSolvers tells them, which merge and -resume
// refuse), that it does: reported together, the files' runs of "x" are one
// series, its figures a mix of two programs. With bySource each file's
// runs are a series of their own, and nothing is mixed. Sweeps without a
// manifest, or one from before solvers were recorded, cannot be told.
func sharedNames(sweeps []sweep, csvPaths []string, res *stats.Results, bySource bool) []string {
	if bySource {
		return nil
	}
	type declared struct {
		solver plan.Solver
		files  []string
	}
	byName := map[string][]declared{}
	var names []string
	for i, sw := range sweeps {
		if sw.man == nil {
			continue
		}
	solvers:
		for _, sv := range sw.man.Settings.Solvers {
			ds := byName[sv.Name]
			if ds == nil {
				names = append(names, sv.Name)
			}
			for j := range ds {
				if plan.DiffSolvers([]plan.Solver{ds[j].solver}, []plan.Solver{sv}) == nil {
					ds[j].files = append(ds[j].files, csvPaths[i])
					continue solvers
				}
			}
			byName[sv.Name] = append(ds, declared{solver: sv, files: []string{csvPaths[i]}})
		}
	}
	var out []string
	for _, name := range names {
		ds := byName[name]
		if len(ds) < 2 || !slices.ContainsFunc(res.Series, func(s stats.Series) bool { return s.Key.Strategy == name }) {
			continue
		}
		parts := make([]string, len(ds))
		for i, d := range ds {
			parts[i] = fmt.Sprintf("%s in %s", solverText(d.solver), strings.Join(d.files, ", "))
		}
		out = append(out, fmt.Sprintf("series %s pools the runs of %d different solvers declared as %s (%s): its figures and "+
			"comparisons mix them. Report the files apart, or with -by-file to keep each file's runs in a series of its own",
			name, len(ds), name, strings.Join(parts, "; ")))
	}
	return out
}

// solverText describes a solver's record: its declaration, what it
// resolved to where that differs, and its program's hash.
func solverText(sv plan.Solver) string {
	s := sv.Decl()
	if sv.Resolved != "" && sv.Resolved != sv.Command {
		s += fmt.Sprintf(", resolved to %s", sv.Resolved)
	}
	if sh := sv.ScriptSHA256; sh != "" {
		s += ", script sha256 " + sh[:min(len(sh), 12)]
	} else if sh := sv.SHA256; sh != "" {
		s += ", sha256 " + sh[:min(len(sh), 12)]
	}
	return s
}
