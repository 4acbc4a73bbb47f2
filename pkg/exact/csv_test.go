package exact

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"knightsweep/pkg/board"
)

// TestCSVRoundTrip: gocsv writes Header; a file read and written again is
// the same bytes; rows that contradict themselves are refused.
func TestCSVRoundTrip(t *testing.T) {
	var rows []Row
	for _, st := range []board.Square{{Row: 0, Col: 0}, {Row: 2, Col: 2}} {
		r, err := From(context.Background(), board.Board{Rows: 7, Cols: 7}, st, Options{})
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, NewRow(r, st))
	}
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.csv"), filepath.Join(dir, "b.csv")
	if err := WriteCSV(a, rows); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(a)
	if first, _, _ := strings.Cut(string(data), "\n"); first != Header {
		t.Fatalf("header %q, want %q", first, Header)
	}
	back, err := ReadCSV(a)
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteCSV(b, back); err != nil {
		t.Fatal(err)
	}
	again, _ := os.ReadFile(b)
	if !bytes.Equal(data, again) {
		t.Errorf("read and written again:\n%s\nwas\n%s", again, data)
	}
	if !strings.Contains(string(data), "7,7,0,0,false,random,0.7369164988827803,5867789/7962624,0,37926,39024,") {
		t.Errorf("the corner's row:\n%s", data)
	}
	for name, bad := range map[string]string{
		"fraction": strings.Replace(string(data), "5867789/7962624", "5867789/7962625", 1),
		"board":    strings.Replace(string(data), "7,7,0,0", "0,7,0,0", 1),
		"start":    strings.Replace(string(data), "7,7,0,0", "7,7,9,0", 1),
		"rule":     strings.Replace(string(data), ",random,", ",sometimes,", 1),
		"header":   strings.Replace(string(data), "rows,", "row,", 1),
		// Hand edits that keep the decimal the fraction's rounding.
		"lowest terms": strings.Replace(string(data), "0.7369164988827803,5867789/7962624", "0.7369164988827803,11735578/15925248", 1),
		"sum":          strings.Replace(string(data), "33=47/192", "33=48/192", 1),
		"fail_length":  strings.Replace(string(data), "33=47/192", "garbage", 1),
		"fail decimal": strings.Replace(string(data), "33=47/192", "33=0.2447916666666667", 1),
		"fail order":   strings.Replace(string(data), "33=47/192 37=1/768", "37=1/768 33=47/192", 1),
		"tours":        strings.Replace(string(data), ",37926,39024,", ",39024,39024,", 1),
		"twice":        string(data) + strings.SplitAfter(string(data), "\n")[1],
	} {
		if _, err := ParseCSV(name, []byte(bad)); err == nil {
			t.Errorf("%s: a bad file was read", name)
		}
	}
}

// TestCSVOrder: the file's rows are in the order of board, rule, tour kind
// and start, whatever order the walks ended in: a resumed file and a
// fresh one differ in time_ns alone.
func TestCSVOrder(t *testing.T) {
	mk := func(r, c, sr, sc int, closed bool) Row {
		return Row{Rows: r, Cols: c, StartRow: sr, StartCol: sc, Closed: closed, Rule: "random", ProbabilityFraction: "0", Walks: 1, FailLength: "1=1"}
	}
	sorted := []Row{mk(5, 5, 0, 0, false), mk(5, 5, 2, 1, false), mk(5, 5, 0, 0, true), mk(5, 6, 0, 0, false), mk(6, 6, 1, 0, false)}
	shuffled := []Row{sorted[3], sorted[1], sorted[4], sorted[2], sorted[0]}
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.csv"), filepath.Join(dir, "b.csv")
	if err := WriteCSV(a, sorted); err != nil {
		t.Fatal(err)
	}
	if err := WriteCSV(b, shuffled); err != nil {
		t.Fatal(err)
	}
	da, _ := os.ReadFile(a)
	db, _ := os.ReadFile(b)
	if !bytes.Equal(da, db) {
		t.Errorf("rows in another order wrote\n%s\nnot\n%s", db, da)
	}
	if shuffled[0].Key() != sorted[3].Key() {
		t.Errorf("WriteCSV reordered its caller's slice")
	}
}

// TestWriteCSVEmpty: the file of no rows, as exact -out writes it before
// its first start ends, is the header once and reads back as no rows (it
// had the header twice, which the next run, a resume, refused).
func TestWriteCSVEmpty(t *testing.T) {
	path := filepath.Join(t.TempDir(), "exact.csv")
	if err := WriteCSV(path, nil); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(path); string(data) != Header+"\n" {
		t.Errorf("%s holds %q, want the header alone", path, data)
	}
	if rows, err := ReadCSV(path); err != nil || len(rows) != 0 {
		t.Errorf("read back: %d rows, %v; want none", len(rows), err)
	}
}

// TestWriteCSVAsOtherOutputs: the file has the mode every other output
// has (it was 0600, os.CreateTemp's, whatever the umask), and a symbolic
// link a user made to it stays a link to the file rewritten.
func TestWriteCSVAsOtherOutputs(t *testing.T) {
	dir := t.TempDir()
	ref := filepath.Join(dir, "ref")
	if err := os.WriteFile(ref, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	want, _ := os.Stat(ref)
	kept := filepath.Join(dir, "kept.csv")
	link := filepath.Join(dir, "exact.csv")
	if err := os.Symlink(kept, link); err != nil {
		t.Fatal(err)
	}
	if err := WriteCSV(link, nil); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("%s is no longer a link (%v)", link, err)
	}
	st, err := os.Stat(kept)
	if err != nil {
		t.Fatalf("the file the link leads to: %v", err)
	}
	if st.Mode() != want.Mode() {
		t.Errorf("mode %v, want %v as os.WriteFile's 0644 under this umask", st.Mode(), want.Mode())
	}
	if data, _ := os.ReadFile(kept); string(data) != Header+"\n" {
		t.Errorf("%s holds %q, want the header alone", kept, data)
	}
}

// TestKeyString: a key reads as the command's lines and the CSV's
// messages name a start.
func TestKeyString(t *testing.T) {
	k := Key{Board: board.Board{Rows: 6, Cols: 6}, Start: board.Square{Row: 2, Col: 2}, Rule: "random"}
	if got := k.String(); got != "6x6 from 2,2 random" {
		t.Errorf("open: %q", got)
	}
	k.Closed, k.Rule = true, "pohl-random"
	if got := k.String(); got != "6x6 from 2,2 pohl-random closed" {
		t.Errorf("closed: %q", got)
	}
}

// Rows of starts that a symmetry maps to each other are one walk's under a
// random rule: a file in which they disagree is refused, naming both
// lines, even when each row holds together (3x14's corner hand-edited to
// 1/2, its fail_length to match, beside its mirror's 0.4473).
func TestCSVSymmetricStartsAgree(t *testing.T) {
	b := board.Board{Rows: 3, Cols: 4}
	r, err := From(context.Background(), b, board.Square{Row: 0, Col: 0}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	a, m := NewRow(r, board.Square{Row: 0, Col: 0}), NewRow(r, board.Square{Row: 0, Col: 3})
	path := filepath.Join(t.TempDir(), "e.csv")
	if err := WriteCSV(path, []Row{a, m}); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadCSV(path); err != nil {
		t.Fatalf("two rows of one walk: %v", err)
	}
	a.Probability, a.ProbabilityFraction, a.FailLength = 0.5, "1/2", "2=1/2"
	a.Tours, a.Walks = 1, 2
	if m.ProbabilityFraction == "1/2" {
		t.Fatal("the corner's probability is 1/2 already: pick another edit")
	}
	if err := WriteCSV(path, []Row{a, m}); err != nil {
		t.Fatal(err)
	}
	_, err = ReadCSV(path)
	if err == nil || !strings.Contains(err.Error(), "line 3: 3x4 from 0,3 random has probability") || !strings.Contains(err.Error(), "0,0 on line 2 1/2") {
		t.Errorf("rows of symmetric starts that disagree: %v", err)
	}
}

// A value gocsv cannot read is named by line and column name, not as
// "record on line 0; parse error on line 2, column 10", in a sealed file
// as in one written before rows were sealed.
func TestCSVParseErrorNamesColumn(t *testing.T) {
	row := "5,5,0,0,false,random,1,1,0,99999999999999999999999,32,,24,1"
	for name, data := range map[string]string{
		"unsealed": unsealedHeader + "\n" + row + "\n",
		"sealed":   string(seal([]byte(unsealedHeader + "\n" + row + "\n"))),
	} {
		_, err := ParseCSV("e.csv", []byte(data))
		if err == nil || !strings.HasPrefix(err.Error(), "e.csv: line 2: column tours: ") || strings.Contains(err.Error(), "record on line") {
			t.Errorf("%s: an over-large tours: %v", name, err)
		}
	}
}

// Every row of an exact CSV is sealed by its crc32c column: a figure
// edited by hand that no other column contradicts (the tours of 8x8's
// corner, the hostile report's 137300 made 1) is refused naming the file,
// the line and what to do, as is a line cut short; the same edit in a
// file written before rows were sealed cannot be seen, so such a file is
// read once more and written back sealed.
func TestCSVRowsSealed(t *testing.T) {
	var rows []Row
	for _, st := range []board.Square{{Row: 0, Col: 0}, {Row: 0, Col: 1}} {
		r, err := From(context.Background(), board.Board{Rows: 5, Cols: 5}, st, Options{})
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, NewRow(r, st))
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "e.csv")
	if err := WriteCSV(path, rows); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	lines := strings.SplitAfter(string(data), "\n")
	tours := fmt.Sprintf(",%d,%d,", rows[0].Tours, rows[0].Walks)
	if !strings.Contains(lines[1], tours) || rows[0].Tours < 2 {
		t.Fatalf("line 2 %q holds no %q", lines[1], tours)
	}
	// The last line's crc32c with its last two digits changed (a row's
	// time_ns, and so its crc32c, differs from run to run).
	last := lines[2][:len(lines[2])-3]
	edited := last + "00\n"
	if strings.HasSuffix(lines[2], "00\n") {
		edited = last + "ff\n"
	}
	for _, tc := range []struct{ name, content, want string }{
		{"tours edited", lines[0] + strings.Replace(lines[1], tours, fmt.Sprintf(",1,%d,", rows[0].Walks), 1) + lines[2],
			path + ": line 2: damaged: its CRC-32C is "},
		{"crc32c edited", lines[0] + lines[1] + edited, path + ": line 3: damaged: its CRC-32C is "},
		{"cut", string(data[:len(data)-5]), path + ": line 3: cut short (it does not end in its crc32c and a newline): remove the last line"},
		{"cut at the newline", string(data[:len(data)-1]), path + ": line 3: cut short"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			os.WriteFile(path, []byte(tc.content), 0o644)
			_, err := ReadCSV(path)
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) || !strings.Contains(err.Error(), "or name another file") {
				t.Errorf("got %v, want %q...", err, tc.want)
			}
		})
	}
	// Written before rows were sealed: read once more, written back sealed,
	// the same bytes as a file written now.
	unsealed := unsealedHeader + "\n"
	for _, l := range lines[1:3] {
		unsealed += l[:strings.LastIndexByte(l, ',')] + "\n"
	}
	os.WriteFile(path, []byte(unsealed), 0o644)
	back, err := ReadCSV(path)
	if err != nil || len(back) != 2 {
		t.Fatalf("unsealed: %d rows, %v", len(back), err)
	}
	if err := WriteCSV(path, back); err != nil {
		t.Fatal(err)
	}
	if again, _ := os.ReadFile(path); !bytes.Equal(again, data) {
		t.Errorf("written back:\n%s\nwant\n%s", again, data)
	}
	os.WriteFile(path, []byte(unsealed[:len(unsealed)-4]), 0o644)
	if _, err := ReadCSV(path); err == nil || !strings.Contains(err.Error(), "line 3: cut short (no newline at its end): remove the last line") {
		t.Errorf("unsealed, cut: %v", err)
	}
}

// TestReadCSVRefuses: -out is replaced whole after each walk, never
// appended to, so a torn last line is damage, not a crash's remains: it is
// refused, as a damaged line before it, a file not exact's, or one past
// MaxCSVBytes (without being read whole).
func TestReadCSVRefuses(t *testing.T) {
	var rows []Row
	for _, st := range []board.Square{{Row: 0, Col: 0}, {Row: 0, Col: 1}, {Row: 2, Col: 2}} {
		r, err := From(context.Background(), board.Board{Rows: 5, Cols: 5}, st, Options{})
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, NewRow(r, st))
	}
	dir := t.TempDir()
	good := filepath.Join(dir, "good.csv")
	if err := WriteCSV(good, rows); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(good)
	if got, err := ReadCSV(good); err != nil || len(got) != 3 {
		t.Fatalf("the file written: %d rows, %v", len(got), err)
	}
	lines := strings.SplitAfter(string(data), "\n") // the last is ""
	for _, tc := range []struct{ name, content, want string }{
		{"torn last line", string(data[:len(data)-30]), "line 4: cut short (it does not end in its crc32c and a newline): remove the last line"},
		{"torn header", Header[:10], "not an exact CSV"},
		{"damaged middle line", lines[0] + "5,5,0\n" + lines[2] + lines[3], "line 2"},
		{"not exact's", "a,b\n1,2", "not an exact CSV"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+".csv")
			os.WriteFile(path, []byte(tc.content), 0o644)
			got, err := ReadCSV(path)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("read %d rows, %v; want a refusal saying %q", len(got), err, tc.want)
			}
		})
	}
	big := filepath.Join(dir, "big.csv")
	os.WriteFile(big, data, 0o644)
	os.Truncate(big, MaxCSVBytes+1)
	if _, err := ReadCSV(big); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("a file past MaxCSVBytes: %v", err)
	}
}
