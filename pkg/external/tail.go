package external

import (
	"strings"
	"sync"
)

// tailSize is how much of a solver's stderr a message quotes: the end,
// where a crash or an exception says what happened.
const tailSize = 4 << 10

// tail is an io.Writer that keeps the last tailSize bytes written to it.
// It is safe for concurrent use: os/exec copies stderr on its own
// goroutine.
type tail struct {
	mu  sync.Mutex
	buf []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
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

// reset forgets what was written (a stdio solver's earlier runs).
func (t *tail) reset() {
	t.mu.Lock()
	t.buf = t.buf[:0]
	t.mu.Unlock()
}

// line returns the last lines kept, folded onto one line for an error
// column, at most 300 bytes: "" if nothing was written.
func (t *tail) line() string {
	t.mu.Lock()
	s := strings.Join(strings.Fields(strings.ToValidUTF8(string(t.buf), "?")), " ")
	t.mu.Unlock()
	if len(s) > 300 {
		s = "..." + strings.ToValidUTF8(s[len(s)-297:], "")
	}
	return s
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
