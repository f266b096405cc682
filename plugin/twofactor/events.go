package twofactor

// The security events the plugin sends to the event sink
// ([auth.WithEventSink]) besides the account-security event
// [auth.SecondFactorRemoved]; docs/security-events.md lists every event.
const (
	// EventFactorAdded: the user enrolled a second factor. Detail is its
	// method ("totp" ...).
	EventFactorAdded = "second_factor_added"
	// EventRecoveryCodesRegenerated: the user made new recovery codes,
	// which ends the old ones.
	EventRecoveryCodesRegenerated = "recovery_codes_regenerated"
	// EventRecoveryCodeUsed: a recovery code passed a second step.
	EventRecoveryCodeUsed = "recovery_code_used"
	// EventLocked: too many wrong codes across the user's sessions locked
	// the second step for a while.
	EventLocked = "second_factor_locked"
	// EventPendingSessionEnded: too many wrong codes in one pending
	// session ended it.
	EventPendingSessionEnded = "second_factor_session_ended"
)
