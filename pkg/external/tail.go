package external

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"syscall"
	"unicode"
)

// tailSize is how much of a solver's stderr a message quotes: the end,
// where a crash or an exception says what happened.
const tailSize = 4 << 10

// headSize is how much of the beginning of stderr is kept: a runtime
// that dies says why first and then dumps its threads (Go's "fatal error:
// runtime: out of memory", a JVM's exception).
const headSize = 256

// tail is an io.Writer that keeps the first line (up to headSize bytes)
// and the last tailSize bytes written to it. It is safe for concurrent
// use: os/exec copies stderr on its own goroutine.
type tail struct {
	mu   sync.Mutex
	head []byte
	all  int64 // bytes written
	buf  []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.head) < headSize && (len(t.head) == 0 || t.head[len(t.head)-1] != '\n') {
		q := p[:min(len(p), headSize-len(t.head))]
		if i := strings.IndexByte(string(q), '\n'); i >= 0 {
			q = q[:i+1]
		}
		t.head = append(t.head, q...)
	}
	t.all += int64(len(p))
	if len(p) >= tailSize {
		t.buf = append(t.buf[:0], p[len(p)-tailSize:]...)
		return len(p), nil
	}
	if over := len(t.buf) + len(p) - tailSize; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	t.buf = append(t.buf, p...)
	return len(p), nil
}

// ReadFrom copies r into t until r ends, through a small buffer of its
// own: io.Copy, which os/exec copies stderr with, would allocate 32 KiB
// for each process.
func (t *tail) ReadFrom(r io.Reader) (int64, error) {
	return readFrom(t, r)
}

// readFrom copies r into w through a buffer on the stack, returning what
// io.Copy would.
func readFrom(w io.Writer, r io.Reader) (n int64, err error) {
	var buf [4096]byte
	for {
		k, rerr := r.Read(buf[:])
		if k > 0 {
			if _, err := w.Write(buf[:k]); err != nil {
				return n, err
			}
			n += int64(k)
		}
		switch {
		case rerr == io.EOF:
			return n, nil
		case rerr != nil:
			return n, rerr
		}
	}
}

// line returns what was kept folded onto one line for an error column:
// the first line, then the last 300 bytes if they are not the same text.
// "" if nothing was written.
func (t *tail) line() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	fold := func(b []byte) string { return oneLine(string(b)) }
	end := fold(t.buf)
	if len(end) > 300 {
		end = "..." + strings.ToValidUTF8(end[len(end)-297:], "")
	}
	if head := fold(t.head); head != "" && !strings.HasPrefix(end, head) {
		return head + " " + end
	}
	return end
}

// capped is an io.Writer that keeps the first max bytes written to it and
// ends the process it is attached to (attach) on the first byte beyond
// them, dropping the rest. os/exec may write to it before attach: the
// process is then ended as it is attached.
type capped struct {
	mu   sync.Mutex
	buf  []byte
	max  int64
	lost bool
	proc *process
	why  string // the process's reason, when it is ended for its output
}

func (c *capped) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	room := c.max - int64(len(c.buf))
	if int64(len(p)) <= room {
		c.buf = append(c.buf, p...)
		return len(p), nil
	}
	c.buf = append(c.buf, p[:max(room, 0)]...)
	if !c.lost {
		c.lost = true
		c.end()
	}
	return len(p), nil
}

// attach makes p the process that output over the cap ends.
func (c *capped) attach(p *process) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.proc = p
	if c.lost {
		c.end()
	}
}

// end kills the attached process, if there is one yet. c.mu is held.
func (c *capped) end() {
	if c.proc == nil {
		return
	}
	c.proc.blame(c.why)
	c.proc.kill(syscall.SIGKILL)
}

// ReadFrom copies r into c until r ends (see tail.ReadFrom).
func (c *capped) ReadFrom(r io.Reader) (int64, error) {
	return readFrom(c, r)
}

func (c *capped) bytes() ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.buf, c.lost
}

// oneLine folds s onto one printable line for an error column: runs of
// white space become one space, invalid UTF-8 becomes U+FFFD, and every
// other control character (Unicode's Cc) and format character (Cf: the
// bidirectional overrides U+202A..U+202E and isolates U+2066..U+2069, the
// marks U+200E and U+200F, zero-width characters) is written as Go
// writes it escaped: \xNN up to U+00FF, \uNNNN above, \UNNNNNNNN beyond
// U+FFFF. So what a solver prints can neither break a row's line, drive
// a terminal, nor reorder the text a reader sees around it.
func oneLine(s string) string {
	s = strings.Join(strings.Fields(strings.ToValidUTF8(s, "\uFFFD")), " ")
	if strings.IndexFunc(s, hidden) < 0 {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case !hidden(r):
			b.WriteRune(r)
		case r <= 0xff:
			fmt.Fprintf(&b, "\\x%02x", r)
		case r <= 0xffff:
			fmt.Fprintf(&b, "\\u%04x", r)
		default:
			fmt.Fprintf(&b, "\\U%08x", r)
		}
	}
	return b.String()
}

// hidden reports whether r is a control or format character, one that
// does something to the text rather than show.
func hidden(r rune) bool { return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) }
