package schooldemo

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"testing"
)

// FuzzHandler sends arbitrary headers and credentials and checks that the
// handler answers only with the statuses of the real server, and grants a
// sign-in exactly when a plain reading of the rules does.
func FuzzHandler(f *testing.F) {
	f.Add("GET", "Bearer "+SchoolToken, "11", "/public/v1/authentication", DemoUserID, DemoPassword)
	f.Add("GET", "Bearer "+HeadquartersToken, "0", "/public/v1/authentication", "admin", "admin-pass")
	f.Add("GET", "Bearer "+HeadquartersToken, "12", "/public/v1/authentication", "guest", "guest-pass")
	f.Add("GET", SchoolToken, "11", "/public/v1/authentication", DemoUserID, DemoPassword)
	f.Add("GET", "Bearer a.b", "x", "/public/v1/authentication", "", "")
	f.Add("POST", "Bearer "+SchoolToken, "011", "/public/v2/authentication", DemoUserID, "wrong")
	f.Add("OPTIONS", "", "", "/", "", "")
	f.Fuzz(func(t *testing.T, method, authorization, schoolID, path, userID, password string) {
		req := &http.Request{
			Method: method,
			URL:    &url.URL{Path: path, RawQuery: url.Values{"userId": {userID}, "userPassword": {password}}.Encode()},
			Header: http.Header{"Authorization": {authorization}, "Schoolid": {schoolID}},
		}
		w := httptest.NewRecorder()
		Handler{}.ServeHTTP(w, req)
		if !slices.Contains([]int{200, 203, 401, 404, 406}, w.Code) {
			t.Fatalf("ServeHTTP() = %d, want a status the real server uses", w.Code)
		}
		var got answer
		granted := w.Code == 200 && json.Unmarshal(w.Body.Bytes(), &got) == nil && got.Message.Success != ""
		want := method == http.MethodGet && path == "/public/v1/authentication" && signIn(authorization, schoolID, userID, password)
		if granted != want {
			t.Fatalf("ServeHTTP(%q, %q, %q, %q) = %d %q, want sign-in %t", authorization, schoolID, userID, password, w.Code, w.Body, want)
		}
	})
}

// signIn is the rule of the package documentation, written plainly.
func signIn(authorization, schoolIDText, userID, password string) bool {
	if len(authorization) < 7 || len(schoolIDText) == 0 || len(schoolIDText) > 9 {
		return false
	}
	for _, c := range schoolIDText {
		if c < '0' || c > '9' {
			return false
		}
	}
	schoolID, _ := strconv.Atoi(schoolIDText)
	token := authorization[7:]
	tokenOK := token == HeadquartersToken || (token == SchoolToken && schoolID == SchoolID)
	for _, u := range Users() {
		if u.ID == userID && u.Password == password && (u.SchoolID == 0 || u.SchoolID == schoolID) {
			return tokenOK
		}
	}
	return false
}

// FuzzDecodeToken checks that decodeToken never panics and returns no id
// with an exception.
func FuzzDecodeToken(f *testing.F) {
	for _, seed := range []string{HeadquartersToken, SchoolToken, "", "a.b", "a.b.c", "eyJhbGciOiJIUzI1NiJ9.e30.", "eyJhbGciOiJub25lIn0.eyJpZCI6MX0.c2ln"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, token string) {
		id, exception := decodeToken(token)
		if exception != "" && id != 0 {
			t.Fatalf("decodeToken(%q) = %d, %q, want no id with an exception", token, id, exception)
		}
	})
}
