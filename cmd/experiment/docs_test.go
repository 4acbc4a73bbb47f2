package main

import (
	"bufio"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"knightsweep/pkg/exact"
	"knightsweep/pkg/outdir"
	"knightsweep/pkg/plan"
	"knightsweep/pkg/runs"
	"knightsweep/pkg/stats"
)

// manual returns the package comment: the command's manual.
func manual(t *testing.T) string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		t.Fatal(err)
	}
	return f.Doc.Text()
}

var usageFlag = regexp.MustCompile(`(?m)^  -([a-z][a-z0-9-]*)`)

// The manual (go doc knightsweep/cmd/experiment) documents every command
// and every flag of every command, as the commands define them.
func TestManualNamesEveryFlag(t *testing.T) {
	doc := manual(t)
	for name := range commands {
		t.Run(name, func(t *testing.T) {
			if !strings.Contains(doc, "# experiment "+name) {
				t.Errorf("the manual has no section \"experiment %s\"", name)
			}
			// The list of commands at its head, as experiment -h has it
			// (it lacked exact).
			if !regexp.MustCompile(`(?m)^\t` + name + ` +\S`).MatchString(doc) {
				t.Errorf("the manual's list of commands lacks %s", name)
			}
			_, usage, _ := runCLI(t, name, "-h")
			flags := usageFlag.FindAllStringSubmatch(usage, -1)
			if name != "version" && len(flags) == 0 {
				t.Fatalf("no flags in %s -h:\n%s", name, usage)
			}
			for _, f := range flags {
				if !regexp.MustCompile(`(^|[\s,(])-` + regexp.QuoteMeta(f[1]) + `\b`).MatchString(doc) {
					t.Errorf("the manual does not name %s -%s", name, f[1])
				}
			}
		})
	}
}

// columns returns the `quoted` names in a markdown file.
func quoted(t *testing.T, path string) map[string]bool {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, m := range regexp.MustCompile("`([a-z_0-9]+)`").FindAllStringSubmatch(string(data), -1) {
		out[m[1]] = true
	}
	return out
}

// jsonFields returns the JSON names of a struct's fields.
func jsonFields(v any) []string {
	var out []string
	t := reflect.TypeOf(v)
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			out = append(out, name)
		}
	}
	return out
}

// docs/ describes every column of every CSV file the program writes and
// every field of manifest.json, as the structs that write them define them.
func TestDocsNameEveryColumn(t *testing.T) {
	for _, tt := range []struct {
		doc   string
		names []string
	}{
		{"runs.md", runs.Columns(true)},
		{"runs.md", jsonFields(outdir.Manifest{})},
		{"runs.md", jsonFields(outdir.Session{})},
		{"report.md", stats.Columns[stats.Summary]()},
		{"report.md", stats.Columns[stats.Total]()},
		{"report.md", stats.Columns[stats.HeadToHead]()},
		{"strategies.md", exact.Columns()},
	} {
		have := quoted(t, filepath.Join("..", "..", "docs", tt.doc))
		for _, n := range tt.names {
			if !have[n] {
				t.Errorf("docs/%s does not describe %s", tt.doc, n)
			}
		}
	}
}

// docCommands returns the commands of the ```sh blocks of a markdown file,
// comments after the command dropped.
func docCommands(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "```sh"):
			in = true
		case strings.HasPrefix(line, "```"):
			in = false
		case in && strings.TrimSpace(line) != "":
			if i := strings.Index(line, "  #"); i >= 0 {
				line = line[:i]
			}
			out = append(out, strings.TrimSpace(line))
		}
	}
	return out
}

// elsewhere lists the documented commands that the script tests do not run,
// with the test that does, or why none can.
var elsewhere = map[string]string{
	"experiment exact -starts all -sizes 5-8,1x1,1x2,1x3,1x4,1x5,1x6,1x7,1x8,1x9,1x10,1x11,1x12,1x13,1x14,1x15,1x16,1x17,1x18,1x19,1x20,1x21,1x22,1x23,1x24,1x25,1x26,1x27,1x28,1x29,1x30,1x31,1x32,1x33,1x34,1x35,1x36,1x37,1x38,1x39,1x40,1x41,1x42,1x43,1x44,1x45,1x46,1x47,1x48,1x49,1x50,1x51,1x52,1x53,1x54,1x55,1x56,1x57,1x58,1x59,1x60,1x61,1x62,1x63,1x64,2x2,2x3,2x4,2x5,2x6,2x7,2x8,2x9,2x10,2x11,2x12,2x13,2x14,2x15,2x16,2x17,2x18,2x19,2x20,2x21,2x22,2x23,2x24,2x25,2x26,2x27,2x28,2x29,2x30,2x31,2x32,3x3,3x4,3x5,3x6,3x7,3x8,3x9,3x10,3x11,3x12,3x13,3x14,3x15,3x16,3x17,3x18,3x19,3x20,3x21,4x4,4x5,4x6,4x7,4x8,4x9,4x10,4x11,4x12,4x13,4x14,4x15,4x16,5x5,5x6,5x7,5x8,5x9,5x10,5x11,5x12,6x6,6x7,6x8,6x9,6x10,7x7,7x8,7x9,8x8": "a minute; TestAgainstPlainWalk (pkg/exact) walks every start of 5x5..8x8 and docs.txtar every start of 8x8",
	"experiment exact -sizes 9 -starts all -out results/exact-9x9.csv":    "half a minute; docs.txtar runs experiment exact -sizes 8 -starts all, TestExactCLI -out and its resumption",
	"experiment exact -sizes 10 -starts 0,0":                              "one to two minutes; BenchmarkCorner9x9 walks the 9x9 corner",
	"experiment exact -sizes 10 -starts all -out results/exact-10x10.csv": "21 minutes (docs/performance.md); TestExactCLI checks -out and its resumption",
	"make run":          "its experiment is the quick preset, which testdata/script/readme.txtar runs",
	"make test":         "CI runs it",
	"make test-all":     "CI runs it (.ci/run)",
	"make test-long":    "part of make test-all",
	"make promises":     "part of make test-all; minutes of timing, reported, not checked",
	"make bench":        "benchmarks, run by hand (docs/performance.md)",
	"make fuzz":         "fuzzing, part of make test-all",
	"make mutate":       "mutation testing, hours on 2 cores (docs/testing.md); run by hand",
	"make lint":         "staticcheck, part of make test-all",
	"make test-records": "runs TestRecords (testdata/records); make test-all runs its 7x7 script",
	"configs/slurm-submit.sh": "hours on a cluster; configs/clustertest's TestSlurmRecipe runs the README's trial line " +
		"and the same script with other flags on a real Slurm",
	"SHARDS=4 OUT=results/trial configs/slurm-submit.sh -config quick":                         "configs/clustertest's TestSlurmRecipe runs it as written",
	"configs/parallel-sweep.sh":                                                                "hours; configs/clustertest's TestParallelRecipe runs the script through a stand-in ssh",
	"SHARDS=3 OUT=results/trial configs/parallel-sweep.sh -config quick":                       "configs/clustertest's TestParallelRecipe runs the script",
	"SHARDS=16 HOSTS=node1,node2 configs/parallel-sweep.sh":                                    "needs hosts; TestParallelRecipe runs HOSTS through a stand-in ssh",
	"SHARDS=7 OUT=results/exact-11 configs/slurm-exact.sh -sizes 11 -starts all":               "hours on a cluster; configs/clustertest's TestSlurmExact runs the script on 8x8 and 9x9 on a real Slurm",
	"configs/slurm-retry.sh results/overnight 3 5":                                             "configs/clustertest's TestSlurmRecipe retries a cancelled shard with it",
	"kubectl apply -f configs/k8s-results-pvc.yaml":                                            "needs a Kubernetes cluster; configs/k8stest checks the manifests",
	"kubectl apply -f configs/k8s-overnight.yaml":                                              "needs a Kubernetes cluster; configs/k8stest checks the manifests",
	"kubectl apply -f configs/k8s-overnight-merge.yaml":                                        "needs a Kubernetes cluster; configs/k8stest checks the manifests",
	"configs/k8s-wait.sh knightsweep-overnight":                                                "configs/clustertest's TestK8sWait runs it with a stand-in kubectl",
	"configs/k8s-wait.sh knightsweep-overnight-merge":                                          "TestK8sWait",
	"kubectl apply -f configs/k8s-results-reader.yaml":                                         "needs a Kubernetes cluster; configs/k8stest checks the manifest",
	"kubectl wait --for=condition=Ready pod/knightsweep-results-reader":                        "needs a Kubernetes cluster",
	"kubectl cp knightsweep-results-reader:/results/overnight/merged results/overnight-merged": "needs a Kubernetes cluster",
	"kubectl delete -f configs/k8s-results-reader.yaml":                                        "needs a Kubernetes cluster",
	"scripts/slurm-cluster.sh start":                                                           "TestSlurmRecipe starts and stops the cluster with it",
	"make test-slurm":                                                                          "part of make test-all",
	"make bench-compare SEEDS=/path/to/seed/documents":                                         "needs the seed documents, which the repository does not hold",
	"make install": "installs outside the repository; make build is the same build",
	"go build -o bin/gosolver ./examples/solvers/go": "TestExampleSolvers builds it",
	"experiment run -sizes 5-40 -strategies warnsdorff,ext -save-tours -solver 'ext=stdio:bin/gosolver -strategy warnsdorff'": "22,110 runs through a pipe, a minute (docs/performance.md); TestExampleSolvers runs it on 5..7 and checks every pair",
	"go run ./tools/rectangles -rows 3-7 -budget 10m -out docs/rectangles.csv":                                                "six minutes; tools/rectangles's TestTable runs it on 3 x n and 4 x n, and TestCommittedTable checks its output",
	"go run ./tools/rectangles -rows 5-5 -min-cols 32 -out docs/rectangles.csv":                                               "70 s; tools/rectangles's TestExtend extends a table the same way on 3 x n, and TestCommittedTable checks row 5's growth through 5 x 40",
	"go run ./tools/rectangles -rows 6-6 -min-cols 11 -growth 1.1 -out docs/rectangles.csv":                                   "75 minutes; tools/rectangles's TestExtend extends a table the same way on 3 x n",

	"experiment exact -sizes 11 -starts 0,0 -work results/exact-11x11 -out results/exact-11x11.csv": "hours on 2 cores; TestFrontierAgainstMemo (pkg/exact) holds the frontier method to the memo, TestFrontierResume its checkpoints, TestExactWork -work",
}

// Every command in a ```sh block of the README and docs/ runs, as written,
// in a script test (testdata/script, or testdata/records for the counts
// that take minutes, run by TestRecords), or is listed in elsewhere with
// the test that runs it.
func TestDocsCommandsRun(t *testing.T) {
	scripts, err := filepath.Glob("testdata/script/*.txtar")
	records, _ := filepath.Glob("testdata/records/*.txtar")
	if err != nil || len(scripts) == 0 || len(records) == 0 {
		t.Fatal("no scripts", err)
	}
	scripts = append(scripts, records...)
	var lines []string
	for _, s := range scripts {
		data, err := os.ReadFile(s)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(data), "\n") {
			l = strings.TrimSpace(l)
			// A condition: [!short] (make test-all runs it), [exec:cc]
			// (where there is a C compiler).
			for strings.HasPrefix(l, "[") && strings.Contains(l, "] ") {
				l = l[strings.Index(l, "] ")+2:]
			}
			l = strings.TrimPrefix(l, "! ") // a command that must fail
			lines = append(lines, strings.TrimSpace(strings.TrimPrefix(l, "exec ")))
		}
	}
	docs, _ := filepath.Glob("../../docs/*.md")
	for _, doc := range append([]string{"../../README.md"}, docs...) {
		for _, c := range docCommands(t, doc) {
			if slices.Contains(lines, c) || elsewhere[c] != "" {
				continue
			}
			t.Errorf("%s: %q runs in no script test (testdata/script/*.txtar, testdata/records/*.txtar) and is not listed in elsewhere", filepath.Base(doc), c)
		}
	}
}

// The script tests: the documented commands, run as written in a fresh
// directory, with what they must print and write. With -short (make test)
// the lines marked [!short], which take seconds each (about 50 s of CPU
// in all), are left out: make test-all runs every line. Under the race
// detector (make test-race) the commands run ten times slower, and the
// scripts do not run: make test and make test-long run them.
func TestScripts(t *testing.T) {
	if raceEnabled {
		t.Skip("the documented commands take minutes under the race detector: make test and make test-long run them")
	}
	testscript.Run(t, testscript.Params{Dir: "testdata/script", Setup: func(env *testscript.Env) error {
		// docs/solvers.md's commands run the examples from the
		// repository's root, as a user would.
		return os.CopyFS(filepath.Join(env.WorkDir, "examples"), os.DirFS("../../examples"))
	}})
}

// The manual and docs/clusters.md give the shard limit that -shard keeps.
func TestDocsShardLimit(t *testing.T) {
	if want := fmt.Sprintf("N <= %d", plan.MaxShards); !strings.Contains(manual(t), want) {
		t.Errorf("the manual does not say %q", want)
	}
	data, err := os.ReadFile("../../docs/clusters.md")
	if err != nil {
		t.Fatal(err)
	}
	n := plan.MaxShards
	if want := fmt.Sprintf("N is at most %d,%03d", n/1000, n%1000); !strings.Contains(string(data), want) {
		t.Errorf("docs/clusters.md does not say %q", want)
	}
}
