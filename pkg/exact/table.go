package exact

import (
	"sync"

	"knightsweep/internal/splitmix"
)

// A layer holds the tie points of one depth that walks have reached, each
// once: its key (the visited squares and the square the walk stands on,
// kept whole, so that two states are merged only when they are equal), the
// number of distinct walks that reach it, and their probability (an exact
// numerator, or a float64 with a bound on the roundings it took). A layer
// is split into shards by the key's hash, each a table of its own with a
// lock, so that workers add to it at once.
type layer[K set] struct {
	shards [shardCount]shard[K]
}

const (
	shardBits  = 6
	shardCount = 1 << shardBits
)

// A shard is an open-addressing table whose slots lie in one slice, a
// slot's words together (one or two cache lines, so that a look-up costs
// one miss): the key's words, a word of tag (the current square plus one,
// 0 for a free slot, and in bits 16.. the float mode's roundings), the
// count of walks, and the probability's words.
type shard[K set] struct {
	mu     sync.Mutex
	slots  []uint64
	stride int
	size   int // slots
	n      int
}

// layout is the shape of a slot.
type layout struct {
	kw, w, stride int
}

func newLayout[K set](w int) layout {
	var k K
	return layout{kw: len(k), w: w, stride: len(k) + 2 + w}
}

func hash[K set](v *K, cur int) uint64 {
	h := uint64(cur+1) * splitmix.Golden
	for i := range len(*v) {
		h ^= (*v)[i]
		h *= splitmix.M1
		h ^= h >> 31
	}
	h *= splitmix.M2
	return h ^ h>>29
}

// entryBytes is the memory of one slot.
func (l layout) entryBytes() int64 { return 8 * int64(l.stride) }

func (s *shard[K]) alloc(size int, l layout) {
	s.slots = make([]uint64, size*l.stride)
	s.stride = l.stride
	s.size = size
}

// find returns the offset of (v, cur)'s slot, or of the free slot where it
// goes.
func (s *shard[K]) find(v *K, cur int, h uint64) (int, bool) {
	mask := s.size - 1
	kw := len(*v)
	tag := uint64(cur + 1)
	for i := int(h) & mask; ; i = (i + 1) & mask {
		e := s.slots[i*s.stride : i*s.stride+kw+1]
		t := e[kw] & 0xFFFF
		if t == 0 {
			return i * s.stride, false
		}
		if t == tag && equal(v, e) {
			return i * s.stride, true
		}
	}
}

func equal[K set](v *K, e []uint64) bool {
	for i := range len(*v) {
		if (*v)[i] != e[i] {
			return false
		}
	}
	return true
}

// grow doubles the table.
func (s *shard[K]) grow(l layout) {
	old := s.slots
	s.alloc(2*s.size, l)
	for off := 0; off < len(old); off += l.stride {
		if old[off+l.kw]&0xFFFF == 0 {
			continue
		}
		k, cur := s.keyOf(old, off)
		to, _ := s.find(&k, cur, hash(&k, cur))
		copy(s.slots[to:to+l.stride], old[off:off+l.stride])
	}
}

// keyOf reads the key and the current square of the slot at off.
func (s *shard[K]) keyOf(slots []uint64, off int) (K, int) {
	var k K
	for i := range len(k) {
		k[i] = slots[off+i]
	}
	return k, int(slots[off+len(k)]&0xFFFF) - 1
}
