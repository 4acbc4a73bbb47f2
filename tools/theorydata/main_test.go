package main

import (
	"bytes"
	"context"
	"testing"

	"knightsweep/pkg/board"
	"knightsweep/pkg/theory"
)

// The stored files are what the generator writes: its counts of 3x13 and
// 4x10 and its certificates of 9x11 and 7x41 are the stored ones, byte for
// byte in the files' form; and the boards it covers are those package
// theory leaves to counts and certificates.
func TestGeneratesStored(t *testing.T) {
	counts, err := theory.ReadCounts(bytes.NewReader(theory.CountsFile))
	if err != nil {
		t.Fatal(err)
	}
	certs, err := theory.ReadCertificates(bytes.NewReader(theory.CertificatesFile))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(counts), len(countedBoards(theory.MaxSettled)); got != want {
		t.Errorf("%d counted boards stored, the generator counts %d", got, want)
	}
	for _, b := range []board.Board{{Rows: 3, Cols: 13}, {Rows: 4, Cols: 10}} {
		cb, err := countBoard(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		var got, want bytes.Buffer
		theory.WriteCounts(&got, "", []theory.CountedBoard{cb})
		for _, s := range counts {
			if s.Rows == b.Rows && s.Cols == b.Cols {
				theory.WriteCounts(&want, "", []theory.CountedBoard{s})
			}
		}
		if got.String() != want.String() {
			t.Errorf("%v: the generator counts\n%s\nstored:\n%s", b, &got, &want)
		}
	}
	for _, b := range []board.Board{{Rows: 9, Cols: 11}, {Rows: 7, Cols: 41}} {
		gen, _, err := certifyBoard(b, 1000, 16)
		if err != nil {
			t.Fatal(err)
		}
		var got, want bytes.Buffer
		theory.WriteCertificates(&got, "", gen)
		var stored []theory.Certificate
		for _, c := range certs {
			if c.Rows == b.Rows && c.Cols == b.Cols {
				stored = append(stored, c)
			}
		}
		theory.WriteCertificates(&want, "", stored)
		if got.String() != want.String() {
			t.Errorf("%v: the generator certifies\n%s\nstored:\n%s", b, &got, &want)
		}
	}
	boards := map[[2]int]bool{}
	for _, c := range certs {
		boards[[2]int{c.Rows, c.Cols}] = true
	}
	if got, want := len(boards), len(certifiedBoards(theory.MaxSettled)); got != want {
		t.Errorf("certificates stored for %d boards, the generator certifies %d", got, want)
	}
}
