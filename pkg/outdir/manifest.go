package outdir

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"knightsweep/internal/buildinfo"
	"knightsweep/internal/durable"
	"knightsweep/pkg/memlimit"
	"knightsweep/pkg/plan"
	"knightsweep/pkg/status"
)

// Manifest is manifest.json: what a sweep ran, on what, and how far it got.
// It is written when the sweep starts (state "running") and rewritten when
// it ends; a resumed sweep keeps the earlier sessions.
type Manifest struct {
	Program string `json:"program"`
	// Version is the program's module version and VCS commit, from its
	// build info; Commit the commit alone ("+dirty" for a modified tree).
	Version string `json:"version"`
	Commit  string `json:"commit,omitempty"`
	// Build identifies the code that computed every row (buildinfo.Build):
	// the commit of a clean build, else the executable's hash too. It is
	// absent when several builds wrote rows (-allow-mixed-builds); the
	// sessions say which.
	Build     string `json:"build,omitempty"`
	GoVersion string `json:"go_version"`
	OS        string `json:"os"`
	Arch      string `json:"arch"`
	// CPU is the processor model from /proc/cpuinfo; CPUs the logical CPUs
	// usable by the process.
	CPU  string `json:"cpu"`
	CPUs int    `json:"cpus"`
	// Workers is the worker count of the latest session.
	Workers int `json:"workers"`
	// MemLimit is the latest session's -mem-limit and where it came from.
	MemLimit *memlimit.Limit `json:"mem_limit,omitempty"`
	// Command is the latest session's command line, the program as invoked.
	Command  []string      `json:"command"`
	Settings plan.Settings `json:"settings"`
	// Skipped lists what the strategies cannot run (Plan.Skipped), left
	// out of Jobs.
	Skipped []plan.Skip `json:"skipped,omitempty"`
	// Shard is the part of the sweep this directory holds (-shard); absent
	// for a whole sweep.
	Shard *plan.Shard `json:"shard,omitempty"`
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
	Error string `json:"error,omitempty"`
	// Recovered says why this session rebuilt the manifest from the flags
	// given (there was none beside runs.csv).
	Recovered string    `json:"recovered,omitempty"`
	Sessions  []Session `json:"sessions"`
	// Merged lists the shard directories experiment merge combined into
	// this one; their sessions are the sessions above.
	Merged []string `json:"merged,omitempty"`
	// Tours lists the tours saved for pictures, one a board (see Tours).
	Tours []SavedTour `json:"tours,omitempty"`
}

// Session is one invocation of the sweep: the first run or a resume. It
// says which build wrote its rows and on what machine they were timed:
// a merged sweep keeps the sessions of every shard, and a resumed one those
// of every run, so that the manifest's own machine fields (the latest
// session's, or the merge's) are not all that is known.
type Session struct {
	Started time.Time `json:"started"`
	Ended   time.Time `json:"ended"`
	Version string    `json:"version"`
	// Build is buildinfo.Build of the binary; empty in manifests written
	// before it was recorded, where Version stands for it.
	Build string `json:"build,omitempty"`
	// Shard is the shard the session ran ("i/N"), empty for a whole sweep.
	Shard string `json:"shard,omitempty"`
	// Host, CPU, CPUs and GoVersion describe the machine and toolchain
	// that timed the session's rows.
	Host      string `json:"host,omitempty"`
	CPU       string `json:"cpu,omitempty"`
	CPUs      int    `json:"cpus,omitempty"`
	GoVersion string `json:"go_version,omitempty"`
	Workers   int    `json:"workers"`
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

// MaxManifestBytes bounds the manifest a reader accepts, so that a damaged
// or hostile file cannot make it allocate without bound.
const MaxManifestBytes = 16 << 20

// NewManifest describes a session of p (the part sel selects) starting
// now, continuing prev if it is not nil.
func NewManifest(prev *Manifest, p *plan.Plan, sel *plan.Selection, workers int, mem memlimit.Limit, command []string, now time.Time) *Manifest {
	m := &Manifest{
		Program:   "knightsweep experiment run",
		Version:   buildinfo.Version(),
		Commit:    buildinfo.Read().Commit,
		GoVersion: runtime.Version(),
		OS:        runtime.GOOS,
		Arch:      runtime.GOARCH,
		CPU:       cpuModel(),
		CPUs:      runtime.NumCPU(),
		Workers:   workers,
		MemLimit:  &mem,
		Command:   command,
		Settings:  p.Settings(),
		Skipped:   p.Skipped(),
		Jobs:      sel.Jobs,
		Started:   now,
		State:     StateRunning,
	}
	if !sel.Shard.Whole() {
		s := sel.Shard
		m.Shard = &s
	}
	if prev != nil {
		m.Started = prev.Started
		m.Sessions = prev.Sessions
		m.Tours = prev.Tours
	}
	m.Sessions = append(m.Sessions, Session{Started: now, Version: m.Version, Build: buildinfo.Build(), Shard: m.ShardText(),
		Host: hostname(), CPU: m.CPU, CPUs: m.CPUs, GoVersion: m.GoVersion, Workers: workers, State: StateRunning})
	m.Build = m.rowBuild()
	return m
}

// Finish records the end of the session: its state, the rows it wrote and
// the status counts of the whole file.
func (m *Manifest) Finish(state string, runs int64, counts map[status.Status]int64, err error, now time.Time) {
	m.State, m.Ended = state, now
	m.Completed, m.Interrupted = state == StateCompleted, state == StateInterrupted
	m.Error = ""
	if err != nil {
		m.Error = err.Error()
	}
	m.setCounts(counts)
	s := &m.Sessions[len(m.Sessions)-1]
	s.Ended, s.Runs, s.State = now, runs, state
	// A session that ended without writing a row adds no build.
	m.Build = m.rowBuild()
}

func (m *Manifest) setCounts(counts map[status.Status]int64) {
	m.Counts, m.Rows = map[string]int64{}, 0
	for _, st := range status.All {
		m.Counts[string(st)] = counts[st]
		m.Rows += counts[st]
	}
}

// ShardText returns the manifest's shard as -shard spells it: "" for none.
func (m *Manifest) ShardText() string {
	if m.Shard == nil {
		return ""
	}
	return m.Shard.String()
}

// manifestFormat is manifest.json's: a sealed JSON file of package
// durable, its format first and its CRC-32C last. A manifest written
// before files were sealed (format 1, without either) is read once more,
// unchecked, and written back sealed.
var manifestFormat = durable.Format{Name: "manifest", Version: 2,
	Advice: "if runs.csv is whole, remove manifest.json and -resume with the sweep's flags, which rebuilds it"}

// encode returns m as its file holds it, without the room kept after it.
func (m *Manifest) encode() ([]byte, error) {
	return durable.MarshalJSON(manifestFormat, m)
}

// fileSize returns the size of m's file: its text and the room kept.
func (m *Manifest) fileSize() (int, error) {
	data, err := m.encode()
	if err != nil {
		return 0, err
	}
	return len(data) + room(len(data)), nil
}

// room is the spaces kept after a manifest's n bytes of text.
func room(n int) int { return reserve - n%4096 }

// reserve is the room a manifest file keeps beyond its text: spaces after
// the JSON, which readers ignore. A later rewrite that cannot get new
// space (a full disk) overwrites the file in place within it.
const reserve = 8 << 10

// Write saves m as dir/manifest.json. It replaces the file atomically;
// when that fails for want of space (the sweep may have stopped because
// the disk is full), it overwrites the existing file in place within the
// room the file already holds, so that a manifest is not left saying
// "running" by a process that has ended. A crash during such an overwrite
// leaves a damaged manifest, which -resume refuses, naming it.
//
// A manifest larger than MaxManifestBytes, room included, is not written:
// no reader would take it back.
func (m *Manifest) Write(dir string) error {
	data, err := m.encode()
	if err != nil {
		return err
	}
	padded := append(data, bytes.Repeat([]byte{' '}, room(len(data)))...)
	if len(padded) > MaxManifestBytes {
		return fmt.Errorf("manifest of %s (%d sessions) is larger than the %s its readers take: not written",
			memlimit.Format(int64(len(padded))), len(m.Sessions), memlimit.Format(MaxManifestBytes))
	}
	path := filepath.Join(dir, ManifestFile)
	err = durable.ReplaceBytes(path, padded, durable.NoFollow)
	if err != nil && (errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT)) {
		if inPlace := overwrite(path, data); inPlace == nil {
			return nil
		}
	}
	return RefuseLink("-out", err, path)
}

// overwrite writes data over the start of the file at path, padding it
// with spaces to the file's length; it fails if data is longer.
func overwrite(path string, data []byte) error {
	f, err := durable.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	if int64(len(data)) > fi.Size() {
		return fmt.Errorf("manifest of %d bytes does not fit the %d of the file", len(data), fi.Size())
	}
	buf := append(data, bytes.Repeat([]byte{' '}, int(fi.Size())-len(data))...)
	if _, err := f.WriteAt(buf, 0); err != nil {
		return err
	}
	return f.Sync()
}

// ReadManifest reads and checks dir/manifest.json (or the file path). Its
// size and every count in it are bounded before anything is sized by them.
func ReadManifest(path string) (*Manifest, error) {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		path = filepath.Join(path, ManifestFile)
	}
	data, err := durable.ReadFile(path, MaxManifestBytes)
	var tl *durable.TooLargeError
	switch {
	case errors.As(err, &tl):
		return nil, notManifest(path, err)
	case err != nil:
		return nil, err
	}
	return parseManifest(path, data)
}

// notManifest refuses the file at path, which err shows is no sweep's
// manifest, with what to do.
func notManifest(path string, err error) error {
	return &durable.Error{Path: path, Reason: err.Error() + ": not a sweep's manifest", Advice: manifestFormat.Advice, Err: err}
}

// ParseManifest reads and checks a manifest.
func ParseManifest(data []byte) (*Manifest, error) {
	m, err := parseManifest(ManifestFile, data)
	if err != nil {
		// The errors name the file; the caller names where it was.
		return nil, errors.New(strings.TrimPrefix(err.Error(), ManifestFile+": "))
	}
	return m, nil
}

// parseManifest reads and checks the manifest data read from path.
func parseManifest(path string, data []byte) (*Manifest, error) {
	m, err := decodeManifest(path, data)
	if err != nil {
		return nil, err
	}
	if err := m.check(); err != nil {
		return nil, notManifest(path, err)
	}
	return m, nil
}

func decodeManifest(path string, data []byte) (*Manifest, error) {
	if len(data) > MaxManifestBytes {
		return nil, notManifest(path, &durable.TooLargeError{Max: MaxManifestBytes})
	}
	// The manifest is written by rename, whole or not at all: one that is
	// empty or cut short is damaged, as one edited is, and is not taken
	// for a sweep the flags given could rebuild.
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, &durable.Error{Path: path, Reason: "damaged: empty", Advice: manifestFormat.Advice, Cut: true}
	}
	var m Manifest
	if _, err := durable.UnmarshalJSON(path, data, manifestFormat, &m); err != nil {
		return nil, err
	}
	return &m, nil
}

// check checks what the manifest says against what a sweep can be.
func (m *Manifest) check() error {
	if err := m.Settings.Normalize(); err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	if m.Shard != nil {
		if err := m.Shard.Check(); err != nil {
			return err
		}
	}
	if m.Jobs < 0 || m.Jobs > plan.MaxJobs || m.Rows < 0 || m.Rows > plan.MaxJobs {
		return fmt.Errorf("%d jobs and %d rows: not a sweep's", m.Jobs, m.Rows)
	}
	return nil
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
