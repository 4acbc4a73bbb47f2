package sweep

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"knightsweep/pkg/solver"
)

// Manifest is manifest.json: what a sweep ran, on what, and how far it got.
// It is written when the sweep starts (state "running") and rewritten when
// it ends; a resumed sweep keeps the earlier sessions.
type Manifest struct {
	Program string `json:"program"`
	// Version is the program's module version and VCS revision, from its
	// build info ("(devel)" for go run without VCS stamping).
	Version   string `json:"version"`
	GoVersion string `json:"go_version"`
	OS        string `json:"os"`
	Arch      string `json:"arch"`
	// CPU is the processor model from /proc/cpuinfo; CPUs the logical CPUs
	// usable by the process.
	CPU  string `json:"cpu"`
	CPUs int    `json:"cpus"`
	// Workers is the worker count of the latest session.
	Workers int `json:"workers"`
	// Command is the latest session's command line.
	Command  []string `json:"command"`
	Settings Settings `json:"settings"`
	// Skipped lists what the strategies cannot run (Plan.Skipped), left
	// out of Jobs.
	Skipped []Skip `json:"skipped,omitempty"`
	// Shard is the part of the sweep this directory holds (-shard); absent
	// for a whole sweep.
	Shard *Shard `json:"shard,omitempty"`
	// Jobs is the number of jobs in the sweep, or in its shard; Rows the
	// rows in runs.csv.
	Jobs int64 `json:"jobs"`
	Rows int64 `json:"rows"`
	// Counts holds the rows of runs.csv by status, every status present.
	Counts map[string]int64 `json:"counts"`
	// Started is when the first session started; Ended when the latest one
	// ended (zero while running).
	Started time.Time `json:"started"`
	Ended   time.Time `json:"ended"`
	// State is "running", "completed", "interrupted" or "failed".
	State       string `json:"state"`
	Completed   bool   `json:"completed"`
	Interrupted bool   `json:"interrupted"`
	// Error says why a failed session stopped.
	Error    string    `json:"error,omitempty"`
	Sessions []Session `json:"sessions"`
	// Merged lists the shard directories experiment merge combined into
	// this one; their sessions are the sessions above.
	Merged []string `json:"merged,omitempty"`
}

// Session is one invocation of the sweep: the first run or a resume.
type Session struct {
	Started time.Time `json:"started"`
	Ended   time.Time `json:"ended"`
	Version string    `json:"version"`
	Workers int       `json:"workers"`
	// Runs counts the rows the session wrote.
	Runs  int64  `json:"runs"`
	State string `json:"state"`
}

// The manifest's states.
const (
	StateRunning     = "running"
	StateCompleted   = "completed"
	StateInterrupted = "interrupted"
	StateFailed      = "failed"
)

// newManifest describes a session of plan starting now, continuing prev if
// it is not nil.
func newManifest(prev *Manifest, plan *Plan, workers int, command []string, now time.Time) *Manifest {
	m := &Manifest{
		Program:   "knightsweep experiment run",
		Version:   programVersion(),
		GoVersion: runtime.Version(),
		OS:        runtime.GOOS,
		Arch:      runtime.GOARCH,
		CPU:       cpuModel(),
		CPUs:      runtime.NumCPU(),
		Workers:   workers,
		Command:   command,
		Settings:  plan.Settings(),
		Skipped:   plan.Skipped(),
		Jobs:      plan.Len(),
		Started:   now,
		State:     StateRunning,
	}
	if prev != nil {
		m.Started = prev.Started
		m.Sessions = prev.Sessions
	}
	m.Sessions = append(m.Sessions, Session{Started: now, Version: m.Version, Workers: workers, State: StateRunning})
	return m
}

// finish records the end of the session: its state, the rows it wrote and
// the status counts of the whole file.
func (m *Manifest) finish(state string, runs int64, counts map[string]int64, err error, now time.Time) {
	m.State, m.Ended = state, now
	m.Completed, m.Interrupted = state == StateCompleted, state == StateInterrupted
	if err != nil {
		m.Error = err.Error()
	}
	m.Counts, m.Rows = map[string]int64{}, 0
	for _, st := range solver.Statuses {
		m.Counts[string(st)] = counts[string(st)]
		m.Rows += counts[string(st)]
	}
	s := &m.Sessions[len(m.Sessions)-1]
	s.Ended, s.Runs, s.State = now, runs, state
}

// write saves m as dir/manifest.json, atomically.
func (m *Manifest) write(dir string) error {
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return writeFileAtomic(filepath.Join(dir, ManifestFile), append(data, '\n'))
}

// programVersion returns the main module's version and, when the build
// recorded it, the VCS revision ("+dirty" for uncommitted changes).
func programVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := bi.Main.Version
	var rev, dirty string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+dirty"
			}
		}
	}
	if rev != "" {
		v += " " + rev + dirty
	}
	return v
}

// cpuModel returns the first "model name" of /proc/cpuinfo, or the
// architecture where there is none.
func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return runtime.GOARCH
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return runtime.GOARCH
}
