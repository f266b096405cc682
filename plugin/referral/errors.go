package referral

import (
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// ErrUnknownCode is a code no user holds ([Plugin.Apply]).
var ErrUnknownCode = auth.NewError("unknown_referral_code", http.StatusNotFound, "no such referral code")
