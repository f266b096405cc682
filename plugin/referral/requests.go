package referral

import "errors"

// ApplyRequest carries a referral code to keep in the browser until its
// sign-up.
type ApplyRequest struct {
	Code string `json:"code"`
}

// Validate implements [auth.InputValidator].
func (r ApplyRequest) Validate() error {
	_, err := normalize(r.Code)
	return err
}

// Code is a user's referral code.
type Code struct {
	Code string `json:"code"`
}

// Stats is what the signed-in user sees of their referrals: their code
// (empty until they asked for one) and how many people it referred.
type Stats struct {
	Code     string `json:"code"`
	Referred int64  `json:"referred"`
}

// LookupRequest names a user for [Plugin.Lookup].
type LookupRequest struct {
	UserID string `json:"userId"`
}

// Validate implements [auth.InputValidator].
func (r LookupRequest) Validate() error {
	if len(r.UserID) != 36 {
		return errors.New("userId is not an ID")
	}
	return nil
}

// Info is what the host sees of a user's referrals ([Plugin.Lookup]).
type Info struct {
	Code       string `json:"code"`
	ReferrerID string `json:"referrerId"`
	Referred   int64  `json:"referred"`
}
