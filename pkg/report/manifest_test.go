package report

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"knightsweep/pkg/outdir"
)

func TestFlattenJSON(t *testing.T) {
	in := `{"b": 1, "a": {"x": [1, 2.5, "three"], "y": {"z": null}}, "list": [{"k": true}, {"k": false}], "empty": [], "s": "a\"b"}`
	fields, err := flattenJSON([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range fields {
		got = append(got, f.Key+"="+f.Value)
	}
	want := `b=1; a.x=1, 2.5, three; a.y.z=null; list[0].k=true; list[1].k=false; empty=; s=a"b`
	if strings.Join(got, "; ") != want {
		t.Errorf("got  %s\nwant %s", strings.Join(got, "; "), want)
	}
	// Not an object, or not JSON: what was read is kept, with an error.
	if f, err := flattenJSON([]byte(`42`)); err != nil || len(f) != 1 || f[0].Value != "42" {
		t.Errorf("scalar: %v %v", f, err)
	}
	for _, bad := range []string{`{"a": 1,`, `{"a": 1} {"b": 2}`, ``} {
		if _, err := flattenJSON([]byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// Long arrays are shown in part, so that the table stays one to read: the
// first four objects of an array of them (a merge's sessions, one a
// shard), the first 64 values of an array of scalars, and how many there
// are in all; what is skipped is still read through, and what follows it
// is shown.
func TestFlattenLongArrays(t *testing.T) {
	var objs, vals []string
	for i := range 10 {
		objs = append(objs, fmt.Sprintf(`{"shard": "%d/10", "hosts": ["a", "b"]}`, i))
	}
	for i := range 100 {
		vals = append(vals, fmt.Sprint(i))
	}
	in := `{"sessions": [` + strings.Join(objs, ",") + `], "merged": [` + strings.Join(vals, ",") + `], "after": 1}`
	fields, err := flattenJSON([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range fields {
		got = append(got, f.Key+"="+f.Value)
	}
	want := []string{
		"sessions[0].shard=0/10", "sessions[0].hosts=a, b", "sessions[1].shard=1/10", "sessions[1].hosts=a, b",
		"sessions[2].shard=2/10", "sessions[2].hosts=a, b", "sessions[3].shard=3/10", "sessions[3].hosts=a, b",
		"sessions=10 in all: the first 4 above, every one in manifest.json",
		"merged=" + strings.Join(vals[:64], ", ") + ", … (100 in all, every one in manifest.json)",
		"after=1",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestReadManifest(t *testing.T) {
	dir := t.TempDir()
	if m, _ := readManifest(dir); m.Found || m.Err != "" {
		t.Errorf("no manifest: %+v", m)
	}
	os.WriteFile(filepath.Join(dir, "manifest.json"), []byte(`{"workers": 2, "settings": {`), 0o644)
	if m, _ := readManifest(dir); !m.Found || !strings.Contains(m.Err, "not valid JSON") || len(m.Fields) != 1 {
		t.Errorf("broken manifest: %+v", m)
	}
	m, data := readManifest("testdata/sweep")
	if m.Err != "" || len(m.Fields) < 5 || m.Fields[0] != (Field{"program", "knightsweep experiment run"}) {
		t.Errorf("manifest: %+v", m)
	}
	// The bytes shown are the file's, for the sweep's own reading.
	if file, err := os.ReadFile("testdata/sweep/manifest.json"); err != nil || string(data) != string(file) {
		t.Errorf("the bytes read are not the file's (%v)", err)
	}
	// The manifest of a merge of 7,000 shards, 2.5 MB: shown, in part
	// (the page showed none past 1 MiB, about 1,900 shards).
	var sessions []string
	for i := range 7000 {
		sessions = append(sessions, fmt.Sprintf(`{"started": "2026-11-25T01:02:03Z", "ended": "2026-11-25T02:03:04Z", "version": "v0.0.0-20261125193223-a67a0e3322cc", "build": "a67a0e3322cc5730cf98532b8b6755415cd6c75f", "shard": "%d/7000", "host": "node%04d.cluster.example.org", "cpu": "AMD EPYC 7763 64-Core Processor", "cpus": 128, "go_version": "go1.26.8", "workers": 1, "runs": 5, "state": "completed"}`, i, i%400))
	}
	big := `{"program": "knightsweep experiment merge", "sessions": [` + strings.Join(sessions, ",") + `]}`
	if len(big) < 2<<20 {
		t.Fatalf("the big manifest has %d bytes", len(big))
	}
	os.WriteFile(filepath.Join(dir, "manifest.json"), []byte(big), 0o644)
	if m, _ := readManifest(dir); m.Err != "" || len(m.Fields) != 1+4*12+1 {
		t.Errorf("a merge of 7,000 shards: %d fields, %q", len(m.Fields), m.Err)
	}
}

// A sealed manifest edited by one byte is damaged: the report shows none of
// its values as fact, warns on the terminal naming the file, and uses
// nothing it records; the same manifest intact is shown and used.
func TestDamagedManifestNotTrusted(t *testing.T) {
	m, err := outdir.ReadManifest("testdata/sweep/manifest.json")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := m.Write(dir); err != nil {
		t.Fatal(err)
	}
	csv, err := os.ReadFile("testdata/sweep/runs.csv")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "runs.csv"), csv, 0o644); err != nil {
		t.Fatal(err)
	}
	paths := []string{filepath.Join(dir, "runs.csv")}
	intact := generate(t, paths, Options{})
	if page := readString(t, intact.HTML); !strings.Contains(page, "AMD EPYC") {
		t.Fatal("the intact manifest's cpu is not on the page")
	}
	for _, w := range intact.Results.Warnings {
		if strings.Contains(w, "manifest.json") {
			t.Errorf("intact manifest: warning %q", w)
		}
	}
	path := filepath.Join(dir, "manifest.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(data), `"cpu": "AMD EPYC"`, `"cpu": "AMD EPYX"`, 1)
	if edited == string(data) {
		t.Fatal("the written manifest has no cpu field to edit")
	}
	if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	damaged := generate(t, paths, Options{})
	page := readString(t, damaged.HTML)
	if strings.Contains(page, "AMD EPYX") {
		t.Error("the page shows an edited value of a damaged manifest as fact")
	}
	if !strings.Contains(page, "damaged") {
		t.Error("the page does not say the manifest is damaged")
	}
	warned := false
	for _, w := range damaged.Results.Warnings {
		warned = warned || strings.Contains(w, path) && strings.Contains(w, "damaged")
	}
	if !warned {
		t.Errorf("no terminal warning names %s as damaged: %q", path, damaged.Results.Warnings)
	}
}
