//go:build !race

package external_test

// raceLimit stretches testLimit under the race detector.
const raceLimit = 1
