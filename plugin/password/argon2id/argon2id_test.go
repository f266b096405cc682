package argon2id

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// testParams are cheap, for tests that do not care about the cost.
var testParams = Params{Memory: 64, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32}

func newHasher(tb testing.TB, p Params, opts ...Option) *Hasher {
	tb.Helper()
	h, err := New(p, opts...)
	if err != nil {
		tb.Fatalf("New(%+v) = %v", p, err)
	}
	return h
}

func hash(tb testing.TB, h *Hasher, password string) string {
	tb.Helper()
	encoded, err := h.Hash(context.Background(), []byte(password))
	if err != nil {
		tb.Fatalf("Hash(%q) = %v", password, err)
	}
	return encoded
}

// referenceVectors are the Argon2id version 1.3 cases of the reference
// implementation's test suite (P-H-C/phc-winner-argon2, src/test.c), also
// in libsodium's and libar2's: argon2_hash with these inputs and a 32-byte
// tag writes exactly this string.
var referenceVectors = []struct {
	password, salt string
	encoded        string
	large          bool // 256 MiB: skipped with -short
}{
	{"password", "somesalt", "$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc", false},
	{"password", "somesalt", "$argon2id$v=19$m=262144,t=2,p=1$c29tZXNhbHQ$eP4eyR+zqlZX1y5xCFTkw9m5GYx0L5YWwvCFvtlbLow", true},
	{"password", "somesalt", "$argon2id$v=19$m=256,t=2,p=1$c29tZXNhbHQ$nf65EOgLrQMR/uIPnA4rEsF5h7TKyQwu9U1bMCHGi/4", false},
	{"password", "somesalt", "$argon2id$v=19$m=256,t=2,p=2$c29tZXNhbHQ$bQk8UB/VmZZF4Oo79iDXuL5/0ttZwg2f/5U52iv1cDc", false},
	{"password", "somesalt", "$argon2id$v=19$m=65536,t=1,p=1$c29tZXNhbHQ$9qWtwbpyPd3vm1rB1GThgPzZ3/ydHL92zKL+15XZypg", false},
	{"password", "somesalt", "$argon2id$v=19$m=65536,t=4,p=1$c29tZXNhbHQ$kCXUjmjvc5XMqQedpMTsOv+zyJEf5PhtGiUghW9jFyw", false},
	{"differentpassword", "somesalt", "$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$C4TWUs9rDEvq7w3+J4umqA32aWKB1+DSiRuBfYxFj94", false},
	{"password", "diffsalt", "$argon2id$v=19$m=65536,t=2,p=1$ZGlmZnNhbHQ$vfMrBczELrFdWP0ZsfhWsRPaHppYdP3MVEMIVlqoFBw", false},
}

func TestReferenceVectors(t *testing.T) {
	for _, tt := range referenceVectors {
		t.Run(tt.encoded[:strings.LastIndexByte(tt.encoded, '$')], func(t *testing.T) {
			if tt.large && testing.Short() {
				t.Skip("256 MiB vector skipped with -short")
			}
			t.Parallel()
			p, _, _, err := Parse(tt.encoded)
			if err != nil {
				t.Fatalf("Parse(%q) = %v", tt.encoded, err)
			}
			// Hash with the vector's salt must write the vector.
			h := newHasher(t, p, WithConcurrency(1), withRand(strings.NewReader(
				strings.Repeat("d", int(p.SaltLength+p.KeyLength))+tt.salt)))
			if got := hash(t, h, tt.password); got != tt.encoded {
				t.Errorf("Hash(%q) = %q, want %q", tt.password, got, tt.encoded)
			}
			if tt.large {
				return // one 256 MiB hash is enough
			}
			ok, err := h.Verify(context.Background(), []byte(tt.password), tt.encoded)
			if !ok || err != nil {
				t.Errorf("Verify(%q, %q) = %v, %v, want true, <nil>", tt.password, tt.encoded, ok, err)
			}
			if p.Memory > 256 {
				return // wrong passwords: the cheap vectors and TestHashVerify
			}
			ok, err = h.Verify(context.Background(), []byte(tt.password+"x"), tt.encoded)
			if ok || err != nil {
				t.Errorf("Verify(%q, %q) = %v, %v, want false, <nil>", tt.password+"x", tt.encoded, ok, err)
			}
		})
	}
}

func TestHashVerify(t *testing.T) {
	h := newHasher(t, testParams)
	for _, password := range []string{"correct horse battery staple", "", "пароль", "\x00\xff", strings.Repeat("a", 1000)} {
		encoded := hash(t, h, password)
		if ok, err := h.Verify(context.Background(), []byte(password), encoded); !ok || err != nil {
			t.Errorf("Verify(%q, %q) = %v, %v, want true, <nil>", password, encoded, ok, err)
		}
		wrong := password + "!"
		if ok, err := h.Verify(context.Background(), []byte(wrong), encoded); ok || err != nil {
			t.Errorf("Verify(%q, %q) = %v, %v, want false, <nil>", wrong, encoded, ok, err)
		}
		p, salt, key, err := Parse(encoded)
		if err != nil || p != testParams || len(salt) != 16 || len(key) != 32 {
			t.Errorf("Parse(%q) = %+v, %d-byte salt, %d-byte key, %v, want %+v, 16, 32, <nil>", encoded, p, len(salt), len(key), err, testParams)
		}
	}
	// Salts are new for every hash.
	if a, b := hash(t, h, "same"), hash(t, h, "same"); a == b {
		t.Errorf("Hash(%q) twice = %q both times, want different salts", "same", a)
	}
}

func TestVerifyTampered(t *testing.T) {
	h := newHasher(t, testParams, withRand(bytes.NewReader(bytes.Repeat([]byte{7}, 256))))
	const password = "correct horse battery staple"
	encoded := hash(t, h, password)
	_, salt, key, err := Parse(encoded)
	if err != nil {
		t.Fatal(err)
	}
	flip := func(b []byte) []byte { c := bytes.Clone(b); c[0] ^= 1; return c }
	with := func(p Params) Params { p.KeyLength = testParams.KeyLength; return p }
	tests := []struct {
		name    string
		encoded string
		wantErr error // nil: a plain mismatch
	}{
		{"key flipped", encode(testParams, salt, flip(key)), nil},
		{"salt flipped", encode(testParams, flip(salt), key), nil},
		{"key shortened", encode(testParams, salt, key[:16]), nil},
		{"memory", encode(with(Params{Memory: 65, Iterations: 1, Parallelism: 1}), salt, key), nil},
		{"iterations", encode(with(Params{Memory: 64, Iterations: 2, Parallelism: 1}), salt, key), nil},
		{"parallelism", encode(with(Params{Memory: 64, Iterations: 1, Parallelism: 2}), salt, key), nil},
		{"argon2i", strings.Replace(encoded, "$argon2id$", "$argon2i$", 1), ErrUnsupportedHash},
		{"version 16", strings.Replace(encoded, "$v=19$", "$v=16$", 1), ErrUnsupportedHash},
		{"no version", strings.Replace(encoded, "$v=19$", "$", 1), ErrUnsupportedHash},
		{"bcrypt", "$2b$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy", ErrUnsupportedHash},
		{"bad base64", strings.Replace(encoded, "$BwcH", "$B*cH", 1), ErrMalformedHash},
		{"padded base64", encoded + "=", ErrMalformedHash},
		{"empty", "", ErrMalformedHash},
		{"memory too small", strings.Replace(encoded, "m=64,", "m=7,", 1), ErrInvalidParams},
		{"memory 2 GiB", strings.Replace(encoded, "m=64,", "m=2097152,", 1), ErrInvalidParams},
		{"memory 4 TiB", strings.Replace(encoded, "m=64,", "m=4294967295,", 1), ErrInvalidParams},
		{"65 iterations", strings.Replace(encoded, "t=1,", "t=65,", 1), ErrInvalidParams},
		{"4294967295 iterations", strings.Replace(encoded, "t=1,", "t=4294967295,", 1), ErrInvalidParams},
		{"parallelism 65", strings.Replace(encoded, "m=64,t=1,p=1", "m=1024,t=1,p=65", 1), ErrInvalidParams},
		{"parallelism 0", strings.Replace(encoded, "p=1$", "p=0$", 1), ErrInvalidParams},
		{"parallelism 256", strings.Replace(encoded, "m=64,t=1,p=1", "m=4096,t=1,p=256", 1), ErrInvalidParams},
		{"iterations 0", strings.Replace(encoded, "t=1,", "t=0,", 1), ErrInvalidParams},
	}
	var computed atomic.Int32
	h.hooks.compute = func() { computed.Add(1) }
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			computed.Store(0)
			ok, err := h.Verify(context.Background(), []byte(password), tt.encoded)
			if ok || !errors.Is(err, tt.wantErr) || (tt.wantErr == nil) != (err == nil) {
				t.Errorf("Verify(%q) = %v, %v, want false, %v", tt.encoded, ok, err, tt.wantErr)
			}
			if tt.wantErr != nil && computed.Load() != 0 {
				t.Errorf("Verify(%q) computed a hash before refusing it", tt.encoded)
			}
		})
	}
}

// A hasher whose own parameters exceed the verify caps still verifies its
// own hashes.
func TestVerifyOwnParamsAboveCaps(t *testing.T) {
	p := Params{Memory: 8 * 80, Iterations: 65, Parallelism: 80, SaltLength: 16, KeyLength: 32}
	h := newHasher(t, p)
	encoded := hash(t, h, "pw")
	if ok, err := h.Verify(context.Background(), []byte("pw"), encoded); !ok || err != nil {
		t.Errorf("Verify(%q) = %v, %v, want true, <nil>", encoded, ok, err)
	}
	if ok, err := newHasher(t, testParams).Verify(context.Background(), []byte("pw"), encoded); ok || !errors.Is(err, ErrInvalidParams) {
		t.Errorf("Verify(%q) with %+v = %v, %v, want false, %v", encoded, testParams, ok, err, ErrInvalidParams)
	}
}

func TestNeedsRehash(t *testing.T) {
	h := newHasher(t, testParams)
	other := func(p Params) string { return hash(t, newHasher(t, p), "pw") }
	mod := func(f func(*Params)) Params { p := testParams; f(&p); return p }
	current := hash(t, h, "pw")
	tests := []struct {
		name    string
		encoded string
		want    bool
	}{
		{"same params", current, false},
		{"dummy", h.Dummy(), false},
		{"memory", other(mod(func(p *Params) { p.Memory = 128 })), true},
		{"iterations", other(mod(func(p *Params) { p.Iterations = 2 })), true},
		{"parallelism", other(mod(func(p *Params) { p.Parallelism = 2 })), true},
		{"salt length", other(mod(func(p *Params) { p.SaltLength = 32 })), true},
		{"key length", other(mod(func(p *Params) { p.KeyLength = 16 })), true},
		{"argon2i", strings.Replace(current, "$argon2id$", "$argon2i$", 1), true},
		{"version 16", strings.Replace(current, "$v=19$", "$v=16$", 1), true},
		{"bcrypt", "$2b$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy", true},
		{"malformed", current[:len(current)-1] + "*", true},
		{"empty", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := h.NeedsRehash(tt.encoded); got != tt.want {
				t.Errorf("NeedsRehash(%q) = %v, want %v", tt.encoded, got, tt.want)
			}
		})
	}
}

func TestDummy(t *testing.T) {
	h := newHasher(t, testParams)
	d := h.Dummy()
	p, _, _, err := Parse(d)
	if err != nil || p != testParams {
		t.Fatalf("Parse(Dummy()) = %+v, %v, want %+v, <nil>", p, err, testParams)
	}
	var computed atomic.Int32
	h.hooks.compute = func() { computed.Add(1) }
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if got := h.Dummy(); got != d {
				t.Errorf("Dummy() = %q, want %q", got, d)
			}
			if ok, err := h.Verify(context.Background(), []byte(""), d); ok || err != nil {
				t.Errorf("Verify(%q, Dummy()) = %v, %v, want false, <nil>", "", ok, err)
			}
		})
	}
	wg.Wait()
	if got := computed.Load(); got != 8 {
		t.Errorf("8 Verify(Dummy()) computed %d hashes, want 8", got)
	}
	if d2 := newHasher(t, testParams).Dummy(); d2 == d {
		t.Errorf("Dummy() of two hashers = %q both, want different", d)
	}
}

// With WithConcurrency(2), 20 concurrent calls never have more than 2
// hashes in flight: two computations are held inside their slot until the
// 18 others have all found the slots taken.
func TestConcurrencyBound(t *testing.T) {
	const n, calls = 2, 20
	h := newHasher(t, testParams, WithConcurrency(n))
	var inFlight, maxInFlight atomic.Int32
	entered, waiting, release := make(chan struct{}), make(chan struct{}), make(chan struct{})
	h.hooks.waiting = func() { waiting <- struct{}{} }
	h.hooks.compute = func() {
		cur := inFlight.Add(1)
		for m := maxInFlight.Load(); cur > m && !maxInFlight.CompareAndSwap(m, cur); m = maxInFlight.Load() {
		}
		entered <- struct{}{}
		<-release
		inFlight.Add(-1)
	}
	var wg sync.WaitGroup
	for i := range calls {
		wg.Go(func() {
			ctx := context.Background()
			if i%2 == 0 {
				if _, err := h.Hash(ctx, []byte("pw")); err != nil {
					t.Errorf("Hash(%q) = %v", "pw", err)
				}
			} else if _, err := h.Verify(ctx, []byte("pw"), h.Dummy()); err != nil {
				t.Errorf("Verify(%q) = %v", "pw", err)
			}
		})
	}
	for nEntered, nWaiting := 0, 0; nEntered < n || nWaiting < calls-n; {
		select {
		case <-entered:
			if nEntered++; nEntered > n {
				t.Fatalf("%d hashes in flight, want at most %d", nEntered, n)
			}
		case <-waiting:
			nWaiting++
		}
	}
	if got := inFlight.Load(); got != n {
		t.Errorf("in flight with all slots taken = %d, want %d", got, n)
	}
	release <- struct{}{}
	release <- struct{}{}
	for range calls - n {
		<-entered
		release <- struct{}{}
	}
	wg.Wait()
	if got := maxInFlight.Load(); got != n {
		t.Errorf("WithConcurrency(%d): at most %d hashes in flight, want %d", n, got, n)
	}
}

func TestContextWhileWaiting(t *testing.T) {
	h := newHasher(t, testParams, WithConcurrency(1))
	entered, release, waiting := make(chan struct{}), make(chan struct{}), make(chan struct{}, 2)
	h.hooks.compute = func() { entered <- struct{}{}; <-release }
	h.hooks.waiting = func() { waiting <- struct{}{} }
	done := make(chan error)
	go func() { _, err := h.Hash(context.Background(), []byte("first")); done <- err }()
	<-entered // the only slot is taken

	calls := []struct {
		name string
		call func(context.Context) error
	}{
		{"Hash", func(ctx context.Context) error { _, err := h.Hash(ctx, []byte("pw")); return err }},
		{"Verify", func(ctx context.Context) error { _, err := h.Verify(ctx, []byte("pw"), h.Dummy()); return err }},
	}
	for _, c := range calls {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			errc := make(chan error)
			go func() { errc <- c.call(ctx) }()
			<-waiting
			cancel()
			if err := <-errc; !errors.Is(err, context.Canceled) {
				t.Errorf("%s(canceled while waiting) = %v, want %v", c.name, err, context.Canceled)
			}
			// Already canceled: refused without waiting.
			if err := c.call(ctx); !errors.Is(err, context.Canceled) {
				t.Errorf("%s(canceled) = %v, want %v", c.name, err, context.Canceled)
			}
		})
	}
	close(release)
	if err := <-done; err != nil {
		t.Errorf("Hash(%q) = %v", "first", err)
	}
}

func TestNew(t *testing.T) {
	mod := func(f func(*Params)) Params { p := DefaultParams; f(&p); return p }
	tests := []struct {
		name    string
		p       Params
		opts    []Option
		wantErr error
	}{
		{"default", DefaultParams, nil, nil},
		{"RFC 9106 second option", Params{Memory: 64 * 1024, Iterations: 3, Parallelism: 4, SaltLength: 16, KeyLength: 32}, nil, nil},
		{"minimum", Params{Memory: 8, Iterations: 1, Parallelism: 1, SaltLength: 8, KeyLength: 16}, nil, nil},
		{"maximum", Params{Memory: 4 << 20, Iterations: 1024, Parallelism: 255, SaltLength: 256, KeyLength: 256}, nil, nil},
		{"zero", Params{}, nil, ErrInvalidParams},
		{"memory below 8p", mod(func(p *Params) { p.Parallelism, p.Memory = 4, 31 }), nil, ErrInvalidParams},
		{"memory above 4 GiB", mod(func(p *Params) { p.Memory = 4<<20 + 1 }), nil, ErrInvalidParams},
		{"zero iterations", mod(func(p *Params) { p.Iterations = 0 }), nil, ErrInvalidParams},
		{"1025 iterations", mod(func(p *Params) { p.Iterations = 1025 }), nil, ErrInvalidParams},
		{"zero parallelism", mod(func(p *Params) { p.Parallelism = 0 }), nil, ErrInvalidParams},
		{"7-byte salt", mod(func(p *Params) { p.SaltLength = 7 }), nil, ErrInvalidParams},
		{"257-byte salt", mod(func(p *Params) { p.SaltLength = 257 }), nil, ErrInvalidParams},
		{"15-byte key", mod(func(p *Params) { p.KeyLength = 15 }), nil, ErrInvalidParams},
		{"257-byte key", mod(func(p *Params) { p.KeyLength = 257 }), nil, ErrInvalidParams},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, err := New(tt.p, tt.opts...)
			if !errors.Is(err, tt.wantErr) || (h == nil) == (err == nil) {
				t.Errorf("New(%+v) = %v, %v, want %v", tt.p, h, err, tt.wantErr)
			}
			if err := tt.p.Validate(); !errors.Is(err, tt.wantErr) {
				t.Errorf("Validate(%+v) = %v, want %v", tt.p, err, tt.wantErr)
			}
		})
	}
	for _, n := range []int{0, -1} {
		if h, err := New(testParams, WithConcurrency(n)); err == nil {
			t.Errorf("New(WithConcurrency(%d)) = %v, <nil>, want an error", n, h)
		}
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("no entropy") }

func TestRandomnessFailure(t *testing.T) {
	if h, err := New(testParams, withRand(failingReader{})); err == nil {
		t.Errorf("New(failing rand) = %v, <nil>, want an error", h)
	}
	h := newHasher(t, testParams, withRand(&failAfter{r: bytes.NewReader(make([]byte, 48))}))
	if got, err := h.Hash(context.Background(), []byte("pw")); err == nil {
		t.Errorf("Hash(failing rand) = %q, <nil>, want an error", got)
	}
}

// failAfter reads r, then fails.
type failAfter struct{ r *bytes.Reader }

func (f *failAfter) Read(p []byte) (int, error) {
	if f.r.Len() == 0 {
		return 0, errors.New("no entropy")
	}
	return f.r.Read(p)
}

// No error, whatever went wrong, carries the password.
func TestErrorsOmitPassword(t *testing.T) {
	const password = "hunter2-secret-Zq9"
	h := newHasher(t, testParams, WithConcurrency(1))
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	encoded := hash(t, h, password)
	inputs := []string{
		"", "$", "$argon2id", "$argon2i$v=19$m=64,t=1,p=1$c29tZXNhbHQ$" + password,
		"$argon2id$v=19$m=64,t=1,p=1$" + password + "$" + password,
		strings.Replace(encoded, "m=64", "m="+password, 1),
		strings.Replace(encoded, "$v=19$", "$v="+password+"$", 1),
		"$" + password + "$v=19$m=64,t=1,p=1$c29tZXNhbHQ$c29tZXNhbHQ",
		password, // Verify's arguments swapped
	}
	var errs []error
	for _, in := range inputs {
		_, err := h.Verify(context.Background(), []byte(password), in)
		errs = append(errs, err)
	}
	_, err := h.Verify(canceled, []byte(password), encoded)
	errs = append(errs, err)
	_, err = h.Hash(canceled, []byte(password))
	errs = append(errs, err)
	for i, err := range errs {
		if err == nil {
			t.Errorf("case %d: err = <nil>, want an error", i)
		} else if strings.Contains(err.Error(), password[:8]) {
			t.Errorf("case %d: error %q contains the password", i, err)
		}
	}
}

func BenchmarkHashDefault(b *testing.B) {
	h := newHasher(b, DefaultParams)
	ctx, password := context.Background(), []byte("correct horse battery staple")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := h.Hash(ctx, password); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkVerifyDefault(b *testing.B) {
	h := newHasher(b, DefaultParams)
	ctx, password := context.Background(), []byte("correct horse battery staple")
	encoded := hash(b, h, string(password))
	b.ReportAllocs()
	for b.Loop() {
		if ok, err := h.Verify(ctx, password, encoded); !ok || err != nil {
			b.Fatalf("Verify = %v, %v", ok, err)
		}
	}
}
