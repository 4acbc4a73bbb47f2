package count

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"knightsweep/internal/durable"
	"knightsweep/pkg/board"
)

// counter is one kind of count, as a test runs it: its total, and whether
// it completed.
type counter func(ctx context.Context, b board.Board, opt Options) (*big.Int, bool, error)

func totalCounter(ctx context.Context, b board.Board, opt Options) (*big.Int, bool, error) {
	g, err := Total(ctx, b, opt)
	return g.Total, g.AllComplete, err
}

func allCounter(ctx context.Context, b board.Board, opt Options) (*big.Int, bool, error) {
	g, err := All(ctx, b, opt)
	return g.Total, g.AllComplete, err
}

func cornerCounter(ctx context.Context, b board.Board, opt Options) (*big.Int, bool, error) {
	r, err := From(ctx, b, board.Square{}, opt)
	return r.Tours, r.Complete, err
}

// stoppedCheckpoint runs count with opt until its progress reaches stopAt,
// and returns the checkpoint it kept.
func stoppedCheckpoint(t *testing.T, count counter, b board.Board, opt Options, stopAt int) []byte {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opt.Progress = func(done, total int) {
		if done >= stopAt {
			cancel()
		}
	}
	if _, complete, err := count(ctx, b, opt); err != nil || complete {
		t.Fatalf("stopped count: complete %v, %v", complete, err)
	}
	data, err := os.ReadFile(opt.Checkpoint)
	if err != nil {
		t.Fatalf("no checkpoint after a stop: %v", err)
	}
	return data
}

// flipped returns data with the byte at i changed.
func flipped(data []byte, i int) []byte {
	out := bytes.Clone(data)
	out[i] ^= 0x55
	return out
}

// refusedAsDamaged checks that count refuses the checkpoint data as
// damaged, saying what to do, and leaves the file unchanged.
func refusedAsDamaged(t *testing.T, count counter, b board.Board, opt Options, data []byte, what string) {
	t.Helper()
	if err := os.WriteFile(opt.Checkpoint, data, 0o644); err != nil {
		t.Fatal(err)
	}
	n, complete, err := count(context.Background(), b, opt)
	var ue *UnusableError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), "is damaged") || !strings.Contains(err.Error(), "delete it to count from the start") {
		t.Errorf("%s: count %v (complete %v), error %v; want it refused as damaged", what, n, complete, err)
	}
	if now, _ := os.ReadFile(opt.Checkpoint); !bytes.Equal(now, data) {
		t.Errorf("%s: the refused checkpoint was changed", what)
	}
}

// resumes checks that count resumes from the checkpoint data to want.
func resumes(t *testing.T, count counter, b board.Board, opt Options, data []byte, want *big.Int) {
	t.Helper()
	if err := os.WriteFile(opt.Checkpoint, data, 0o644); err != nil {
		t.Fatal(err)
	}
	got, complete, err := count(context.Background(), b, opt)
	if err != nil || !complete || got.Cmp(want) != 0 {
		t.Errorf("undamaged checkpoint: count %v (complete %v), %v; want %v", got, complete, err, want)
	}
}

// A frontier count's checkpoint damaged anywhere (a byte flipped in its
// first line, its JSON header, its states or its checksum line; a number
// of its header edited; the file cut) is refused as damaged, with what to
// do, and the same file undamaged resumes to the right count. Without the
// checksum, a byte flipped in the states gave a wrong count that said it
// was complete (5x32 -total: 1.2e58 for 7.8e38).
func TestFrontierCheckpointDamage(t *testing.T) {
	b := board.Board{Rows: 4, Cols: 5}
	for _, tc := range []struct {
		name    string
		count   counter
		stopAt  int // of 40 steps a pass: 20 squares, then the join
		joining bool
	}{
		{"-total in its sides", totalCounter, 10, false},
		{"-total in its join", totalCounter, 30, true},
		{"from a corner", cornerCounter, 12, false},
		{"-starts all in the second pass", allCounter, 50, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, _, err := tc.count(context.Background(), b, Options{Method: Frontier})
			if err != nil || want.Sign() == 0 {
				t.Fatal(want, err)
			}
			opt := Options{Method: Frontier, Checkpoint: filepath.Join(t.TempDir(), "ck"), CheckpointEvery: time.Hour, joinChunk: 64}
			data := stoppedCheckpoint(t, tc.count, b, opt, tc.stopAt)
			if ck, err := readCheckpoint(opt.Checkpoint, b.Squares(), 0, ""); err != nil || (ck.Join.Chunks > 0) != tc.joining {
				t.Fatalf("checkpoint in a join: %v, want %v (%v)", ck != nil && ck.Join.Chunks > 0, tc.joining, err)
			}
			header := len(frontierFormat.Head())
			states := header + bytes.IndexByte(data[header:], '\n') + 1
			trailer := len(data) - durable.TrailerSize
			if trailer-states < 2*24 {
				t.Fatalf("a checkpoint of %d states' bytes: too few to damage", trailer-states)
			}
			for _, at := range []struct {
				what string
				i    int
			}{
				{"its first byte", 0},
				{"its format number", header - 2},
				{"its header", header + 10},
				{"its header's last byte", states - 2},
				{"its header's newline", states - 1},
				{"its first state's key", states},
				{"a count in the middle of its states", states + (trailer-states)/48*24 + 12},
				{"its last state's count", trailer - 1},
				{"its checksum line", trailer + 3},
				{"its checksum", trailer + 10},
				{"its last byte", len(data) - 1},
			} {
				refusedAsDamaged(t, tc.count, b, opt, flipped(data, at.i), fmt.Sprintf("byte %d flipped (%s)", at.i, at.what))
			}
			// The front side's tours, one more: a number of the same
			// length, so that the states are where the header says.
			edited := regexp.MustCompile(`"front":\{[^}]*"tours":"(\d)`).FindSubmatchIndex(data)
			if edited == nil {
				t.Fatalf("no front tours in %.300q", data)
			}
			bad := bytes.Clone(data)
			bad[edited[2]] = "1234567890"[bad[edited[2]]-'0']
			refusedAsDamaged(t, tc.count, b, opt, bad, "the front side's tours edited")
			for _, n := range []int{len(data) - 1, trailer, trailer - 24, states, len(data) / 2} {
				refusedAsDamaged(t, tc.count, b, opt, data[:n], fmt.Sprintf("cut to %d bytes of %d", n, len(data)))
			}
			resumes(t, tc.count, b, opt, data, want)
		})
	}
}

// A checkpoint of the format before the checksum (the same bytes without
// the checksum line, under format number 2) is refused, saying why and
// what to do: nothing can tell it whole from damaged.
func TestFrontierCheckpointWithoutChecksum(t *testing.T) {
	b := board.Board{Rows: 5, Cols: 6}
	opt := Options{Method: Frontier, Checkpoint: filepath.Join(t.TempDir(), "ck"), CheckpointEvery: time.Hour}
	data := stoppedCheckpoint(t, totalCounter, b, opt, 14)
	old := bytes.Replace(data[:len(data)-durable.TrailerSize], []byte(frontierFormat.Head()), []byte("knightsweep frontier checkpoint 2\n"), 1)
	os.WriteFile(opt.Checkpoint, old, 0o644)
	_, _, err := totalCounter(context.Background(), b, opt)
	for _, want := range []string{"earlier version", "format 2, without a checksum", "delete it to count from the start"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("format 2 checkpoint: %v; want %q", err, want)
		}
	}
}

// A count refuses another count's checkpoint saying what each is, in
// words and in the flags that ask for it, and not telling the user to
// remove the other count's work.
func TestFrontierCheckpointOfAnotherCount(t *testing.T) {
	b := board.Board{Rows: 5, Cols: 6}
	opt := Options{Method: Frontier, Checkpoint: filepath.Join(t.TempDir(), "ck"), CheckpointEvery: time.Hour}
	stoppedCheckpoint(t, totalCounter, b, opt, 14)
	total := "5x6, every start together (-rows 5 -cols 6 -total)"
	for _, tc := range []struct {
		count counter
		b     board.Board
		want  string
	}{
		{cornerCounter, b, total + ", not this one, 5x6 from 0,0 (-rows 5 -cols 6 -starts 0,0)"},
		{allCounter, b, total + ", not this one, 5x6, every start (-rows 5 -cols 6 -starts all)"},
		{totalCounter, board.Board{Rows: 6, Cols: 5}, total + ", not this one, 6x5, every start together (-rows 6 -cols 5 -total)"},
	} {
		_, _, err := tc.count(context.Background(), tc.b, opt)
		if err == nil || !strings.Contains(err.Error(), "belongs to another count, "+tc.want+": run that count to resume it, or name another file") {
			t.Errorf("error %v, want %q", err, tc.want)
		}
	}
}

// A count from a start the colour rule leaves without a tour (0,1 of 5x5)
// has no pass to make; another count's checkpoint is still refused naming
// the start the user gave, not "every start in 0 passes".
func TestFrontierCheckpointOfAnotherStart(t *testing.T) {
	b := board.Board{Rows: 5, Cols: 5}
	opt := Options{Method: Frontier, Checkpoint: filepath.Join(t.TempDir(), "ck"), CheckpointEvery: time.Hour}
	stoppedCheckpoint(t, cornerCounter, b, opt, 10)
	_, err := From(context.Background(), b, board.Square{Row: 0, Col: 1}, opt)
	want := "belongs to another count, 5x5 from 0,0 (-sizes 5 -starts 0,0), not this one, 5x5 from 0,1 (-sizes 5 -starts 0,1)"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error %v, want %q", err, want)
	}
}

// A frontier count's checkpoint given to an enumeration is named for what
// it is, whatever its size (larger than an enumeration checkpoint's bound
// too), and never called damaged: deleting it would lose the frontier
// count's work. The same holds the other way round.
func TestCheckpointOfTheOtherMethod(t *testing.T) {
	b := board.Board{Rows: 5, Cols: 5}
	dir := t.TempDir()
	frontier := Options{Method: Frontier, Checkpoint: filepath.Join(dir, "frontier"), CheckpointEvery: time.Hour}
	data := stoppedCheckpoint(t, cornerCounter, b, frontier, 10)
	// The same checkpoint with states added past the enumeration's bound:
	// the header's count of states and the checksum made to agree.
	body := data[len(frontierFormat.Head()) : len(data)-durable.TrailerSize]
	line, states, _ := bytes.Cut(body, []byte("\n"))
	var h checkpointHeader
	if err := json.Unmarshal(line, &h); err != nil {
		t.Fatal(err)
	}
	extra := enumCheckpointMax/24 + 1
	h.Back.States += int64(extra)
	line, _ = json.Marshal(h)
	large := filepath.Join(dir, "large")
	err := durable.Write(large, frontierFormat, func(w io.Writer) error {
		w.Write(append(line, '\n'))
		w.Write(states)
		_, err := w.Write(make([]byte, 24*extra))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(large); st.Size() <= enumCheckpointMax {
		t.Fatalf("%d bytes, want more than %d", st.Size(), enumCheckpointMax)
	}
	enumerate := Options{Method: Enumerate, Checkpoint: filepath.Join(dir, "enum")}
	ctx, cancel := context.WithCancel(context.Background())
	enumerate.Progress = func(done, total int) {
		if done > 0 {
			cancel()
		}
	}
	if _, err := From(ctx, b, board.Square{}, enumerate); err != nil {
		t.Fatal(err)
	}
	enumerate.Progress = nil
	for _, tc := range []struct {
		name string
		path string
		opt  Options
		at   board.Square
		want string
	}{
		{"frontier's", frontier.Checkpoint, enumerate, board.Square{},
			"checkpoint " + frontier.Checkpoint + " is a frontier count's checkpoint of 5x5 from 0,0 (-sizes 5 -starts 0,0): give -method frontier, or name another file"},
		{"frontier's, larger than an enumeration's bound", large, enumerate, board.Square{},
			"checkpoint " + large + " is a frontier count's checkpoint of 5x5 from 0,0 (-sizes 5 -starts 0,0): give -method frontier, or name another file"},
		{"frontier's, of another start", large, enumerate, board.Square{Row: 1, Col: 2},
			"checkpoint " + large + " is a frontier count's checkpoint of 5x5 from 0,0 (-sizes 5 -starts 0,0), not of this count, 5x5 from 1,2 (-sizes 5 -starts 1,2): run that count with -method frontier to resume it, or name another file"},
		{"enumeration's", enumerate.Checkpoint, frontier, board.Square{},
			"checkpoint " + enumerate.Checkpoint + " is an enumeration's checkpoint of 5x5 from 0,0 (-sizes 5 -starts 0,0): give -method enumerate, or name another file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opt := tc.opt
			opt.Checkpoint = tc.path
			_, err := From(context.Background(), b, tc.at, opt)
			var ue *UnusableError
			if !errors.As(err, &ue) || err.Error() != tc.want {
				t.Errorf("got %v\nwant %s", err, tc.want)
			}
		})
	}
}

// An enumeration's checkpoint with its tours edited (the hostile report:
// 1000 added to a search's tours, resumed to a count 1000 too high marked
// complete), a byte flipped anywhere, or cut, is refused as damaged; the
// same file undamaged resumes to the right count; the format before the
// checksum is refused by name.
func TestEnumerationCheckpointDamage(t *testing.T) {
	b := board.Board{Rows: 5, Cols: 5}
	want, _, err := allCounter(context.Background(), b, Options{Method: Enumerate})
	if err != nil {
		t.Fatal(err)
	}
	opt := Options{Method: Enumerate, Workers: 1, Checkpoint: filepath.Join(t.TempDir(), "ck.json")}
	data := stoppedCheckpoint(t, allCounter, b, opt, 3)
	tours := regexp.MustCompile(`"tours":\[(\d+)`).FindSubmatchIndex(data)
	if tours == nil {
		t.Fatalf("no tours in %.300q", data)
	}
	n, _ := strconv.Atoi(string(data[tours[2]:tours[3]]))
	edited := slices.Concat(data[:tours[2]], []byte(strconv.Itoa(n+1000)), data[tours[3]:])
	refusedAsDamaged(t, allCounter, b, opt, edited, "1000 added to the tours")
	json := len(enumFormat.Head())
	trailer := len(data) - durable.TrailerSize
	for _, i := range []int{0, json - 2, json, json + (trailer-json)/2, trailer - 2, trailer - 1, trailer + 9, len(data) - 1} {
		refusedAsDamaged(t, allCounter, b, opt, flipped(data, i), fmt.Sprintf("byte %d of %d flipped", i, len(data)))
	}
	for _, n := range []int{len(data) - 1, trailer, trailer - 1, len(data) / 2} {
		refusedAsDamaged(t, allCounter, b, opt, data[:n], fmt.Sprintf("cut to %d bytes of %d", n, len(data)))
	}
	old := bytes.Replace(data[:trailer], []byte(enumFormat.Head()), []byte("knightsweep enumeration checkpoint 1\n"), 1)
	os.WriteFile(opt.Checkpoint, old, 0o644)
	if _, _, err := allCounter(context.Background(), b, opt); err == nil || !strings.Contains(err.Error(), "format 1, without a checksum") ||
		!strings.Contains(err.Error(), "delete it to count from the start") {
		t.Errorf("format 1 checkpoint: %v", err)
	}
	resumes(t, allCounter, b, opt, data, want)
}
