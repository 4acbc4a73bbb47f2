package exact

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"knightsweep/internal/durable"
	"knightsweep/internal/input"
	"knightsweep/internal/words"
	"knightsweep/pkg/board"
)

// Shard is one part of exact's walks split across machines (experiment
// exact -shard i/N): shard Index of Count, 0 <= Index < Count. The zero
// Shard is the whole run.
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// Whole reports whether s walks every start: no -shard, or -shard 0/1.
func (s Shard) Whole() bool { return s.Count <= 1 }

// Given reports whether s is -shard's, 0/1 included: its -out is a
// shard's, with ShardFile beside it, which the merge takes (a cluster's
// split into one task is merged as any other).
func (s Shard) Given() bool { return s.Count > 0 }

func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// Cost is the cost model's estimate of task t's walk, in tie points: the
// peak of a walk whose tie points' images stay apart (tiePointsAt, the
// growth of the corners' peaks from 8x8 to 10x10), half of it for a start
// on a mirror line (Task.Mirrored). Classes of one kind weigh alike; they
// differ by some tens of percent (every 9x9 start: the 6 classes off the
// mirror lines held 734,000 tie points on average, the 9 on them
// 426,000).
func Cost(t Task) float64 {
	c := tiePointsAt(float64(t.Board.Squares()))
	if t.Mirrored {
		c /= 2
	}
	return c
}

// Deal returns the shard of each task split into count shards: the
// costliest first (then in the tasks' order), each to the shard whose
// estimated cost is least so far (the lowest index among equals). The
// shards' estimates then differ by at most one task's. It depends on the
// tasks and count alone.
func Deal(tasks []Task, count int) []int {
	shard := make([]int, len(tasks))
	if count <= 1 {
		return shard
	}
	order := make([]int, len(tasks))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(Cost(tasks[b]), Cost(tasks[a])) })
	load := make([]float64, count)
	for _, i := range order {
		least := 0
		for s := range load {
			if load[s] < load[least] {
				least = s
			}
		}
		shard[i] = least
		load[least] += Cost(tasks[i])
	}
	return shard
}

// MethodUsed names how o walks boards, the walks' figures' method: memo,
// frontier (with " -work" after it when o.Work is given: its checkpoints
// write each depth's records out, and past 64 squares the sums then
// differ in their last digits) or plain, one for all or one a board
// ("memo on 6x6, frontier on 9x9"). -method auto is named by the method
// it takes: past 64 squares the memo's sums, the frontier's and the plain
// walk's differ in their last digits, and the plain walk counts no tie
// points.
func MethodUsed(boards []board.Board, o Options) string {
	var names []string
	seen := map[string]bool{}
	for _, b := range boards {
		name := "memo"
		switch {
		case o.Plain:
			name = "plain"
		case o.UsesFrontier(b) && o.Work != "":
			name = "frontier -work"
		case o.UsesFrontier(b):
			name = "frontier"
		}
		seen[name] = true
		names = append(names, name+" on "+b.String())
	}
	if len(seen) == 1 {
		for name := range seen {
			return name
		}
	}
	return strings.Join(names, ", ")
}

// same reports whether m and o are the manifests of one shard of one
// command by one build and method: -float aside where it changes no
// figure (WorkCommand.figures).
func (m ShardManifest) same(o ShardManifest) bool {
	m.Command, o.Command = m.Command.figures(), o.Command.figures()
	return m == o
}

// ShardFile is the file beside a shard's -out CSV that says whose rows it
// holds: FILE.shard.json.
func ShardFile(out string) string { return out + ".shard.json" }

// ShardManifest is what a shard's ShardFile keeps: the build that walked
// its rows, the command, the shard, and the starts it owes, so that a
// merge takes only shards of one command and build, every one complete.
type ShardManifest struct {
	Build   string      `json:"build"`
	Command WorkCommand `json:"command"`
	// Method is the method the walks took (MethodUsed), not -method's
	// spelling.
	Method string `json:"method"`
	Shard  Shard  `json:"shard"`
	Starts int    `json:"starts"`
}

var shardFormat = durable.Format{Name: "exact shard", Version: 1,
	Advice: "give another -out, or remove the file and its CSV to walk the shard again"}

// readShard reads a shard's manifest beside its CSV out.
func readShard(out string) (ShardManifest, error) {
	var m ShardManifest
	path := ShardFile(out)
	data, err := durable.ReadFile(path, maxCommandBytes)
	if err != nil {
		return m, err
	}
	_, err = durable.UnmarshalJSON(path, data, shardFormat, &m)
	return m, err
}

// openShard checks r.Out's shard manifest, if any: the shard of this
// command and build, so that its rows go on. It returns the manifest to
// write once every check of the command has passed (none if the one
// there is this command's): a refused command leaves none. A manifest
// beside no CSV (a copy, or one an older build left) names nothing to
// keep and is replaced.
func (r *Runner) openShard() (*ShardManifest, error) {
	starts := 0
	for _, j := range r.Jobs {
		starts += len(j.Starts)
	}
	want := ShardManifest{Build: r.Build, Command: r.Command, Method: r.method, Shard: r.Shard, Starts: starts}
	had, err := readShard(r.Out)
	rows, csvErr := ReadCSV(r.Out)
	switch {
	case errors.Is(err, fs.ErrNotExist) && len(rows) > 0:
		return nil, input.Errorf("-out", "%s holds rows but no %s: not a shard's file; give another -out", r.Out, ShardFile(r.Out))
	case errors.Is(err, fs.ErrNotExist), err == nil && !had.same(want) && errors.Is(csvErr, fs.ErrNotExist):
		return &want, nil
	case err != nil:
		return nil, input.Errorf("-out", "%v", err)
	case !had.same(want):
		return nil, input.Errorf("-out", "%s holds shard %v of %s walked by %s (build %s), not shard %v of %s walked by %s (build %s): give another -out, or the same command with the same binary",
			r.Out, had.Shard, had.Command, had.Method, had.Build, want.Shard, want.Command, want.Method, want.Build)
	}
	return nil, nil
}

// writeShard writes m beside r.Out.
func (r *Runner) writeShard(m ShardManifest) error {
	data, err := durable.MarshalJSON(shardFormat, m)
	if err == nil {
		err = durable.ReplaceBytes(ShardFile(r.Out), data)
	}
	if err != nil {
		return writeError("-out", err)
	}
	return nil
}

// Merge combines the CSVs of every shard of one exact command (exact
// -shard i/N -out FILE) into out: the rows one run would have written, in
// the same order. jobs reads a shard's command into its boards and starts
// (as -sizes and -starts read them), from which each shard's starts are
// dealt again: every row must be one of them, of the command's rule and
// kind. It refuses (an input.Error naming -merge) a file that is no
// shard, shards of different commands, builds or counts, a shard
// missing, given twice or incomplete, rows that are not their shard's,
// before it writes anything. It returns the number of rows.
func Merge(out string, inputs []string, jobs func(WorkCommand) ([]Job, error)) (int, error) {
	if len(inputs) == 0 {
		return 0, input.Errorf("-merge", "no shard given: name every shard's -out FILE (exact -shard i/N -out FILE)")
	}
	var first ShardManifest
	seen := map[int]string{}
	var rows []Row
	keys := map[Key]bool{}
	for n, in := range inputs {
		m, err := readShard(in)
		if errors.Is(err, fs.ErrNotExist) {
			return 0, input.Errorf("-merge", "%s: no %s beside it: not the -out of exact -shard i/N; give each shard's -out with the %s its shard wrote beside it (copy it along, or walk the shard again)",
				in, ShardFile(in), ShardFile(""))
		}
		if err != nil {
			return 0, input.Errorf("-merge", "%v", err)
		}
		if n == 0 {
			first = m
		}
		switch {
		case m.Build != first.Build:
			return 0, input.Errorf("-merge", "%s was walked by build %s, %s by build %s: merge shards of one build (walk the shard again with the other's binary)", in, m.Build, inputs[0], first.Build)
		case m.Command.figures() != first.Command.figures():
			return 0, input.Errorf("-merge", "%s is a shard of %s, %s of %s: merge the shards of one command", in, m.Command, inputs[0], first.Command)
		case m.Method != first.Method:
			return 0, input.Errorf("-merge", "%s was walked by %s, %s by %s: merge shards walked by one method (-method, -work and -plain as they take it)", in, m.Method, inputs[0], first.Method)
		case m.Shard.Count != first.Shard.Count:
			return 0, input.Errorf("-merge", "%s is shard %v, %s shard %v: merge the shards of one split", in, m.Shard, inputs[0], first.Shard)
		}
		if other, ok := seen[m.Shard.Index]; ok {
			return 0, input.Errorf("-merge", "%s and %s are both shard %v: give each shard once", other, in, m.Shard)
		}
		seen[m.Shard.Index] = in
		got, err := ReadCSV(in)
		if err != nil {
			return 0, input.Errorf("-merge", "%v", err)
		}
		if err := m.owns(in, got, jobs); err != nil {
			return 0, err
		}
		if len(got) > m.Starts {
			return 0, input.Errorf("-merge", "%s holds %d rows, more than the %d starts of shard %v that %s names: the two files are not one shard's (walk the shard again with exact %s -shard %v -out FILE)",
				in, len(got), m.Starts, m.Shard, ShardFile(in), m.Command, m.Shard)
		}
		if len(got) != m.Starts {
			return 0, input.Errorf("-merge", "%s holds %d of the %d starts of shard %v: finish it with the same command (exact %s -shard %v -out %s)",
				in, len(got), m.Starts, m.Shard, m.Command, m.Shard, in)
		}
		for _, row := range got {
			if _, ok := keys[row.Key()]; ok {
				return 0, input.Errorf("-merge", "%s: a second row for %v, which another shard holds", in, row.Key())
			}
			keys[row.Key()] = true
		}
		rows = append(rows, got...)
	}
	var missing []string
	for i := range first.Shard.Count {
		if _, ok := seen[i]; !ok {
			missing = append(missing, fmt.Sprintf("%d/%d", i, first.Shard.Count))
		}
	}
	if len(missing) > 0 {
		return 0, input.Errorf("-merge", "%s of %s missing (shard %s: exact %s -shard %s -out FILE walks it): give every shard",
			words.Count(int64(len(missing)), "shard"), first.Command, strings.Join(missing, ", shard "), first.Command, missing[0])
	}
	for _, in := range inputs {
		if same, _ := sameFile(in, out); same {
			return 0, input.Errorf("-out", "%s is one of the shards: give another file", out)
		}
	}
	if err := WriteCSV(out, rows); err != nil {
		return 0, err
	}
	return len(rows), nil
}

// owns checks that rows, the CSV in beside m, are starts of m's shard of
// its command, of its rule and kind: a CSV and a sidecar of two shards, or
// of two commands, copied side by side hold as many rows as the sidecar
// says, and the merge would pass them off as this command's.
func (m ShardManifest) owns(in string, rows []Row, jobs func(WorkCommand) ([]Job, error)) error {
	rule, err := ParseRule(m.Command.Tiebreak)
	if err != nil {
		return input.Errorf("-merge", "%s: %v", ShardFile(in), err)
	}
	js, err := jobs(m.Command)
	if err != nil {
		return input.Errorf("-merge", "%s: the command %s: %v", ShardFile(in), m.Command, err)
	}
	owed := map[Key]bool{}
	for _, j := range ShardJobs(js, rule, m.Shard) {
		for _, sq := range j.Starts {
			owed[Key{Board: j.Board, Start: sq, Closed: m.Command.Closed, Rule: rule.String()}] = true
		}
	}
	for i, row := range rows {
		if !owed[row.Key()] {
			return input.Errorf("-merge", "%s: line %d: a row of %v, not of shard %v of %s that %s names: the two files are not one shard's (walk the shard again with exact %s -shard %v -out FILE)",
				in, i+2, row.Key(), m.Shard, m.Command, ShardFile(in), m.Command, m.Shard)
		}
		if float := row.ProbabilityFraction == ""; row.Rows*row.Cols <= MaxExactSquares && float != m.Command.Float {
			return input.Errorf("-merge", "%s: line %d: the row of %v is %s, a row of %s would be %s: the two files are not one shard's (walk the shard again with exact %s -shard %v -out FILE)",
				in, i+2, row.Key(), rowKind(float), m.Command, rowKind(!float), m.Command, m.Shard)
		}
	}
	return nil
}

// sameFile reports whether a and b name one file (b may not exist).
func sameFile(a, b string) (bool, error) {
	sa, err := os.Stat(a)
	if err != nil {
		return false, err
	}
	sb, err := os.Stat(b)
	if err != nil {
		return false, err
	}
	return os.SameFile(sa, sb), nil
}

// ShardJobs returns the jobs' starts that shard s walks: the starts'
// classes (Tasks) of every job dealt to s.Count shards (Deal), in the
// jobs' order of starts.
func ShardJobs(jobs []Job, rule Rule, s Shard) []Job {
	var tasks []Task
	for _, j := range jobs {
		tasks = append(tasks, Tasks(j.Board, j.Starts, rule)...)
	}
	mine := map[Key]bool{}
	for i, sh := range Deal(tasks, s.Count) {
		if sh == s.Index {
			for _, sq := range tasks[i].Members {
				mine[Key{Board: tasks[i].Board, Start: sq}] = true
			}
		}
	}
	var out []Job
	for _, j := range jobs {
		o := Job{Board: j.Board}
		for _, sq := range j.Starts {
			if mine[Key{Board: j.Board, Start: sq}] {
				o.Starts = append(o.Starts, sq)
			}
		}
		if len(o.Starts) > 0 {
			out = append(out, o)
		}
	}
	return out
}

// ShardPatterns returns exact -merge's shard files, each of patterns
// expanded where it holds a pattern (*, ? or [), out (the merge's -out)
// left out of what a pattern matches: a merge run again, as a requeued
// one is, finds its own -out there. A pattern that matches no other file
// is an input.Error of -merge.
func ShardPatterns(patterns []string, out string) ([]string, error) {
	var files []string
	for _, in := range patterns {
		if !strings.ContainsAny(in, "*?[") {
			files = append(files, in)
			continue
		}
		m := glob(in, out)
		if len(m) == 0 {
			return nil, input.Errorf("-merge", "%s matches no file", in)
		}
		files = append(files, m...)
	}
	return files, nil
}

// glob returns the files pattern matches, out left out if it holds a
// pattern (a file named as itself is kept: the merge refuses it as -out).
func glob(pattern, out string) []string {
	m, err := filepath.Glob(pattern)
	if err != nil || !strings.ContainsAny(pattern, "*?[") {
		return m
	}
	return slices.DeleteFunc(m, func(f string) bool {
		same, _ := sameFile(f, out)
		return same
	})
}

// ShardFiles returns the inputs, patterns expanded (out, the merge's
// -out, left out of their matches), if each is the -out of exact -shard
// (it has ShardFile beside it): experiment merge hands them to exact
// -merge.
func ShardFiles(inputs []string, out string) ([]string, bool) {
	var files []string
	for _, in := range inputs {
		m := glob(in, out)
		if len(m) == 0 {
			return nil, false
		}
		for _, f := range m {
			if _, err := os.Stat(ShardFile(f)); err != nil {
				return nil, false
			}
		}
		files = append(files, m...)
	}
	return files, len(files) > 0
}
