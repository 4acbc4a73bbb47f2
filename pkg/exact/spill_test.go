package exact

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"knightsweep/internal/durable"
	"knightsweep/pkg/board"
)

// testRecs makes n records sorted by key, each key once, as a depth's
// are: squares sharing their high bits, a few keys on one set of squares,
// probabilities from a small set (and now and then one of their sums),
// counts and roundings of every width.
func testRecs[K set, P num](n int, seed uint64) []rec[K, P] {
	rng := rand.New(rand.NewPCG(seed, 1))
	out := make([]rec[K, P], 0, n)
	var k K
	for i := range len(k) {
		k[i] = rng.Uint64()
	}
	probs := []float64{0.5, 1.0 / 3, 0.125, 1.0 / 7, 1.0 / 840}
	for len(out) < n {
		// The next set of squares: a low word or two changed upward.
		j := rng.IntN(len(k))
		k[j] += 1 + rng.Uint64N(1<<uint(rng.IntN(60)+1))
		for i := range j {
			k[i] = rng.Uint64()
		}
		cur := uint64(rng.IntN(200))
		for range 1 + rng.IntN(3) {
			var r rec[K, P]
			r.k = k
			cur += 1 + uint64(rng.IntN(3))
			r.tag = cur | uint64(rng.IntN(70000)&0xFFFF)<<16*uint64(rng.IntN(2))
			r.cnt = rng.Uint64() >> uint(rng.IntN(64))
			p := probs[rng.IntN(len(probs))]
			if rng.IntN(4) == 0 {
				p += probs[rng.IntN(len(probs))] * rng.Float64()
			}
			for w := range len(r.p) {
				r.p[w] = math.Float64bits(p) + uint64(w)
			}
			out = append(out, r)
		}
	}
	return out[:n]
}

// writeRun writes recs as the run x.run of depth 3 in dir, with buffers
// of bufBytes.
func writeRun[K set, P num](t *testing.T, dir string, recs []rec[K, P], bufBytes int) run {
	t.Helper()
	w, err := newRunWriter[K, P](dir, "x.run", 3, bufBytes)
	if err != nil {
		t.Fatal(err)
	}
	for i := range recs {
		if err := w.add(&recs[i]); err != nil {
			t.Fatal(err)
		}
	}
	r, err := w.close()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// roundTrip writes recs as a run with buffers of bufBytes and reads it
// back.
func roundTrip[K set, P num](t *testing.T, recs []rec[K, P], bufBytes int) (run, []rec[K, P]) {
	t.Helper()
	dir := t.TempDir()
	r := writeRun(t, dir, recs, bufBytes)
	if st, err := os.Stat(filepath.Join(dir, r.Name)); err != nil || st.Size() != r.Bytes {
		t.Fatalf("the run's file: %v, want %d bytes", err, r.Bytes)
	}
	if err := checkCRC(dir, r); err != nil {
		t.Fatal(err)
	}
	s, err := openRun[K, P](dir, r, bufBytes)
	if err != nil {
		t.Fatal(err)
	}
	defer s.close()
	var back []rec[K, P]
	for ok := s.i < len(s.recs); ok; ok = s.next() {
		back = append(back, *s.head())
	}
	if s.err != nil {
		t.Fatal(s.err)
	}
	return r, back
}

func testDeltaRoundTrip[K set, P num](t *testing.T, n, bufBytes int) {
	recs := testRecs[K, P](n, uint64(n))
	r, back := roundTrip(t, recs, bufBytes)
	if !slices.Equal(back, recs) {
		t.Fatalf("%d records read back, want the %d written", len(back), len(recs))
	}
	if r.Encoding != encDelta || r.Records != int64(n) {
		t.Errorf("run of %q, %d records; want %q, %d", r.Encoding, r.Records, encDelta, n)
	}
	if raw := int64(n * recBytes[K, P]()); n > 100 && r.Bytes >= raw {
		t.Errorf("%d records in %d bytes, no fewer than their %d words", n, r.Bytes, raw)
	}
}

// TestDeltaRunRoundTrip: a delta run reads back the records written, on
// every width of key and probability, in blocks of one record and of
// many, in fewer bytes than their words.
func TestDeltaRunRoundTrip(t *testing.T) {
	for _, c := range []struct {
		name string
		f    func(*testing.T, int, int)
	}{
		{"1x1", testDeltaRoundTrip[[1]uint64, [1]uint64]},
		{"2x1", testDeltaRoundTrip[[2]uint64, [1]uint64]},
		{"4x1", testDeltaRoundTrip[[4]uint64, [1]uint64]},
		{"16x1", testDeltaRoundTrip[[16]uint64, [1]uint64]},
		{"1x3", testDeltaRoundTrip[[1]uint64, [3]uint64]},
		{"1x10", testDeltaRoundTrip[[1]uint64, [10]uint64]},
	} {
		for _, n := range []int{0, 1, 2, 5000} {
			for _, buf := range []int{1, 4096, 1 << 20} {
				t.Run(c.name, func(t *testing.T) { c.f(t, n, buf) })
			}
		}
	}
}

// TestDeltaRunDamaged: a delta run with any one byte changed is read to
// an error naming the run, never to a panic; a run of an encoding this
// build does not know is refused.
func TestDeltaRunDamaged(t *testing.T) {
	type K = [2]uint64
	type P = [1]uint64
	recs := testRecs[K, P](300, 7)
	dir := t.TempDir()
	r := writeRun(t, dir, recs, 2048)
	path := filepath.Join(dir, r.Name)
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range good {
		bad := slices.Clone(good)
		bad[i] ^= 1 << (i % 8)
		if err := os.WriteFile(path, bad, 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := openRun[K, P](dir, r, 2048)
		for err == nil && s.next() {
		}
		if err == nil {
			err = s.err
			s.close()
		}
		if err == nil || !strings.Contains(err.Error(), "run x.run") {
			t.Fatalf("byte %d changed: read to %v, want an error naming the run", i, err)
		}
	}
	r.Encoding = "zz"
	if _, err := openRun[K, P](dir, r, 2048); err == nil || !strings.Contains(err.Error(), `encoding "zz"`) {
		t.Errorf("a run of encoding zz: %v", err)
	}
}

// TestMergeDownReplacesRuns: a depth of more runs than the fan-in is
// merged into fan-in runs, the smallest merged; the manifest on disk names
// the merged run in place of its inputs, which are deleted, and the disk
// held the depth and the inputs of one merge at most, not two copies.
func TestMergeDownReplacesRuns(t *testing.T) {
	b, start := board.Board{Rows: 5, Cols: 5}, board.Square{}
	o := Options{Method: MethodFrontier, Float: true, Work: t.TempDir(), Workers: 1}
	f, err := newFrontier[[1]uint64, [1]uint64](context.Background(), b, start, o)
	if err != nil {
		t.Fatal(err)
	}
	const depth, nRuns = 4, 10
	var all int64
	for i := range nRuns {
		recs := testRecs[[1]uint64, [1]uint64](100+50*i, uint64(i))
		if err := f.write(depth, recs); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.write(depth+1, testRecs[[1]uint64, [1]uint64](10, 99)); err != nil {
		t.Fatal(err)
	}
	for _, r := range f.runs[depth] {
		all += r.Bytes
	}
	if err := f.checkpoint(depth, b, start, false); err != nil {
		t.Fatal(err)
	}
	before := f.disk.Load()
	f.peakDisk.Store(before)
	f.fanIn = 4
	runs, err := f.takeRuns(depth)
	if err != nil {
		t.Fatal(err)
	}
	if len(runs) != f.fanIn {
		t.Fatalf("%d runs after merging, want %d", len(runs), f.fanIn)
	}
	m, ok, err := readWork(f.dir, b, start, o)
	if !ok || err != nil {
		t.Fatalf("the manifest: %v, %v", ok, err)
	}
	var named []run
	for _, r := range m.Runs {
		if r.Depth == depth {
			r.synced = true
			named = append(named, r)
		}
	}
	if !slices.Equal(named, runs) {
		t.Errorf("the manifest names %v at depth %d, want %v", named, depth, runs)
	}
	if m.Seq != f.seq {
		t.Errorf("the manifest's seq %d, want %d", m.Seq, f.seq)
	}
	ents, _ := os.ReadDir(f.dir)
	if files := len(ents) - 1; files != len(m.Runs) {
		t.Errorf("%d files beside the manifest, want its %d runs", files, len(m.Runs))
	}
	if peak := f.peakDisk.Load(); peak >= before+all {
		t.Errorf("the disk held %d bytes at most, no fewer than two copies of the depth (%d and %d)", peak, before, all)
	}
	if d := f.disk.Load(); d >= before {
		t.Errorf("%d bytes on disk after merging, %d before", d, before)
	}
}

// TestFrontierResumeMidMerge: a -work walk stopped at one sync of its
// directory after another (a merged run written before a manifest names
// it, or a checkpoint's runs before its manifest), some of them between
// the merges before a depth, goes on each time to the same figures as one
// never stopped: on 7x7 exactly, in float64s to the last bit on one
// worker.
func TestFrontierResumeMidMerge(t *testing.T) {
	b, start := board.Board{Rows: 7, Cols: 7}, board.Square{}
	for _, float := range []bool{false, true} {
		o := Options{Workers: 1, Method: MethodFrontier, MemLimit: 16 << 10, Float: float}
		want, err := From(context.Background(), b, start, o)
		if err != nil {
			t.Fatal(err)
		}
		o.Work = t.TempDir()
		defer func(s func(string) error) { syncDir = s }(syncDir)
		sync := syncDir
		calls, failAt, stops := 0, 1, 0
		syncDir = func(dir string) error {
			calls++
			if calls == failAt {
				return errors.New("the disk said no")
			}
			return sync(dir)
		}
		var got Result
		for {
			calls = 0
			got, err = From(context.Background(), b, start, o)
			if err == nil {
				break
			}
			if !strings.Contains(err.Error(), "the disk said no") {
				t.Fatal(err)
			}
			stops++
			failAt += 7
		}
		if stops < 3 {
			t.Fatalf("float %v: stopped %d times", float, stops)
		}
		sameResult(t, got, want)
		if got.Probability != want.Probability {
			t.Errorf("float %v: probability %v, want %v", float, got.Probability, want.Probability)
		}
	}
}

// TestFrontierResumesFormat3: a work directory of format 3, whose runs
// are words (encRaw), goes on with this build to the same figures; its
// next checkpoints are of format 4, naming runs of both encodings.
func TestFrontierResumesFormat3(t *testing.T) {
	b, start := board.Board{Rows: 7, Cols: 7}, board.Square{}
	o := Options{Workers: 2, Method: MethodFrontier, MemLimit: 64 << 10}
	want, err := From(context.Background(), b, start, o)
	if err != nil {
		t.Fatal(err)
	}
	o.Work = t.TempDir()
	func() {
		defer func(e string, f durable.Format) { spillEncoding, workFormat = e, f }(spillEncoding, workFormat)
		spillEncoding, workFormat = encRaw, workFormatRaw
		walkTo(t, b, start, o, 20)
	}()
	dir := WorkDir(o.Work, b, start)
	data, err := os.ReadFile(filepath.Join(dir, manifestName))
	if err != nil || !strings.Contains(string(data), `"knightsweep exact walk 3"`) || strings.Contains(string(data), `"encoding"`) {
		t.Fatalf("not a manifest of format 3 (%v):\n%.200s", err, data)
	}
	if err := CheckWork(b, start, o); err != nil {
		t.Fatal(err)
	}
	// On to depth 30, then stopped again: raw runs and delta runs.
	walkTo(t, b, start, o, 30)
	m, ok, err := readWork(dir, b, start, o)
	if !ok || err != nil {
		t.Fatalf("the manifest: %v, %v", ok, err)
	}
	encs := map[string]bool{}
	for _, r := range m.Runs {
		encs[r.Encoding] = true
	}
	if !encs[encRaw] || !encs[encDelta] {
		t.Errorf("the runs at depth 30 are of encodings %v, want both", encs)
	}
	got, err := From(context.Background(), b, start, o)
	if err != nil {
		t.Fatal(err)
	}
	sameResult(t, got, want)
}

// benchRuns is the records BenchmarkRunCodec writes and reads: the
// encRaw runs of 2-word keys and a float64 (10x10, 11x11) in the
// directory $KNIGHTSWEEP_BENCH_RUNS (a format 3 work directory's), or
// else testRecs's.
func benchRuns(b *testing.B) [][]rec[[2]uint64, [1]uint64] {
	dir := os.Getenv("KNIGHTSWEEP_BENCH_RUNS")
	if dir == "" {
		return [][]rec[[2]uint64, [1]uint64]{testRecs[[2]uint64, [1]uint64](1<<20, 1)}
	}
	names, _ := filepath.Glob(filepath.Join(dir, "*.run"))
	var out [][]rec[[2]uint64, [1]uint64]
	n := 0
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			b.Fatal(err)
		}
		if len(data) < benchRunBytes {
			continue
		}
		recs := make([]rec[[2]uint64, [1]uint64], len(data)/40)
		for i := range recs {
			recs[i].decode(data[40*i:])
		}
		out = append(out, recs)
		if n += len(recs); n > 4<<20 {
			break
		}
	}
	return out
}

// benchRunBytes: BenchmarkRunCodec takes runs of at least 100,000 raw
// records, whose time is the records', not the files' creation.
const benchRunBytes = 40 * 100_000

// cpuTime is the process's CPU time, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkRunCodec writes records as runs and reads them back, through
// the page cache: cpu-ns/rec is a record's CPU time, user and system, and
// B/rec its bytes on disk.
func BenchmarkRunCodec(b *testing.B) {
	runs := benchRuns(b)
	for _, enc := range []string{encRaw, encDelta} {
		name := enc
		if name == "" {
			name = "raw"
		}
		b.Run(name, func(b *testing.B) {
			defer func(e string) { spillEncoding = e }(spillEncoding)
			spillEncoding = enc
			dir := b.TempDir()
			var recs, bytes int64
			i := 0
			cpu := cpuTime()
			for b.Loop() {
				rs := runs[i%len(runs)]
				i++
				w, err := newRunWriter[[2]uint64, [1]uint64](dir, "x.run", 0, 1<<20)
				if err != nil {
					b.Fatal(err)
				}
				for j := range rs {
					w.add(&rs[j])
				}
				r, err := w.close()
				if err != nil {
					b.Fatal(err)
				}
				s, err := openRun[[2]uint64, [1]uint64](dir, r, 1<<20)
				if err != nil {
					b.Fatal(err)
				}
				for s.next() {
				}
				s.close()
				recs += r.Records
				bytes += r.Bytes
			}
			b.ReportMetric(float64(cpuTime()-cpu)/float64(recs), "cpu-ns/rec")
			b.ReportMetric(float64(bytes)/float64(recs), "B/rec")
		})
	}
}

// BenchmarkDeltaCodec encodes and decodes records in memory, no file:
// cpu-ns/rec is the CPU time encoding and decoding take a record, against
// the words' (raw).
func BenchmarkDeltaCodec(b *testing.B) {
	type R = rec[[2]uint64, [1]uint64]
	runs := benchRuns(b)
	const block = 1 << 14
	for _, name := range []string{"raw", "delta"} {
		b.Run(name, func(b *testing.B) {
			var recs int64
			buf := make([]byte, 0, block*maxDeltaBytes[[2]uint64, [1]uint64]())
			out := make([]R, block)
			i := 0
			cpu := cpuTime()
			for b.Loop() {
				rs := runs[i%len(runs)]
				i++
				enc, dec := newDeltaCodec[[2]uint64, [1]uint64](), newDeltaCodec[[2]uint64, [1]uint64]()
				for lo := 0; lo < len(rs); lo += block {
					blk := rs[lo:min(lo+block, len(rs))]
					buf = buf[:0]
					if name == "raw" {
						for j := range blk {
							buf = blk[j].encode(buf)
						}
						for j := range blk {
							out[j].decode(buf[40*j:])
						}
						continue
					}
					for j := range blk {
						buf = enc.encode(buf, &blk[j])
					}
					if err := dec.decode(buf, out[:len(blk)]); err != nil {
						b.Fatal(err)
					}
				}
				recs += int64(len(rs))
			}
			b.ReportMetric(float64(cpuTime()-cpu)/float64(recs), "cpu-ns/rec")
		})
	}
}
