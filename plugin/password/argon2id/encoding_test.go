package argon2id

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

const vector = "$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc"

// parseTests are also FuzzParse's seeds.
var parseTests = []struct {
	name    string
	in      string
	want    Params // with wantErr nil
	wantErr error
}{
	{"reference vector", vector, Params{Memory: 65536, Iterations: 2, Parallelism: 1, SaltLength: 8, KeyLength: 32}, nil},
	{"default params", "$argon2id$v=19$m=19456,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", DefaultParams, nil},
	{"minimum", "$argon2id$v=19$m=8,t=1,p=1$AAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAA", Params{Memory: 8, Iterations: 1, Parallelism: 1, SaltLength: 8, KeyLength: 16}, nil},
	{"p=255", "$argon2id$v=19$m=2040,t=1,p=255$AAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAA", Params{Memory: 2040, Iterations: 1, Parallelism: 255, SaltLength: 8, KeyLength: 16}, nil},

	{"empty", "", Params{}, ErrMalformedHash},
	{"dollar", "$", Params{}, ErrMalformedHash},
	{"no leading dollar", strings.TrimPrefix(vector, "$"), Params{}, ErrMalformedHash},
	{"algorithm only", "$argon2id", Params{}, ErrMalformedHash},
	{"argon2i", strings.Replace(vector, "argon2id", "argon2i", 1), Params{}, ErrUnsupportedHash},
	{"argon2d", strings.Replace(vector, "argon2id", "argon2d", 1), Params{}, ErrUnsupportedHash},
	{"upper case algorithm", strings.Replace(vector, "argon2id", "ARGON2ID", 1), Params{}, ErrUnsupportedHash},
	{"bcrypt", "$2b$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy", Params{}, ErrUnsupportedHash},
	{"version 16", strings.Replace(vector, "v=19", "v=16", 1), Params{}, ErrUnsupportedHash},
	{"no version", strings.Replace(vector, "v=19$", "", 1), Params{}, ErrUnsupportedHash},
	{"version 019", strings.Replace(vector, "v=19", "v=019", 1), Params{}, ErrMalformedHash},
	{"version +19", strings.Replace(vector, "v=19", "v=+19", 1), Params{}, ErrMalformedHash},
	{"version overflow", strings.Replace(vector, "v=19", "v=4294967315", 1), Params{}, ErrMalformedHash},
	{"missing key", strings.TrimSuffix(vector, "$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc"), Params{}, ErrMalformedHash},
	{"trailing dollar", vector + "$", Params{}, ErrMalformedHash},
	{"keyid parameter", strings.Replace(vector, "p=1$", "p=1,keyid=AAAA$", 1), Params{}, ErrMalformedHash},
	{"data parameter", strings.Replace(vector, "p=1$", "p=1,data=AAAA$", 1), Params{}, ErrMalformedHash},
	{"parameters reordered", strings.Replace(vector, "m=65536,t=2", "t=2,m=65536", 1), Params{}, ErrMalformedHash},
	{"empty parameter", strings.Replace(vector, "m=65536,", "m=,", 1), Params{}, ErrMalformedHash},
	{"leading zero", strings.Replace(vector, "m=65536", "m=065536", 1), Params{}, ErrMalformedHash},
	{"plus sign", strings.Replace(vector, "t=2", "t=+2", 1), Params{}, ErrMalformedHash},
	{"minus sign", strings.Replace(vector, "t=2", "t=-2", 1), Params{}, ErrMalformedHash},
	{"space", strings.Replace(vector, "t=2", "t= 2", 1), Params{}, ErrMalformedHash},
	{"memory overflow", strings.Replace(vector, "m=65536", "m=4294967296", 1), Params{}, ErrMalformedHash},
	{"memory 11 digits", strings.Replace(vector, "m=65536", "m=10000000000", 1), Params{}, ErrMalformedHash},
	{"padded salt", strings.Replace(vector, "c29tZXNhbHQ", "c29tZXNhbHQ=", 1), Params{}, ErrMalformedHash},
	{"padded key", vector + "=", Params{}, ErrMalformedHash},
	{"non-canonical salt", strings.Replace(vector, "c29tZXNhbHQ", "c29tZXNhbHR", 1), Params{}, ErrMalformedHash},
	{"url alphabet", "$argon2id$v=19$m=8,t=1,p=1$AAAAAAAAAA-$AAAAAAAAAAAAAAAAAAAAAA", Params{}, ErrMalformedHash},
	{"newline in key", strings.Replace(vector, "CTFh", "CT\nFh", 1), Params{}, ErrMalformedHash},
	{"carriage return in salt", strings.Replace(vector, "c29t", "c2\r9t", 1), Params{}, ErrMalformedHash},
	{"trailing newline", vector + "\n", Params{}, ErrMalformedHash},
	{"too long", vector + strings.Repeat("A", maxEncodedLen), Params{}, ErrMalformedHash},
	{"7-byte salt", "$argon2id$v=19$m=8,t=1,p=1$AAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAA", Params{}, ErrInvalidParams},
	{"15-byte key", "$argon2id$v=19$m=8,t=1,p=1$AAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAA", Params{}, ErrInvalidParams},
	{"empty key", "$argon2id$v=19$m=8,t=1,p=1$AAAAAAAAAAA$", Params{}, ErrInvalidParams},
	{"memory below 8p", strings.Replace(vector, "m=65536,t=2,p=1", "m=15,t=2,p=2", 1), Params{}, ErrInvalidParams},
	{"memory 4 TiB", strings.Replace(vector, "m=65536", "m=4294967295", 1), Params{}, ErrInvalidParams},
	{"iterations 0", strings.Replace(vector, "t=2", "t=0", 1), Params{}, ErrInvalidParams},
	{"iterations 1025", strings.Replace(vector, "t=2", "t=1025", 1), Params{}, ErrInvalidParams},
	{"parallelism 0", strings.Replace(vector, "p=1", "p=0", 1), Params{}, ErrInvalidParams},
	{"parallelism 256", strings.Replace(vector, "p=1", "p=256", 1), Params{}, ErrInvalidParams},
}

func TestParse(t *testing.T) {
	for _, tt := range parseTests {
		t.Run(tt.name, func(t *testing.T) {
			p, salt, key, err := Parse(tt.in)
			if !errors.Is(err, tt.wantErr) || (tt.wantErr == nil) != (err == nil) {
				t.Fatalf("Parse(%q) = %v, want %v", tt.in, err, tt.wantErr)
			}
			if err != nil {
				if p != (Params{}) || salt != nil || key != nil {
					t.Errorf("Parse(%q) = %+v, %x, %x, %v, want zero results", tt.in, p, salt, key, err)
				}
				return
			}
			if p != tt.want {
				t.Errorf("Parse(%q) = %+v, want %+v", tt.in, p, tt.want)
			}
			if got := encode(p, salt, key); got != tt.in {
				t.Errorf("encode(Parse(%q)) = %q, want the input", tt.in, got)
			}
		})
	}
}

func TestParseVectorContents(t *testing.T) {
	_, salt, key, err := Parse(vector)
	// The reference's hex tag for this vector (src/test.c).
	const wantKey = "\x09\x31\x61\x15\xd5\xcf\x24\xed\x5a\x15\xa3\x1a\x3b\xa3\x26\xe5\xcf\x32\xed\xc2\x47\x02\x98\x7c\x02\xb6\x56\x6f\x61\x91\x3c\xf7"
	if err != nil || string(salt) != "somesalt" || !bytes.Equal(key, []byte(wantKey)) {
		t.Errorf("Parse(%q) = salt %q, key %x, %v, want %q, %x, <nil>", vector, salt, key, err, "somesalt", wantKey)
	}
}
