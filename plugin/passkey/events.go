package passkey

// The security events of the plugin ([auth.Event.Type]), sent to the
// sink of auth.WithEventSink and logged at warning level.
const (
	// EventRegistered: a person registered a passkey. Detail is its ID.
	EventRegistered = "passkey.registered"
	// EventRemoved: a person removed a passkey. Detail is its ID.
	EventRemoved = "passkey.removed"
	// EventSignCountRegressed: a passkey signed with a signature counter
	// not above the stored one, a sign of a cloned authenticator (WebAuthn
	// §6.1.1). The sign-in is refused unless
	// [WithSignCountRegressionAllowed]. Detail names the passkey, its
	// holder and both counts.
	EventSignCountRegressed = "passkey.sign_count_regressed"
	// EventBackupStateChanged: a passkey's backup state (WebAuthn §6.1.3)
	// changed: it was synced to a cloud account, or no longer is. Detail
	// names the passkey, its holder and the new state.
	EventBackupStateChanged = "passkey.backup_state_changed"
)
