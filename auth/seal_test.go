package auth

import (
	"errors"
	"testing"
)

func TestSealer(t *testing.T) {
	k1, k2 := make([]byte, 32), make([]byte, 32)
	k2[0] = 1
	s, err := NewSealer(k1)
	if err != nil {
		t.Fatal(err)
	}
	sealed, err := s.Seal("secret-token", "u\x00p\x00access")
	if err != nil {
		t.Fatal(err)
	}
	if got, err := s.Open(sealed, "u\x00p\x00access"); err != nil || got != "secret-token" {
		t.Fatalf("Open = %q, %v, want the value", got, err)
	}
	if _, err := s.Open(sealed, "v\x00p\x00access"); !errors.Is(err, ErrUnsealable) {
		t.Fatalf("Open in another context = %v, want ErrUnsealable", err)
	}
	rotated, _ := NewSealer(k2, k1)
	if got, err := rotated.Open(sealed, "u\x00p\x00access"); err != nil || got != "secret-token" || rotated.Current(sealed) {
		t.Fatalf("Open after rotation = %q, %v, current %v; want the value, not current", got, err, rotated.Current(sealed))
	}
	dropped, _ := NewSealer(k2)
	if _, err := dropped.Open(sealed, "u\x00p\x00access"); !errors.Is(err, ErrUnsealable) {
		t.Fatalf("Open with a dropped key = %v, want ErrUnsealable", err)
	}
	b := []byte(sealed)
	i := len(b) - 10 // inside the ciphertext's tag
	b[i] = map[bool]byte{true: 'B', false: 'A'}[b[i] == 'A']
	tampered := string(b)
	if _, err := s.Open(tampered, "u\x00p\x00access"); !errors.Is(err, ErrUnsealable) {
		t.Fatalf("Open of an altered value = %v, want ErrUnsealable", err)
	}
	var zero Sealer
	if _, err := zero.Seal("x", ""); err == nil {
		t.Fatal("the zero Sealer sealed a value")
	}
	if _, err := zero.Open(sealed, "u\x00p\x00access"); !errors.Is(err, ErrUnsealable) {
		t.Fatalf("zero Sealer Open = %v, want ErrUnsealable", err)
	}
	if _, err := NewSealer(make([]byte, 16)); err == nil {
		t.Fatal("NewSealer accepted a 16-byte key")
	}
}
