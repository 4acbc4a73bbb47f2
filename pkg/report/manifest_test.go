package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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

func TestReadManifest(t *testing.T) {
	dir := t.TempDir()
	if m := readManifest(dir); m.Found || m.Err != "" {
		t.Errorf("no manifest: %+v", m)
	}
	os.WriteFile(filepath.Join(dir, "manifest.json"), []byte(`{"workers": 2, "settings": {`), 0o644)
	if m := readManifest(dir); !m.Found || !strings.Contains(m.Err, "not valid JSON") || len(m.Fields) != 1 {
		t.Errorf("broken manifest: %+v", m)
	}
	m := readManifest("testdata/sweep")
	if m.Err != "" || len(m.Fields) < 5 || m.Fields[0] != (Field{"program", "knightsweep experiment run"}) {
		t.Errorf("manifest: %+v", m)
	}
}
