# knightsweep: `make run` runs the default sweep, `make test` the tests.
GO ?= go

# Binaries are static (CGO_ENABLED=0): they start a millisecond sooner and
# run on any Linux of a cluster. -buildvcs=auto records the commit for
# `experiment version` and the manifests even where GOFLAGS turns it off.
BUILD = CGO_ENABLED=0 $(GO) build -buildvcs=auto -trimpath

.PHONY: run test bench bench-compare fuzz build
run:
	$(GO) run ./cmd/experiment

build:
	$(BUILD) -o bin/experiment ./cmd/experiment

test:
	$(GO) vet ./...
	$(GO) test -race -short ./...
	$(GO) test ./...

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./pkg/...

# Whole processes against the seed programs (docs/performance.md): SEEDS is
# the directory of the seed documents, which the repository does not hold.
bench-compare: build
	@test -n "$(SEEDS)" || { echo "make bench-compare: give SEEDS=DIR, the directory of the seed documents (002_*, 003_*)" >&2; exit 2; }
	$(GO) run ./internal/cmd/benchcompare -seeds "$(SEEDS)" -experiment bin/experiment -rounds 7

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
	$(GO) test -run '^$$' -fuzz '^FuzzRecords$$' -fuzztime $(FUZZTIME) ./pkg/runs
	$(GO) test -run '^$$' -fuzz '^FuzzParseSizes$$' -fuzztime $(FUZZTIME) ./pkg/plan
	$(GO) test -run '^$$' -fuzz '^FuzzParseStarts$$' -fuzztime $(FUZZTIME) ./pkg/plan
	$(GO) test -run '^$$' -fuzz '^FuzzParseShard$$' -fuzztime $(FUZZTIME) ./pkg/plan
	$(GO) test -run '^$$' -fuzz '^FuzzManifest$$' -fuzztime $(FUZZTIME) ./pkg/outdir
	$(GO) test -run '^$$' -fuzz '^FuzzMerge$$' -fuzztime $(FUZZTIME) ./pkg/outdir
	$(GO) test -run '^$$' -fuzz '^FuzzFlagFile$$' -fuzztime $(FUZZTIME) ./cmd/experiment
	$(GO) test -run '^$$' -fuzz '^FuzzResume$$' -fuzztime $(FUZZTIME) -fuzzminimizetime 0 ./pkg/sweep
