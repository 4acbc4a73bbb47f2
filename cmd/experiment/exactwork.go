package main

import (
	"knightsweep/pkg/exact"
)

// exactMethod reads -method with -work and -plain.
func exactMethod(name, work string, plain bool) (exact.Method, error) {
	m, err := exact.ParseMethod(name)
	if err != nil {
		return 0, usagef("-method: %v", err)
	}
	if work != "" && (m == exact.MethodMemo || plain) {
		return 0, usagef("-work: only the frontier method keeps a checkpoint; drop -method memo and -plain, or -work")
	}
	if plain && m == exact.MethodFrontier {
		return 0, usagef("-method: -plain walks without the memo or the frontier; drop one")
	}
	return m, nil
}
