package outdir

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"knightsweep/internal/input"
	"knightsweep/pkg/plan"
)

func openPlan(t *testing.T, s plan.Settings, dir string, resume bool) (*Dir, error) {
	t.Helper()
	p, err := plan.New(s)
	if err != nil {
		t.Fatal(err)
	}
	return Open(dir, OpenOptions{Resume: resume}, p, p.Select(plan.Shard{}))
}

// Resume on a file cut anywhere (kill -9 mid-write) keeps every complete
// row, cuts the torn line and marks exactly the jobs with a row done; a
// file cut to no row at all is refused (TestResumeEmptiedRunsCSV).
func TestResumeTruncated(t *testing.T) {
	s := settings(t, "3x4,5", 5_000, "dfs", "warnsdorff")
	full := filepath.Join(t.TempDir(), "full")
	p := fakeSweep(t, s, plan.Shard{}, full, nil)
	data, _ := os.ReadFile(filepath.Join(full, RunsFile))
	manifest, _ := os.ReadFile(filepath.Join(full, ManifestFile))
	header := bytes.IndexByte(data, '\n') + 1
	for _, keep := range []int{
		len(data) - 1, len(data) - 30, len(data) / 2, header + 5, header, header - 3, 0,
		bytes.LastIndexByte(data[:len(data)-1], '\n') + 1,
	} {
		dir := filepath.Join(t.TempDir(), "out")
		os.MkdirAll(dir, 0o755)
		os.WriteFile(filepath.Join(dir, ManifestFile), manifest, 0o644)
		os.WriteFile(filepath.Join(dir, RunsFile), data[:keep], 0o644)
		d, err := openPlan(t, s, dir, true)
		complete := bytes.LastIndexByte(data[:keep], '\n') + 1
		rows := int64(max(0, bytes.Count(data[:complete], []byte("\n"))-1))
		if rows == 0 {
			// Emptied, as if removed (TestResumeEmptiedRunsCSV).
			if err == nil || !strings.Contains(err.Error(), "runs.csv holds no row, though manifest.json records 74 rows") {
				t.Errorf("keep %d bytes: %v; want a refusal", keep, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("keep %d bytes: %v", keep, err)
		}
		if d.Cut != int64(keep-complete) || d.NDone != rows {
			t.Errorf("keep %d bytes: cut %d (want %d), %d rows done (want %d)", keep, d.Cut, keep-complete, d.NDone, rows)
		}
		for i := range p.Len() {
			if d.Done.Has(i) != (i < rows) {
				t.Fatalf("keep %d bytes: job %d done=%v", keep, i, d.Done.Has(i))
			}
		}
		d.Close()
	}
}

func TestResumeRefusesCorruptFile(t *testing.T) {
	s := settings(t, "5", 1000, "warnsdorff")
	dir := filepath.Join(t.TempDir(), "out")
	fakeSweep(t, s, plan.Shard{}, dir, nil)
	path := filepath.Join(dir, RunsFile)
	data, _ := os.ReadFile(path)
	lines := strings.SplitAfter(string(data), "\n")
	for _, tt := range []struct {
		name, text, want string
	}{
		{"doubled row", string(data) + lines[3], "line 27: a second row for warnsdorff/first on 5x5 from "},
		{"foreign row", string(data) + strings.Replace(lines[1], "5,5,", "6,6,", 1), "line 27: no job of this sweep runs warnsdorff"},
		{"other header", strings.Replace(string(data), "time_ns", "time", 1), "is not this program's"},
		{"bad status", strings.Replace(string(data), ",dead_end,", ",dead,", 1), `unknown status "dead"`},
	} {
		if err := os.WriteFile(path, []byte(tt.text), 0o644); err != nil {
			t.Fatal(err)
		}
		d, err := openPlan(t, s, dir, true)
		if err == nil {
			d.Close()
		}
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v; want %q", tt.name, err, tt.want)
		}
		if after, _ := os.ReadFile(path); string(after) != tt.text {
			t.Errorf("%s: the file changed", tt.name)
		}
	}
}

// A kill before the first manifest write leaves it missing, perhaps with
// the writer's temporary file beside it: -resume rebuilds it from the
// flags given, provided the rows are theirs; rows of other flags are
// refused. The manifest is written by rename, so one empty or cut short is
// damaged, as an edited one is: refused, naming the file and what to do,
// never rebuilt from flags that may describe another sweep.
func TestResumeRecoversManifest(t *testing.T) {
	s := settings(t, "5", 1000, "warnsdorff")
	ref := filepath.Join(t.TempDir(), "ref")
	fakeSweep(t, s, plan.Shard{}, ref, func(j plan.Job) bool { return j.Index < 10 })
	manifest, _ := os.ReadFile(filepath.Join(ref, ManifestFile))
	for _, tt := range []struct {
		name     string
		manifest []byte // nil: no file
		temp     bool
		refused  string // "": rebuilt
	}{
		{"missing", nil, false, ""},
		{"missing with a temp file", nil, true, ""},
		{"empty", []byte{}, false, "manifest.json: damaged: empty"},
		{"empty with a temp file", []byte{}, true, "manifest.json: damaged: empty"},
		{"cut", manifest[:100], false, "manifest.json: cut short: it does not end in its \"crc32c\" field"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			copyDir(t, ref, dir)
			os.Remove(filepath.Join(dir, ManifestFile))
			if tt.manifest != nil {
				os.WriteFile(filepath.Join(dir, ManifestFile), tt.manifest, 0o644)
			}
			if tt.temp {
				os.WriteFile(filepath.Join(dir, ".manifest.json1234567"), manifest[:50], 0o600)
			}
			d, err := openPlan(t, s, dir, true)
			if tt.refused != "" {
				advice := ": if runs.csv is whole, remove manifest.json and -resume with the sweep's flags, which rebuilds it"
				if d != nil {
					d.Close()
				}
				if !input.Is(err) || !strings.Contains(err.Error(), filepath.Join(dir, tt.refused)) || !strings.HasSuffix(err.Error(), advice) {
					t.Errorf("got %v, want it refused: %s...%s", err, tt.refused, advice)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer d.Close()
			if d.Prev != nil || !strings.Contains(d.Recovered, "rebuilt from the flags given") || d.NDone != 10 {
				t.Errorf("recovered %q, prev %v, %d rows", d.Recovered, d.Prev, d.NDone)
			}
			if _, err := os.Stat(filepath.Join(dir, ".manifest.json1234567")); err == nil {
				t.Error("the temporary file was left")
			}
		})
	}
	// Other flags than the rows': refused, naming the row.
	dir := t.TempDir()
	copyDir(t, ref, dir)
	os.Remove(filepath.Join(dir, ManifestFile))
	other := settings(t, "5", 2000, "warnsdorff")
	if d, err := openPlan(t, other, dir, true); err == nil || !strings.Contains(err.Error(), "line 2: budget max_nodes=1000") {
		if d != nil {
			d.Close()
		}
		t.Errorf("other flags: %v", err)
	}
	// Without runs.csv there is no sweep to rebuild.
	dir = t.TempDir()
	os.WriteFile(filepath.Join(dir, ManifestFile), nil, 0o644)
	if _, err := openPlan(t, s, dir, true); !input.Is(err) || !strings.Contains(err.Error(), "holds no sweep to resume") {
		t.Errorf("no runs.csv: %v", err)
	}
}

func TestOpenRefuses(t *testing.T) {
	s := settings(t, "5", 1000, "warnsdorff")
	full := filepath.Join(t.TempDir(), "full")
	fakeSweep(t, s, plan.Shard{}, full, nil)
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, nil, 0o644)
	for _, tt := range []struct {
		name, dir string
		resume    bool
		s         plan.Settings
		flag      string
		want      string
	}{
		{"not empty", full, false, s, "-out", "is not empty"},
		{"a file", file, false, s, "-out", "is a file"},
		{"no name", "", false, s, "-out", "missing"},
		{"other settings", full, true, settings(t, "5", 2000, "warnsdorff"), "-resume", "(-max-nodes: was 1000, now 2000)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d, err := openPlan(t, tt.s, tt.dir, tt.resume)
			var ie *input.Error
			if !errors.As(err, &ie) || ie.Flag != tt.flag || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want %s: %q", err, tt.flag, tt.want)
			}
			if d != nil {
				d.Close()
			}
		})
	}
	// Another shard's directory.
	shard := filepath.Join(t.TempDir(), "shard")
	fakeSweep(t, s, plan.Shard{Index: 1, Count: 3}, shard, nil)
	p, _ := plan.New(s)
	if _, err := Open(shard, OpenOptions{Resume: true}, p, p.Select(plan.Shard{Index: 2, Count: 3})); err == nil || !strings.Contains(err.Error(), `-shard: `+shard+` holds shard "1/3", not "2/3"`) {
		t.Errorf("other shard: %v", err)
	}
}

func TestNewName(t *testing.T) {
	root := t.TempDir()
	now := time.Date(2025, 1, 2, 15, 4, 5, 0, time.UTC)
	first := NewName(root, now)
	if first != filepath.Join(root, "20250102-150405") {
		t.Fatalf("NewName = %s", first)
	}
	os.Mkdir(first, 0o755)
	if second := NewName(root, now); second != first+"-2" {
		t.Errorf("second NewName = %s", second)
	}
}

// A damaged row in the middle of runs.csv is refused naming its line and
// what to do; doing it (removing that line) resumes with the other rows.
func TestResumeDamagedRowSaysWhatToDo(t *testing.T) {
	s := settings(t, "5", 1000, "warnsdorff")
	dir := t.TempDir()
	fakeSweep(t, s, plan.Shard{}, dir, func(j plan.Job) bool { return j.Index < 10 })
	path := filepath.Join(dir, RunsFile)
	data, _ := os.ReadFile(path)
	lines := strings.SplitAfter(string(data), "\n")
	lines[4] = "garbage\n"
	os.WriteFile(path, []byte(strings.Join(lines, "")), 0o644)
	_, err := openPlan(t, s, dir, true)
	if err == nil || !strings.Contains(err.Error(), "resume from "+path+": line 5: ") ||
		!strings.HasSuffix(err.Error(), ": remove that line (-resume runs its job again) or give a new -out") {
		t.Fatalf("a damaged row: %v", err)
	}
	os.WriteFile(path, []byte(strings.Join(slices.Delete(lines, 4, 5), "")), 0o644)
	d, err := openPlan(t, s, dir, true)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if d.NDone != 9 {
		t.Errorf("%d rows done, want 9", d.NDone)
	}
}

// TestResumeEmptiedRunsCSV: a runs.csv emptied (0 bytes, or its header
// alone) beside a manifest that records rows is refused on -resume as a
// missing one is, in the plan's check (CheckResume) and in Open, and left
// as it is: resumed, the sweep would run again whole in silence.
func TestResumeEmptiedRunsCSV(t *testing.T) {
	s := settings(t, "5", 1000, "warnsdorff")
	full := filepath.Join(t.TempDir(), "full")
	p := fakeSweep(t, s, plan.Shard{}, full, nil)
	data, _ := os.ReadFile(filepath.Join(full, RunsFile))
	manifest, _ := os.ReadFile(filepath.Join(full, ManifestFile))
	for name, content := range map[string][]byte{"empty": nil, "header alone": data[:bytes.IndexByte(data, '\n')+1]} {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "out")
			os.MkdirAll(dir, 0o755)
			os.WriteFile(filepath.Join(dir, ManifestFile), manifest, 0o644)
			path := filepath.Join(dir, RunsFile)
			os.WriteFile(path, content, 0o644)
			want := dir + ": runs.csv holds no row, though manifest.json records 25 rows in it"
			if err := CheckResume(dir, p, plan.Shard{}); err == nil || !input.Is(err) || !strings.Contains(err.Error(), want) {
				t.Errorf("CheckResume: %v; want bad input saying %q", err, want)
			}
			d, err := openPlan(t, s, dir, true)
			if err == nil {
				d.Close()
			}
			if err == nil || !input.Is(err) || !strings.Contains(err.Error(), want) {
				t.Errorf("Open: %v; want bad input saying %q", err, want)
			}
			if got, _ := os.ReadFile(path); !bytes.Equal(got, content) {
				t.Errorf("runs.csv changed: %q", got)
			}
		})
	}
}
