//go:build !race

package external

// raceLimit stretches testLimit under the race detector.
const raceLimit = 1
