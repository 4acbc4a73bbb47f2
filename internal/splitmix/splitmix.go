// Package splitmix is SplitMix64 (Steele, Lea & Flood, "Fast splittable
// pseudorandom number generators", OOPSLA 2014), the one copy of its
// constants in the project. Its mix fixes every seed the rows of runs.csv
// record (package plan's job seeds, package restart's attempt seeds) and
// the random move order's stream (package solver): it is part of the file
// format, and a test holds it to the published outputs. The hash tables of
// packages count and exact multiply by the same constants.
package splitmix

const (
	// Golden is the generator's increment, 2^64 divided by the golden
	// ratio, odd: a multiplier that spreads consecutive keys (Fibonacci
	// hashing).
	Golden = 0x9e3779b97f4a7c15
	// M1 and M2 are the mix's two multipliers (Stafford's variant 13).
	M1 = 0xbf58476d1ce4e5b9
	M2 = 0x94d049bb133111eb
)

// Mix is SplitMix64's output function: its output for state z.
func Mix(z uint64) uint64 {
	z = (z ^ z>>30) * M1
	z = (z ^ z>>27) * M2
	return z ^ z>>31
}

// Next advances the generator's state by Golden and returns its output.
func Next(state *uint64) uint64 {
	*state += Golden
	return Mix(*state)
}
