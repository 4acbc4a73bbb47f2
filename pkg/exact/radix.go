package exact

import "math/bits"

// The frontier's records are sorted by their key's bits, most significant
// first (an in-place MSD radix sort, American flag sort), in compareRec's
// order: the squares' words from the highest, then the square. A pass
// takes the eight bits below the highest bit on which the bucket's keys
// differ, so the bits every key of a depth shares (the squares far from
// the start, unvisited early on; the high bits of the square) cost one
// scan and no pass; buckets of at most insertionMax records are sorted by
// insertion. A record is compared only there, never per pair of the whole.

const (
	digitBits    = 8
	digits       = 1 << digitBits
	insertionMax = 24
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
	var k K
	for len(b) > insertionMax {
		// The first word on which the keys differ, and the bits that do.
		var diff uint64
		for ; j <= len(k); j++ {
			x := keyWord(&b[0], j)
			diff = 0
			for i := range b {
				diff |= keyWord(&b[i], j) ^ x
			}
			if diff != 0 {
				break
			}
		}
		if diff == 0 {
			return // every key the same
		}
		shift := max(63-bits.LeadingZeros64(diff)-digitBits+1, 0)
		var end [digits]int
		for i := range b {
			end[keyWord(&b[i], j)>>shift&(digits-1)]++
		}
		var next [digits]int
		sum := 0
		for d := range digits {
			next[d] = sum
			sum += end[d]
			end[d] = sum
		}
		// Each record goes to its digit's bucket, swapped along a cycle
		// until the record in hand belongs where it was taken from.
		for d := range digits {
			for next[d] < end[d] {
				x := b[next[d]]
				e := int(keyWord(&x, j) >> shift & (digits - 1))
				for e != d {
					b[next[e]], x = x, b[next[e]]
					next[e]++
					e = int(keyWord(&x, j) >> shift & (digits - 1))
				}
				b[next[d]] = x
				next[d]++
			}
		}
		// The buckets, each of keys equal on the bits at and above shift;
		// the largest is sorted in this loop, the rest by recursion, so
		// that the stack stays shallow.
		big, lo := -1, 0
		for d := range digits {
			hi := end[d]
			if hi-lo > insertionMax && (big < 0 || hi-lo > end[big]-bucketStart(&end, big)) {
				if big >= 0 {
					radixSort(b[bucketStart(&end, big):end[big]], j)
				}
				big = d
			} else if hi-lo > 1 {
				radixSort(b[lo:hi], j)
			}
			lo = hi
		}
		if big < 0 {
			return
		}
		b = b[bucketStart(&end, big):end[big]]
	}
	insertionSort(b)
}

func bucketStart(end *[digits]int, d int) int {
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
