package exact

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"knightsweep/internal/durable"
	"knightsweep/pkg/board"
)

// A frontier walk's checkpoint is its work directory: the runs of the
// depths not yet walked and manifest.json, which names them and holds
// what the walks that ended added up. It is written at every depth
// boundary: the runs written since the last one first (synced together,
// and the directory), then the manifest (written beside and renamed over
// the old one, and the directory synced), then the runs merged since the
// last one are deleted. An interrupt, or a kill, loses the depth under way at
// most; the runs it had written are named by no manifest and deleted when
// the walk goes on.

// Before a depth is walked its runs may be merged into fewer (mergeDown,
// spill.go): each merged run is made durable, then a manifest naming the
// depth's runs as they stand (the last checkpoint's, but for them) replaces
// the last, then the runs merged are deleted; the disk holds one copy of
// the depth and a merge's inputs, not two copies.

// The manifest is a sealed JSON file of package durable: its content (the
// tallies, the depth, the runs it names, everything) is covered by its
// CRC-32C, as each run's bytes are by theirs, so that an edited or damaged
// manifest is refused rather than give wrong figures. Format 4 names each
// run's encoding (runcodec.go); format 3, whose runs are all encRaw, is
// read and goes on (its next checkpoint is of format 4, with runs of both
// encodings). A manifest of an earlier format is refused by name: a work
// directory holds hours of walking at most, walked again from the start.

const manifestName = "manifest.json"

var workFormat = durable.Format{Name: "exact walk", Version: 4,
	Advice: "remove its directory (or give another -work) and walk again"}

// workFormatRaw is the format whose runs are all encRaw, read as well.
var workFormatRaw = durable.Format{Name: workFormat.Name, Version: 3, Advice: workFormat.Advice}

type workManifest struct {
	Board       string `json:"board"`
	StartRow    int    `json:"start_row"`
	StartCol    int    `json:"start_col"`
	Rule        string `json:"rule"`
	Closed      bool   `json:"closed"`
	Float       bool   `json:"float"`
	RecordBytes int    `json:"record_bytes"`
	// Depth is the next depth to walk; Done: every depth is walked, and
	// Tally is the answer.
	Depth      int       `json:"depth"`
	Done       bool      `json:"done"`
	Runs       []run     `json:"runs"`
	Tally      tallyFile `json:"tally"`
	States     int64     `json:"states"`
	PerDepth   []int64   `json:"states_by_depth"`
	PeakStates int64     `json:"peak_records"`
	PeakBytes  int64     `json:"peak_bytes"`
	PeakDisk   int64     `json:"peak_disk"`
	ElapsedNS  int64     `json:"elapsed_ns"`
	Seq        int64     `json:"seq"`
}

// maxManifestBytes bounds what is read of a manifest.
const maxManifestBytes = 64 << 20

// tallyFile is a tally as the manifest keeps it: the exact numerators,
// or the superaccumulators' nonzero words as [exponent, hi, lo].
type tallyFile struct {
	Walks     uint64              `json:"walks"`
	Tours     uint64              `json:"tours"`
	Overflow  bool                `json:"overflow,omitempty"`
	Underflow bool                `json:"underflow,omitempty"`
	Nodes     int64               `json:"nodes"`
	Rounds    uint16              `json:"rounds"`
	Success   []uint64            `json:"success,omitempty"`
	Fail      map[int][]uint64    `json:"fail,omitempty"`
	FSuccess  [][3]uint64         `json:"fsuccess,omitempty"`
	FFail     map[int][][3]uint64 `json:"ffail,omitempty"`
}

func fsumWords(s *fsum) [][3]uint64 {
	var out [][3]uint64
	for e := range s.lo {
		if s.lo[e] != 0 || s.hi[e] != 0 {
			out = append(out, [3]uint64{uint64(e), s.hi[e], s.lo[e]})
		}
	}
	return out
}

func (s *fsum) setWords(ws [][3]uint64) error {
	for _, w := range ws {
		if w[0] >= fsumBias+2 {
			return fmt.Errorf("a sum's exponent %d is out of range", w[0])
		}
		if s.lo == nil {
			s.hi, s.lo = make([]uint64, fsumBias+2), make([]uint64, fsumBias+2)
		}
		s.used = true
		s.hi[w[0]], s.lo[w[0]] = w[1], w[2]
	}
	return nil
}

func tallyOf(t *tally) tallyFile {
	tf := tallyFile{Walks: t.walks, Tours: t.tours, Overflow: t.overflow, Underflow: t.underflow,
		Nodes: t.nodes, Rounds: t.rounds}
	if t.success != nil {
		tf.Success = t.success
		tf.Fail = map[int][]uint64{}
		for l, f := range t.fail {
			if f != nil {
				tf.Fail[l] = f
			}
		}
		return tf
	}
	tf.FSuccess = fsumWords(&t.fsuccess)
	tf.FFail = map[int][][3]uint64{}
	for l := range t.ffail {
		if t.ffail[l].used {
			tf.FFail[l] = fsumWords(&t.ffail[l])
		}
	}
	return tf
}

// into sets t, a worker's fresh tally, to tf.
func (tf tallyFile) into(t *tally) error {
	t.walks, t.tours, t.overflow, t.underflow = tf.Walks, tf.Tours, tf.Overflow, tf.Underflow
	t.nodes, t.rounds = tf.Nodes, tf.Rounds
	if t.success != nil {
		if len(tf.Success) != len(t.success) {
			return errors.New("the tally's numerator has the wrong length")
		}
		copy(t.success, tf.Success)
		for l, f := range tf.Fail {
			if l < 0 || l >= len(t.fail) || len(f) != len(t.success) {
				return fmt.Errorf("the tally's fail length %d is out of range", l)
			}
			t.fail[l] = f
		}
		return nil
	}
	if err := t.fsuccess.setWords(tf.FSuccess); err != nil {
		return err
	}
	for l, ws := range tf.FFail {
		if l < 0 || l >= len(t.ffail) {
			return fmt.Errorf("the tally's fail length %d is out of range", l)
		}
		if err := t.ffail[l].setWords(ws); err != nil {
			return err
		}
	}
	return nil
}

// WorkDir is the work directory of one start under root, the directory of
// a command's walks.
func WorkDir(root string, b board.Board, start board.Square) string {
	return filepath.Join(root, fmt.Sprintf("%dx%d-%d-%d", b.Rows, b.Cols, start.Row, start.Col))
}

// describe names a walk as a manifest does.
func describe(board string, row, col int, rule string, closed, float bool) string {
	s := fmt.Sprintf("%s from %d,%d %s", board, row, col, rule)
	if closed {
		s += " closed"
	}
	if float {
		s += " float"
	}
	return s
}

// CheckWork says whether the walk of o from start on b may use its work
// directory (WorkDir under o.Work): it has none, or it holds no manifest,
// or one of this walk whose runs are all there, each at its size and with
// its CRC. It reads every run: a damaged one is refused before the walk,
// not found when its depth comes, maybe hours later.
func CheckWork(b board.Board, start board.Square, o Options) error {
	return checkWork(b, start, o, true)
}

// checkWork is CheckWork, reading the runs through only if crc.
func checkWork(b board.Board, start board.Square, o Options, crc bool) error {
	if o.Work == "" || !o.UsesFrontier(b) {
		return nil
	}
	dir := WorkDir(o.Work, b, start)
	m, _, err := readWork(dir, b, start, o)
	if err != nil {
		return err
	}
	for _, r := range m.Runs {
		if !crc {
			break
		}
		if err := checkCRC(dir, r); err != nil {
			return err
		}
	}
	return nil
}

// checkCRC reads run r through and compares its CRC with the manifest's.
func checkCRC(dir string, r run) error {
	fh, err := os.Open(filepath.Join(dir, r.Name))
	if err != nil {
		return err
	}
	defer fh.Close()
	h := durable.NewHash()
	if _, err := io.Copy(h, fh); err != nil {
		return fmt.Errorf("%s: run %s: %w", dir, r.Name, err)
	}
	if h.Sum32() != r.CRC {
		return fmt.Errorf("%s: run %s: its CRC-32C is %08x, the manifest says %08x: the file is corrupt: %s", dir, r.Name, h.Sum32(), r.CRC, workFormat.Advice)
	}
	return nil
}

// readManifest reads dir's walk manifest, whatever walk it is of: found
// false if there is none.
func readManifest(dir string) (m workManifest, found bool, err error) {
	// Read with a bound, as every file of ours is: a manifest names its
	// runs and tallies, kilobytes even on 11x11, never this.
	path := filepath.Join(dir, manifestName)
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		return m, false, &durable.Error{Path: dir, Reason: "is a file, not a walk's directory", Advice: "remove it (or give another -work) and walk again"}
	}
	if err := durable.NotLink(path); err != nil {
		return m, false, err
	}
	data, err := durable.ReadFile(path, maxManifestBytes)
	var tl *durable.TooLargeError
	var pe *fs.PathError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return m, false, nil
	case errors.As(err, &tl):
		return m, false, &durable.Error{Path: path, Reason: err.Error() + ": not a walk's manifest", Advice: workFormat.Advice}
	case errors.As(err, &pe):
		// A directory there, or a file this user cannot read: named as
		// the manifest it is not.
		return m, false, &durable.Error{Path: path, Reason: pe.Err.Error() + ": not a walk's manifest", Advice: workFormat.Advice, Err: err}
	case err != nil:
		return m, false, err
	}
	sealed, err := durable.UnmarshalJSON(path, data, workFormat, &m)
	if de := (*durable.Error)(nil); errors.As(err, &de) && de.Found.Name == workFormatRaw.Name && de.Found.Version == workFormatRaw.Version {
		m = workManifest{}
		sealed, err = durable.UnmarshalJSON(path, data, workFormatRaw, &m)
		for i := range m.Runs {
			m.Runs[i].Encoding = encRaw
		}
	}
	if err != nil {
		return m, false, err
	}
	if !sealed {
		return m, false, &durable.Error{Path: path, Reason: "a walk of an earlier format, which this build does not read", Advice: workFormat.Advice}
	}
	return m, true, nil
}

// describeWalk describes the walk of b from start under o as describe does.
func describeWalk(b board.Board, start board.Square, o Options) string {
	return describe(b.String(), start.Row, start.Col, o.Rule.String(), o.Closed, o.Float || b.Squares() > MaxExactSquares)
}

// readWork reads dir's manifest (ok false if there is none) and checks it
// against the walk.
func readWork(dir string, b board.Board, start board.Square, o Options) (m workManifest, ok bool, err error) {
	if m, ok, err = readManifest(dir); !ok || err != nil {
		return m, false, err
	}
	want := describeWalk(b, start, o)
	have := describe(m.Board, m.StartRow, m.StartCol, m.Rule, m.Closed, m.Float)
	if have != want {
		return m, false, fmt.Errorf("%s holds the walk of %s, not of %s: %s", dir, have, want, workFormat.Advice)
	}
	if m.Depth < 0 || m.Depth > b.Squares() {
		return m, false, fmt.Errorf("%s: depth %d out of range: %s", dir, m.Depth, workFormat.Advice)
	}
	for _, r := range m.Runs {
		path := filepath.Join(dir, r.Name)
		if durable.NotLink(path) != nil {
			return m, false, fmt.Errorf("%s: run %s is a symbolic link, not a run this walk wrote (damaged): %s", dir, r.Name, workFormat.Advice)
		}
		st, err := os.Stat(path)
		if err != nil {
			return m, false, fmt.Errorf("%s: a run it names: %v: %s", dir, err, workFormat.Advice)
		}
		if err := r.checkEncoding(); err != nil {
			return m, false, fmt.Errorf("%s: %w", dir, err)
		}
		if st.Size() != r.Bytes || r.Depth < m.Depth || r.Depth >= b.Squares() {
			return m, false, fmt.Errorf("%s: run %s has %d bytes, the manifest says %d at depth %d (damaged): %s", dir, r.Name, st.Size(), r.Bytes, r.Depth, workFormat.Advice)
		}
		if r.Encoding == encRaw && r.Bytes%int64(max(m.RecordBytes, 1)) != 0 {
			return m, false, fmt.Errorf("%s: run %s has %d bytes, not a whole number of raw %d-byte records (damaged): %s", dir, r.Name, r.Bytes, m.RecordBytes, workFormat.Advice)
		}
	}
	return m, true, nil
}

// load reads the checkpoint, if any, into f and deletes runs it does not
// name (written after it, by a walk interrupted).
func (f *frontier[K, P]) load(b board.Board, start board.Square) (workManifest, bool, error) {
	m, ok, err := readWork(f.dir, b, start, f.o)
	if err != nil {
		return m, false, err
	}
	if ok && m.RecordBytes != int(f.rb) {
		return m, false, fmt.Errorf("%s: records of %d bytes, not %d", f.dir, m.RecordBytes, f.rb)
	}
	named := map[string]bool{}
	for _, r := range m.Runs {
		named[r.Name] = true
	}
	ents, err := os.ReadDir(f.dir)
	if err != nil {
		return m, false, err
	}
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".run") && !named[e.Name()] || durable.IsTemp(e.Name()) {
			os.Remove(filepath.Join(f.dir, e.Name()))
		}
	}
	if !ok {
		return m, false, nil
	}
	for _, r := range m.Runs {
		r.synced = true
		f.runs[r.Depth] = append(f.runs[r.Depth], r)
		f.disk.Add(r.Bytes)
	}
	f.peakDisk.Store(max(m.PeakDisk, f.disk.Load()))
	f.peakHeld = m.PeakBytes
	f.seq, f.states, f.peakRecs = m.Seq, m.States, m.PeakStates
	copy(f.perDepth, m.PerDepth)
	f.prior = time.Duration(m.ElapsedNS)
	f.last = m
	return m, true, nil
}

// doneResult is the answer a finished walk's manifest keeps.
func doneResult[K set, P num](f *frontier[K, P], m workManifest, b board.Board, start board.Square) (Result, error) {
	t := f.wk.newWorker().t
	if err := m.Tally.into(&t); err != nil {
		return Result{}, fmt.Errorf("%s: %v", f.dir, err)
	}
	f.prior, f.t0 = time.Duration(m.ElapsedNS), time.Now()
	return f.finish(b, start, t)
}

// checkpoint spills every buffer and writes the manifest of the walk
// before depth next (done: of the finished walk).
func (f *frontier[K, P]) checkpoint(next int, b board.Board, start board.Square, done bool) error {
	// Each worker sorts and writes its own buffers, at once.
	var wg sync.WaitGroup
	for _, fw := range f.fws {
		wg.Go(fw.spill)
	}
	wg.Wait()
	if err := f.firstErr(); err != nil {
		return err
	}
	if err := f.tooRound(); err != nil {
		return err
	}
	m := workManifest{Board: b.String(), StartRow: start.Row, StartCol: start.Col,
		Rule: f.o.Rule.String(), Closed: f.o.Closed, Float: f.wk.float, RecordBytes: int(f.rb),
		Depth: next, Done: done, Runs: []run{}, States: f.states, PerDepth: f.perDepth, PeakStates: f.peakRecs,
		PeakBytes: f.peakHeld, PeakDisk: f.peakDisk.Load(), ElapsedNS: int64(f.prior + time.Since(f.t0)), Seq: f.seq}
	t := f.sum()
	m.Tally = tallyOf(&t)
	for _, rs := range f.runs {
		m.Runs = append(m.Runs, rs...)
	}
	// The runs, their names in the directory, then the manifest that
	// names them, then its own name: each durable before the next, so that
	// a manifest on disk never names a run that is not. Only then are the
	// runs it no longer names deleted: the last manifest named them, and
	// stays the checkpoint until the new one's rename is durable.
	if err := f.syncFresh(); err != nil {
		return err
	}
	if err := f.writeManifest(m); err != nil {
		return err
	}
	f.remove(f.consumed)
	f.consumed = nil
	return nil
}

// replaceRuns makes the checkpoint name runs as depth d's, where the last
// one named the runs merged into them: runs' merged run (its last) made
// durable, then the last manifest written again with them, then the runs
// merged, which no manifest names now, deleted. Only before depth d is
// walked, when every other depth's runs are the last manifest's.
func (f *frontier[K, P]) replaceRuns(d int, runs, merged []run) error {
	if !f.work || f.last.Board == "" {
		// No manifest names the runs merged.
		f.remove(merged)
		return nil
	}
	// The merged run, and any other depth's not yet durable (none, after
	// a checkpoint: it spills every buffer).
	out := &runs[len(runs)-1]
	if err := f.syncFresh(*out); err != nil {
		return err
	}
	out.synced = true
	m := f.last
	m.Runs = []run{}
	for e, rs := range f.runs {
		if e == d {
			rs = runs
		}
		m.Runs = append(m.Runs, rs...)
	}
	// The next run's name must be none that this manifest names.
	m.Seq, m.PeakDisk = f.seq, f.peakDisk.Load()
	if err := f.writeManifest(m); err != nil {
		return err
	}
	f.remove(merged)
	return nil
}

// writeManifest makes m the checkpoint: the manifest replaced, and the
// directory synced, by durable.
func (f *frontier[K, P]) writeManifest(m workManifest) error {
	data, err := durable.MarshalJSON(workFormat, m)
	if err != nil {
		return err
	}
	if err := durable.ReplaceBytes(filepath.Join(f.dir, manifestName), data, durable.NoFollow); err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	f.last = m
	return nil
}

// syncFresh makes the runs not yet durable, and extra, durable, then
// their names in the directory.
func (f *frontier[K, P]) syncFresh(extra ...run) error {
	fresh := append(f.unsynced(), extra...)
	if len(fresh) == 0 {
		return nil
	}
	if err := syncRuns(f.dir, fresh); err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	if err := syncDir(f.dir); err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	f.markSynced()
	return nil
}

// unsynced is the runs not yet made durable: those written since the
// last checkpoint (a run a checkpoint named was synced then; syncing it
// again at every depth cost a system call a run, hundreds a depth).
func (f *frontier[K, P]) unsynced() []run {
	var out []run
	for _, rs := range f.runs {
		for _, r := range rs {
			if !r.synced {
				out = append(out, r)
			}
		}
	}
	return out
}

func (f *frontier[K, P]) markSynced() {
	for _, rs := range f.runs {
		for i := range rs {
			rs[i].synced = true
		}
	}
}

// syncWidth is how many fsyncs syncRuns has in flight at once: a bound on
// its goroutines and open files.
const syncWidth = 8

// syncRuns makes runs durable: their fsyncs at once, syncWidth at a time,
// so that a depth's runs (some 20 on 10x10) wait on the disk together, not
// one after another.
func syncRuns(dir string, runs []run) error {
	var g errgroup.Group
	g.SetLimit(syncWidth)
	for _, r := range runs {
		g.Go(func() error { return durable.Sync(filepath.Join(dir, r.Name)) })
	}
	return g.Wait()
}

// syncDir makes the names in dir durable: the runs created. A variable
// for the test of a failing one.
var syncDir = durable.SyncDir

// The shape of a corner's frontier walk (9x9 and 10x10 alike), from which
// left projects the time a walk has left.
const (
	// peakShare is the share of the squares visited at the depth with the
	// most tie points: up to it they grow by a steady factor (9x9: depth
	// 69 of 81; 10x10: 86 of 100).
	peakShare = 0.86
	// tailFactor is how many times the largest depth's tie points the
	// depths after it hold between them.
	tailFactor = 3.1
	// growthSpan is how many depths the growth is measured over: the
	// counts alternate high and low, and one depth's ratio says little.
	growthSpan = 10
	// minTiePoints is the fewest tie points walked whose time is taken as
	// a rate to project from: the first ones are too few and too quick.
	minTiePoints = 1000
	// recentPeak: a largest depth within this many of the last is still
	// growing.
	recentPeak = 4
	// maxLeftSeconds bounds a projection (some 30 years): past it the
	// growth measured is no guide.
	maxLeftSeconds = 1e9
)

// left estimates the time the walk has left after depth d, from the
// shape of the corners' walks: the tie points of a depth grow by a steady
// factor up to the depth where peakShare of the squares are visited, and
// the depths after the largest hold tailFactor times it between them.
// Before that depth the growth of the last growthSpan depths is carried on
// to it; past it, what is left of tailFactor times the largest. Each tie
// point costs the time one took so far (9x9: 4.4 s left said at 0.1 s of
// 4.5; 2.4 at 0.8). A guide, not a bound; negative before minTiePoints tie
// points, or without growth to go on.
func (f *frontier[K, P]) left(d int) time.Duration {
	var done int64
	peak, at := int64(0), 0
	for e := 0; e <= d; e++ {
		done += f.perDepth[e]
		if f.perDepth[e] >= peak {
			peak, at = f.perDepth[e], e
		}
	}
	if done < minTiePoints || d < growthSpan {
		return -1
	}
	top := int(peakShare * float64(f.n))
	var future float64
	if d < top && at > d-recentPeak {
		// Still growing: the growth a depth over the last growthSpan, on
		// two depths' sums (the counts alternate, high and low).
		now := float64(f.perDepth[d] + f.perDepth[d-1])
		then := float64(f.perDepth[d-growthSpan] + f.perDepth[d-growthSpan-1+boolInt(d == growthSpan)])
		if then == 0 || now <= then {
			return -1
		}
		g := math.Pow(now/then, 1.0/growthSpan)
		c := now / 2
		for e := d + 1; e <= top; e++ {
			c *= g
			future += c
		}
		future += tailFactor * c
	} else {
		var after float64
		for e := at + 1; e <= d; e++ {
			after += float64(f.perDepth[e])
		}
		future = max(tailFactor*float64(peak)-after, 0)
	}
	el := f.prior + time.Since(f.t0)
	s := el.Seconds() * future / float64(done)
	if s > maxLeftSeconds {
		return -1
	}
	return time.Duration(s * float64(time.Second))
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
