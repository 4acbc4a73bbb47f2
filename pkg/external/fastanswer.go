package external

import (
	"knightsweep/pkg/status"
)

// fastAnswer reads line as encoding/json would read it into an Answer,
// where line is an answer of the common shape: one object of the keys id,
// status, tour, nodes and backtracks, spelt exactly, with integers (no
// leading zeros, no fraction, no exponent), a status word of lower-case
// letters and underscores, and a tour of such integers. ok is false for
// anything else (another key, an escape, null, a number JSON writes
// otherwise, an integer beyond its field), which ParseAnswer then gives to
// encoding/json: the fast path says yes only where both agree
// (TestFastAnswerAgrees), and saves a stdio run the decoder's reflection.
func fastAnswer(line []byte) (a Answer, ok bool) {
	p := fastParser{b: line}
	p.space()
	if !p.byte('{') {
		return Answer{}, false
	}
	p.space()
	if p.byte('}') {
		return a, p.end()
	}
	for {
		key, ok := p.word()
		if !ok {
			return Answer{}, false
		}
		p.space()
		if !p.byte(':') {
			return Answer{}, false
		}
		p.space()
		switch key {
		case "id":
			if a.ID, ok = p.int(64); !ok {
				return Answer{}, false
			}
		case "nodes", "backtracks":
			v, ok := p.int(64)
			if !ok {
				return Answer{}, false
			}
			if key == "nodes" {
				a.Nodes = &v
			} else {
				a.Backtracks = &v
			}
		case "status":
			if a.Status, ok = p.status(); !ok {
				return Answer{}, false
			}
		case "tour":
			if a.Tour, ok = p.ints(a.Tour[:0]); !ok {
				return Answer{}, false
			}
			if a.Tour == nil {
				a.Tour = []int32{}
			}
		default: // error, which may hold anything
			return Answer{}, false
		}
		p.space()
		if p.byte('}') {
			return a, p.end()
		}
		if !p.byte(',') {
			return Answer{}, false
		}
		p.space()
	}
}

type fastParser struct {
	b []byte
	i int
}

func (p *fastParser) space() {
	for p.i < len(p.b) && (p.b[p.i] == ' ' || p.b[p.i] == '\t' || p.b[p.i] == '\n' || p.b[p.i] == '\r') {
		p.i++
	}
}

func (p *fastParser) byte(c byte) bool {
	if p.i < len(p.b) && p.b[p.i] == c {
		p.i++
		return true
	}
	return false
}

// end reports whether only white space is left.
func (p *fastParser) end() bool {
	p.space()
	return p.i == len(p.b)
}

// word reads a string of lower-case ASCII letters and underscores, and
// returns it as one of keys, or false.
func (p *fastParser) word() (string, bool) {
	w, ok := p.letters()
	if !ok {
		return "", false
	}
	for _, k := range answerKeys {
		if string(w) == k {
			return k, true
		}
	}
	return "", false
}

// status reads a status word, one of status.All's, or returns false.
func (p *fastParser) status() (status.Status, bool) {
	w, ok := p.letters()
	if !ok {
		return "", false
	}
	for _, st := range status.All {
		if string(w) == string(st) {
			return st, true
		}
	}
	return "", false
}

// letters reads a string of lower-case ASCII letters and underscores.
func (p *fastParser) letters() ([]byte, bool) {
	if !p.byte('"') {
		return nil, false
	}
	i := p.i
	for p.i < len(p.b) && (p.b[p.i] >= 'a' && p.b[p.i] <= 'z' || p.b[p.i] == '_') {
		p.i++
	}
	w := p.b[i:p.i]
	return w, p.byte('"')
}

// int reads an integer as JSON writes one, of bits bits.
func (p *fastParser) int(bits int) (int64, bool) {
	neg := p.byte('-')
	j := p.i
	var v uint64
	for p.i < len(p.b) && p.b[p.i] >= '0' && p.b[p.i] <= '9' {
		if p.i-j >= 19 { // beyond any int64: encoding/json says why
			return 0, false
		}
		v = v*10 + uint64(p.b[p.i]-'0')
		p.i++
	}
	digits := p.i - j
	if digits == 0 || digits > 1 && p.b[j] == '0' {
		return 0, false
	}
	if p.i < len(p.b) && (p.b[p.i] == '.' || p.b[p.i] == 'e' || p.b[p.i] == 'E') {
		return 0, false
	}
	limit := uint64(1) << (bits - 1) // the magnitude of the least integer
	switch {
	case neg && v <= limit:
		return -int64(v), true
	case !neg && v < limit:
		return int64(v), true
	}
	return 0, false
}

// ints reads an array of integers of 32 bits, appended to tour.
func (p *fastParser) ints(tour []int32) ([]int32, bool) {
	if !p.byte('[') {
		return nil, false
	}
	p.space()
	if p.byte(']') {
		return tour, true
	}
	for {
		v, ok := p.int(32)
		if !ok {
			return nil, false
		}
		tour = append(tour, int32(v))
		p.space()
		if p.byte(']') {
			return tour, true
		}
		if !p.byte(',') {
			return nil, false
		}
		p.space()
	}
}
