package external

import (
	"strings"
	"sync"
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

// line returns what was kept folded onto one line for an error column:
// the first line, then the last 300 bytes if they are not the same text.
// "" if nothing was written.
func (t *tail) line() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	fold := func(b []byte) string { return strings.Join(strings.Fields(strings.ToValidUTF8(string(b), "?")), " ") }
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
// calls over once, on the first byte beyond them, dropping the rest.
type capped struct {
	mu   sync.Mutex
	buf  []byte
	max  int64
	over func()
	lost bool
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
		c.over()
	}
	return len(p), nil
}

func (c *capped) bytes() ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.buf, c.lost
}
