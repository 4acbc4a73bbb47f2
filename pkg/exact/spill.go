package exact

import (
	"bufio"
	"cmp"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"knightsweep/internal/durable"
)

// A run is a file of records of one depth, sorted by key, each key once:
// what the frontier method spills past its memory limit (and, with a
// work directory, at every depth boundary).
type run struct {
	Depth   int    `json:"depth"`
	Name    string `json:"name"`
	Records int64  `json:"records"`
	Bytes   int64  `json:"bytes"`
	// CRC is the Castagnoli CRC-32 of the file, checked as it is read.
	CRC uint32 `json:"crc32c"`
	// Encoding is how the records are stored (runcodec.go): encRaw, or
	// encDelta.
	Encoding string `json:"encoding,omitempty"`
	// synced: the file is durable (a checkpoint named it).
	synced bool
}

// checkEncoding refuses a run whose records are in an encoding this build
// does not read.
func (r run) checkEncoding() error {
	if r.Encoding != encRaw && r.Encoding != encDelta {
		return fmt.Errorf("run %s holds records in encoding %q, which this build does not read: %s", r.Name, r.Encoding, workFormat.Advice)
	}
	return nil
}

// runWriter writes a run, record by record, through a buffer: in
// spillEncoding, a delta block a buffer.
type runWriter[K set, P num] struct {
	f     *os.File
	path  string
	buf   []byte
	chunk int
	r     run
	// delta: the codec, the records in the block under way and the most
	// it takes.
	delta     *deltaCodec[K, P]
	n, maxRec int
}

func newRunWriter[K set, P num](dir, name string, depth, bufBytes int) (*runWriter[K, P], error) {
	path := filepath.Join(dir, name)
	f, err := durable.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o666)
	if err != nil {
		return nil, err
	}
	rw := recBytes[K, P]()
	if spillEncoding == encRaw {
		chunk := max(bufBytes/rw, 1) * rw
		return &runWriter[K, P]{f: f, path: path, buf: make([]byte, 0, chunk), chunk: chunk,
			r: run{Depth: depth, Name: name}}, nil
	}
	// A block holds the records a reader decodes at a time (openRun).
	w := &runWriter[K, P]{f: f, path: path, chunk: blockRecs[K, P](bufBytes), maxRec: maxDeltaBytes[K, P](),
		r: run{Depth: depth, Name: name, Encoding: encDelta}, delta: newDeltaCodec[K, P]()}
	w.buf = make([]byte, blockHeadBytes, blockHeadBytes+min(w.chunk*w.maxRec, bufBytes))
	return w, nil
}

// blockRecs is how many records a delta block holds: those a reader with
// buffers of bufBytes decodes at a time.
func blockRecs[K set, P num](bufBytes int) int { return max(bufBytes/(2*recBytes[K, P]()), 1) }

func (w *runWriter[K, P]) add(r *rec[K, P]) error {
	w.r.Records++
	if w.delta == nil {
		w.buf = r.encode(w.buf)
		if len(w.buf) == w.chunk {
			return w.flush()
		}
		return nil
	}
	w.buf = w.delta.encode(w.buf, r)
	w.n++
	if w.n == w.chunk || len(w.buf)+w.maxRec > cap(w.buf) {
		return w.flush()
	}
	return nil
}

func (w *runWriter[K, P]) flush() error {
	if w.delta != nil {
		if w.n == 0 {
			return nil
		}
		binary.LittleEndian.PutUint32(w.buf, uint32(len(w.buf)-blockHeadBytes))
		binary.LittleEndian.PutUint32(w.buf[4:], uint32(w.n))
	}
	w.r.CRC = durable.Update(w.r.CRC, w.buf)
	if _, err := w.f.Write(w.buf); err != nil {
		return fmt.Errorf("run %s: %w", w.r.Name, err)
	}
	w.r.Bytes += int64(len(w.buf))
	w.buf = w.buf[:0]
	if w.delta != nil {
		w.buf, w.n = w.buf[:blockHeadBytes], 0
	}
	return nil
}

// close ends the run and says what it holds.
func (w *runWriter[K, P]) close() (run, error) {
	err := w.flush()
	if cerr := w.f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(w.path)
		return run{}, err
	}
	return w.r, nil
}

// abort ends the run and deletes it.
func (w *runWriter[K, P]) abort() {
	w.f.Close()
	os.Remove(w.path)
}

func recBytes[K set, P num]() int { return 8 * recWords[K, P]() }

// A source is a sorted stream of records: a run on disk, or a sorted
// slice in memory.
type source[K set, P num] struct {
	recs []rec[K, P] // the records in hand
	i    int
	// file, when the source is a run.
	f    *os.File
	rd   *bufio.Reader
	raw  []byte
	left int64
	crc  uint32
	run  run
	err  error
	// delta: the codec of a delta run.
	delta *deltaCodec[K, P]
}

func memSource[K set, P num](recs []rec[K, P]) *source[K, P] {
	return &source[K, P]{recs: recs}
}

// openRun opens a run for reading with buffers of about bufBytes in all.
func openRun[K set, P num](dir string, r run, bufBytes int) (*source[K, P], error) {
	f, err := os.Open(filepath.Join(dir, r.Name))
	if err != nil {
		return nil, err
	}
	// The bytes read and the records decoded from them, half each.
	w := recBytes[K, P]()
	n := max(bufBytes/(2*w), 1)
	s := &source[K, P]{f: f, rd: bufio.NewReaderSize(f, 4096), raw: make([]byte, n*w),
		recs: make([]rec[K, P], 0, n), left: r.Records, run: r}
	if err := r.checkEncoding(); err != nil {
		f.Close()
		return nil, err
	}
	if r.Encoding == encDelta {
		s.delta = newDeltaCodec[K, P]()
	}
	s.fill()
	return s, s.err
}

// fill reads the next records of a run.
func (s *source[K, P]) fill() {
	s.recs, s.i = s.recs[:0], 0
	if s.f == nil || s.left == 0 {
		return
	}
	if s.delta != nil {
		s.fillDelta()
		return
	}
	w := recBytes[K, P]()
	n := min(int64(len(s.raw)/w), s.left)
	b := s.raw[:n*int64(w)]
	if _, err := io.ReadFull(s.rd, b); err != nil {
		s.err = fmt.Errorf("run %s: %w", s.run.Name, err)
		return
	}
	s.crc = durable.Update(s.crc, b)
	s.left -= n
	s.recs = s.recs[:n]
	for j := range s.recs {
		s.recs[j].decode(b[j*w:])
	}
	s.checkEnd()
}

// checkEnd compares the CRC of a run read through with its manifest's.
func (s *source[K, P]) checkEnd() {
	if s.left == 0 && s.crc != s.run.CRC {
		s.err = fmt.Errorf("run %s: its CRC-32C is %08x, the manifest says %08x: the file is corrupt", s.run.Name, s.crc, s.run.CRC)
	}
}

// fillDelta reads and decodes the next block of a delta run.
func (s *source[K, P]) fillDelta() {
	var head [blockHeadBytes]byte
	if _, err := io.ReadFull(s.rd, head[:]); err != nil {
		s.err = fmt.Errorf("run %s: %w", s.run.Name, err)
		return
	}
	size, n := binary.LittleEndian.Uint32(head[:]), binary.LittleEndian.Uint32(head[4:])
	if n == 0 || int64(n) > s.left || size > maxBlockBytes {
		s.err = fmt.Errorf("run %s: a block of %d records in %d bytes, with %d records left: the file is corrupt", s.run.Name, n, size, s.left)
		return
	}
	if int(size) > cap(s.raw) {
		s.raw = make([]byte, size)
	}
	b := s.raw[:size]
	if _, err := io.ReadFull(s.rd, b); err != nil {
		s.err = fmt.Errorf("run %s: %w", s.run.Name, err)
		return
	}
	s.crc = durable.Update(durable.Update(s.crc, head[:]), b)
	if int(n) > cap(s.recs) {
		s.recs = make([]rec[K, P], 0, n)
	}
	s.recs = s.recs[:n]
	if err := s.delta.decode(b, s.recs); err != nil {
		s.recs = s.recs[:0]
		s.err = fmt.Errorf("run %s: %w: the file is corrupt", s.run.Name, err)
		return
	}
	s.left -= int64(n)
	s.checkEnd()
}

func (s *source[K, P]) head() *rec[K, P] { return &s.recs[s.i] }

// next moves past the head; false at the end.
func (s *source[K, P]) next() bool {
	s.i++
	if s.i < len(s.recs) {
		return true
	}
	s.fill()
	return s.err == nil && len(s.recs) > 0
}

func (s *source[K, P]) close() {
	if s.f != nil {
		s.f.Close()
	}
}

// merger merges sorted sources into one sorted stream, each key once (the
// records of a key added up): a binary heap of the sources by their heads.
type merger[K set, P num] struct {
	c     *combiner
	h     []*source[K, P]
	group []rec[K, P]
	err   error
}

func newMerger[K set, P num](c *combiner, srcs []*source[K, P]) *merger[K, P] {
	m := &merger[K, P]{c: c}
	for _, s := range srcs {
		if s.i < len(s.recs) {
			m.h = append(m.h, s)
		}
	}
	for i := len(m.h)/2 - 1; i >= 0; i-- {
		m.down(i)
	}
	return m
}

func (m *merger[K, P]) less(i, j int) bool {
	return lessRec(m.h[i].head(), m.h[j].head())
}

func (m *merger[K, P]) down(i int) {
	n := len(m.h)
	for {
		l := 2*i + 1
		if l >= n {
			return
		}
		if r := l + 1; r < n && m.less(r, l) {
			l = r
		}
		if !m.less(l, i) {
			return
		}
		m.h[i], m.h[l] = m.h[l], m.h[i]
		i = l
	}
}

// pop advances the least source.
func (m *merger[K, P]) pop() {
	s := m.h[0]
	if !s.next() {
		if s.err != nil && m.err == nil {
			m.err = s.err
		}
		m.h[0] = m.h[len(m.h)-1]
		m.h = m.h[:len(m.h)-1]
	}
	if len(m.h) > 0 {
		m.down(0)
	}
}

// next returns the next key's records added up, or false at the end (or
// on a read error, in m.err).
func (m *merger[K, P]) next(out *rec[K, P]) bool {
	if len(m.h) == 0 || m.err != nil {
		return false
	}
	m.group = append(m.group[:0], *m.h[0].head())
	m.pop()
	for len(m.h) > 0 && sameKey(m.h[0].head(), &m.group[0]) {
		m.group = append(m.group, *m.h[0].head())
		m.pop()
	}
	combine(m.c, m.group)
	*out = m.group[0]
	return m.err == nil
}

// mergeDown merges depth d's runs into fanIn of them, the fewest bytes
// merged: the len(runs)-fanIn+1 smallest (in bytes) into one, or, while
// 2*fanIn-1 or more are left, the fanIn smallest. Each merged run replaces
// its inputs in the checkpoint before they are deleted (replaceRuns), so
// that the disk holds the runs and one merge's output at most, no larger
// than its inputs. The runs are taken in their order, the merged one last,
// as the checkpoint names them: a walk resumed merges the same runs the
// same way.
func (f *frontier[K, P]) mergeDown(d int, runs []run) ([]run, error) {
	for len(runs) > f.fanIn {
		k := min(f.fanIn, len(runs)-f.fanIn+1)
		order := make([]int, len(runs))
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(runs[a].Bytes, runs[b].Bytes) })
		in := make([]bool, len(runs))
		var group, rest []run
		for _, i := range order[:k] {
			in[i] = true
		}
		for i, r := range runs {
			if in[i] {
				group = append(group, r)
			} else {
				rest = append(rest, r)
			}
		}
		r, err := f.premerge(d, group)
		if err != nil {
			return nil, err
		}
		runs = append(rest, r)
		if err := f.replaceRuns(d, runs, group); err != nil {
			return nil, err
		}
	}
	return runs, nil
}
