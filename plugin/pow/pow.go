package pow

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sesame-go/sesame/auth"
)

// Header is the request header that carries a proof of work.
const Header = "X-Pow-Proof"

// Plugin asks clients for a proof of work before the operations it
// guards. Make one with [New].
type Plugin struct {
	cfg config
	op  *auth.Op[PuzzleRequest, Puzzle]
}

var (
	_ auth.Plugin     = (*Plugin)(nil)
	_ auth.Operator   = (*Plugin)(nil)
	_ auth.Challenger = (*Plugin)(nil)
	_ auth.ErrorCoder = (*Plugin)(nil)
	_ auth.Validator  = (*Plugin)(nil)
)

// New returns the proof-of-work plugin.
func New(opts ...Option) *Plugin {
	p := &Plugin{cfg: newConfig(opts)}
	p.op = p.newOp()
	return p
}

// Name implements [auth.Plugin].
func (p *Plugin) Name() string { return "pow" }

// ProofHeader implements [auth.Challenger]: [Header].
func (p *Plugin) ProofHeader() string { return Header }

// ErrorCodes implements [auth.ErrorCoder].
func (p *Plugin) ErrorCodes() []*auth.Error { return []*auth.Error{ErrRequired, ErrInvalid} }

// Validate implements [auth.Validator]: the options, and the operations
// named by [WithOperations] must exist.
func (p *Plugin) Validate(a *auth.Auth) error {
	errs := []error{p.cfg.check()}
	if p.cfg.opsSet {
		for _, op := range p.cfg.ops {
			if _, ok := a.Operation(op); !ok || op == OpPuzzle {
				errs = append(errs, fmt.Errorf("pow: no operation %q to guard", op))
			}
		}
	}
	return errors.Join(errs...)
}

// WithProof returns a context carrying a proof ([Solve]'s answer), for a
// Go call of a guarded operation.
func WithProof(ctx context.Context, proof string) context.Context {
	return auth.WithProof(ctx, Header, auth.NewSecret(proof))
}

// Challenge implements [auth.Challenger]: it checks the proof of work of
// a call to a guarded operation, or of any call a rate rule demands a
// challenge of, and uses its puzzle up. A malformed proof, or one whose
// hash misses even the base difficulty, is refused for one hash, without
// a query.
func (p *Plugin) Challenge(ctx context.Context, c *auth.Call, demanded bool) error {
	op := c.Op().Name
	if op == OpPuzzle || (!demanded && !slices.Contains(p.cfg.ops, op)) {
		return nil
	}
	proof, ok := auth.Proof(ctx, Header)
	if !ok || proof.Reveal() == "" {
		return ErrRequired
	}
	challenge, ok := parseProof(proof.Reveal())
	if !ok {
		return ErrInvalid.With("the proof is malformed: send <challenge>.<nonce>")
	}
	solved := zeroBits([]byte(proof.Reveal()))
	if solved < p.cfg.difficulty {
		return ErrInvalid
	}
	// The puzzle is used up whatever follows: one proof, one call.
	t, err := c.ConsumeToken(ctx, Purpose, auth.NewSecret(challenge))
	if errors.Is(err, auth.ErrTokenInvalid) {
		return ErrInvalid
	}
	if err != nil {
		return err
	}
	difficulty, client, _ := strings.Cut(t.Data, " ")
	need, err := strconv.Atoi(difficulty)
	if err != nil {
		return fmt.Errorf("pow: a puzzle's data is corrupt: %w", err)
	}
	if t.Subject != op || client != auth.ClientGroup(c.Request().IP) || solved < need {
		return ErrInvalid
	}
	return nil
}
