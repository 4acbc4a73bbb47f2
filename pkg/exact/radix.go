package exact

import "math/bits"

// The frontier's records are sorted by their key's bits, most significant
// first (an in-place MSD radix sort, American flag sort), in compareRec's
// order: the squares' words from the highest, then the square. A pass
// takes the eight bits below the highest bit on which the bucket's keys
// differ (four up to smallMax records), so the bits every key of a depth
// shares (the squares far from the start, unvisited early on; the high
// bits of the square) cost one scan and no pass; buckets of at most
// insertionMax records are sorted by insertion. A record is compared only there, never per pair of the whole.

const (
	insertionMax = 24
	// A bucket of more than smallMax records is split on 8 bits, a
	// smaller one on 4: a pass's counts are as many as its digits.
	smallMax = 256
)

// keyWord is word j of r's key in significance order: the squares' words
// from the highest, then the square.
func keyWord[K set, P num](r *rec[K, P], j int) uint64 {
	if j < len(r.k) {
		return r.k[len(r.k)-1-j]
	}
	return r.tag & 0xFFFF
}

// sortRecs sorts b by key, in compareRec's order.
func sortRecs[K set, P num](b []rec[K, P]) { radixSort(b, 0) }

// radixSort sorts b, whose keys agree on the words before j.
func radixSort[K set, P num](b []rec[K, P], j int) {
	for len(b) > insertionMax {
		if len(b) > smallMax {
			var end, next [256]int
			b, j = radixPass(b, j, 8, end[:], next[:])
		} else {
			var end, next [16]int
			b, j = radixPass(b, j, 4, end[:], next[:])
		}
	}
	insertionSort(b)
}

// radixPass splits b, whose keys agree on the words before j, on the bits
// below the highest one their keys differ on (as many bits as end has
// digits), sorts every bucket but the largest, and returns that one and
// its first word that may differ (nil if every key is the same).
func radixPass[K set, P num](b []rec[K, P], j, width int, end, next []int) ([]rec[K, P], int) {
	var k K
	// The first word on which the keys differ, and the bits that do.
	var diff uint64
	for ; j <= len(k); j++ {
		x := keyWord(&b[0], j)
		diff = 0
		if j < len(k) {
			w := len(k) - 1 - j
			for i := range b {
				diff |= b[i].k[w] ^ x
			}
		} else {
			for i := range b {
				diff |= b[i].tag&0xFFFF ^ x
			}
		}
		if diff != 0 {
			break
		}
	}
	if diff == 0 {
		return nil, j
	}
	shift := uint(max(63-bits.LeadingZeros64(diff)-width+1, 0))
	mask := uint64(len(end) - 1)
	// The digits' counts, word j read without keyWord's test in the loop.
	if j < len(k) {
		w := len(k) - 1 - j
		for i := range b {
			end[b[i].k[w]>>shift&mask]++
		}
	} else {
		for i := range b {
			end[b[i].tag&0xFFFF>>shift&mask]++
		}
	}
	sum := 0
	for d := range end {
		next[d] = sum
		sum += end[d]
		end[d] = sum
	}
	// Each record goes to its digit's bucket, swapped along a cycle until
	// the record in hand belongs where it was taken from. Two records in
	// hand, x and y, take turns: each step copies a record out and one in,
	// not a third time between them.
	for d := range end {
		for next[d] < end[d] {
			x := b[next[d]]
			e := int(keyWord(&x, j) >> shift & mask)
			for e != d {
				i := next[e]
				next[e]++
				y := b[i]
				b[i] = x
				e = int(keyWord(&y, j) >> shift & mask)
				if e == d {
					x = y
					break
				}
				i = next[e]
				next[e]++
				x = b[i]
				b[i] = y
				e = int(keyWord(&x, j) >> shift & mask)
			}
			b[next[d]] = x
			next[d]++
		}
	}
	// The buckets, each of keys equal on the bits at and above shift: the
	// largest is left to the caller's loop, the rest sorted here, so that
	// the stack stays shallow.
	big, lo := 0, 0
	for d := range end {
		if end[d]-lo > end[big]-bucketStart(end, big) {
			big = d
		}
		lo = end[d]
	}
	lo = 0
	for d := range end {
		if d != big && end[d]-lo > 1 {
			radixSort(b[lo:end[d]], j)
		}
		lo = end[d]
	}
	return b[bucketStart(end, big):end[big]], j
}

func bucketStart(end []int, d int) int {
	if d == 0 {
		return 0
	}
	return end[d-1]
}

// insertionSort sorts a few records by compareRec.
func insertionSort[K set, P num](b []rec[K, P]) {
	for i := 1; i < len(b); i++ {
		if !lessRec(&b[i], &b[i-1]) {
			continue
		}
		x := b[i]
		k := i
		for k > 0 && lessRec(&x, &b[k-1]) {
			b[k] = b[k-1]
			k--
		}
		b[k] = x
	}
}

// lessRec says if a's key comes before b's, in compareRec's order.
func lessRec[K set, P num](a, b *rec[K, P]) bool {
	for i := len(a.k) - 1; i >= 0; i-- {
		if a.k[i] != b.k[i] {
			return a.k[i] < b.k[i]
		}
	}
	return a.tag&0xFFFF < b.tag&0xFFFF
}
