package outdir

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"knightsweep/internal/input"
	"knightsweep/pkg/plan"
)

// A symbolic link planted where a sweep writes or reads (its lock, its
// runs.csv, its manifest.json) is refused as bad input naming the link,
// and the file it leads to is left as it was: the sweep never writes
// through it, nor reads it as the sweep's.
func TestPlantedLinksRefused(t *testing.T) {
	p, _ := plan.New(settings(t, "5", 1000, "dfs"))
	for _, name := range []string{LockFile, RunsFile, ManifestFile} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			target := filepath.Join(t.TempDir(), "precious")
			os.WriteFile(target, []byte("keep me\n"), 0o644)
			link := filepath.Join(dir, name)
			if err := os.Symlink(target, link); err != nil {
				t.Fatal(err)
			}
			d, err := Open(dir, OpenOptions{Resume: true}, p, p.Select(plan.Shard{}))
			if err == nil {
				d.Close()
			}
			if !input.Is(err) || !strings.Contains(err.Error(), link+" is a symbolic link") {
				t.Errorf("got %v, want bad input naming %s", err, link)
			}
			if data, _ := os.ReadFile(target); string(data) != "keep me\n" {
				t.Errorf("the link's target now holds %.60q", data)
			}
		})
	}
}
