// Package configs holds the presets of experiment run: flag files, one flag
// a line, embedded in the program so that they work from any directory.
//
//	quick              the default sweep: boards 5..8
//	dfs-vs-warnsdorff  plain dfs against Warnsdorff's rule, boards 5..12
//	closed             closed tours on the boards that have them
//	overnight          boards 5..30 with every strategy, hours
//	restarts           randomised dfs and warnsdorff-bt, with and without restarts
//
// Run one with "experiment run -config NAME"; flags on the command line
// override the preset's. A preset's name is the preset's, even where a
// file of that name is in the current directory: "-config ./quick" reads
// the file. Each file's header says what it covers and costs. ParseFile
// reads a flag file, a preset or the user's own, into its flags.
package configs

import (
	"embed"
	"fmt"
	"io/fs"
	"strings"
)

//go:embed *.flags
var files embed.FS

// Ext is the file extension of presets.
const Ext = ".flags"

// Names lists the presets, without the extension, sorted.
func Names() []string {
	entries, err := fs.ReadDir(files, ".")
	if err != nil {
		panic(err) // the embedded directory is always readable
	}
	var names []string
	for _, e := range entries {
		names = append(names, strings.TrimSuffix(e.Name(), Ext))
	}
	return names
}

// IsPreset reports whether name names a preset, with or without its
// extension and without a directory: "quick" is the preset even where a
// file of that name is in the current directory, which "./quick" names.
func IsPreset(name string) bool {
	if strings.ContainsRune(name, '/') {
		return false
	}
	_, err := fs.Stat(files, strings.TrimSuffix(name, Ext)+Ext)
	return err == nil
}

// Read returns the preset called name, with or without its extension.
func Read(name string) ([]byte, error) {
	data, err := files.ReadFile(strings.TrimSuffix(name, Ext) + Ext)
	if err != nil {
		return nil, fmt.Errorf("no preset %q: want one of %s", name, strings.Join(Names(), ", "))
	}
	return data, nil
}
