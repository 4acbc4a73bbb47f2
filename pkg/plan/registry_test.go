package plan

// The plan knows strategies by their facts alone (package strategies); the
// solver registers the built-in ones there, as a program that runs sweeps
// links it in.
import _ "knightsweep/pkg/solver"
