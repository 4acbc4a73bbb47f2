// Package textwidth measures text in gonum/plot's fonts, remembering each
// answer. gonum's font.Face decodes the font's tables anew, into a fresh
// buffer, for every measurement; figures measure the same few hundred
// labels (tick numbers, step numbers, legend entries) thousands of times,
// and that would be a fifth of a report's drawing.
package textwidth

import (
	"sync"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
)

// maxRemembered bounds the answers kept, so that no input makes the cache
// grow without end; past it, texts are measured each time.
const maxRemembered = 1 << 16

var (
	mu      sync.Mutex
	widths  = map[key]vg.Length{}
	extents = map[font.Font]font.Extents{}
)

type key struct {
	txt string
	fnt font.Font
}

// Width returns face.Width(txt).
func Width(face font.Face, txt string) vg.Length {
	k := key{txt, face.Font}
	mu.Lock()
	w, ok := widths[k]
	mu.Unlock()
	if ok {
		return w
	}
	w = face.Width(txt)
	mu.Lock()
	if len(widths) < maxRemembered {
		widths[k] = w
	}
	mu.Unlock()
	return w
}

// Extents returns face.Extents().
func Extents(face font.Face) font.Extents {
	mu.Lock()
	e, ok := extents[face.Font]
	mu.Unlock()
	if ok {
		return e
	}
	e = face.Extents()
	mu.Lock()
	if len(extents) < maxRemembered {
		extents[face.Font] = e
	}
	mu.Unlock()
	return e
}
