package school

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// fuzzSeeds are the bodies of the table tests plus answers from the
// interface's documentation (SmartClass API §2.3, §2.4).
func fuzzSeeds(f *testing.F) [][]byte {
	f.Helper()
	var seeds [][]byte
	for _, tt := range authenticateTests {
		if tt.file != "" {
			seeds = append(seeds, testdata(f, tt.file))
		} else {
			seeds = append(seeds, []byte(tt.body))
		}
	}
	for _, s := range []string{
		`{"message": {"success": "Loaded!"}, "languages": [{"language": "english", "langTitle": "English", "flag": "https://schst.in/english"}]}`,
		`{"message": {"success": "School has been changed!"}, "admin": "opaque"}`,
		`[{"message": {"success": "Saved"}, "nofPayments": 4}]`,
		`{"message": {"success": "Deleted"}}`,
		`{"message": {"error": "Şifre hatalı"}}`,
		"Token Not Sent", "School Id Not Sent", "Token Not Found", "Invalid Token",
		"Error code 404, Page not found", "Wrong number of segments",
		"\xef\xbb\xbf[ {\"message\": {\"success\": \"Loaded!\"}} ]",
		"line one\r\nline two\x00\u202e",
	} {
		seeds = append(seeds, []byte(s))
	}
	return seeds
}

// FuzzDecodeEnvelope checks that decodeEnvelope never panics, returns the
// zero envelope with an error, and that what it accepts decodes again to
// the same envelope, from its object and from a canonical encoding.
func FuzzDecodeEnvelope(f *testing.F) {
	for _, seed := range fuzzSeeds(f) {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		env, err := decodeEnvelope(body)
		if err != nil {
			if !reflect.DeepEqual(env, envelope{}) {
				t.Fatalf("decodeEnvelope(%q) = %+v, %v, want the zero envelope with the error", body, env, err)
			}
			return
		}
		if env.isSuccess == env.isFailure {
			t.Fatalf("decodeEnvelope(%q) = %+v, want either a success or a failure", body, env)
		}
		if !json.Valid(env.object) || env.object[0] != '{' {
			t.Fatalf("decodeEnvelope(%q).object = %q, want a JSON object", body, env.object)
		}
		again, err := decodeEnvelope(env.object)
		if err != nil || !reflect.DeepEqual(again, env) {
			t.Fatalf("decodeEnvelope(%q) = %+v, %v, want %+v", env.object, again, err, env)
		}
		var canonical []byte
		switch {
		case env.isSuccess:
			canonical, _ = json.Marshal(map[string]any{"message": map[string]string{"success": env.success}})
		case utf8.ValidString(env.failure):
			canonical, _ = json.Marshal(map[string]any{"message": map[string]string{"error": env.failure}})
		default:
			return
		}
		got, err := decodeEnvelope(canonical)
		if err != nil || got.isSuccess != env.isSuccess || got.success != env.success || got.failure != env.failure {
			t.Fatalf("decodeEnvelope(%s) = %+v, %v, want %+v", canonical, got, err, env)
		}
	})
}

// FuzzInterpret checks that every status and body yields either a success
// or an *Error of a known kind with the answer's status and bounded fields.
func FuzzInterpret(f *testing.F) {
	for _, tt := range authenticateTests {
		body := []byte(tt.body)
		if tt.file != "" {
			body = testdata(f, tt.file)
		}
		f.Add(tt.status, body)
	}
	f.Fuzz(func(t *testing.T, status int, body []byte) {
		status = 100 + (status%500+500)%500
		s := newScrubber(testPassword, testToken)
		env, err := interpret(status, body, s)
		if err == nil {
			if status < 200 || status > 299 || status == 203 || !env.isSuccess {
				t.Fatalf("interpret(%d, %q) = %+v, success, want an error", status, body, env)
			}
			return
		}
		if !reflect.DeepEqual(env, envelope{}) {
			t.Fatalf("interpret(%d, %q) = %+v, %v, want the zero envelope with the error", status, body, env, err)
		}
		var e *Error
		if !errors.As(err, &e) || !knownKind(e.Kind) {
			t.Fatalf("interpret(%d, %q) = %#v, want an *Error of a known kind", status, body, err)
		}
		if e.Status != status || len(e.Body) > errorBodyLimit || len(e.Reason) > reasonLimit+len("...") || !utf8.ValidString(e.Reason) {
			t.Fatalf("interpret(%d, %q) = status %d, reason %q, body %d bytes, want bounded fields", status, body, e.Status, e.Reason, len(e.Body))
		}
	})
}

func knownKind(kind error) bool {
	for _, s := range sentinels {
		if kind == s {
			return true
		}
	}
	return false
}

// FuzzReason checks that reason always returns one bounded, printable line
// and leaves such a line as it is.
func FuzzReason(f *testing.F) {
	for _, seed := range fuzzSeeds(f) {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		r := reason(b)
		if !utf8.ValidString(r) || len(r) > reasonLimit+len("...") {
			t.Fatalf("reason(%q) = %q, want valid UTF-8 of at most %d bytes", b, r, reasonLimit+3)
		}
		if r != strings.TrimSpace(r) || strings.Contains(r, "  ") {
			t.Fatalf("reason(%q) = %q, want single spaces inside only", b, r)
		}
		for _, c := range r {
			if !unicode.IsPrint(c) {
				t.Fatalf("reason(%q) = %q, holds %U", b, r, c)
			}
		}
		if len(r) <= reasonLimit {
			if again := reason([]byte(r)); again != r {
				t.Fatalf("reason(%q) = %q, want %q unchanged", r, again, r)
			}
		}
	})
}
