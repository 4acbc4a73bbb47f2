# knightsweep: `make run` runs the default sweep, `make test` the tests.
GO ?= go

.PHONY: run test bench fuzz build
run:
	$(GO) run ./cmd/experiment

build:
	$(GO) build -o bin/experiment ./cmd/experiment

test:
	$(GO) vet ./...
	$(GO) test -race -short ./...
	$(GO) test ./...

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./pkg/...

# Fuzz every target for FUZZTIME each (default 30s). FuzzResume runs whole
# sweeps, whose goroutines make coverage vary from run to run: the fuzzer
# would spend its time minimizing "new" inputs (the default 60s each)
# instead of fuzzing, so it runs with minimization off.
FUZZTIME ?= 30s
fuzz:
	$(GO) test -run '^$$' -fuzz FuzzValidate -fuzztime $(FUZZTIME) ./pkg/tour
	$(GO) test -run '^$$' -fuzz FuzzSolve -fuzztime $(FUZZTIME) ./pkg/solver
	$(GO) test -run '^$$' -fuzz FuzzPrune -fuzztime $(FUZZTIME) ./pkg/solver
	$(GO) test -run '^$$' -fuzz FuzzDFS -fuzztime $(FUZZTIME) ./pkg/solver
	$(GO) test -run '^$$' -fuzz '^FuzzParseOrder$$' -fuzztime $(FUZZTIME) ./pkg/board
	$(GO) test -run '^$$' -fuzz '^FuzzRead$$' -fuzztime $(FUZZTIME) ./pkg/runs
	$(GO) test -run '^$$' -fuzz '^FuzzParseSizes$$' -fuzztime $(FUZZTIME) ./pkg/plan
	$(GO) test -run '^$$' -fuzz '^FuzzParseStarts$$' -fuzztime $(FUZZTIME) ./pkg/plan
	$(GO) test -run '^$$' -fuzz '^FuzzParseShard$$' -fuzztime $(FUZZTIME) ./pkg/plan
	$(GO) test -run '^$$' -fuzz '^FuzzManifest$$' -fuzztime $(FUZZTIME) ./pkg/outdir
	$(GO) test -run '^$$' -fuzz '^FuzzMerge$$' -fuzztime $(FUZZTIME) ./pkg/outdir
	$(GO) test -run '^$$' -fuzz '^FuzzFlagFile$$' -fuzztime $(FUZZTIME) ./cmd/experiment
	$(GO) test -run '^$$' -fuzz '^FuzzResume$$' -fuzztime $(FUZZTIME) -fuzzminimizetime 0 ./pkg/sweep
