package pow

import (
	"context"
	"net/http"
	"strconv"

	"github.com/sesame-go/sesame/auth"
)

// OpPuzzle is POST /pow/challenge: [Plugin.Puzzle]. Its name is for
// [auth.WithRateLimit].
const OpPuzzle = "pow.challenge"

// Purpose is the purpose of the core tokens that hold the puzzles.
const Purpose = "pow.puzzle"

// puzzleRate limits the puzzles one client may ask for, whatever the
// operation.
var puzzleRate = auth.RateRules{IP: auth.RateRule{Limit: 60, Window: auth.DefaultRate.IP.Window, Sliding: true}}

func (p *Plugin) newOp() *auth.Op[PuzzleRequest, Puzzle] {
	return &auth.Op[PuzzleRequest, Puzzle]{Name: OpPuzzle, Method: http.MethodPost, Path: "/pow/challenge", Writes: true,
		Rate: puzzleRate, Prepare: p.preparePuzzle, Handler: p.handlePuzzle}
}

// Operations implements [auth.Operator].
func (p *Plugin) Operations() []auth.Operation { return []auth.Operation{p.op} }

// Puzzle issues a puzzle for one call of the operation in.Op by the
// calling client: single-use, living for the configured TTL ([WithTTL]),
// bound to the operation and to the client's address (its /64 for IPv6).
// Its difficulty grows as the client asks for more puzzles for the
// operation past its rate rule's challenge threshold ([WithRaise]); past
// the rule's limit it answers [auth.ErrRateLimited].
func (p *Plugin) Puzzle(ctx context.Context, in PuzzleRequest) (Puzzle, error) {
	return p.op.Run(ctx, in)
}

// preparePuzzle decides the puzzle's difficulty before the transaction:
// the pressure is counted in the rate store, which may be the database.
func (p *Plugin) preparePuzzle(ctx context.Context, c *auth.Call, in *PuzzleRequest) error {
	if _, ok := c.Auth().Operation(in.Op); !ok || in.Op == OpPuzzle {
		return auth.ErrInvalidInput.With("op names no operation a proof of work can guard")
	}
	pressure, err := c.Auth().ChallengePressure(ctx, in.Op)
	if err != nil {
		return err
	}
	in.difficulty = min(p.cfg.difficulty+pressure*p.cfg.step, p.cfg.maxDifficulty)
	return nil
}

func (p *Plugin) handlePuzzle(ctx context.Context, c *auth.Call, in PuzzleRequest) (Puzzle, error) {
	challenge, err := c.IssueToken(ctx, auth.TokenSpec{Purpose: Purpose, Subject: in.Op, TTL: p.cfg.ttl,
		Data: strconv.Itoa(in.difficulty) + " " + auth.ClientGroup(c.Request().IP)})
	if err != nil {
		return Puzzle{}, err
	}
	return Puzzle{Challenge: auth.Show(challenge), Difficulty: in.difficulty, Algorithm: Algorithm,
		ExpiresAt: c.Now().Add(p.cfg.ttl)}, nil
}
