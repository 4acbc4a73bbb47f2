package durable

import (
	"bytes"
	"errors"
	"io"
	"testing"
)

// The last line is the CRC-32C of the body: the check value of the
// Castagnoli CRC, of "123456789", is e3069283 (RFC 3720, appendix B.4).
func TestSealKnownValue(t *testing.T) {
	if got := string(Seal([]byte("123456789"))); got != "123456789crc32c e3069283\n" {
		t.Errorf("sealed %q", got)
	}
	var buf bytes.Buffer
	w := NewWriter(&buf)
	for _, s := range []string{"1234", "", "56789"} {
		io.WriteString(w, s)
	}
	if err := w.Seal(); err != nil || buf.String() != "123456789crc32c e3069283\n" {
		t.Errorf("written %q, %v", buf.String(), err)
	}
}

// A sealed file reads back byte for byte, through Open and through a
// Reader in pieces of any size.
func TestRoundTrip(t *testing.T) {
	body := make([]byte, 100_000)
	for i := range body {
		body[i] = byte(i * 7 / 3)
	}
	sealed := Seal(bytes.Clone(body))
	got, err := Unseal(sealed)
	if err != nil || !bytes.Equal(got, body) {
		t.Fatalf("Open: %d bytes, %v", len(got), err)
	}
	for _, chunk := range []int{1, 7, 4096, 1 << 20} {
		r, err := NewReader(bytes.NewReader(sealed), int64(len(sealed)))
		if err != nil {
			t.Fatal(err)
		}
		var read []byte
		buf := make([]byte, chunk)
		for {
			n, err := r.Read(buf)
			read = append(read, buf[:n]...)
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		if err := r.Check(); err != nil || !bytes.Equal(read, body) {
			t.Errorf("chunks of %d: %d bytes, %v", chunk, len(read), err)
		}
	}
}

// Every byte flipped, body or last line, fails the check, as does every
// cut; a Reader whose body was read only in part still checks the whole.
func TestDamageRefused(t *testing.T) {
	sealed := Seal([]byte("knightsweep\n{\"tours\":[6450260]}\n"))
	check := func(data []byte) error {
		_, err := Unseal(data)
		r, rerr := NewReader(bytes.NewReader(data), int64(len(data)))
		if rerr == nil {
			io.CopyN(io.Discard, r, 5)
			rerr = r.Check()
		}
		if (err == nil) != (rerr == nil) {
			t.Errorf("Open says %v, a Reader %v", err, rerr)
		}
		return err
	}
	if err := check(sealed); err != nil {
		t.Fatal(err)
	}
	for i := range sealed {
		for _, mask := range []byte{0x01, 0x80, 0x55} {
			bad := bytes.Clone(sealed)
			bad[i] ^= mask
			var ce *ChecksumError
			if err := check(bad); !errors.As(err, &ce) {
				t.Errorf("byte %d ^ %#x: %v", i, mask, err)
			}
		}
	}
	for n := range len(sealed) {
		if err := check(sealed[:n]); err == nil {
			t.Errorf("cut to %d bytes: accepted", n)
		}
	}
	if err := check(append(bytes.Clone(sealed), '\n')); err == nil {
		t.Error("a byte added: accepted")
	}
}

// The cost of a checkpoint's checksum, a megabyte at a time as the
// frontier count writes and reads them (docs/performance.md: a 12.8 MB
// checkpoint of 5x32 -total).
func BenchmarkWriter(b *testing.B) {
	chunk := make([]byte, 1<<20)
	b.SetBytes(int64(len(chunk)))
	w := NewWriter(io.Discard)
	for b.Loop() {
		w.Write(chunk)
	}
}
