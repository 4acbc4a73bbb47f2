package sweep

import (
	"bufio"
	"cmp"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"knightsweep/pkg/runs"
	"knightsweep/pkg/solver"
)

// MergeOptions say which sweep outputs Merge combines, and where to.
type MergeOptions struct {
	// Out is the directory of the merged sweep: missing or empty.
	Out string
	// Inputs are output directories of the shards, or the runs.csv files
	// in them (each beside its manifest.json).
	Inputs []string
	// Command is the command line, recorded in the manifest.
	Command []string
}

// MergeSummary is what Merge wrote.
type MergeSummary struct {
	Out, Runs string
	// Jobs is the number of jobs in the sweep: every one has its row.
	Jobs int64
	// Counts holds the rows by status.
	Counts map[string]int64
	// Inputs is the number of shard outputs merged.
	Inputs int
}

// mergeInput is one shard's output.
type mergeInput struct {
	dir, runs string
	man       *Manifest
}

// maxListed is how many missing or doubled jobs a message spells out.
const maxListed = 3

// Merge combines the outputs of a sweep run in shards (run -shard i/N) into
// one: one runs.csv holding every job's row once, and a manifest.json. It
// checks that every input ran the same Settings (the shard aside) and that
// no job is missing or doubled; a missing job is listed by shard, with the
// command that runs it, so that only the missing work runs again. A
// truncated last line of an input (a shard killed mid-write) is left out,
// and its job counts as missing.
//
// Bad inputs are InputErrors with Flag "merge"; nothing is written to Out
// unless every check passes. Inputs need not be shards: the outputs of any
// runs of one sweep with disjoint rows merge the same way.
func Merge(ctx context.Context, opts MergeOptions) (*MergeSummary, error) {
	if len(opts.Inputs) == 0 {
		return nil, inputErrorf("merge", "give the output directories of the shards (or their runs.csv files)")
	}
	if opts.Out == "" {
		return nil, inputErrorf("-out", "missing: name the directory of the merged sweep, such as results/NAME")
	}
	ins, err := readMergeInputs(opts.Inputs)
	if err != nil {
		return nil, err
	}
	plan, count, err := checkMergeInputs(ins, opts.Out)
	if err != nil {
		return nil, err
	}

	if fi, err := os.Stat(opts.Out); err == nil && !fi.IsDir() {
		return nil, inputErrorf("-out", "%s is a file; want a directory", opts.Out)
	}
	if err := os.MkdirAll(opts.Out, 0o755); err != nil {
		return nil, err
	}
	lock, err := lockDir(opts.Out)
	if err != nil {
		return nil, err
	}
	defer lock.release()
	if entries, err := os.ReadDir(opts.Out); err != nil {
		return nil, err
	} else if slices.ContainsFunc(entries, func(e fs.DirEntry) bool { return e.Name() != LockFile }) {
		return nil, inputErrorf("-out", "%s is not empty: give a new directory for the merged sweep", opts.Out)
	}

	tmp, err := os.CreateTemp(opts.Out, RunsFile+".tmp*")
	if err != nil {
		return nil, err
	}
	defer func() {
		tmp.Close()
		os.Remove(tmp.Name())
	}()
	done := newBitset(plan.Len())
	counts := map[string]int64{}
	if err := mergeRows(ctx, tmp, ins, plan, done, counts); err != nil {
		return nil, err
	}
	if err := missingJobs(plan, done, count, ins); err != nil {
		return nil, err
	}
	if err := tmp.Chmod(0o644); err != nil {
		return nil, err
	}
	if err := tmp.Sync(); err != nil {
		return nil, fmt.Errorf("write %s: %w", tmp.Name(), err)
	}
	runsPath := filepath.Join(opts.Out, RunsFile)
	if err := os.Rename(tmp.Name(), runsPath); err != nil {
		return nil, err
	}

	man := mergedManifest(ins, plan, opts.Command, counts)
	if err := man.write(opts.Out); err != nil {
		return nil, fmt.Errorf("write manifest: %w", err)
	}
	return &MergeSummary{Out: opts.Out, Runs: runsPath, Jobs: plan.Len(), Counts: man.Counts, Inputs: len(ins)}, nil
}

// readMergeInputs finds each input's runs.csv and manifest.json.
func readMergeInputs(paths []string) ([]mergeInput, error) {
	var ins []mergeInput
	for _, p := range paths {
		in := mergeInput{dir: p, runs: filepath.Join(p, RunsFile)}
		fi, err := os.Stat(p)
		if err != nil {
			return nil, &InputError{Flag: "merge", Err: err}
		}
		if !fi.IsDir() {
			in.dir, in.runs = filepath.Dir(p), p
		}
		if in.man, err = readManifest(filepath.Join(in.dir, ManifestFile)); err != nil {
			return nil, inputErrorf("merge", "%s holds no sweep output: %w", p, err)
		}
		ins = append(ins, in)
	}
	slices.SortStableFunc(ins, func(a, b mergeInput) int {
		return cmp.Or(cmp.Compare(shardIndex(a.man), shardIndex(b.man)), strings.Compare(a.runs, b.runs))
	})
	return ins, nil
}

func shardIndex(m *Manifest) int {
	if m.Shard == nil {
		return -1
	}
	return m.Shard.Index
}

// checkMergeInputs checks that the inputs are parts of one sweep, and
// returns its plan and shard count (1 for unsharded inputs).
func checkMergeInputs(ins []mergeInput, out string) (*Plan, int, error) {
	first := ins[0]
	count := 1
	if first.man.Shard != nil {
		count = first.man.Shard.Count
	}
	seen := map[int]string{}
	for _, in := range ins {
		if filepath.Clean(in.dir) == filepath.Clean(out) {
			return nil, 0, inputErrorf("-out", "%s is one of the inputs: give a new directory for the merged sweep", out)
		}
		if diffs := first.man.Settings.Diff(in.man.Settings); len(diffs) > 0 {
			return nil, 0, inputErrorf("merge", "%s and %s ran different sweeps (%s): merge only the shards of one sweep",
				first.dir, in.dir, strings.Join(diffs, "; "))
		}
		n := 1
		if in.man.Shard != nil {
			n = in.man.Shard.Count
		}
		if n != count {
			return nil, 0, inputErrorf("merge", "%s is shard %s but %s is shard %s: merge the shards of one split",
				first.dir, first.man.Shard.shardText(), in.dir, in.man.Shard.shardText())
		}
		if in.man.Shard != nil {
			if other, dup := seen[in.man.Shard.Index]; dup {
				return nil, 0, inputErrorf("merge", "shard %s is given twice: %s and %s", in.man.Shard, other, in.dir)
			}
			seen[in.man.Shard.Index] = in.dir
		}
	}
	plan, err := NewPlan(first.man.Settings)
	if err != nil {
		return nil, 0, inputErrorf("merge", "%s: %w", first.dir, err)
	}
	return plan, count, nil
}

// mergeRows copies every input's complete rows to w, marking their jobs in
// done and counting their statuses; a job seen twice is an error.
func mergeRows(ctx context.Context, w io.Writer, ins []mergeInput, plan *Plan, done bitset, counts map[string]int64) error {
	saveTours := plan.Settings().SaveTours
	bw := bufio.NewWriterSize(w, 64<<10)
	if _, err := bw.WriteString(csvHeader(saveTours)); err != nil {
		return err
	}
	cw := csv.NewWriter(bw)
	var fields []string
	var doubled []string
	ndoubled := 0
	for _, in := range ins {
		if err := ctx.Err(); err != nil {
			return err
		}
		f, err := os.Open(in.runs)
		if err != nil {
			return &InputError{Flag: "merge", Err: err}
		}
		fi, err := f.Stat()
		var size int64
		if err == nil {
			size, err = completeLength(f, fi.Size())
		}
		if err != nil {
			f.Close()
			return fmt.Errorf("read %s: %w", in.runs, err)
		}
		line := 1
		err = runs.ReadTours(io.NewSectionReader(f, 0, size), func(r runs.TourRow) error {
			line++
			i, err := plan.Index(r.Row)
			if err != nil {
				return fmt.Errorf("line %d: %w", line, err)
			}
			if done.has(i) {
				if ndoubled++; len(doubled) < maxListed {
					doubled = append(doubled, fmt.Sprintf("%s:%d %s", in.runs, line, describeRow(r.Row)))
				}
				return nil
			}
			done.set(i)
			counts[r.Status]++
			fields = record(fields[:0], &r.Row, r.Tour, saveTours)
			return cw.Write(fields)
		})
		f.Close()
		if err != nil {
			return inputErrorf("merge", "%s: %w", in.runs, err)
		}
	}
	if ndoubled > 0 {
		return inputErrorf("merge", "%d jobs have two rows, such as %s: merge each shard once, and not a shard with a copy of itself",
			ndoubled, strings.Join(doubled, "; "))
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	return bw.Flush()
}

// describeRow names the job a row ran, for messages.
func describeRow(r runs.Row) string {
	return fmt.Sprintf("%s %dx%d from %d,%d trial %d", r.Strategy, r.Rows, r.Cols, r.StartRow, r.StartCol, r.Trial)
}

// missingJobs returns an InputError listing the jobs without a row, by
// shard, with the command that runs each shard's missing jobs; nil if none
// is missing.
func missingJobs(plan *Plan, done bitset, count int, ins []mergeInput) error {
	m := newShardMap(plan, count)
	missing := make([]int64, count)
	first := make([][]string, count)
	total := int64(0)
	for i := range plan.Len() {
		if done.has(i) {
			continue
		}
		s := m.of(i)
		missing[s]++
		total++
		if len(first[s]) < maxListed {
			j := plan.Job(i)
			first[s] = append(first[s], fmt.Sprintf("%s %dx%d from %d,%d trial %d", j.Strategy, j.Board.Rows, j.Board.Cols, j.Start.Row, j.Start.Col, j.Trial))
		}
	}
	if total == 0 {
		return nil
	}
	dirs := map[int]mergeInput{}
	for _, in := range ins {
		dirs[max(shardIndex(in.man), 0)] = in
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d of %d jobs have no row; run them, then merge again:", total, plan.Len())
	for s, n := range missing {
		if n == 0 {
			continue
		}
		name := "the sweep"
		if count > 1 {
			name = fmt.Sprintf("shard %d/%d", s, count)
		}
		fmt.Fprintf(&b, "\n  %s: %d of %d jobs missing (such as %s)", name, n, m.jobs(s), strings.Join(first[s], "; "))
		if in, ok := dirs[s]; ok {
			fmt.Fprintf(&b, "\n    resume it: %s", resumeLine(in))
		} else {
			fmt.Fprintf(&b, "\n    not among the inputs: run it with -shard %d/%d and the same flags", s, count)
		}
	}
	return &InputError{Flag: "merge", Err: errors.New(b.String())}
}

// resumeLine returns the command that finishes in's sweep: its command
// line with -out and -resume.
func resumeLine(in mergeInput) string {
	var words []string
	skipValue := false
	for _, a := range in.man.Command {
		if skipValue {
			skipValue = false
			continue
		}
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "-") && (name == "out" || name == "resume") {
			skipValue = name == "out" && !hasValue
			continue
		}
		words = append(words, a)
	}
	if len(words) == 0 {
		words = []string{"experiment", "run", "..."}
	}
	return strings.Join(append(words, "-out", in.dir, "-resume"), " ")
}

// mergedManifest describes the merged sweep: the inputs' settings and
// sessions, this program, the merged counts.
func mergedManifest(ins []mergeInput, plan *Plan, command []string, counts map[string]int64) *Manifest {
	first := ins[0].man
	m := newManifest(nil, plan, 0, command, first.Started)
	m.Program = "knightsweep experiment merge"
	m.Sessions = nil
	for _, in := range ins {
		if in.man.Started.Before(m.Started) {
			m.Started = in.man.Started
		}
		m.Sessions = append(m.Sessions, in.man.Sessions...)
		m.Workers += in.man.Workers
		m.Merged = append(m.Merged, in.dir)
	}
	var end time.Time
	for _, in := range ins {
		if in.man.Ended.After(end) {
			end = in.man.Ended
		}
	}
	m.State, m.Ended, m.Completed = StateCompleted, end, true
	m.Counts = map[string]int64{}
	for _, st := range solver.Statuses {
		m.Counts[string(st)] = counts[string(st)]
		m.Rows += counts[string(st)]
	}
	return m
}
