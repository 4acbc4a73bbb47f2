package exact

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"knightsweep/internal/durable"
	"knightsweep/pkg/board"
)

// sameResult holds the frontier method's result to the memo's: the same
// fractions, counts, tie points and squares entered; floats within their
// bounds of each other.
func sameResult(t *testing.T, got, want Result) {
	t.Helper()
	if got.Walks != want.Walks || got.Tours != want.Tours || got.States != want.States || got.Nodes != want.Nodes {
		t.Errorf("%v from %v: %d tours, %d walks, %d tie points, %d nodes; memo %d, %d, %d, %d", want.Board, want.Start,
			got.Tours, got.Walks, got.States, got.Nodes, want.Tours, want.Walks, want.States, want.Nodes)
	}
	near := func(a, b, ea, eb float64) bool { return a-b <= ea+eb && b-a <= ea+eb }
	if want.Fraction != nil {
		if got.Fraction == nil || got.Fraction.Cmp(want.Fraction) != 0 || got.Probability != want.Probability || got.ErrorBound != 0 {
			t.Errorf("%v from %v: probability %v, memo %v", want.Board, want.Start, got.Fraction, want.Fraction)
		}
	} else if got.Fraction != nil || !near(got.Probability, want.Probability, got.ErrorBound, want.ErrorBound) {
		t.Errorf("%v from %v: probability %v ± %g, memo %v ± %g", want.Board, want.Start, got.Probability, got.ErrorBound, want.Probability, want.ErrorBound)
	}
	if len(got.FailLength) != len(want.FailLength) {
		t.Fatalf("%v from %v: %d fail lengths, memo %d", want.Board, want.Start, len(got.FailLength), len(want.FailLength))
	}
	for i, f := range want.FailLength {
		g := got.FailLength[i]
		ok := g.Length == f.Length
		if f.Fraction != nil {
			ok = ok && g.Fraction != nil && g.Fraction.Cmp(f.Fraction) == 0
		} else {
			ok = ok && g.Fraction == nil && near(g.Probability, f.Probability, g.ErrorBound, f.ErrorBound)
		}
		if !ok {
			t.Errorf("%v from %v: fail length %d: %v %v, memo %d: %v %v", want.Board, want.Start, g.Length, g.Fraction, g.Probability, f.Length, f.Fraction, f.Probability)
		}
	}
}

func everyStart(b board.Board) []board.Square {
	var out []board.Square
	for s := range b.Squares() {
		r, c := b.RowCol(s)
		out = append(out, board.Square{Row: r, Col: c})
	}
	return out
}

// TestFrontierAgainstMemo: the frontier method gives the memo's figures,
// the fractions identical, on every start of 5x5 and 6x6 and the corner
// and centre of 7x7 (make test-all: every start of 7x7, and starts of 8x8
// and 9x9), in memory and with a memory limit so small that it spills
// runs to disk and merges them (PeakDisk says it did; PeakBytes that the
// limit held; 16 KiB is about the least the method holds, 32 records a
// worker and its buffers).
func TestFrontierAgainstMemo(t *testing.T) {
	type tc struct {
		b      board.Board
		rule   Rule
		closed bool
		float  bool
		starts []board.Square
		limit  int64 // 0: in memory
		spills bool  // some start must spill
	}
	b5, b6, b7, b8, b9 := board.Board{Rows: 5, Cols: 5}, board.Board{Rows: 6, Cols: 6}, board.Board{Rows: 7, Cols: 7}, board.Board{Rows: 8, Cols: 8}, board.Board{Rows: 9, Cols: 9}
	cc7 := []board.Square{{Row: 0, Col: 0}, {Row: 3, Col: 3}}
	cases := []tc{
		{b: b5, starts: everyStart(b5)},
		{b: b5, starts: everyStart(b5), limit: 16 << 10},
		{b: b6, starts: everyStart(b6)},
		{b: b6, starts: everyStart(b6), limit: 16 << 10, spills: true},
		{b: b6, closed: true, starts: everyStart(b6), limit: 16 << 10, spills: true},
		{b: b5, rule: PohlRandom, starts: everyStart(b5), limit: 16 << 10},
		{b: b7, starts: cc7},
		{b: b7, starts: cc7, limit: 64 << 10, spills: true},
		{b: b7, rule: RothRandom, starts: cc7, limit: 16 << 10},
		{b: b7, float: true, starts: cc7, limit: 64 << 10, spills: true},
	}
	if !testing.Short() {
		cases = append(cases,
			tc{b: b7, starts: everyStart(b7), limit: 64 << 10, spills: true},
			tc{b: b7, closed: true, starts: everyStart(b7), limit: 64 << 10, spills: true},
			tc{b: b8, starts: []board.Square{{Row: 0, Col: 0}, {Row: 3, Col: 3}, {Row: 1, Col: 2}}, limit: 512 << 10, spills: true},
			tc{b: b9, starts: []board.Square{{Row: 0, Col: 0}}, limit: 16 << 20, spills: true},
		)
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%v/%v/closed=%v/float=%v/limit=%d", c.b, c.rule, c.closed, c.float, c.limit), func(t *testing.T) {
			spilled := false
			for _, st := range c.starts {
				o := Options{Rule: c.rule, Closed: c.closed, Float: c.float, Workers: 2}
				want, err := From(context.Background(), c.b, st, o)
				if err != nil {
					t.Fatal(err)
				}
				o.Method, o.MemLimit = MethodFrontier, c.limit
				got, err := From(context.Background(), c.b, st, o)
				if err != nil {
					t.Fatal(err)
				}
				sameResult(t, got, want)
				spilled = spilled || got.PeakDisk > 0
				if c.limit > 0 && got.PeakBytes > c.limit {
					t.Errorf("%v from %v: %d bytes held, past the limit %d", c.b, st, got.PeakBytes, c.limit)
				}
			}
			if c.spills && !spilled {
				t.Errorf("nothing spilled under %d bytes", c.limit)
			}
		})
	}
}

// TestFrontierKnownValues: the frontier method, in memory and spilled
// under a small limit, gives the probabilities, tours and walks of
// warnsdorff -tiebreak random that the memo's walks printed (every start
// of 5x5..8x8 and 9x9 by experiment exact at 53866e8): exact fractions to
// 64 squares, and (make test-all) the 9x9 corner's float64 within the two
// walks' bounds.
func TestFrontierKnownValues(t *testing.T) {
	for _, c := range []struct {
		n, row, col  int
		p            string
		tours, walks uint64
	}{
		{6, 3, 3, "49/64", 104, 136},
		{7, 0, 0, "5867789/7962624", 37926, 39024},
		{7, 1, 2, "0", 0, 7801},
		{7, 3, 3, "109619/110592", 62792, 64088},
		{8, 0, 0, "11232021923/11466178560", 137300, 144104},
		{8, 1, 2, "749493737/764411904", 84653, 91611},
	} {
		for _, limit := range []int64{0, 256 << 10} {
			t.Run(fmt.Sprintf("%dx%d/%d,%d/limit=%d", c.n, c.n, c.row, c.col, limit), func(t *testing.T) {
				r, err := From(context.Background(), board.Board{Rows: c.n, Cols: c.n}, board.Square{Row: c.row, Col: c.col},
					Options{Method: MethodFrontier, MemLimit: limit, Workers: 2})
				if err != nil {
					t.Fatal(err)
				}
				want, _ := new(big.Rat).SetString(c.p)
				if r.Fraction == nil || r.Fraction.Cmp(want) != 0 || r.Tours != c.tours || r.Walks != c.walks {
					t.Errorf("probability %v, %d tours, %d walks; want %v, %d, %d", r.Fraction, r.Tours, r.Walks, want, c.tours, c.walks)
				}
				if limit > 0 && c.n == 8 && r.PeakDisk == 0 {
					t.Errorf("nothing spilled under %d bytes", limit)
				}
			})
		}
	}
	if testing.Short() {
		return
	}
	r, err := From(context.Background(), board.Board{Rows: 9, Cols: 9}, board.Square{}, Options{Method: MethodFrontier})
	if err != nil {
		t.Fatal(err)
	}
	const p, bound = 0.9873276758411353, 3.1503463619678e-13
	if math.Abs(r.Probability-p) > r.ErrorBound+bound || r.Tours != 18808408 || r.Walks != 19578552 {
		t.Errorf("9x9 corner: %v ± %v, %d tours, %d walks; want %v ± %v, 18808408, 19578552", r.Probability, r.ErrorBound, r.Tours, r.Walks, p, bound)
	}
}

// TestFrontierResume: a walk interrupted at a depth boundary goes on from
// its checkpoint to the same figures, with another number of workers and
// a run left by the interrupted depth (named by no manifest) deleted;
// a finished walk's directory gives its answer again without walking.
func TestFrontierResume(t *testing.T) {
	b := board.Board{Rows: 7, Cols: 7}
	want, err := From(context.Background(), b, board.Square{}, Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	o := Options{Workers: 2, Method: MethodFrontier, MemLimit: 64 << 10, Work: root}
	for _, stop := range []int{12, 25, 33} {
		walkTo(t, b, board.Square{}, o, stop)
		dir := WorkDir(root, b, board.Square{})
		if err := os.WriteFile(filepath.Join(dir, "d0040-99999999.run"), []byte("left by a depth cut short"), 0o644); err != nil {
			t.Fatal(err)
		}
		o.Workers = 3 - o.Workers // 1, then 2
	}
	got, err := From(context.Background(), b, board.Square{}, o)
	if err != nil {
		t.Fatal(err)
	}
	sameResult(t, got, want)
	if _, err := os.Stat(filepath.Join(WorkDir(root, b, board.Square{}), "d0040-99999999.run")); err == nil {
		t.Error("a run no manifest names was kept")
	}
	o.Tick = func(Progress) { t.Error("a finished walk walked again") }
	again, err := From(context.Background(), b, board.Square{}, o)
	if err != nil {
		t.Fatal(err)
	}
	sameResult(t, again, want)
}

// TestFrontierRefusesWork: a checkpoint of another walk, or one whose
// manifest or runs were damaged, is refused before any walk.
func TestFrontierRefusesWork(t *testing.T) {
	b := board.Board{Rows: 7, Cols: 7}
	start := board.Square{}
	o := Options{Workers: 2, Method: MethodFrontier, MemLimit: 64 << 10}
	setup := func(t *testing.T) (Options, string) {
		o := o
		o.Work = t.TempDir()
		walkTo(t, b, start, o, 20)
		if err := CheckWork(b, start, o); err != nil {
			t.Fatalf("its own checkpoint: %v", err)
		}
		return o, WorkDir(o.Work, b, start)
	}
	manifest := func(t *testing.T, dir string) workManifest {
		var m workManifest
		data, err := os.ReadFile(filepath.Join(dir, manifestName))
		if err == nil {
			err = json.Unmarshal(data, &m)
		}
		if err != nil || len(m.Runs) == 0 {
			t.Fatalf("manifest: %v, %d runs", err, len(m.Runs))
		}
		return m
	}
	for _, tc := range []struct {
		name   string
		change func(t *testing.T, o *Options, dir string)
		want   string
	}{
		{"other rule", func(t *testing.T, o *Options, dir string) { o.Rule = PohlRandom }, "holds the walk of 7x7 from 0,0 random, not of 7x7 from 0,0 pohl-random"},
		{"closed", func(t *testing.T, o *Options, dir string) { o.Closed = true }, "not of 7x7 from 0,0 random closed"},
		{"float", func(t *testing.T, o *Options, dir string) { o.Float = true }, "not of 7x7 from 0,0 random float"},
		{"manifest cut", func(t *testing.T, o *Options, dir string) {
			p := filepath.Join(dir, manifestName)
			data, _ := os.ReadFile(p)
			os.WriteFile(p, data[:len(data)/2], 0o644)
		}, "manifest.json: cut short"},
		// Past the bound, a manifest is refused without being read whole
		// (a sparse file: no disk is spent on it).
		{"manifest huge", func(t *testing.T, o *Options, dir string) {
			if testing.Short() {
				t.Skip("reads 64 MiB to its bound: make test-all runs it")
			}
			os.Truncate(filepath.Join(dir, manifestName), maxManifestBytes+1)
		}, "larger than"},
		{"run cut", func(t *testing.T, o *Options, dir string) {
			r := manifest(t, dir).Runs[0]
			os.Truncate(filepath.Join(dir, r.Name), r.Bytes-1)
		}, "the manifest says"},
		{"run gone", func(t *testing.T, o *Options, dir string) {
			os.Remove(filepath.Join(dir, manifest(t, dir).Runs[0].Name))
		}, "a run it names"},
		// A run replaced by a link to a copy of itself: refused, as the
		// manifest is, before anything is read through it.
		{"run a link", func(t *testing.T, o *Options, dir string) {
			p := filepath.Join(dir, manifest(t, dir).Runs[0].Name)
			cp := p + ".copy"
			if err := os.Rename(p, cp); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(cp, p); err != nil {
				t.Fatal(err)
			}
		}, "is a symbolic link, not a run this walk wrote"},
		// A sealed manifest that names a delta run as raw, whose bytes are
		// no whole number of records: refused as that, not as a length
		// the file has.
		{"run raw, bytes uneven", func(t *testing.T, o *Options, dir string) {
			m := manifest(t, dir)
			i := slices.IndexFunc(m.Runs, func(r run) bool { return r.Bytes%int64(m.RecordBytes) != 0 })
			if i < 0 {
				t.Fatal("no run of an uneven length")
			}
			m.Runs[i].Encoding = encRaw
			data, err := durable.MarshalJSON(workFormat, m)
			if err == nil {
				err = os.WriteFile(filepath.Join(dir, manifestName), data, 0o644)
			}
			if err != nil {
				t.Fatal(err)
			}
		}, "not a whole number of raw"},
		// A run's bytes changed, its length kept: refused before the walk
		// (it was found when its depth was merged, which can be hours on).
		{"run changed", func(t *testing.T, o *Options, dir string) {
			r := manifest(t, dir).Runs[0]
			p := filepath.Join(dir, r.Name)
			data, _ := os.ReadFile(p)
			data[len(data)-1] ^= 1
			os.WriteFile(p, data, 0o644)
		}, "the file is corrupt"},
		// The manifest's own figures edited, its JSON whole: they were
		// taken (a tally of 9 more walks came out in the answer).
		{"tally edited", editManifest(`"walks": (\d+)`, `"walks": 9$1`), "manifest.json: damaged: its CRC-32C"},
		{"depth edited", editManifest(`"depth": (\d+),\n  "done"`, "\"depth\": 1$1,\n  \"done\""), "manifest.json: damaged: its CRC-32C"},
		{"runs edited", editManifest(`"records": (\d+)`, `"records": 1$1`), "manifest.json: damaged: its CRC-32C"},
		// The format line taken out: refused as damaged, with what to do;
		// a manifest of format 2 (before manifests were sealed) by name.
		{"format line removed", editManifest(`"format": "knightsweep exact walk 4",\n  `, ``), "damaged: its first field is not \"format\": remove its directory"},
		{"format 2", func(t *testing.T, o *Options, dir string) {
			os.WriteFile(filepath.Join(dir, manifestName), []byte(`{"version":2,"board":"7x7","crc32c":123}`), 0o644)
		}, "a walk of an earlier format"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o, dir := setup(t)
			tc.change(t, &o, dir)
			err := CheckWork(b, start, o)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("CheckWork = %v, want %q", err, tc.want)
			}
			if _, err := From(context.Background(), b, start, o); err == nil {
				t.Error("From walked on from it")
			}
		})
	}
}

// editManifest returns a change of TestFrontierRefusesWork that replaces
// the first match of re in the manifest's JSON.
func editManifest(re, with string) func(t *testing.T, o *Options, dir string) {
	return func(t *testing.T, o *Options, dir string) {
		p := filepath.Join(dir, manifestName)
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		rx := regexp.MustCompile(re)
		loc := rx.FindSubmatchIndex(data)
		if loc == nil {
			t.Fatalf("the manifest has no %s:\n%.300s", re, data)
		}
		edited := append(slices.Clone(data[:loc[0]]), rx.Expand(nil, []byte(with), data, loc)...)
		edited = append(edited, data[loc[1]:]...)
		if err := os.WriteFile(p, edited, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// BenchmarkFrontier9x9 walks the 9x9 corner by the frontier method, in
// memory and spilled (a limit of 16 MiB, a tenth of what it holds in
// memory).
func BenchmarkFrontier9x9(b *testing.B) {
	benchCorner(b, 9, Options{Method: MethodFrontier})
}

func BenchmarkFrontier9x9Spilled(b *testing.B) {
	benchCorner(b, 9, Options{Method: MethodFrontier, MemLimit: 16 << 20})
}

// BenchmarkFrontier9x9Work keeps a checkpoint at every depth boundary
// (-work), in a new directory each walk.
func BenchmarkFrontier9x9Work(b *testing.B) {
	root := b.TempDir()
	i := 0
	for b.Loop() {
		i++
		o := Options{Method: MethodFrontier, MemLimit: 64 << 20, Work: filepath.Join(root, fmt.Sprint(i))}
		if _, err := From(context.Background(), board.Board{Rows: 9, Cols: 9}, board.Square{}, o); err != nil {
			b.Fatal(err)
		}
	}
}

// TestFrontierLeft: the estimate of the time left carries the growth of
// the last depths on to 86% of the squares and adds 3.1 times the largest
// depth after it; past the largest, what is left of those 3.1 times; none
// before 1,000 tie points.
func TestFrontierLeft(t *testing.T) {
	f := &frontier[[2]uint64, [1]uint64]{n: 40, perDepth: make([]int64, 41), t0: time.Now(), prior: 1000 * time.Second}
	var done float64
	for d := range 30 {
		f.perDepth[d] = 1 << (d / 2) // growth 2^(1/2) a depth, in pairs
		done += float64(f.perDepth[d])
	}
	if l := f.left(15); l >= 0 {
		t.Errorf("left after 510 tie points = %v, want none", l)
	}
	// After depth 29: the two last depths sum 2*2^14, ten before 2*2^9;
	// on to depth 34 (86% of 40).
	g := math.Pow(2, 0.5)
	c, future := float64(1<<14), 0.0
	for range 34 - 29 {
		c *= g
		future += c
	}
	future += 3.1 * c
	want := 1000 * future / done
	if got := f.left(29).Seconds(); math.Abs(got-want) > 1e-3*want {
		t.Errorf("left after depth 29 = %v s, want %v s", got, want)
	}
	// Four depths past the largest (29, at 2^14): 3.1 times it less what
	// they held.
	after := 0.0
	for d := 30; d <= 33; d++ {
		f.perDepth[d] = 1 << (43 - d)
		after += float64(f.perDepth[d])
	}
	want = 1000 * (3.1*(1<<14) - after) / (done + after)
	if got := f.left(33).Seconds(); math.Abs(got-want) > 1e-3*want {
		t.Errorf("left after depth 33 = %v s, want %v s", got, want)
	}
}

// TestFrontierProgressHeld: the memory each depth's progress reports is
// the most the depth held, records and buffers: its largest is the walk's
// PeakBytes, within the limit, in memory and with a work directory (whose
// checkpoint puts every record on disk at each depth's end: what is held
// then is the buffers alone, the same at every depth, which the progress
// line once showed all along).
func TestFrontierProgressHeld(t *testing.T) {
	b := board.Board{Rows: 7, Cols: 7}
	const limit = 64 << 10
	for _, work := range []bool{false, true} {
		t.Run(fmt.Sprintf("work=%v", work), func(t *testing.T) {
			o := Options{Workers: 2, Method: MethodFrontier, MemLimit: limit}
			if work {
				o.Work = t.TempDir()
			}
			var most int64
			seen := map[int64]bool{}
			o.Tick = func(p Progress) {
				most = max(most, p.Held)
				seen[p.Held] = true
				if p.Held > limit {
					t.Errorf("depth %d: %d bytes held, past the limit %d", p.Depth, p.Held, limit)
				}
			}
			res, err := From(context.Background(), b, board.Square{}, o)
			if err != nil {
				t.Fatal(err)
			}
			if most != res.PeakBytes || len(seen) < 3 {
				t.Errorf("the depths' progress says at most %d bytes held (%d figures), the walk's peak is %d", most, len(seen), res.PeakBytes)
			}
		})
	}
}

// TestFrontierCheckpointKeepsOverflow: a count of walks that merging
// carried past 2^64 before a checkpoint is still an overflow once the
// walk goes on from it (the checkpoint kept the workers' tallies, not
// what merging had seen, and the walk went on to a wrong count).
func TestFrontierCheckpointKeepsOverflow(t *testing.T) {
	b, start := board.Board{Rows: 5, Cols: 5}, board.Square{}
	o := Options{Method: MethodFrontier, Float: true, Work: t.TempDir(), Workers: 2}
	for _, in := range []string{"a worker's merge", "the depth's merge"} {
		t.Run(in, func(t *testing.T) {
			f, err := newFrontier[[1]uint64, [1]uint64](context.Background(), b, start, o)
			if err != nil {
				t.Fatal(err)
			}
			if in == "a worker's merge" {
				f.fws[1].c.overflow = true
			} else {
				f.mergeComb.overflow = true
			}
			if err := f.checkpoint(1, b, start, false); err != nil {
				t.Fatal(err)
			}
			if _, err := From(context.Background(), b, start, o); !errors.Is(err, ErrOverflow) {
				t.Errorf("From = %v, want %v", err, ErrOverflow)
			}
			os.RemoveAll(WorkDir(o.Work, b, start))
		})
	}
}

// TestFrontierPremergePeakDisk: a merge of runs into one holds them and
// the run it writes on disk at once, and PeakDisk counts it (it counted
// the runs merged alone).
func TestFrontierPremergePeakDisk(t *testing.T) {
	b, start := board.Board{Rows: 5, Cols: 5}, board.Square{}
	f, err := newFrontier[[1]uint64, [1]uint64](context.Background(), b, start, Options{Method: MethodFrontier, Float: true, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer f.close()
	for i := range 3 {
		recs := make([]rec[[1]uint64, [1]uint64], 10)
		for j := range recs {
			recs[j].k[0] = uint64(10*i + j)
			recs[j].cnt = 1
		}
		if err := f.write(4, recs); err != nil {
			t.Fatal(err)
		}
	}
	runs := f.runs[4]
	r, err := f.premerge(4, runs)
	if err != nil {
		t.Fatal(err)
	}
	want := r.Bytes
	for _, in := range runs {
		want += in.Bytes
	}
	if r.Records != 30 || f.disk.Load() != want || f.peakDisk.Load() != want {
		t.Errorf("merged into %d records; %d bytes on disk, at most %d; want 30, %d and %d", r.Records, f.disk.Load(), f.peakDisk.Load(), want, want)
	}
}

// TestCheckpointSyncs: a checkpoint syncs the runs written since the last
// one, not every run it names again; and where the directory cannot be
// synced after the manifest's rename (so that the rename may not last),
// the checkpoint fails and keeps the runs merged since the last one,
// which the last manifest names: deleted, a crash would leave a
// checkpoint without its runs.
func TestCheckpointSyncs(t *testing.T) {
	b, start := board.Board{Rows: 5, Cols: 5}, board.Square{}
	o := Options{Method: MethodFrontier, Float: true, Work: t.TempDir(), Workers: 1}
	f, err := newFrontier[[1]uint64, [1]uint64](context.Background(), b, start, o)
	if err != nil {
		t.Fatal(err)
	}
	write := func(d int) {
		t.Helper()
		recs := make([]rec[[1]uint64, [1]uint64], 3)
		for j := range recs {
			recs[j].k[0], recs[j].cnt = uint64(j), 1
		}
		if err := f.write(d, recs); err != nil {
			t.Fatal(err)
		}
	}
	write(4)
	write(5)
	if n := len(f.unsynced()); n != 2 {
		t.Fatalf("%d runs to sync, want 2", n)
	}
	if err := f.checkpoint(4, b, start, false); err != nil {
		t.Fatal(err)
	}
	write(5)
	if n := len(f.unsynced()); n != 1 {
		t.Errorf("after a checkpoint and a run: %d runs to sync, want 1", n)
	}
	// Depth 4 walked: its run is merged.
	merged := f.runs[4]
	f.runs[4] = nil
	f.drop(merged)
	defer func(s func(string) error) { syncDir = s }(syncDir)
	syncDir = func(string) error { return errors.New("the disk said no") }
	if err := f.checkpoint(5, b, start, false); err == nil || !strings.Contains(err.Error(), "the disk said no") {
		t.Errorf("checkpoint = %v, want the directory's sync error", err)
	}
	if _, err := os.Stat(filepath.Join(f.dir, merged[0].Name)); err != nil {
		t.Errorf("a run the last durable manifest names was deleted: %v", err)
	}
}

// TestFrontierResumeEveryDepth: a walk interrupted at every depth
// boundary in turn, each time as soon as it has walked one depth, goes on
// each time from the depth it reached, on one worker and on two by turns,
// to the memo's figures (6x6 from 1,1 and 2,2; make test-all: the 7x7
// corner too).
func TestFrontierResumeEveryDepth(t *testing.T) {
	type tc struct {
		b     board.Board
		start board.Square
	}
	cases := []tc{{board.Board{Rows: 6, Cols: 6}, board.Square{Row: 1, Col: 1}}, {board.Board{Rows: 6, Cols: 6}, board.Square{Row: 2, Col: 2}}}
	if !testing.Short() {
		cases = append(cases, tc{board.Board{Rows: 7, Cols: 7}, board.Square{}})
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%v from %v", c.b, c.start), func(t *testing.T) {
			want, err := From(context.Background(), c.b, c.start, Options{Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			o := Options{Method: MethodFrontier, MemLimit: 64 << 10, Work: t.TempDir()}
			last, runs := 0, 0
			for {
				runs++
				ctx, cancel := context.WithCancel(context.Background())
				o.Workers = 1 + runs%2
				o.Tick = func(p Progress) {
					if p.Depth != last+1 {
						t.Errorf("run %d walked depth %d after a checkpoint at %d", runs, p.Depth, last)
					}
					last = p.Depth
					cancel()
				}
				got, err := From(ctx, c.b, c.start, o)
				cancel()
				if err == nil {
					sameResult(t, got, want)
					break
				}
				if !errors.Is(err, context.Canceled) || runs > c.b.Squares() {
					t.Fatalf("run %d: %v", runs, err)
				}
			}
			if last != c.b.Squares() {
				t.Errorf("the walks ended at depth %d of %d", last, c.b.Squares())
			}
		})
	}
}

// TestFrontierStopsOnFailure: once a worker has failed (a run it could
// not write: a full disk), the depth's merge hands out no more tie
// points: the depth is lost anyway, and it went on walking every one,
// on a large board for minutes.
func TestFrontierStopsOnFailure(t *testing.T) {
	b, start := board.Board{Rows: 7, Cols: 7}, board.Square{}
	f, err := newFrontier[[1]uint64, [1]uint64](context.Background(), b, start, Options{Method: MethodFrontier, Float: true, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer f.close()
	w := f.fws[0].w
	at := point[[1]uint64]{cur: f.wk.start}
	add(&at.v, f.wk.start)
	w.follow(at, reach{p: []uint64{math.Float64bits(1)}, cnt: 1})
	d := 0
	for len(f.fws[0].bufs[d]) == 0 {
		d++
	}
	nodes := w.t.nodes
	f.fail(errors.New("no space left on device"))
	if err := f.depth(d); err == nil {
		t.Error("the depth gave no error")
	}
	if w.t.nodes != nodes {
		t.Errorf("the depth walked on from its tie points after the failure: %d squares entered", w.t.nodes-nodes)
	}
}
