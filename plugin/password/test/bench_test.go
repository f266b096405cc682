package test

import (
	"context"
	"runtime"
	"sync"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/password/argon2id"
)

// The benchmarks use the default argon2id parameters on SQLite and report,
// in one run: a hash alone (BenchmarkHash), whole sign-ins through the
// pipeline on all cores (BenchmarkSignIn, sign-ins per second as a metric),
// and the heap a burst of 200 concurrent sign-ins needs (BenchmarkBurst).

type benchFixture struct {
	pw  *password.Plugin
	req password.SignInRequest
}

func newBenchFixture(b *testing.B) *benchFixture {
	b.Helper()
	e := authtest.SQLiteEngine(b)
	mail := &authtest.Mailbox{}
	em := email.New(email.WithSender(mail))
	pw := password.New()
	a, err := auth.New(auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithPlugins(em, pw),
		auth.WithoutRateLimits())
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	if err := a.Migrate(ctx); err != nil {
		b.Fatal(err)
	}
	if _, err := pw.SignUp(ctx, password.SignUpRequest{Email: "bench@example.com", Password: auth.NewSecret("correct horse")}); err != nil {
		b.Fatal(err)
	}
	if _, err := em.Verify(ctx, auth.NewSecret(mail.Token(b, "bench@example.com", email.PurposeVerify))); err != nil {
		b.Fatal(err)
	}
	return &benchFixture{pw: pw, req: password.SignInRequest{Email: "bench@example.com", Password: auth.NewSecret("correct horse")}}
}

func BenchmarkHash(b *testing.B) {
	h, err := argon2id.New(argon2id.DefaultParams)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := h.Hash(ctx, []byte("correct horse")); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSignIn(b *testing.B) {
	f := newBenchFixture(b)
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := f.pw.SignIn(ctx, f.req); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "sign-ins/s")
}

// BenchmarkBurst runs 200 sign-ins at once and reports how much the heap
// grew: the semaphore keeps it near (concurrent hashes × 19 MiB).
func BenchmarkBurst(b *testing.B) {
	f := newBenchFixture(b)
	ctx := context.Background()
	for b.Loop() {
		runtime.GC()
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		var wg sync.WaitGroup
		for range 200 {
			wg.Go(func() {
				if _, err := f.pw.SignIn(ctx, f.req); err != nil {
					b.Error(err)
				}
			})
		}
		wg.Wait()
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		grew := float64(after.HeapSys-before.HeapSys) / (1 << 20)
		b.ReportMetric(grew, "heap-growth-MiB")
		limit := float64(runtime.NumCPU())*19 + 50
		if grew > limit {
			b.Fatalf("the heap grew by %.0f MiB for 200 concurrent sign-ins, over %.0f MiB", grew, limit)
		}
	}
}
