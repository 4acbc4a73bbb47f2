package exact

import (
	"encoding/binary"
	"errors"
	"math/bits"
	"slices"
)

// A run's records are stored in one of two encodings, which its manifest
// entry names (run.Encoding):
//
//   - encRaw (""): every record as its words, little-endian, fixed width
//     (recBytes). The runs of a work directory of format 3.
//   - encDelta ("delta"): blocks of records, each a head of two
//     little-endian uint32s (the bytes after the head, the records) and
//     the records, each written against the one before it in the run:
//     a uvarint h = lz<<1 | hit, where lz is how many leading bytes of
//     the key's squares (big-endian, the highest word first: the order
//     runs are sorted in) equal the previous record's; the key's other
//     bytes; uvarints of the square, the roundings and the count; and the
//     probability, either its words (little-endian) when hit is 0, or,
//     when hit is 1, a little-endian uint16 naming the slot of the
//     probability cache that holds it. The cache is a table of recent
//     probabilities, slot by a hash of the value, that writer and reader
//     keep alike: a probability written in full is stored in its slot.
//
// Sorted keys share long prefixes (11x11: 5 to 6 of 16 bytes differ from
// one record to the next), and a run's probabilities repeat (10x10 from
// 4,4: 59% of the records of a run's blocks hold one already met in the
// block), so that a 40-byte record takes 14 to 15 (10x10 from 4,4: 13.8;
// the 11x11 corner's runs from depth 98: 15.3).
const (
	encRaw   = ""
	encDelta = "delta"
)

const (
	// blockHeadBytes is the head of a delta block: its bytes and records.
	blockHeadBytes = 8
	// pCacheBytes bounds the probability cache of a run's writer or
	// reader: 4096 slots of a float64 (10x10 from 4,4: 59% of the
	// probabilities found there against 42% with 256 slots).
	pCacheBytes = 32 << 10
	// maxBlockBytes bounds a block's bytes as a reader takes them: a
	// writer's blocks hold at most its buffer's records (1 MiB of them).
	maxBlockBytes = 64 << 20
)

// spillEncoding is how runs are written: encDelta (encRaw in the test of
// a format 3 work directory).
var spillEncoding = encDelta

// errBlock is the error of a delta block that does not decode.
var errBlock = errors.New("a block of records does not decode (damaged)")

// pCache is the probability cache of a delta run: a table of recent
// probabilities by a hash of their bits.
type pCache[P num] struct {
	slots []P
	shift uint
}

func newPCache[P num]() pCache[P] {
	var p P
	n := pCacheBytes / (8 * len(p))
	b := bits.Len(uint(n)) - 1 // the largest power of 2 in n
	return pCache[P]{slots: make([]P, 1<<b), shift: uint(64 - b)}
}

// slot is p's place in the table.
func (c *pCache[P]) slot(p P) int {
	h := p[0] ^ bits.RotateLeft64(p[len(p)-1], 29)
	return int((h * 0x9E3779B97F4A7C15) >> c.shift)
}

// deltaCodec is the state a delta run's writer or reader carries from a
// record to the next: the previous key's squares and the cache.
type deltaCodec[K set, P num] struct {
	prev  K
	cache pCache[P]
}

func newDeltaCodec[K set, P num]() *deltaCodec[K, P] {
	return &deltaCodec[K, P]{cache: newPCache[P]()}
}

// maxDeltaBytes is the most bytes a record of K and P takes in a delta
// block: its head and square (3 bytes each at most), roundings (3), count
// (10), the squares and the probability.
func maxDeltaBytes[K set, P num]() int {
	var r rec[K, P]
	return 3 + 3 + 3 + binary.MaxVarintLen64 + 8*len(r.k) + 8*len(r.p)
}

// encode appends r, written against the record before it.
func (c *deltaCodec[K, P]) encode(buf []byte, r *rec[K, P]) []byte {
	n := len(r.k)
	lz, i := 8*n, -1
	for j := n - 1; j >= 0; j-- {
		if x := r.k[j] ^ c.prev[j]; x != 0 {
			lz, i = 8*(n-1-j)+bits.LeadingZeros64(x)/8, j
			break
		}
	}
	s := c.cache.slot(r.p)
	hit := c.cache.slots[s] == r.p
	// Written in place, room for the most a record takes: a key's word
	// in 8 bytes, of which those shared with the record before are
	// written over.
	buf = slices.Grow(buf, maxDeltaBytes[K, P]())
	o := len(buf)
	b := buf[:cap(buf)]
	o += putUvarint(b[o:], uint64(lz)<<1|uint64(boolInt(hit)))
	if i >= 0 {
		sh := lz % 8
		binary.BigEndian.PutUint64(b[o:], r.k[i]<<(8*sh))
		o += 8 - sh
		for j := i - 1; j >= 0; j-- {
			binary.BigEndian.PutUint64(b[o:], r.k[j])
			o += 8
		}
	}
	o += putUvarint(b[o:], r.tag&0xFFFF)
	o += putUvarint(b[o:], r.tag>>16)
	o += putUvarint(b[o:], r.cnt)
	if hit {
		binary.LittleEndian.PutUint16(b[o:], uint16(s))
		o += 2
	} else {
		for j := range len(r.p) {
			binary.LittleEndian.PutUint64(b[o:], r.p[j])
			o += 8
		}
		c.cache.slots[s] = r.p
	}
	c.prev = r.k
	return b[:o]
}

// putUvarint is binary.PutUvarint, a byte below 128 written at once.
func putUvarint(b []byte, v uint64) int {
	if v < 0x80 {
		b[0] = byte(v)
		return 1
	}
	return binary.PutUvarint(b, v)
}

// decode reads the records of a block, b, into out (which has room for
// them), each against the one before it; every byte of b must be used.
func (c *deltaCodec[K, P]) decode(b []byte, out []rec[K, P]) error {
	for o := range out {
		r := &out[o]
		h, m := binary.Uvarint(b)
		if m <= 0 {
			return errBlock
		}
		b = b[m:]
		n := len(r.k)
		lz := int(h >> 1)
		if lz > 8*n || len(b) < 8*n-lz {
			return errBlock
		}
		r.k = c.prev
		if lz < 8*n {
			i, sh := n-1-lz/8, lz%8
			if len(b) >= 8 {
				// The word's first sh bytes are the record before's.
				r.k[i] = c.prev[i]&(^uint64(0)<<(64-8*sh)) | binary.BigEndian.Uint64(b)>>(8*sh)
			} else {
				var w [8]byte
				binary.BigEndian.PutUint64(w[:], c.prev[i])
				copy(w[sh:], b)
				r.k[i] = binary.BigEndian.Uint64(w[:])
			}
			b = b[8-sh:]
			for j := i - 1; j >= 0; j-- {
				r.k[j] = binary.BigEndian.Uint64(b)
				b = b[8:]
			}
		}
		var v [3]uint64
		for j := range v {
			if len(b) > 0 && b[0] < 0x80 {
				v[j], b = uint64(b[0]), b[1:]
				continue
			}
			if v[j], m = binary.Uvarint(b); m <= 0 {
				return errBlock
			}
			b = b[m:]
		}
		if v[0] > 0xFFFF || v[1] > 0xFFFF {
			return errBlock
		}
		r.tag, r.cnt = v[0]|v[1]<<16, v[2]
		if h&1 == 1 {
			if len(b) < 2 {
				return errBlock
			}
			s := int(binary.LittleEndian.Uint16(b))
			if s >= len(c.cache.slots) {
				return errBlock
			}
			r.p = c.cache.slots[s]
			b = b[2:]
		} else {
			if len(b) < 8*len(r.p) {
				return errBlock
			}
			for j := range len(r.p) {
				r.p[j] = binary.LittleEndian.Uint64(b[8*j:])
			}
			b = b[8*len(r.p):]
			c.cache.slots[c.cache.slot(r.p)] = r.p
		}
		c.prev = r.k
	}
	if len(b) != 0 {
		return errBlock
	}
	return nil
}
