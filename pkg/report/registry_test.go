package report

// Manifests hold a sweep's settings, which are checked against the
// strategies registered (package strategies); the solver registers the
// built-in ones, as the program that reads them links it in.
import _ "knightsweep/pkg/solver"
