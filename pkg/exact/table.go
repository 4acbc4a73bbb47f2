package exact

import (
	"sync"
	"unsafe"
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
	emptyCur   = 0xFFFF
)

type shard[K set] struct {
	mu   sync.Mutex
	keys []K
	cur  []uint16 // emptyCur: a free slot
	cnt  []uint64
	mass []uint64 // w words a slot
	rc   []uint16 // float mode: roundings bound
	n    int
}

func hash[K set](v *K, cur int) uint64 {
	h := uint64(cur+1) * 0x9E3779B97F4A7C15
	for i := range len(*v) {
		h ^= (*v)[i]
		h *= 0xbf58476d1ce4e5b9
		h ^= h >> 31
	}
	h *= 0x94d049bb133111eb
	return h ^ h>>29
}

// entryBytes is the memory of one slot.
func entryBytes[K set](w int, float bool) int64 {
	var k K
	b := int64(unsafe.Sizeof(k)) + 2 + 8 + 8*int64(w)
	if float {
		b += 2
	}
	return b
}

func (s *shard[K]) alloc(size, w int, float bool) {
	s.keys = make([]K, size)
	s.cur = make([]uint16, size)
	for i := range s.cur {
		s.cur[i] = emptyCur
	}
	s.cnt = make([]uint64, size)
	s.mass = make([]uint64, size*w)
	if float {
		s.rc = make([]uint16, size)
	}
}

// find returns the slot of (v, cur), or the free slot where it goes.
func (s *shard[K]) find(v *K, cur int, h uint64) (int, bool) {
	mask := len(s.cur) - 1
	i := int(h) & mask
	for {
		c := s.cur[i]
		if c == emptyCur {
			return i, false
		}
		if int(c) == cur && s.keys[i] == *v {
			return i, true
		}
		i = (i + 1) & mask
	}
}

// grow doubles the table.
func (s *shard[K]) grow(w int, float bool) {
	old := struct {
		keys []K
		cur  []uint16
		cnt  []uint64
		mass []uint64
		rc   []uint16
	}{s.keys, s.cur, s.cnt, s.mass, s.rc}
	s.alloc(2*len(old.cur), w, float)
	for i, c := range old.cur {
		if c == emptyCur {
			continue
		}
		j, _ := s.find(&old.keys[i], int(c), hash(&old.keys[i], int(c)))
		s.keys[j], s.cur[j], s.cnt[j] = old.keys[i], c, old.cnt[i]
		copy(s.mass[j*w:(j+1)*w], old.mass[i*w:(i+1)*w])
		if float {
			s.rc[j] = old.rc[i]
		}
	}
}
