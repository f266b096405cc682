package test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/pow"
)

// guarded makes every sign-in and other.consume need a proof, without
// rate limits in the way.
var guarded = setup{pow: []pow.Option{pow.WithOperations(signIn, "other.consume")},
	auth: []auth.Option{auth.WithoutRateLimits()}}

// TestReplayConcurrent (read-validate-write races): one proof sent by 20
// concurrent requests is accepted once; the others answer pow_invalid.
func TestReplayConcurrent(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, guarded)
		c := f.client(t, "203.0.113.7")
		proof := c.proof(t, signIn)
		const n = 20
		statuses := make([]int, n)
		codes := make([]string, n)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range n {
			wg.Go(func() {
				<-start
				res := c.signIn("ada", proof)
				statuses[i], codes[i] = res.Status, res.ErrorCode()
			})
		}
		close(start)
		wg.Wait()
		won := 0
		for i := range n {
			switch {
			case statuses[i] == http.StatusOK:
				won++
			case statuses[i] != http.StatusForbidden || codes[i] != "pow_invalid":
				t.Errorf("replay %d = %d %s, want 200 once and 403 pow_invalid otherwise", i, statuses[i], codes[i])
			}
		}
		if won != 1 {
			t.Errorf("%d of %d concurrent replays were accepted, want 1", won, n)
		}
		wantError(t, "a later replay", c.signIn("ada", proof), http.StatusForbidden, "pow_invalid")
	})
}

// TestProofBuysOneCall: the puzzle stays used up when the operation it
// was sent with fails, so one proof never buys two guesses.
func TestProofBuysOneCall(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, guarded)
		c := f.client(t, "203.0.113.7")
		proof := c.proof(t, "other.consume")
		bad := map[string]string{"token": strings.Repeat("x", 43)}
		wantError(t, "a failing call with a proof", c.post("/auth/other/consume", bad, proof), http.StatusBadRequest, "invalid_token_or_expired")
		wantError(t, "the same proof again", c.post("/auth/other/consume", bad, proof), http.StatusForbidden, "pow_invalid")
	})
}

// TestBoundToOperation: a proof solved for one operation does not pass
// for another, and is used up by the attempt.
func TestBoundToOperation(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, guarded)
		c := f.client(t, "203.0.113.7")
		p := c.puzzle(t, "other.consume")
		proof := solve(t, p)
		wantError(t, "a proof for other.consume sent with a sign-in", c.signIn("ada", proof), http.StatusForbidden, "pow_invalid")
		wantError(t, "the proof with its own operation, afterwards", c.post("/auth/other/consume",
			map[string]string{"token": strings.Repeat("x", 43)}, proof), http.StatusForbidden, "pow_invalid")
	})
}

// TestBoundToClient: a proof solved by one client does not pass for
// another; an IPv6 client keeps its proofs within its /64.
func TestBoundToClient(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, guarded)
		solver := f.client(t, "203.0.113.7")
		wantError(t, "another client's proof", f.client(t, "203.0.113.8").signIn("ada", solver.proof(t, signIn)),
			http.StatusForbidden, "pow_invalid")
		wantOK(t, "a proof sent from the IPv4-mapped spelling of the address", f.client(t, "::ffff:203.0.113.7").signIn("ada", solver.proof(t, signIn)))
		v6 := f.client(t, "2001:db8:1:2::10")
		wantOK(t, "a proof from the same /64", f.client(t, "2001:db8:1:2::99").signIn("ada", v6.proof(t, signIn)))
		wantError(t, "a proof from another /64", f.client(t, "2001:db8:1:3::10").signIn("ada", v6.proof(t, signIn)),
			http.StatusForbidden, "pow_invalid")
		// Go calls bind the same way.
		p, err := f.pow.Puzzle(from("203.0.113.7"), pow.PuzzleRequest{Op: signIn})
		wantCode(t, "Puzzle", err, nil)
		_, err = f.login.SignIn(pow.WithProof(from("198.51.100.1"), solve(t, p)), "ada")
		wantCode(t, "SignIn with another client's proof", err, pow.ErrInvalid)
		_, err = f.login.SignIn(pow.WithProof(context.Background(), solve(t, p)), "ada")
		wantCode(t, "SignIn of a server call with a client's proof", err, pow.ErrInvalid)
	})
}

// TestExpired: a puzzle solved after its TTL is refused.
func TestExpired(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{pow: append([]pow.Option{pow.WithTTL(30 * time.Second)}, guarded.pow...), auth: guarded.auth})
		c := f.client(t, "203.0.113.7")
		p := c.puzzle(t, signIn)
		if want := epoch.Add(30 * time.Second); !p.ExpiresAt.Equal(want) {
			t.Errorf("ExpiresAt = %v, want %v", p.ExpiresAt, want)
		}
		proof := solve(t, p)
		f.clock.Advance(31 * time.Second)
		wantError(t, "an expired proof", c.signIn("ada", proof), http.StatusForbidden, "pow_invalid")
		// The core's sweep deletes expired puzzles.
		if _, err := f.a.Sweep(t.Context()); err != nil {
			t.Fatal(err)
		}
		var left int
		if err := e.DB.QueryRowContext(t.Context(), "SELECT COUNT(*) FROM auth_token WHERE purpose = '"+pow.Purpose+"'").Scan(&left); err != nil {
			t.Fatal(err)
		}
		if left != 0 {
			t.Errorf("%d expired puzzles left after the sweep, want 0", left)
		}
	})
}

// TestWeakerThanIssued: a raised puzzle needs a proof of its own
// difficulty; the base difficulty is not enough.
func TestWeakerThanIssued(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{pow: []pow.Option{pow.WithOperations(signIn), pow.WithRaise(4, difficulty+4)},
			auth: []auth.Option{auth.WithRateLimit(signIn, challenged)}})
		c := f.client(t, "203.0.113.7")
		var p pow.Puzzle
		for p.Difficulty <= difficulty {
			p = c.puzzle(t, signIn)
		}
		proof := weakProof(t, p.Challenge.Reveal(), difficulty, p.Difficulty)
		wantError(t, "a proof weaker than its puzzle", c.signIn("ada", proof), http.StatusForbidden, "pow_invalid")
	})
}

// weakProof finds a proof of at least min but fewer than max zero bits,
// by the tests' own reading of the algorithm.
func weakProof(t testing.TB, challenge string, min, max int) string {
	t.Helper()
	for n := range 1 << 24 {
		proof := challenge + "." + strconv.Itoa(n)
		if b := zeroBits(proof); b >= min && b < max {
			return proof
		}
	}
	t.Fatalf("no proof of %d to %d bits", min, max-1)
	return ""
}

// TestOneTokenTableKinds (one token table, no kind check): a token of
// another flow is no puzzle, and a puzzle is no token of another flow.
func TestOneTokenTableKinds(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, guarded)
		c := f.client(t, "203.0.113.7")
		var other struct {
			Token string `json:"token"`
		}
		res := c.post("/auth/other/issue", nil, "")
		wantOK(t, "issue another flow's token", res)
		res.Decode(t, &other)
		forged, err := pow.Solve(context.Background(), other.Token, difficulty)
		if err != nil {
			t.Fatal(err)
		}
		wantError(t, "another flow's token as a puzzle", c.signIn("ada", forged), http.StatusForbidden, "pow_invalid")
		p := c.puzzle(t, signIn)
		wantError(t, "a puzzle as another flow's token", c.post("/auth/other/consume",
			map[string]string{"token": p.Challenge.Reveal()}, c.proof(t, "other.consume")), http.StatusBadRequest, "invalid_token_or_expired")
		// Both are still alive for their own flows.
		wantOK(t, "the puzzle, solved", c.signIn("ada", solve(t, p)))
		wantOK(t, "the other token", c.post("/auth/other/consume", map[string]string{"token": other.Token}, c.proof(t, "other.consume")))
	})
}

// TestPuzzleRequests: a puzzle is for an operation of the instance other
// than the puzzle's own.
func TestPuzzleRequests(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, guarded)
		c := f.client(t, "203.0.113.7")
		for _, op := range []string{"", "nope.nothing", pow.OpPuzzle, strings.Repeat("a", 101)} {
			wantError(t, "a puzzle for "+op, c.post("/auth/pow/challenge", map[string]string{"op": op}, ""),
				http.StatusBadRequest, "invalid_input")
		}
	})
}

// TestCheapRefusal: a proof that misses the base difficulty, or is
// malformed, is refused before any statement reaches the database.
func TestCheapRefusal(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		f := newFixture(t, e, setup{db: pool, pow: guarded.pow, auth: guarded.auth})
		c := f.client(t, "203.0.113.7")
		p := c.puzzle(t, signIn)
		miss := weakProof(t, p.Challenge.Reveal(), 0, difficulty)
		for _, proof := range []string{miss, "garbage", p.Challenge.Reveal()} {
			faults.Reset()
			wantError(t, "proof "+proof, c.signIn("ada", proof), http.StatusForbidden, "pow_invalid")
			if n := faults.Statements(); n != 0 {
				t.Errorf("refusing proof %q ran %d statements, want 0", proof, n)
			}
		}
		wantOK(t, "the puzzle, still alive", c.signIn("ada", solve(t, p)))
	})
}
