package oauth

// The security events the plugin sends to the event sink
// ([auth.WithEventSink]); docs/security-events.md lists every event.
const (
	// EventCallbackFailed: a provider's callback was refused (a bad state,
	// a failed exchange, an invalid ID token). Detail is the provider and
	// the error code.
	EventCallbackFailed = "oauth.callback_failed"
	// EventLinked: a provider account was linked to the user. Detail is
	// the provider.
	EventLinked = "oauth.linked"
	// EventUnlinked: a provider account was unlinked. Detail is the
	// provider.
	EventUnlinked = "oauth.unlinked"
)
