package schooldemo

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
)

// apiPrefix is where the API names start (SmartClass API §2.2); v1 is the
// only version the test server knows.
const apiPrefix = "/public/v1/"

// The API's own answers to the authentication call. The real ones are not
// published (SmartClass API §2.2): these follow the house envelope (§2.3),
// and the success fields beside message are invented for the samples.
const (
	successMessage = "Logged in!"
	failureMessage = "Invalid user id or password!"
	notFoundPage   = "Error code 404, Page not found"
)

// Handler serves the sample SmartClass interface: GET
// /public/v1/authentication over the sample users and tokens, with the
// real server's checks and failures (see the package documentation for
// the order). The zero value is ready to use; mount it under a prefix with
// http.StripPrefix and give the client the prefixed URL as base URL.
type Handler struct{}

// ServeHTTP answers one request.
func (Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodOptions {
		w.WriteHeader(http.StatusOK)
		return
	}
	// The real server labels every answer as JSON, plain-text ones too.
	w.Header().Set("Content-Type", "application/json")
	schoolID, status, body := gate(r.Header)
	if status != 0 {
		writeText(w, status, body)
		return
	}
	if r.URL.Path != apiPrefix+"authentication" {
		writeText(w, http.StatusNotFound, notFoundPage)
		return
	}
	if r.Method != http.MethodGet {
		w.WriteHeader(http.StatusNotAcceptable)
		return
	}
	authenticate(w, r, schoolID)
}

// gate checks the headers as the real server does (SmartClass API §2.4)
// and returns the school id, or the status and plain-text body of the
// refusal.
func gate(h http.Header) (schoolID, status int, body string) {
	// The first 7 characters are dropped unconditionally, expected to be
	// "Bearer ": a bare token loses its own first characters.
	token := headerValue(h, "Authorization")
	if len(token) <= 7 {
		return 0, http.StatusUnauthorized, tokenNotSent
	}
	token = token[7:]
	schoolID, ok := parseSchoolID(headerValue(h, "schoolId"))
	if !ok {
		return 0, http.StatusUnauthorized, schoolIDNotSent
	}
	if status, body := checkToken(token, schoolID); status != 0 {
		return 0, status, body
	}
	return schoolID, 0, ""
}

// headerValue returns the first value of the named header, in any letter
// case. A server canonicalizes the names it reads from the wire, but a
// request built in memory and handed to ServeHTTP keeps "schoolId" as its
// sender spelled it.
func headerValue(h http.Header, name string) string {
	if v := h.Get(name); v != "" {
		return v
	}
	for key, values := range h {
		if strings.EqualFold(key, name) && len(values) > 0 {
			return values[0]
		}
	}
	return ""
}

// parseSchoolID accepts decimal text (SmartClass API §2.2: "11", "0" for
// headquarters). The test server is stricter than the real one and treats
// a value that is not decimal digits as not sent.
func parseSchoolID(s string) (int, bool) {
	if s == "" || len(s) > 9 || strings.Trim(s, "0123456789") != "" {
		return 0, false
	}
	id, err := strconv.Atoi(s)
	return id, err == nil
}

// noAccount is compared against when the user id is unknown, so that an
// unknown user costs the same time as a wrong password.
var noAccount = sha256.Sum256([]byte("no account"))

// authenticate answers GET /public/v1/authentication?userId=..&userPassword=..
// for a request whose token is valid for schoolID. A user may sign in at
// their own school, and a headquarters user at every school; every failure
// gets the same answer.
func authenticate(w http.ResponseWriter, r *http.Request, schoolID int) {
	q := r.URL.Query()
	acct, known := accounts[q.Get("userId")]
	want := noAccount
	if known {
		want = acct.digest
	}
	got := sha256.Sum256([]byte(q.Get("userPassword")))
	match := subtle.ConstantTimeCompare(got[:], want[:]) == 1
	if !known || !match || (acct.SchoolID != 0 && acct.SchoolID != schoolID) {
		writeJSON(w, answer{Message: message{Error: failureMessage}})
		return
	}
	writeJSON(w, answer{Message: message{Success: successMessage}, UserID: acct.ID, Name: acct.Name, SchoolID: &acct.SchoolID})
}

// answer is the body of the authentication call: the house envelope plus,
// on success, the user's fields.
type answer struct {
	Message  message `json:"message"`
	UserID   string  `json:"userId,omitempty"`
	Name     string  `json:"name,omitempty"`
	SchoolID *int    `json:"schoolId,omitempty"`
}

type message struct {
	Success string `json:"success,omitempty"`
	Error   string `json:"error,omitempty"`
}

func writeText(w http.ResponseWriter, status int, body string) {
	w.WriteHeader(status)
	_, _ = io.WriteString(w, body)
}

// writeJSON answers 200 with v; a failed write means the client left.
func writeJSON(w http.ResponseWriter, v answer) {
	w.WriteHeader(http.StatusOK)
	_ = json.NewEncoder(w).Encode(v)
}
