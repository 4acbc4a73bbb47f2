# knightsweep. The two everyday commands:
#   make run    build bin/experiment and run the quick sweep, with its report
#   make test   the fast tests (go test -short): everything that needs
#               nothing but Go, with the long variants left out (under
#               2 minutes from a fresh clone with an empty build cache on
#               2 cores; the latest figure is in docs/performance.md)
# and for CI (.ci/run) or before a release:
#   make test-all   make test, then the long tests (make test-long: the whole
#                   suite without -short, about 160 s of CPU), staticcheck, the race
#                   detector, the cluster recipes (a real Slurm, GNU parallel,
#                   the Kubernetes manifests), the report in headless Chromium,
#                   the 7x7 count, every fuzz target briefly, and make promises
#                   (the README's timing promises measured, report only: about
#                   7 minutes on 2 free cores)
GO ?= go

# Binaries are static (CGO_ENABLED=0): they start a millisecond sooner and
# run on any Linux of a cluster. -buildvcs=auto records the commit for
# `experiment version` and the manifests even where GOFLAGS turns it off.
BUILDFLAGS = -buildvcs=auto -trimpath

.PHONY: run build install test test-long test-all promises lint test-race test-slurm test-k8s test-browser test-records bench bench-compare fuzz mutate

run: build
	bin/experiment

build:
	CGO_ENABLED=0 $(GO) build $(BUILDFLAGS) -o bin/experiment ./cmd/experiment

# Installs experiment into $(go env GOBIN), or $(go env GOPATH)/bin.
install:
	CGO_ENABLED=0 $(GO) install $(BUILDFLAGS) ./cmd/experiment

# The tests build as make build does, so that the packages they compile are
# the ones bin/experiment links: the cluster tests run make build, which on
# a fresh machine would otherwise compile everything a second time.
# A test that takes more than about a second skips under -short (saying
# "make test-all runs it") and keeps a fast variant that make test runs.
#
# go vet is make lint's (CI runs both): with an empty build cache its
# analysis of all 275 dependencies cost 24 s of the 160 s make test took
# on 2 cores (-vet=all in go test costs the same as go vet ./...).
test:
	CGO_ENABLED=0 $(GO) test $(BUILDFLAGS) -vet=off -short ./...

# The long tests: the whole suite without -short (the documented commands
# as written, the frontier's agreement at every cut, the kill-and-resume
# of a real process, the solvers' agreement on every start).
test-long:
	CGO_ENABLED=0 $(GO) test $(BUILDFLAGS) ./...

test-all: test test-long lint test-race test-k8s test-slurm test-browser
	$(MAKE) test-records RECORDS=count7x7
	$(MAKE) fuzz FUZZTIME=10s
	$(MAKE) promises

# The README's timing promises, measured (scripts/promises.sh): make test
# from a fresh clone with an empty build cache, and every preset's
# estimate against its run (overnight: one shard of 200). It prints the
# figures beside the promises and fails only if something does not run:
# a timing is reported, never judged, as this machine's speed varies.
# PROMISES picks what to measure: all, test, or a list of presets.
PROMISES ?= all
promises:
	GO=$(GO) scripts/promises.sh $(PROMISES)

# staticcheck at a fixed version, fetched through the module proxy apart
# from go.mod, so that its dependencies never move ours; with every build
# tag of the suite, so that the tests behind them are checked too.
STATICCHECK = honnef.co/go/tools/cmd/staticcheck@v0.8.2
lint:
	CGO_ENABLED=0 $(GO) vet $(BUILDFLAGS) ./...
	$(GO) run $(STATICCHECK) -tags browser,records,slurm ./...

test-race:
	$(GO) test -race -short ./...

# The Kubernetes manifests against the API's types: a module of its own.
test-k8s:
	cd configs/k8stest && $(GO) test ./...

# The Slurm recipe on a throwaway single-node Slurm (scripts/slurm-cluster.sh):
# needs root, and installs slurm-wlm and munge with apt-get if they are
# missing; elsewhere the test says why it skips.
test-slurm: build
	$(GO) test -tags slurm -count=1 -v -timeout 40m -run Slurm ./configs/clustertest

# The report of a real sweep in headless Chromium (Debian's chromium):
# screenshots in results/screenshots/.
test-browser: build
	$(GO) test -tags browser -count=1 -v -timeout 10m -run Browser ./pkg/report

# The record counts of docs/counting.md, as written (cmd/experiment's
# testdata/records): 7x7 open and 8x8 closed; their time and memory are in
# docs/performance.md. RECORDS picks scripts by name.
RECORDS ?= .
test-records:
	$(GO) test -tags records -count=1 -v -timeout 60m -run 'TestRecords/$(RECORDS)' ./cmd/experiment

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./pkg/...

# Whole processes against the seed programs (docs/performance.md): SEEDS is
# the directory of the seed documents, which the repository does not hold.
bench-compare: build
	@test -n "$(SEEDS)" || { echo "make bench-compare: give SEEDS=DIR, the directory of the seed documents (002_*, 003_*)" >&2; exit 2; }
	$(GO) run ./tools/benchcompare -seeds "$(SEEDS)" -experiment bin/experiment -rounds 7

# Mutation testing (scripts/mutate.sh, docs/testing.md): gremlins, at a
# fixed version fetched apart from go.mod as staticcheck is, mutates the
# packages whose rules decide a result one operator at a time and runs
# their -short tests on each mutant; it prints each package's test
# efficacy and the mutants that lived, each marked explained (listed in
# docs/mutants.tsv) or not; MUTATE_STRICT=1 fails on one not explained. Not part of make test or test-all:
# hours on 2 cores for all ten packages (exact and count the most), about
# 35 minutes for tour, runs, restart, stats/runlength, theory and certify.
# MUTATE_PKGS picks packages (as under pkg/): make mutate MUTATE_PKGS=tour.
MUTATE_PKGS ?=
mutate:
	GO=$(GO) scripts/mutate.sh $(MUTATE_PKGS)

# Fuzz every target for FUZZTIME each (default 30s). FuzzResume runs whole
# sweeps, whose goroutines make coverage vary from run to run: the fuzzer
# would spend its time minimizing "new" inputs (the default 60s each)
# instead of fuzzing, so it runs with minimization off.
FUZZTIME ?= 30s
fuzz:
	GO=$(GO) scripts/fuzz.sh ./pkg/tour FuzzValidate $(FUZZTIME)
	GO=$(GO) scripts/fuzz.sh ./pkg/solver FuzzSolve $(FUZZTIME)
	GO=$(GO) scripts/fuzz.sh ./pkg/solver FuzzPrune $(FUZZTIME)
	GO=$(GO) scripts/fuzz.sh ./pkg/solver FuzzDFS $(FUZZTIME)
	GO=$(GO) scripts/fuzz.sh ./pkg/solver FuzzOrdered $(FUZZTIME)
	GO=$(GO) scripts/fuzz.sh ./pkg/board FuzzParseOrder $(FUZZTIME)
	GO=$(GO) scripts/fuzz.sh ./pkg/runs FuzzRead $(FUZZTIME)
	GO=$(GO) scripts/fuzz.sh ./pkg/runs FuzzRecords $(FUZZTIME)
	GO=$(GO) scripts/fuzz.sh ./pkg/plan FuzzParseSizes $(FUZZTIME)
	GO=$(GO) scripts/fuzz.sh ./pkg/plan FuzzParseStarts $(FUZZTIME)
	GO=$(GO) scripts/fuzz.sh ./pkg/plan FuzzParseShard $(FUZZTIME)
	GO=$(GO) scripts/fuzz.sh ./pkg/restart FuzzParse $(FUZZTIME)
	GO=$(GO) scripts/fuzz.sh ./pkg/outdir FuzzManifest $(FUZZTIME)
	GO=$(GO) scripts/fuzz.sh ./pkg/outdir FuzzMerge $(FUZZTIME)
	GO=$(GO) scripts/fuzz.sh ./cmd/experiment FuzzFlagFile $(FUZZTIME)
	GO=$(GO) scripts/fuzz.sh ./pkg/sweep FuzzResume $(FUZZTIME) -fuzzminimizetime 0
