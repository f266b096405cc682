package school

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
)

// authenticationAPI is the API name of the sign-in check (SmartClass API
// §2.2).
const authenticationAPI = "authentication"

// Authentication is the service's answer to a successful
// [Client.Authenticate].
//
// The success body of the authentication API is not published anywhere
// (SmartClass API §2.2). The client assumes it follows the house envelope
// of the documented APIs (§2.3), {"message": {"success": "..."}, ...},
// possibly inside a one-element array, and types only Message from it;
// UserID and SchoolID repeat what was asked. Any other field the service
// sends, such as a user's name or access token, is in Raw: decode it with
// encoding/json once its shape is known.
//
// Because Raw may carry such secrets, String, GoString, Format, MarshalJSON
// and LogValue leave it out and show only its length.
type Authentication struct {
	// UserID is the user id that was authenticated, as the caller passed it.
	UserID string
	// SchoolID is the school id the client sent, 0 for headquarters.
	SchoolID int
	// Message is the text of message.success, such as "Loaded!" (assumed:
	// the house envelope).
	Message string
	// Raw is the envelope object as received, without the array around it.
	Raw json.RawMessage
}

// Authenticate checks a user's id and password with GET
// {base}/public/{version}/authentication?userId=..&userPassword=..
// (SmartClass API §2.2).
//
// On success it returns the answer; otherwise a [*Error] whose Kind tells
// the failures apart: [ErrInvalidCredentials] (wrong user id or password),
// [ErrUnauthorized] (API token or school id refused), [ErrNotFound],
// [ErrMethodNotAllowed], [ErrUnavailable] or [ErrBadResponse]. An empty
// userID or password fails with ErrInvalidCredentials before any request.
//
// The password travels in the query string, as the interface requires.
// The client writes no logs, and its errors show the password in the URL,
// and any echo of the password or the token by the service or the
// transport, as "[redacted]".
func (c *Client) Authenticate(ctx context.Context, userID, password string) (*Authentication, error) {
	if userID == "" || password == "" {
		return nil, &Error{Kind: ErrInvalidCredentials, Reason: "empty user id or password"}
	}
	s := newScrubber(password, c.keys().token)
	query := url.Values{"userId": {userID}, passwordParam: {password}}
	resp, err := c.get(ctx, authenticationAPI, query, s)
	if err != nil {
		return nil, err
	}
	env, err := interpret(resp.status, resp.body, s)
	if err != nil {
		return nil, err
	}
	return &Authentication{UserID: userID, SchoolID: c.schoolID, Message: env.success, Raw: env.object}, nil
}

// interpret maps an answer to its success envelope or to an [*Error], in
// this order (SmartClass API §2.4 for the gate's answers):
//
//   - 203 is the gate's answer to a token it could not decode, with the
//     exception text as body: ErrUnauthorized, whatever the body.
//   - A 2xx or 4xx (but 408 and 429) whose body is the error envelope is
//     the API's own refusal of the user: ErrInvalidCredentials. The gate
//     and the router answer in plain text, never in this envelope.
//   - 404 ErrNotFound; 405 and 406 ErrMethodNotAllowed; 408, 429 and 5xx
//     ErrUnavailable; 401 and 403 ErrUnauthorized.
//   - Another 2xx is a success only with the success envelope.
//   - Anything else is ErrBadResponse.
//
// On error the envelope is the zero value.
func interpret(status int, body []byte, s scrubber) (envelope, error) {
	fail := func(kind error, why string, err error) (envelope, error) {
		return envelope{}, &Error{Kind: kind, Status: status, Reason: s.string(why), Body: s.body(body), Err: s.error(err)}
	}
	if status == http.StatusNonAuthoritativeInfo {
		return fail(ErrUnauthorized, reason(body), nil)
	}
	env, err := decodeEnvelope(body)
	ok, clientError := status >= 200 && status < 300, status >= 400 && status < 500
	switch {
	case err == nil && env.isFailure && (ok || clientError) && status != http.StatusRequestTimeout && status != http.StatusTooManyRequests:
		return fail(ErrInvalidCredentials, reason([]byte(env.failure)), nil)
	case status == http.StatusNotFound:
		return fail(ErrNotFound, reason(body), nil)
	case status == http.StatusMethodNotAllowed || status == http.StatusNotAcceptable:
		return fail(ErrMethodNotAllowed, reason(body), nil)
	case status == http.StatusRequestTimeout || status == http.StatusTooManyRequests || status >= 500:
		return fail(ErrUnavailable, reason(body), nil)
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		return fail(ErrUnauthorized, reason(body), nil)
	case ok && err == nil && env.isSuccess:
		return env, nil
	case ok:
		return fail(ErrBadResponse, reason(body), err)
	default:
		return fail(ErrBadResponse, reason(body), fmt.Errorf("school: status %d is not used by the interface", status))
	}
}

// String describes the answer, leaving Raw out.
func (a Authentication) String() string {
	return fmt.Sprintf("school.Authentication{UserID: %q, SchoolID: %d, Message: %q, Raw: [%d bytes]}", a.UserID, a.SchoolID, a.Message, len(a.Raw))
}

// GoString returns String, for the %#v verb.
func (a Authentication) GoString() string {
	return a.String()
}

// Format implements fmt.Formatter so that no verb prints Raw.
func (a Authentication) Format(f fmt.State, verb rune) {
	formatRedacted(f, verb, a.String())
}

// MarshalJSON encodes UserID, SchoolID and Message; Raw is left out.
func (a Authentication) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		UserID   string `json:"userId"`
		SchoolID int    `json:"schoolId"`
		Message  string `json:"message"`
	}{a.UserID, a.SchoolID, a.Message})
}

// LogValue implements slog.LogValuer; Raw is left out.
func (a Authentication) LogValue() slog.Value {
	return slog.GroupValue(
		slog.String("userId", a.UserID),
		slog.Int("schoolId", a.SchoolID),
		slog.String("message", a.Message),
		slog.Int("rawBytes", len(a.Raw)),
	)
}
