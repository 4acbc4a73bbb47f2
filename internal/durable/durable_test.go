package durable

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var testFormat = Format{Name: "test file", Version: 2, Advice: "delete it"}

// The bytes of a sealed file are its head, its body and the CRC-32C of
// both: the CRC of "knightsweep test file 2\nhello\n" by Python's
// crc32c package is checked here by the one of "123456789" (e3069283,
// RFC 3720) in checksum_test.go and by Unseal below.
func TestWriteRead(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	if err := WriteBytes(path, testFormat, []byte("hello\n")); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	if !strings.HasPrefix(string(data), "knightsweep test file 2\nhello\ncrc32c ") {
		t.Fatalf("file is %q", data)
	}
	if body, err := Unseal(data); err != nil || string(body) != "knightsweep test file 2\nhello\n" {
		t.Fatalf("Unseal: %q, %v", body, err)
	}
	body, err := Read(path, testFormat, 1<<10)
	if err != nil || string(body) != "hello\n" {
		t.Fatalf("Read: %q, %v", body, err)
	}
}

func TestReadRefuses(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good")
	if err := WriteBytes(good, testFormat, []byte("hello\n")); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(good)
	flipped := bytes.Clone(data)
	flipped[len("knightsweep test file 2\n")] ^= 1
	other := filepath.Join(dir, "other")
	if err := WriteBytes(other, Format{Name: "test file", Version: 1}, []byte("hello\n")); err != nil {
		t.Fatal(err)
	}
	foreign := filepath.Join(dir, "foreign")
	if err := WriteBytes(foreign, Format{Name: "other file", Version: 2}, []byte("hello\n")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, path string
		data       []byte
		max        int64
		want       string
	}{
		{"flipped", "flipped", flipped, 1 << 10, "damaged: its CRC-32C is"},
		{"cut", "cut", data[:len(data)-3], 1 << 10, "damaged"},
		{"plain", "plain", []byte("hello, world\n"), 1 << 10, "not a test file"},
		{"too large", "good", nil, 10, "larger than 10 bytes"},
		{"other version", "other", nil, 1 << 10, "format 1, which this build does not read (it reads format 2): delete it"},
		{"other format", "foreign", nil, 1 << 10, "an other file, not a test file"},
		// The head is read first: another format's file, whatever its
		// size, is named for what it is rather than called damaged.
		{"other format larger than the bound", "foreign", nil, 10, "an other file, not a test file"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, c.path)
			if c.data != nil {
				os.WriteFile(path, c.data, 0o644)
			}
			_, err := Read(path, testFormat, c.max)
			var de *Error
			if !errors.As(err, &de) || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), path+": ") {
				t.Errorf("got %v, want an *Error naming %s and saying %q", err, path, c.want)
			}
		})
	}
	if _, err := Read(filepath.Join(dir, "missing"), testFormat, 10); !IsNotExist(err) {
		t.Errorf("missing file: %v", err)
	}
}

type sample struct {
	Program string `json:"program"`
	Rows    int    `json:"rows"`
}

func TestJSON(t *testing.T) {
	f := Format{Name: "manifest", Version: 2, Advice: "remove it"}
	data, err := MarshalJSON(f, sample{"x", 3})
	if err != nil {
		t.Fatal(err)
	}
	head := "{\n  \"format\": \"knightsweep manifest 2\",\n  \"program\": \"x\",\n  \"rows\": 3,\n  \"crc32c\": \""
	if !strings.HasPrefix(string(data), head) || !strings.HasSuffix(string(data), "\"\n}\n") {
		t.Fatalf("sealed JSON is %q", data)
	}
	var s sample
	if sealed, err := UnmarshalJSON("m", append(data, "    "...), f, &s); err != nil || !sealed || s != (sample{"x", 3}) {
		t.Fatalf("read back %v, sealed %v, %v", s, sealed, err)
	}
	edited := bytes.Replace(data, []byte(`"rows": 3`), []byte(`"rows": 4`), 1)
	if _, err := UnmarshalJSON("m", edited, f, &s); err == nil || !strings.Contains(err.Error(), "m: damaged: its CRC-32C") {
		t.Errorf("edited: %v", err)
	}
	if _, err := UnmarshalJSON("m", data[:len(data)-5], f, &s); err == nil {
		t.Errorf("cut: accepted")
	}
	// A whole object of another version, without the crc32c field, is
	// named by its format, not called cut short.
	other := []byte("{\n  \"format\": \"knightsweep manifest 1\",\n  \"program\": \"x\"\n}\n")
	if _, err := UnmarshalJSON("m", other, f, &s); err == nil || err.Error() != "m: a manifest of format 1, which this build does not read (it reads format 2): remove it" {
		t.Errorf("format 1: %v", err)
	}
	// Written before files were sealed: read once more, unchecked.
	s = sample{}
	if sealed, err := UnmarshalJSON("m", []byte("{\n  \"program\": \"y\",\n  \"rows\": 5\n}\n"), f, &s); err != nil || sealed || s != (sample{"y", 5}) {
		t.Errorf("unsealed: %v, sealed %v, %v", s, sealed, err)
	}
	v3, _ := MarshalJSON(Format{Name: "manifest", Version: 3}, sample{})
	if _, err := UnmarshalJSON("m", v3, f, &s); err == nil || !strings.Contains(err.Error(), "format 3") {
		t.Errorf("format 3: %v", err)
	}
}

// A link planted where the program writes is refused, and the file it
// leads to is left as it was.
func TestNoFollow(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target")
	os.WriteFile(target, []byte("keep"), 0o644)
	for _, c := range []struct {
		name  string
		write func(path string) error
	}{
		{"OpenFile", func(p string) error {
			f, err := OpenFile(p, os.O_RDWR|os.O_CREATE, 0o644)
			if err == nil {
				f.Close()
			}
			return err
		}},
		{"WriteFile", func(p string) error { return WriteFile(p, []byte("x"), 0o644) }},
		{"Replace", func(p string) error { return ReplaceBytes(p, []byte("x"), NoFollow) }},
		{"Write", func(p string) error { return WriteBytes(p, testFormat, []byte("x"), NoFollow) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			link := filepath.Join(dir, c.name)
			if err := os.Symlink(target, link); err != nil {
				t.Fatal(err)
			}
			var le *LinkError
			if err := c.write(link); !errors.As(err, &le) || le.Path != link {
				t.Errorf("got %v, want a *LinkError naming %s", err, link)
			}
			if data, _ := os.ReadFile(target); string(data) != "keep" {
				t.Errorf("target now holds %q", data)
			}
		})
	}
}

// A locked directory is refused to a second locker with its holder named
// (this process), and taken again once released; a link planted as the
// lock file is refused, its target untouched.
func TestLockDir(t *testing.T) {
	dir := t.TempDir()
	l, err := LockDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	_, err = LockDir(dir)
	var held *HeldError
	if !errors.As(err, &held) || !strings.Contains(err.Error(), fmt.Sprintf("(process %d on ", os.Getpid())) {
		t.Errorf("second lock: %v", err)
	}
	l.Release()
	l2, err := LockDir(dir)
	if err != nil {
		t.Fatalf("after release: %v", err)
	}
	l2.Release()

	other := t.TempDir()
	target := filepath.Join(t.TempDir(), "target")
	os.WriteFile(target, []byte("keep"), 0o644)
	os.Symlink(target, filepath.Join(other, LockFile))
	var le *LinkError
	if _, err := LockDir(other); !errors.As(err, &le) {
		t.Errorf("a planted lock link: %v", err)
	}
	if data, _ := os.ReadFile(target); string(data) != "keep" {
		t.Errorf("target now holds %q", data)
	}
}
