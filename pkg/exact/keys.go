package exact

import (
	"cmp"
	"encoding/binary"
	"math"
	"math/bits"
)

// A rec is one record of the frontier method: a tie point reached by some
// walks, the unit that is sorted, merged and spilled. Its key is the
// visited squares (k) and the square the walk stands on (the low 16 bits
// of tag); the rest is what merging adds up: the number of walks (cnt) and
// their probability (p: an exact numerator over 840^depth in as many
// words as the board's last depth needs, or a float64 in p[0], with the
// roundings it took in tag's bits 16..31). On 11x11 a record is 40 bytes:
// two words of squares, the tag, the count and the float64.
type rec[K set, P num] struct {
	k   K
	tag uint64
	cnt uint64
	p   P
}

// num is the words of a record's probability: 1 for a float64, up to 10
// for the numerator of 840^63 (numWords(64)).
type num interface {
	~[1]uint64 | ~[2]uint64 | ~[3]uint64 | ~[4]uint64 | ~[6]uint64 | ~[8]uint64 | ~[10]uint64
}

func (r *rec[K, P]) cur() int     { return int(r.tag & 0xFFFF) }
func (r *rec[K, P]) rc() uint64   { return r.tag >> 16 }
func recWords[K set, P num]() int { var r rec[K, P]; return len(r.k) + 2 + len(r.p) }

// compareRec orders records by their key: the squares' words from the
// highest, then the square. Any total order of keys would do: runs are
// merged in it and equal keys meet.
func compareRec[K set, P num](a, b rec[K, P]) int {
	for i := len(a.k) - 1; i >= 0; i-- {
		if c := cmp.Compare(a.k[i], b.k[i]); c != 0 {
			return c
		}
	}
	return cmp.Compare(a.tag&0xFFFF, b.tag&0xFFFF)
}

func sameKey[K set, P num](a, b *rec[K, P]) bool {
	return a.k == b.k && a.tag&0xFFFF == b.tag&0xFFFF
}

// combiner adds up records of one key.
type combiner struct {
	float    bool
	overflow bool // a count of walks past 2^64
	// tooRound is set when a float64's roundings pass what a tag holds.
	tooRound bool
}

// combine adds the records of g, which share a key, into g[0]: the counts
// and the probabilities. Float64s are added pairwise, in a balanced tree,
// so that each term takes at most ceil(log2 len(g)) roundings more than
// the most it had (the memo adds them one by one: up to len(g)-1).
func combine[K set, P num](c *combiner, g []rec[K, P]) {
	for len(g) > 1 {
		h := 0
		for i := 0; i < len(g); i += 2 {
			if i+1 == len(g) {
				g[h] = g[i]
			} else {
				add2(c, &g[i], &g[i+1])
				g[h] = g[i]
			}
			h++
		}
		g = g[:h]
	}
}

// add2 adds b into a.
func add2[K set, P num](c *combiner, a, b *rec[K, P]) {
	var carry uint64
	a.cnt, carry = bits.Add64(a.cnt, b.cnt, 0)
	if carry != 0 {
		c.overflow = true
	}
	if c.float {
		a.p[0] = math.Float64bits(math.Float64frombits(a.p[0]) + math.Float64frombits(b.p[0]))
		rc := max(a.rc(), b.rc()) + 1
		if rc > math.MaxUint16 {
			c.tooRound = true
		}
		a.tag = a.tag&0xFFFF | rc<<16
		return
	}
	var c2 uint64
	for i := range len(a.p) {
		a.p[i], c2 = bits.Add64(a.p[i], b.p[i], c2)
	}
	if c2 != 0 {
		panic("exact: numerator overflow")
	}
}

// sortMerge sorts b by key and merges the records of each key; it returns
// the merged records, in b's memory.
func sortMerge[K set, P num](c *combiner, b []rec[K, P]) []rec[K, P] {
	sortRecs(b)
	m := 0
	for i := 0; i < len(b); {
		j := i + 1
		for j < len(b) && sameKey(&b[i], &b[j]) {
			j++
		}
		combine(c, b[i:j])
		b[m] = b[i]
		m++
		i = j
	}
	return b[:m]
}

// encode appends r's words, little-endian.
func (r *rec[K, P]) encode(buf []byte) []byte {
	for i := range len(r.k) {
		buf = binary.LittleEndian.AppendUint64(buf, r.k[i])
	}
	buf = binary.LittleEndian.AppendUint64(buf, r.tag)
	buf = binary.LittleEndian.AppendUint64(buf, r.cnt)
	for i := range len(r.p) {
		buf = binary.LittleEndian.AppendUint64(buf, r.p[i])
	}
	return buf
}

// decode reads r from buf's first words.
func (r *rec[K, P]) decode(buf []byte) {
	i := 0
	for j := range len(r.k) {
		r.k[j] = binary.LittleEndian.Uint64(buf[i:])
		i += 8
	}
	r.tag = binary.LittleEndian.Uint64(buf[i:])
	r.cnt = binary.LittleEndian.Uint64(buf[i+8:])
	i += 16
	for j := range len(r.p) {
		r.p[j] = binary.LittleEndian.Uint64(buf[i:])
		i += 8
	}
}
