package certify_test

import (
	"bytes"
	"strings"
	"testing"

	"knightsweep/pkg/board"
	"knightsweep/pkg/certify"
	"knightsweep/pkg/theory"
	"knightsweep/pkg/tour"
)

func stored(t *testing.T) []theory.Certificate {
	t.Helper()
	certs, err := theory.ReadCertificates(bytes.NewReader(theory.CertificatesFile))
	if err != nil {
		t.Fatal(err)
	}
	return certs
}

// Every stored certificate replays to a tour the validator accepts, from
// its start to its end: all of them under make test-long, every 25th and
// those of 9x11 and 5x41 under make test.
func TestReplayStored(t *testing.T) {
	certs := stored(t)
	if len(certs) < 1000 {
		t.Fatalf("%d certificates stored", len(certs))
	}
	for k, c := range certs {
		board := [2]int{c.Rows, c.Cols}
		if testing.Short() && k%25 != 0 && board != [2]int{9, 11} && board != [2]int{5, 41} {
			continue
		}
		if _, err := certify.Replay(c); err != nil {
			t.Error(err)
		}
	}
}

// Every start a certificate settles gets a tour from it, checked by the
// validator on the board as asked (either way round): every certified
// board under make test-long, 9x11, 7x41 and 39x41 under make test.
func TestTourFromEveryStart(t *testing.T) {
	for m := 5; m <= theory.MaxSettled; m += 2 {
		for n := m + 2; n <= theory.MaxSettled; n += 2 {
			if testing.Short() && !(m == 9 && n == 11 || m == 7 && n == 41 || m == 39 && n == 41) {
				continue
			}
			for _, b := range [][2]int{{m, n}, {n, m}} {
				rows, cols := b[0], b[1]
				starts := 0
				var rp certify.Replayer
				for r := range rows {
					for c := range cols {
						v := theory.Settle(rows, cols, r, c, false)
						if v.Kind != theory.KindCertificate {
							continue
						}
						starts++
						squares, err := rp.Tour(rows, cols, r, c, v)
						if err != nil {
							t.Fatal(err)
						}
						if err := tour.Validate(rows, cols, r*cols+c, squares, false); err != nil {
							t.Fatalf("%dx%d from %d,%d: %v", rows, cols, r, c, err)
						}
					}
				}
				if m > 5 || n > 9 {
					if want := (m*n + 1) / 2; starts != want {
						t.Errorf("%dx%d: %d starts certified, want the %d corner-coloured squares", rows, cols, starts, want)
					}
				}
			}
		}
	}
}

// A corrupted certificate is refused: a seed whose walk is no tour, or an
// end the tour does not reach, or a square off the board; and Tour refuses
// a verdict that rests on no certificate.
func TestCorruptedRefused(t *testing.T) {
	good := stored(t)[0]
	if _, err := certify.Replay(good); err != nil {
		t.Fatal(err)
	}
	wrongEnd := good
	wrongEnd.End = (good.End + 2) % (good.Rows * good.Cols)
	if _, err := certify.Replay(wrongEnd); err == nil || !strings.Contains(err.Error(), "not on the end it names") {
		t.Errorf("a wrong end: %v", err)
	}
	// A seed whose walk gets stuck: some seed among the first hundred does
	// on 7x9 from a corner (warnsdorff with random ties fails from it).
	failing := false
	for seed := range uint64(100) {
		c := theory.Certificate{Rows: 7, Cols: 9, Start: 0, Seed: seed}
		squares, err := certify.Replay(c)
		if squares == nil && err != nil && strings.Contains(err.Error(), "not a tour") {
			failing = true
			break
		}
	}
	if !failing {
		t.Error("no seed of the first hundred fails on 7x9 from 0,0: nothing shows a stuck walk refused")
	}
	off := good
	off.Start = good.Rows * good.Cols
	if _, err := certify.Replay(off); err == nil || !strings.Contains(err.Error(), "off the board") {
		t.Errorf("a start off the board: %v", err)
	}
	if _, err := certify.Tour(7, 9, 0, 1, theory.Settle(7, 9, 0, 1, false)); err == nil {
		t.Error("Tour from a square the colour rule rules out: no error")
	}
	// A certificate that covers another square than the one asked.
	v := theory.Settle(good.Rows, good.Cols, good.Start/good.Cols, good.Start%good.Cols, false)
	other := *v.Certificate
	v.Certificate = &other
	r, c := 2, 2
	gb := board.Board{Rows: good.Rows, Cols: good.Cols}
	if gb.Images(r*good.Cols+c) == gb.Images(good.Start) {
		r = 1
	}
	if _, err := certify.Tour(good.Rows, good.Cols, r, c, v); err == nil || !strings.Contains(err.Error(), "covers neither") {
		t.Errorf("a certificate of another square: %v", err)
	}
}
