package exact

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"

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
	// synced: the file is durable (a checkpoint named it).
	synced bool
}

// runWriter writes a run, record by record, through a buffer.
type runWriter[K set, P num] struct {
	f     *os.File
	path  string
	buf   []byte
	chunk int
	r     run
}

func newRunWriter[K set, P num](dir, name string, depth, bufBytes int) (*runWriter[K, P], error) {
	path := filepath.Join(dir, name)
	f, err := durable.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o666)
	if err != nil {
		return nil, err
	}
	w := recBytes[K, P]()
	chunk := max(bufBytes/w, 1) * w
	return &runWriter[K, P]{f: f, path: path, buf: make([]byte, 0, chunk), chunk: chunk,
		r: run{Depth: depth, Name: name}}, nil
}

func (w *runWriter[K, P]) add(r *rec[K, P]) error {
	w.buf = r.encode(w.buf)
	w.r.Records++
	if len(w.buf) == w.chunk {
		return w.flush()
	}
	return nil
}

func (w *runWriter[K, P]) flush() error {
	w.r.CRC = durable.Update(w.r.CRC, w.buf)
	if _, err := w.f.Write(w.buf); err != nil {
		return fmt.Errorf("run %s: %w", w.r.Name, err)
	}
	w.r.Bytes += int64(len(w.buf))
	w.buf = w.buf[:0]
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
	s.fill()
	return s, s.err
}

// fill reads the next records of a run.
func (s *source[K, P]) fill() {
	s.recs, s.i = s.recs[:0], 0
	if s.f == nil || s.left == 0 {
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
	if s.left == 0 && s.crc != s.run.CRC {
		s.err = fmt.Errorf("run %s: its CRC-32C is %08x, the manifest says %08x: the file is corrupt", s.run.Name, s.crc, s.run.CRC)
	}
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
