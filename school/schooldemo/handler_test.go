package schooldemo

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// request is what a test sends; a header set to "-" is left out.
type request struct {
	method, path  string
	authorization string
	schoolID      string
	userID        string
	password      string
}

// demo is a valid request for the demo user, for the cases to alter.
func demo() request {
	return request{
		method: http.MethodGet, path: "/public/v1/authentication",
		authorization: "Bearer " + SchoolToken, schoolID: "11",
		userID: DemoUserID, password: DemoPassword,
	}
}

// with returns a copy of r changed by f.
func (r request) with(f func(*request)) request {
	f(&r)
	return r
}

// serve sends r to a Handler and returns the recorded answer.
func serve(tb testing.TB, r request) *httptest.ResponseRecorder {
	tb.Helper()
	target := r.path + "?" + url.Values{"userId": {r.userID}, "userPassword": {r.password}}.Encode()
	req := httptest.NewRequest(r.method, target, nil)
	if r.authorization != "-" {
		req.Header.Set("Authorization", r.authorization)
	}
	if r.schoolID != "-" {
		req.Header["schoolId"] = []string{r.schoolID}
	}
	req.Header.Set("Cache-Control", "no-cache")
	w := httptest.NewRecorder()
	Handler{}.ServeHTTP(w, req)
	return w
}

const (
	success = `{"message":{"success":"Logged in!"},"userId":"demo","name":"Demo Student","schoolId":11}` + "\n"
	failure = `{"message":{"error":"Invalid user id or password!"}}` + "\n"
)

func TestHandler(t *testing.T) {
	forged := SchoolToken[:strings.LastIndexByte(SchoolToken, '.')+1] + "c2lnbmF0dXJl"
	unknownID := SchoolToken[:strings.IndexByte(SchoolToken, '.')+1] + "eyJpZCI6OTl9" + SchoolToken[strings.LastIndexByte(SchoolToken, '.'):]
	algNone := "eyJhbGciOiJub25lIn0" + SchoolToken[strings.IndexByte(SchoolToken, '.'):]
	tests := []struct {
		name       string
		req        request
		wantStatus int
		wantBody   string
	}{
		{"demo user", demo(), 200, success},
		{"headquarters token", demo().with(func(r *request) { r.authorization = "Bearer " + HeadquartersToken }), 200, success},
		{"7 characters other than Bearer", demo().with(func(r *request) { r.authorization = "Token: " + SchoolToken }), 200, success},
		{"school id with leading zero", demo().with(func(r *request) { r.schoolID = "011" }), 200, success},
		{"headquarters user at headquarters", demo().with(func(r *request) {
			r.authorization, r.schoolID, r.userID, r.password = "Bearer "+HeadquartersToken, "0", "admin", "admin-pass"
		}), 200, `{"message":{"success":"Logged in!"},"userId":"admin","name":"Headquarters Admin","schoolId":0}` + "\n"},

		{"wrong password", demo().with(func(r *request) { r.password = "demo-pass " }), 200, failure},
		{"empty password", demo().with(func(r *request) { r.password = "" }), 200, failure},
		{"unknown user", demo().with(func(r *request) { r.userID = "nobody" }), 200, failure},
		{"user of another school", demo().with(func(r *request) { r.userID, r.password = "guest", "guest-pass" }), 200, failure},
		{"school user at headquarters", demo().with(func(r *request) {
			r.authorization, r.schoolID = "Bearer "+HeadquartersToken, "0"
		}), 200, failure},

		{"no Authorization", demo().with(func(r *request) { r.authorization = "-" }), 401, "Token Not Sent"},
		{"prefix only", demo().with(func(r *request) { r.authorization = "Bearer " }), 401, "Token Not Sent"},
		{"bare token", demo().with(func(r *request) { r.authorization = SchoolToken }), 203, "Invalid header encoding"},
		{"doubled prefix", demo().with(func(r *request) { r.authorization = "Bearer Bearer " + SchoolToken }), 203, "Invalid header encoding"},
		{"no schoolId", demo().with(func(r *request) { r.schoolID = "-" }), 401, "School Id Not Sent"},
		{"empty schoolId", demo().with(func(r *request) { r.schoolID = "" }), 401, "School Id Not Sent"},
		{"negative schoolId", demo().with(func(r *request) { r.schoolID = "-1" }), 401, "School Id Not Sent"},
		{"schoolId with a sign", demo().with(func(r *request) { r.schoolID = "+11" }), 401, "School Id Not Sent"},
		{"schoolId too long", demo().with(func(r *request) { r.schoolID = "1234567890" }), 401, "School Id Not Sent"},
		{"school token for another school", demo().with(func(r *request) { r.schoolID = "12" }), 401, "Token Not Found"},
		{"school token for headquarters", demo().with(func(r *request) { r.schoolID = "0" }), 401, "Token Not Found"},
		{"unknown token id", demo().with(func(r *request) { r.authorization = "Bearer " + unknownID }), 401, "Token Not Found"},
		{"forged signature", demo().with(func(r *request) { r.authorization = "Bearer " + forged }), 401, "Invalid Token"},
		{"two segments", demo().with(func(r *request) { r.authorization = "Bearer a.b" }), 203, "Wrong number of segments"},
		{"bad claims", demo().with(func(r *request) { r.authorization = "Bearer eyJhbGciOiJIUzI1NiJ9.!!.c2ln" }), 203, "Invalid claims encoding"},
		{"bad signature encoding", demo().with(func(r *request) { r.authorization = "Bearer eyJhbGciOiJIUzI1NiJ9.e30.!!" }), 203, "Invalid signature encoding"},
		{"algorithm none", demo().with(func(r *request) { r.authorization = "Bearer " + algNone }), 203, "Algorithm not supported"},

		{"unknown api name", demo().with(func(r *request) { r.path = "/public/v1/authentications" }), 404, "Error code 404, Page not found"},
		{"unknown version", demo().with(func(r *request) { r.path = "/public/v2/authentication" }), 404, "Error code 404, Page not found"},
		{"root", demo().with(func(r *request) { r.path = "/" }), 404, "Error code 404, Page not found"},
		{"gate before router", demo().with(func(r *request) { r.path, r.authorization = "/nowhere", "-" }), 401, "Token Not Sent"},
		{"POST", demo().with(func(r *request) { r.method = http.MethodPost }), 406, ""},
		{"PATCH", demo().with(func(r *request) { r.method = http.MethodPatch }), 406, ""},
		{"HEAD", demo().with(func(r *request) { r.method = http.MethodHead }), 406, ""},
		{"OPTIONS without headers", demo().with(func(r *request) {
			r.method, r.authorization, r.schoolID = http.MethodOptions, "-", "-"
		}), 200, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := serve(t, tt.req)
			if w.Code != tt.wantStatus || w.Body.String() != tt.wantBody {
				t.Errorf("ServeHTTP(%s %s) = %d %q, want %d %q", tt.req.method, tt.req.path, w.Code, w.Body, tt.wantStatus, tt.wantBody)
			}
			wantType := "application/json"
			if tt.req.method == http.MethodOptions {
				wantType = ""
			}
			if got := w.Header().Get("Content-Type"); got != wantType {
				t.Errorf("ServeHTTP(%s %s) Content-Type = %q, want %q", tt.req.method, tt.req.path, got, wantType)
			}
		})
	}
}

// TestHandlerEveryUser signs every sample user in at their school with the
// headquarters token.
func TestHandlerEveryUser(t *testing.T) {
	for _, u := range Users() {
		t.Run(u.ID, func(t *testing.T) {
			w := serve(t, demo().with(func(r *request) {
				r.authorization, r.schoolID = "Bearer "+HeadquartersToken, itoa(u.SchoolID)
				r.userID, r.password = u.ID, u.Password
			}))
			var got answer
			if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil || got.Message.Success == "" || got.UserID != u.ID || got.Name != u.Name {
				t.Errorf("ServeHTTP(%q) = %d %q, want its success", u.ID, w.Code, w.Body)
			}
		})
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
