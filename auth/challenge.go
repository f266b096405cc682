package auth

import (
	"context"
	"maps"
	"net/netip"
	"net/textproto"
	"slices"
)

// Challenger is a plugin that asks clients for a proof that a person, or
// at least some work, stands behind a call: a captcha, a proof of work.
// The pipeline runs every installed Challenger for every operation after
// the session checks and before the operation's transaction, so that a
// Challenger may ask a remote service, and a proof it uses up stays used
// up whatever the operation answers.
//
// demanded is set when a rate rule of the operation passed its challenge
// threshold ([RateRule.Challenge]): the Challenger must then refuse a call
// without a valid proof. Otherwise it decides by its own configuration
// (always for some operations, or only when demanded); a Challenger that
// lets the call through returns nil. Its refusals are [*Error] values of
// codes it declares with [ErrorCoder].
type Challenger interface {
	// ProofHeader is the HTTP request header that carries the proof, such
	// as "X-Captcha-Token": the HTTP transport hands its value to the
	// Challenger through [Proof].
	ProofHeader() string
	Challenge(ctx context.Context, c *Call, demanded bool) error
}

// MaxProofLen is the longest proof a transport accepts in a header; a
// longer one is dropped, as if absent.
const MaxProofLen = 4096

type proofKey struct{}

// WithProof returns a context carrying proof under the header name, for a
// Go call of an operation that a [Challenger] guards, or for a page that
// read the proof from a form field. The HTTP transport does the same for
// each Challenger's header.
func WithProof(ctx context.Context, header string, proof Secret) context.Context {
	old, _ := ctx.Value(proofKey{}).(map[string]Secret)
	proofs := make(map[string]Secret, len(old)+1)
	for k, v := range old {
		proofs[k] = v
	}
	proofs[textproto.CanonicalMIMEHeaderKey(header)] = proof
	return context.WithValue(ctx, proofKey{}, proofs)
}

// Proof returns the proof ctx carries under the header name, and whether
// there is one.
func Proof(ctx context.Context, header string) (Secret, bool) {
	proofs, _ := ctx.Value(proofKey{}).(map[string]Secret)
	p, ok := proofs[textproto.CanonicalMIMEHeaderKey(header)]
	return p, ok
}

// ProofHeaders lists the headers the installed Challengers read proofs
// from, for transports.
func (a *Auth) ProofHeaders() []string { return a.proofHeaders }

// ChallengeDemander is a plugin whose rules may ask for a challenge
// instead of refusing, as a rate rule past its threshold does: the geo
// plugin for clients of some countries. The pipeline asks every
// ChallengeDemander after the session checks; when any says yes, the
// installed [Challenger] plugins must refuse the call without a valid
// proof; a ChallengeDemander that may say yes checks at start-up
// ([Validator]) that a Challenger is installed, since without one a
// demand passes.
type ChallengeDemander interface {
	DemandsChallenge(ctx context.Context, c *Call) (bool, error)
}

// challenge runs the Challengers for the call; demanded, by a rate rule
// or by a ChallengeDemander, makes them refuse a call without a proof.
func (a *Auth) challenge(ctx context.Context, c *Call, demanded bool) error {
	for _, d := range a.demanders {
		if demanded {
			break
		}
		var err error
		if demanded, err = d.DemandsChallenge(ctx, c); err != nil {
			return err
		}
	}
	for _, ch := range a.challengers {
		if err := ch.Challenge(ctx, c, demanded); err != nil {
			if e, ok := err.(*Error); ok && e.Code != ErrInternal.Code {
				c.Emit(ctx, EventChallengeRefused, e.Code)
			}
			return err
		}
	}
	return nil
}

// ChallengePressure counts one request for a challenge (a proof-of-work
// puzzle) for the operation op from the calling client, against the
// operation's per-IP rate rule under a key of its own, and returns how
// many requests the count stands past the rule's challenge threshold: 0
// below it, or when the rule has none. Past the rule's limit it refuses
// with [ErrRateLimited], as the operation itself would. A Challenger uses
// it to make its puzzles harder as a client calls more.
func (a *Auth) ChallengePressure(ctx context.Context, op string) (int, error) {
	o, ok := a.opsByName[op]
	req := RequestFrom(ctx)
	if !ok || a.cfg.rateOff || req == nil || !req.IP.IsValid() {
		return 0, nil
	}
	info := o.Info()
	rule := a.rulesOf(&info).IP
	if rule.IsZero() || rule.Challenge == 0 {
		return 0, nil
	}
	res, err := a.rates.Take(ctx, "challenge\x00"+op+"\x00"+ipGroup(req.IP), rule, a.Now())
	if err != nil {
		return 0, err
	}
	if !res.Allowed {
		e := *ErrRateLimited
		e.RetryAfter = res.RetryAfter
		return 0, &e
	}
	return max(res.Count-rule.Challenge, 0), nil
}

// registerChallengers keeps the Challengers and checks that a rate rule
// with a challenge threshold has one to ask.
func (a *Auth) registerChallengers(add func(string, ...any)) {
	for _, p := range a.cfg.plugins {
		if ch, ok := p.(Challenger); ok {
			a.challengers = append(a.challengers, ch)
			a.proofHeaders = append(a.proofHeaders, textproto.CanonicalMIMEHeaderKey(ch.ProofHeader()))
		}
		if d, ok := p.(ChallengeDemander); ok {
			a.demanders = append(a.demanders, d)
		}
	}
	if len(a.challengers) > 0 {
		return
	}

	for _, name := range slices.Sorted(maps.Keys(a.opsByName)) {
		info := a.opsByName[name].Info()
		r := a.rulesOf(&info)
		if r.IP.Challenge > 0 || r.Account.Challenge > 0 {
			add("operation %q: a rate rule with a challenge threshold needs a Challenger plugin (captcha, pow)", name)
		}
	}
}

// ClientGroup is the identity of a client address that rate limits count
// under, and that a challenge may be bound to: the address itself for
// IPv4, its /64 network for IPv6, where one client holds a whole /64; ""
// for no address (a server call).
func ClientGroup(ip netip.Addr) string {
	if !ip.IsValid() {
		return ""
	}
	return ipGroup(ip)
}
