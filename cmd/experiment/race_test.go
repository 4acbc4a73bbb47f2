//go:build race

package main

// raceEnabled reports a build with the race detector (make test-race).
const raceEnabled = true
