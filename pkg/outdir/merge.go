package outdir

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"knightsweep/internal/durable"
	"knightsweep/internal/input"
	"knightsweep/pkg/memlimit"
	"knightsweep/pkg/plan"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/status"
)

// MergeOptions say which sweep outputs Merge combines, and where to.
type MergeOptions struct {
	// Out is the directory of the merged sweep: missing, empty, or holding
	// the rows this merge writes, left by an earlier merge of the same
	// inputs, finished or interrupted (see Merge).
	Out string
	// Inputs are output directories of the shards, or the runs.csv files in
	// them (each beside its manifest.json). A pattern such as
	// results/night/shard-* that names no file is expanded, for callers
	// without a shell (a Kubernetes Job's exec-form command).
	Inputs []string
	// Command is the command line, recorded in the manifest.
	Command []string
	// MixedBuilds merges inputs whose rows several builds wrote (see
	// Manifest.Builds); without it they are refused.
	MixedBuilds bool
}

// MergeSummary is what Merge wrote.
type MergeSummary struct {
	Out, Runs string
	// Jobs is the number of jobs in the sweep: every one has its row.
	Jobs int64
	// Counts holds the rows by status.
	Counts map[status.Status]int64
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
// checks that every input ran the same Settings (the shard aside) and the
// same split, by one build (unless opts.MixedBuilds), that every row
// belongs to its input's shard and no job is doubled or missing. A missing
// job is listed by shard, with the command that runs it (ResumeCommand), so
// that only the missing work runs again.
// A torn last line of an input (a shard killed mid-write) is no row: its
// file and line are named, and its job counts as missing.
//
// Bad inputs are input.Errors (Flag "merge" or "-out"); nothing is written
// to Out unless every check passes. Inputs need not be shards: the outputs
// of any runs of one sweep with disjoint rows merge the same way.
//
// A merge into a directory that already holds its rows (and no manifest,
// or a merge's) is done again: a merge killed before its manifest or
// report was written (Ctrl-C, a Slurm time limit, an evicted pod) is then
// finished by running the same command, and a finished one is made again.
// The runs.csv there must equal the merged rows byte for byte, or the
// merge is refused: so nothing is lost that the inputs could not give
// again, and files in Out that a merge does not write are left alone.
func Merge(ctx context.Context, opts MergeOptions) (_ *MergeSummary, err error) {
	if len(opts.Inputs) == 0 {
		return nil, input.Errorf("merge", "give the output directories of the shards (or their runs.csv files)")
	}
	if opts.Out == "" {
		return nil, input.Errorf("-out", "missing: name the directory of the merged sweep, such as results/NAME")
	}
	ins, err := readInputs(opts.Inputs)
	if err != nil {
		return nil, err
	}
	p, count, err := checkInputs(ins, opts.Out)
	if err != nil {
		return nil, err
	}
	if !opts.MixedBuilds {
		if err := checkMergeBuilds(ins); err != nil {
			return nil, err
		}
	}
	tours, err := mergedTours(ins)
	if err != nil {
		return nil, err
	}
	if err := checkMergedSize(ins, p, opts.Command, tours); err != nil {
		return nil, err
	}

	if fi, err := os.Stat(opts.Out); err == nil && !fi.IsDir() {
		return nil, input.Errorf("-out", "%s is a file; want a directory", opts.Out)
	}
	made, err := mkdirs(opts.Out)
	if err != nil {
		return nil, err
	}
	defer func() {
		// A refused merge leaves nothing it made: no directory
		// holding only its lock.
		if made != "" && input.Is(err) {
			os.RemoveAll(made)
		}
	}()
	lock, err := LockDir(opts.Out)
	if err != nil {
		return nil, err
	}
	defer lock.Release()
	entries, err := contents(opts.Out)
	if err != nil {
		return nil, err
	}
	again := len(entries) > 0
	if again && !mergedBefore(opts.Out, entries) {
		return nil, input.Errorf("-out", "%s is not empty: give a new directory for the merged sweep", opts.Out)
	}

	done := plan.NewJobSet(p.Len())
	counts := map[status.Status]int64{}
	runsPath := filepath.Join(opts.Out, RunsFile)
	var torn []string
	err = durable.Replace(runsPath, func(w io.Writer) error {
		var same *sameAs
		if again {
			old, err := os.Open(runsPath)
			if err != nil {
				return err
			}
			defer old.Close()
			same = &sameAs{w: w, old: bufio.NewReader(old)}
			w = same
		}
		torn, err = mergeRows(ctx, w, ins, p, count, done, counts)
		if err != nil {
			return err
		}
		if err := missingJobs(p, done, count, ins, torn); err != nil {
			return err
		}
		if same != nil && !same.atEnd() {
			return errOtherRows
		}
		return nil
	}, durable.NoFollow)
	if errors.Is(err, errOtherRows) {
		return nil, input.Errorf("-out", "%s is not empty, and its %s holds other rows than this merge writes: give a new directory for the merged sweep",
			opts.Out, RunsFile)
	}
	if err != nil {
		return nil, RefuseLink("-out", err, runsPath)
	}
	man := mergedManifest(ins, p, opts.Command, counts)
	if err := copyTours(tours, opts.Out, man); err != nil {
		return nil, err
	}
	if err := man.Write(opts.Out); err != nil {
		return nil, fmt.Errorf("write manifest: %w", err)
	}
	return &MergeSummary{Out: opts.Out, Runs: runsPath, Jobs: p.Len(), Counts: counts, Inputs: len(ins)}, nil
}

// mergedBefore reports whether dir, whose entries are given, may be the
// output of an earlier merge: it holds a runs.csv, and a manifest only if
// it is a merge's (a run's, though its rows were the same, is not made
// over).
func mergedBefore(dir string, entries []fs.DirEntry) bool {
	if !slices.ContainsFunc(entries, func(e fs.DirEntry) bool { return e.Name() == RunsFile }) {
		return false
	}
	if !slices.ContainsFunc(entries, func(e fs.DirEntry) bool { return e.Name() == ManifestFile }) {
		return true // a merge stopped before its manifest
	}
	m, err := ReadManifest(dir)
	return err == nil && len(m.Merged) > 0
}

// errOtherRows says that a merge into a directory holding a runs.csv would
// not write the same rows.
var errOtherRows = errors.New("the rows differ")

// sameAs passes what is written on to w, as long as it is what old reads:
// a merge again into a directory checks its runs.csv as it writes, in the
// memory of one write.
type sameAs struct {
	w   io.Writer
	old *bufio.Reader
	buf []byte
}

func (s *sameAs) Write(p []byte) (int, error) {
	if cap(s.buf) < len(p) {
		s.buf = make([]byte, len(p))
	}
	b := s.buf[:len(p)]
	if _, err := io.ReadFull(s.old, b); err != nil || !bytes.Equal(b, p) {
		return 0, errOtherRows
	}
	return s.w.Write(p)
}

// atEnd reports whether old holds nothing more.
func (s *sameAs) atEnd() bool {
	_, err := s.old.ReadByte()
	return err == io.EOF
}

// readInputs finds each input's runs.csv and manifest.json.
func readInputs(paths []string) ([]mergeInput, error) {
	var expanded []string
	for _, p := range paths {
		if _, err := os.Stat(p); err != nil && strings.ContainsAny(p, "*?[") {
			// A shell matches "shard-*/" to the directories; Glob matches
			// nothing with the slash, so it goes.
			matches, gerr := filepath.Glob(strings.TrimRight(p, string(filepath.Separator)))
			if gerr != nil || len(matches) == 0 {
				return nil, input.Errorf("merge", "%s matches no file", p)
			}
			expanded = append(expanded, matches...)
			continue
		}
		expanded = append(expanded, p)
	}
	var ins []mergeInput
	for _, p := range expanded {
		in := mergeInput{dir: p, runs: filepath.Join(p, RunsFile)}
		fi, err := os.Stat(p)
		if err != nil {
			return nil, &input.Error{Flag: "merge", Err: err}
		}
		if !fi.IsDir() {
			in.dir, in.runs = filepath.Dir(p), p
		}
		if in.man, err = ReadManifest(filepath.Join(in.dir, ManifestFile)); err != nil {
			if !fi.IsDir() && errors.Is(err, fs.ErrNotExist) {
				// Name the file given, not the manifest of its directory.
				return nil, input.Errorf("merge", "%s is not a sweep's %s (there is no %s beside it): give the shards' output directories, or the %s in them",
					p, RunsFile, ManifestFile, RunsFile)
			}
			return nil, input.Errorf("merge", "%s holds no sweep output: %w", p, err)
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

func shardOf(m *Manifest) plan.Shard {
	if m.Shard == nil {
		return plan.Shard{}
	}
	return *m.Shard
}

// shardWords names the part of its sweep that m's output holds.
func shardWords(m *Manifest) string {
	if t := m.ShardText(); t != "" {
		return "shard " + t
	}
	return "a whole sweep (run without -shard)"
}

// checkInputs checks that the inputs are parts of one sweep, and returns
// its plan and shard count (1 for unsharded inputs).
func checkInputs(ins []mergeInput, out string) (*plan.Plan, int, error) {
	first := ins[0]
	count := max(1, shardOf(first.man).Count)
	seen := map[int]string{}
	for _, in := range ins {
		if filepath.Clean(in.dir) == filepath.Clean(out) {
			return nil, 0, input.Errorf("-out", "%s is one of the inputs: give a new directory for the merged sweep", out)
		}
		if diffs := first.man.Settings.Diff(in.man.Settings); len(diffs) > 0 {
			return nil, 0, input.Errorf("merge", "%s and %s ran different sweeps (%s): merge only the shards of one sweep",
				first.dir, in.dir, strings.Join(diffs, "; "))
		}
		if n := max(1, shardOf(in.man).Count); n != count {
			return nil, 0, input.Errorf("merge", "%s is %s but %s is %s: merge the shards of one split",
				first.dir, shardWords(first.man), in.dir, shardWords(in.man))
		}
		if in.man.Shard != nil {
			if other, dup := seen[in.man.Shard.Index]; dup {
				return nil, 0, input.Errorf("merge", "shard %s is given twice: %s and %s", in.man.Shard, other, in.dir)
			}
			seen[in.man.Shard.Index] = in.dir
		}
	}
	p, err := plan.New(first.man.Settings)
	if err != nil {
		return nil, 0, input.Errorf("merge", "%s: %w", first.dir, err)
	}
	return p, count, nil
}

// mergeRows copies every input's rows to w, marking their jobs in done and
// counting their statuses. A job seen twice, or a row of another shard, is
// an error; a torn last line is left out and returned as "file:line".
func mergeRows(ctx context.Context, w io.Writer, ins []mergeInput, p *plan.Plan, count int, done plan.JobSet, counts map[status.Status]int64) ([]string, error) {
	out := runs.NewWriter(w, p.Settings().SaveTours)
	if err := out.WriteHeader(); err != nil {
		return nil, err
	}
	shards := p.Shards(count)
	var doubled, torn []string
	ndoubled := 0
	for _, in := range ins {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		f, err := os.Open(in.runs)
		if err != nil {
			return nil, &input.Error{Flag: "merge", Err: err}
		}
		err = runs.ForEach(f, func(r *runs.Row, line int) error {
			i, err := p.Index(r)
			if err != nil {
				return fmt.Errorf("line %d: %w", line, err)
			}
			if s := shardOf(in.man); !s.Whole() && shards.Of(i) != s.Index {
				return fmt.Errorf("line %d: %v belongs to shard %d/%d, not to this directory's %s", line, r.Key(), shards.Of(i), count, s)
			}
			if done.Has(i) {
				if ndoubled++; len(doubled) < maxListed {
					doubled = append(doubled, fmt.Sprintf("%s:%d %v", in.runs, line, r.Key()))
				}
				return nil
			}
			done.Add(i)
			counts[r.Status]++
			return out.Write(r)
		})
		f.Close()
		var te *runs.TornError
		switch {
		case errors.As(err, &te):
			torn = append(torn, in.runs+":"+strconv.Itoa(te.Line))
		case err != nil:
			return nil, input.Errorf("merge", "%s: %w", in.runs, err)
		}
	}
	if ndoubled > 0 {
		return nil, input.Errorf("merge", "%d jobs have two rows, such as %s: merge each shard once, and not a shard with a copy of itself",
			ndoubled, strings.Join(doubled, "; "))
	}
	return torn, out.Flush()
}

// missingJobs returns an input.Error listing the jobs without a row, by
// shard, with the command that runs each shard's missing jobs; nil if none
// is missing.
func missingJobs(p *plan.Plan, done plan.JobSet, count int, ins []mergeInput, torn []string) error {
	m := p.Shards(count)
	missing := map[int]int64{}
	first := map[int][]string{}
	var total int64
	for i := range p.Len() {
		if done.Has(i) {
			continue
		}
		s := m.Of(i)
		missing[s]++
		total++
		if len(first[s]) < maxListed {
			j := p.Job(i)
			r := j.Row()
			first[s] = append(first[s], r.Key().String())
		}
	}
	if total == 0 {
		return nil
	}
	byShard := map[int]mergeInput{}
	for _, in := range ins {
		byShard[max(shardIndex(in.man), 0)] = in
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d of %d jobs have no row; run them, then merge again:", total, p.Len())
	for _, t := range torn {
		fmt.Fprintf(&b, "\n  %s: a row cut short by a crash (no newline at the end): left out", t)
	}
	for _, s := range slices.Sorted(mapKeys(missing)) {
		name := "the sweep"
		shard := plan.Shard{}
		if count > 1 {
			shard = plan.Shard{Index: s, Count: count}
			name = "shard " + shard.String()
		}
		fmt.Fprintf(&b, "\n  %s: %d of %d jobs missing (such as %s)", name, missing[s], m.Jobs(s), strings.Join(first[s], "; "))
		if in, ok := byShard[s]; ok {
			fmt.Fprintf(&b, "\n    resume it: %s", ResumeCommand(in.man.Command, in.dir, shard))
		} else {
			fmt.Fprintf(&b, "\n    not among the inputs: run it with %s", ResumeCommand(ins[0].man.Command, guessDir(ins, s), shard))
		}
	}
	return &input.Error{Flag: "merge", Err: errors.New(b.String())}
}

// guessDir names the directory of a missing shard after those of the
// others when they end in their shard's index (shard-0, shard-1, ...).
func guessDir(ins []mergeInput, s int) string {
	for _, in := range ins {
		if i := shardIndex(in.man); i >= 0 {
			suffix := strconv.Itoa(i)
			if d := filepath.Clean(in.dir); strings.HasSuffix(d, suffix) {
				return strings.TrimSuffix(d, suffix) + strconv.Itoa(s)
			}
		}
	}
	return filepath.Join(filepath.Dir(filepath.Clean(ins[0].dir)), "shard-"+strconv.Itoa(s))
}

func mapKeys[K comparable, V any](m map[K]V) func(func(K) bool) {
	return func(yield func(K) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// mergedManifest describes the merged sweep: the inputs' settings and
// sessions, this program, the merged counts.
func mergedManifest(ins []mergeInput, p *plan.Plan, command []string, counts map[status.Status]int64) *Manifest {
	first := ins[0].man
	m := NewManifest(nil, p, p.Select(plan.Shard{}), 0, *firstLimit(ins), command, first.Started)
	m.Program = "knightsweep experiment merge"
	m.Sessions = nil
	var end time.Time
	for _, in := range ins {
		if in.man.Started.Before(m.Started) {
			m.Started = in.man.Started
		}
		if in.man.Ended.After(end) {
			end = in.man.Ended
		}
		m.Sessions = append(m.Sessions, in.man.Sessions...)
		m.Workers += in.man.Workers
		m.Merged = append(m.Merged, in.dir)
	}
	m.State, m.Ended, m.Completed = StateCompleted, end, true
	m.Build = m.rowBuild()
	m.setCounts(counts)
	return m
}

// countsRoom is more than the merged counts can add to a manifest whose
// counts are all 0: each takes at most 19 digits.
const countsRoom = 8 * 19

// checkMergedSize returns an input.Error if the merged manifest, which
// holds every input's sessions, would be larger than MaxManifestBytes: a
// merge that no reader (report, a merge run again) could read back. It is
// checked before anything is written, with the tours the merge keeps.
func checkMergedSize(ins []mergeInput, p *plan.Plan, command []string, tours []inputTour) error {
	m := mergedManifest(ins, p, command, nil)
	for _, t := range tours {
		m.Tours = append(m.Tours, t.SavedTour)
	}
	size, err := m.fileSize()
	if err != nil {
		return err
	}
	if size+countsRoom > MaxManifestBytes {
		return input.Errorf("merge", "the %d inputs hold %d sessions (one a run or resume of a shard): their merged %s would take %s, more than the %s its readers take; report their runs.csv files together without merging (experiment report -out DIR), or run the sweep in fewer shards",
			len(ins), len(m.Sessions), ManifestFile, memlimit.Format(int64(size)), memlimit.Format(MaxManifestBytes))
	}
	return nil
}

func firstLimit(ins []mergeInput) *memlimit.Limit {
	for _, in := range ins {
		if in.man.MemLimit != nil {
			return in.man.MemLimit
		}
	}
	return &memlimit.Limit{}
}
