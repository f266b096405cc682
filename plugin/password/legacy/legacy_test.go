package legacy

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
)

type vectorFile struct {
	Firebase struct {
		SignerKey     string
		SaltSeparator string
		Rounds        int
		MemCost       int
	}
	Vectors []struct {
		Scheme      string
		Password    string
		Hash        string
		AlsoMatches []string
	}
}

func loadVectors(tb testing.TB) vectorFile {
	tb.Helper()
	b, err := os.ReadFile("testdata/vectors.json")
	if err != nil {
		tb.Fatal(err)
	}
	var vf vectorFile
	if err := json.Unmarshal(b, &vf); err != nil {
		tb.Fatal(err)
	}
	return vf
}

func newVerifier(tb testing.TB) *Verifier {
	tb.Helper()
	fb := loadVectors(tb).Firebase
	v, err := New(WithFirebase(FirebaseParams{SignerKey: auth.NewSecret(fb.SignerKey), SaltSeparator: fb.SaltSeparator,
		Rounds: fb.Rounds, MemCost: fb.MemCost}))
	if err != nil {
		tb.Fatal(err)
	}
	return v
}

// djangoVectors are Django's own, from tests/auth_tests/test_hashers.py
// (see testdata/README.md).
var djangoVectors = []struct{ password, hash string }{
	{"lètmein", "pbkdf2_sha256$390000$seasalt$8xBlGd3jVgvJ+92hWPxi5ww0uuAuAnKgC45eudxro7c="},
	{"lètmein", "pbkdf2_sha256$390000$seasalt2$geC/uZ92nRXDSjSxeoiBqYyRcrLzMm8xK3ro1QS1uo8="},
}

// check verifies encoded in scheme against the right password, its other
// spellings, and wrong ones.
func check(t *testing.T, v *Verifier, scheme, hash, password string, also []string) {
	t.Helper()
	ctx := context.Background()
	stored, err := v.Encode(scheme, hash)
	if err != nil {
		t.Fatalf("Encode(%s) = %v", scheme, err)
	}
	if !v.Recognizes(stored) {
		t.Errorf("Recognizes(%q) = false", stored)
	}
	for _, pw := range append([]string{password}, also...) {
		if ok, err := v.Verify(ctx, []byte(pw), stored); !ok || err != nil {
			t.Errorf("Verify(%q, %q) = %v, %v, want true", pw, stored, ok, err)
		}
	}
	for _, pw := range []string{"x" + password, password[:len(password)/2], strings.ToUpper(password) + "!", "", "correct horsf"} {
		if pw == password {
			continue
		}
		if ok, err := v.Verify(ctx, []byte(pw), stored); ok || err != nil {
			t.Errorf("Verify(%q, %q) = %v, %v, want false", pw, stored, ok, err)
		}
	}
}

// TestVectors verifies the hashes the original implementations made.
func TestVectors(t *testing.T) {
	v := newVerifier(t)
	vf := loadVectors(t)
	seen := map[string]int{}
	for _, vec := range vf.Vectors {
		t.Run(vec.Scheme+"/"+vec.Password, func(t *testing.T) {
			seen[vec.Scheme]++
			check(t, v, vec.Scheme, vec.Hash, vec.Password, vec.AlsoMatches)
			if vec.Scheme == Bcrypt {
				for _, minor := range []string{"$2a$", "$2y$"} {
					check(t, v, vec.Scheme, minor+vec.Hash[4:], vec.Password, vec.AlsoMatches)
				}
			}
		})
	}
	for _, vec := range djangoVectors {
		check(t, v, PBKDF2SHA256, vec.hash, vec.password, nil)
		seen["django"]++
	}
	for _, s := range append(v.Schemes(), "django") {
		if seen[s] < 2 {
			t.Errorf("%d vectors of %s, want at least 2", seen[s], s)
		}
	}
}

// TestFirebaseREADME: the sample hash of github.com/firebase/scrypt's
// README verifies with its sample project parameters.
func TestFirebaseREADME(t *testing.T) {
	check(t, newVerifier(t), FirebaseScrypt,
		"42xEC+ixf3L2lw==$lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==", "user1password", nil)
	// The Admin SDK's URL-safe alphabet is the same hash.
	check(t, newVerifier(t), FirebaseScrypt,
		"42xEC-ixf3L2lw==$lSrfV15cpx95_sZS2W9c9Kp6i_LVgQNDNC_qzrCnh1SAyZvqmZqAjTdn3aoItz-VHjoZilo78198JAdRuid5lQ==", "user1password", nil)
}

// TestFirebaseOtherProject: a Firebase hash does not verify under another
// project's signer key.
func TestFirebaseOtherProject(t *testing.T) {
	v, err := New(WithFirebase(FirebaseParams{SignerKey: auth.NewSecret(strings.Repeat("A", 86) + "=="), SaltSeparator: "Bw==", Rounds: 8, MemCost: 14}))
	if err != nil {
		t.Fatal(err)
	}
	stored, err := v.Encode(FirebaseScrypt, "42xEC+ixf3L2lw==$lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==")
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := v.Verify(context.Background(), []byte("user1password"), stored); ok || err != nil {
		t.Errorf("Verify under another signer key = %v, %v, want false", ok, err)
	}
}

// TestWithoutFirebase: firebase-scrypt is not offered, and refused, without
// the project's parameters.
func TestWithoutFirebase(t *testing.T) {
	v, err := New()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range v.Schemes() {
		if s == FirebaseScrypt {
			t.Error("Schemes() offers firebase-scrypt without WithFirebase")
		}
	}
	if _, err := v.Encode(FirebaseScrypt, "42xEC+ixf3L2lw==$lSrfV15c"); !errors.Is(err, ErrUnknownScheme) {
		t.Errorf("Encode(firebase-scrypt) without parameters = %v, want ErrUnknownScheme", err)
	}
	if ok, err := v.Verify(context.Background(), []byte("x"), firebasePrefix+"42xEC+ixf3L2lw==$lSrfV15c"); ok || !errors.Is(err, ErrUnknownScheme) {
		t.Errorf("Verify(firebase) without parameters = %v, %v, want ErrUnknownScheme", ok, err)
	}
}

// TestNewRefusesBadFirebaseParams: parameters outside Firebase's ranges or
// not base64 fail New.
func TestNewRefusesBadFirebaseParams(t *testing.T) {
	good := FirebaseParams{SignerKey: auth.NewSecret("jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA=="),
		SaltSeparator: "Bw==", Rounds: 8, MemCost: 14}
	for name, mod := range map[string]func(*FirebaseParams){
		"rounds 0": func(p *FirebaseParams) { p.Rounds = 0 }, "rounds 9": func(p *FirebaseParams) { p.Rounds = 9 },
		"mem cost 0": func(p *FirebaseParams) { p.MemCost = 0 }, "mem cost 30": func(p *FirebaseParams) { p.MemCost = 30 },
		"no signer key":         func(p *FirebaseParams) { p.SignerKey = auth.Secret{} },
		"signer key not base64": func(p *FirebaseParams) { p.SignerKey = auth.NewSecret("not base64!") },
		"separator not base64":  func(p *FirebaseParams) { p.SaltSeparator = "B w" },
	} {
		p := good
		mod(&p)
		if _, err := New(WithFirebase(p)); err == nil {
			t.Errorf("New(%s) = nil error", name)
		}
	}
	if _, err := New(WithConcurrency(0)); err == nil {
		t.Error("New(WithConcurrency(0)) = nil error")
	}
}

// TestSchemesDoNotOverlap (namespace collisions): a hash of one scheme is
// refused under every other, and each stored form is read back as the
// scheme it was imported as, so no string means two things.
func TestSchemesDoNotOverlap(t *testing.T) {
	v := newVerifier(t)
	for _, vec := range loadVectors(t).Vectors {
		for _, other := range v.Schemes() {
			if other == vec.Scheme {
				continue
			}
			if stored, err := v.Encode(other, vec.Hash); err == nil {
				t.Errorf("Encode(%s, a %s hash) = %q, want an error", other, vec.Scheme, stored)
			}
		}
		stored, err := v.Encode(vec.Scheme, vec.Hash)
		if err != nil {
			t.Fatal(err)
		}
		h, err := v.parseStored(stored)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := v.parseExport(vec.Scheme, vec.Hash)
		if fmt.Sprintf("%T", h) != fmt.Sprintf("%T", want) || h.stored() != stored {
			t.Errorf("stored %q reads back as %T %q, want %T", stored, h, h.stored(), want)
		}
	}
}

// TestSignerKeyNeverPrints: a Verifier and a parsed Firebase hash print
// without the signer key.
func TestSignerKeyNeverPrints(t *testing.T) {
	v := newVerifier(t)
	h, err := v.parseExport(FirebaseScrypt, "42xEC+ixf3L2lw==$lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==")
	if err != nil {
		t.Fatal(err)
	}
	key := []byte(v.firebase.signerKey.Reveal())
	for _, s := range []string{fmt.Sprintf("%+v %+v %#v", *v, *v.firebase, h), fmt.Sprint(h)} {
		if strings.Contains(s, string(key)) || strings.Contains(s, fmt.Sprint(key)) || strings.Contains(s, "jxspr8Ki0RY") {
			t.Errorf("printed the signer key: %s", s)
		}
	}
}
