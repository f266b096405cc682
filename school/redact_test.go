package school

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"net/http"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// escapedPasswords hold the characters that JSON and HTML encoders escape:
// / (PHP's json_encode), non-ASCII letters (PHP, and Go's \u escapes of
// any rune), " and \ (every encoder), < > & (json.Marshal's HTML escaping,
// and HTML itself).
var escapedPasswords = []string{
	"a/b/c-pass",
	"pässwörd-ö",
	`pa"ss"word`,
	`back\slash`,
	"<pass>word",
	"pass&word",
	`ö/"<&'>` + "\u2028x",
	"emoji-\U0001F600-pw",
}

// jsonEncodings are the ways a service may write a string into JSON, each
// a function from the text to the JSON string literal's inside.
var jsonEncodings = []struct {
	name   string
	encode func(string) string
}{
	{"json.Marshal", func(s string) string {
		b, _ := json.Marshal(s) // escapes < > & U+2028 U+2029 as \u003c ...
		return string(b[1 : len(b)-1])
	}},
	{"json.Encoder without HTML escaping", func(s string) string {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(s)
		b := bytes.TrimSpace(buf.Bytes())
		return string(b[1 : len(b)-1])
	}},
	{"PHP json_encode", func(s string) string { return escapeJSON(s, false, "\\u%04x") }},
	{"every rune escaped, upper-case hex", func(s string) string { return escapeJSON(s, true, "\\u%04X") }},
}

// escapeJSON writes s as the inside of a JSON string the way PHP's
// json_encode does by default: " \ and / escaped, control characters and
// every non-ASCII rune as \u escapes (UTF-16 surrogate pairs above
// U+FFFF). With all, every rune is a \u escape. hex formats a UTF-16 unit.
func escapeJSON(s string, all bool, hex string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case all || r >= 0x80 || r < 0x20:
			for _, u := range utf16.Encode([]rune{r}) {
				fmt.Fprintf(&b, hex, u)
			}
		case r == '"' || r == '\\' || r == '/':
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// htmlEncodings are the ways a service may write text into an HTML page.
var htmlEncodings = []struct {
	name   string
	encode func(string) string
}{
	{"html.EscapeString", html.EscapeString},
	{"PHP htmlspecialchars", strings.NewReplacer("&", "&amp;", `"`, "&quot;", "'", "&#039;", "<", "&lt;", ">", "&gt;").Replace},
}

// TestEscapedEchoRedacted has a service echo the password escaped as JSON
// or HTML encoders escape it, in an error envelope, in a JSON 500 and in
// an HTML page: no field of the error may hold it in any spelling.
func TestEscapedEchoRedacted(t *testing.T) {
	type echo struct {
		name    string
		encode  func(string) string
		answer  func(w http.ResponseWriter, echoed string)
		wantErr error
	}
	var echoes []echo
	for _, enc := range jsonEncodings {
		echoes = append(echoes,
			echo{enc.name + " in the error envelope", enc.encode, func(w http.ResponseWriter, e string) {
				fmt.Fprintf(w, `{"message":{"error":"wrong password \"%s\""},"password":"%s"}`, e, e)
			}, ErrInvalidCredentials},
			echo{enc.name + " in a 500", enc.encode, func(w http.ResponseWriter, e string) {
				w.WriteHeader(http.StatusInternalServerError)
				fmt.Fprintf(w, `{"exception":"query failed","params":{"userPassword":"%s"}}`, e)
			}, ErrUnavailable},
		)
	}
	for _, enc := range htmlEncodings {
		echoes = append(echoes, echo{enc.name + " in a 404 page", enc.encode, func(w http.ResponseWriter, e string) {
			w.WriteHeader(http.StatusNotFound)
			fmt.Fprintf(w, "<html><body>No page for password <b>%s</b></body></html>", e)
		}, ErrNotFound})
	}
	for _, password := range escapedPasswords {
		for _, e := range echoes {
			t.Run(e.name+"/"+password, func(t *testing.T) {
				echoed := e.encode(password)
				c := serve(t, func(w http.ResponseWriter, r *http.Request) {
					if got := r.URL.Query().Get(passwordParam); got != password {
						t.Errorf("the service got password %q, want %q", got, password)
					}
					e.answer(w, echoed)
				})
				_, err := c.Authenticate(context.Background(), testUserID, password)
				var se *Error
				if !errors.As(err, &se) || !errors.Is(err, e.wantErr) {
					t.Fatalf("Authenticate(%q) = %v, want a *Error matching %v", testUserID, err, e.wantErr)
				}
				for what, out := range map[string]string{"Error()": err.Error(), "Reason": se.Reason, "Body": string(se.Body)} {
					for _, form := range []string{password, echoed} {
						if strings.Contains(out, form) {
							t.Errorf("Authenticate(%q): %s = %q, shows the password as %q", testUserID, what, out, form)
						}
					}
				}
				if !bytes.Contains(se.Body, []byte(redacted)) {
					t.Errorf("Authenticate(%q): Body = %q, want %q where the password was", testUserID, se.Body, redacted)
				}
			})
		}
	}
}

// TestScrubberEscapes: the scrubber finds a secret through JSON and HTML
// escapes, spelled in any mix, and leaves other text alone.
func TestScrubberEscapes(t *testing.T) {
	tests := []struct {
		name   string
		secret string
		in     string
		want   string
	}{
		{"escaped slash", "a/b", `{"p":"a\/b"}`, `{"p":"[redacted]"}`},
		{"lower-case hex", "ö", `"\u00f6"`, `"[redacted]"`},
		{"upper-case hex", "ö", `"\u00F6"`, `"[redacted]"`},
		{"mixed spellings", "ö/ö", `x\u00f6/\u00F6y`, `x[redacted]y`},
		{"quote", `a"b`, `"a\"b"`, `"[redacted]"`},
		{"backslash", `a\b`, `"a\\b"`, `"[redacted]"`},
		{"json.Marshal's HTML escapes", "<&>", `\u003c\u0026\u003e`, `[redacted]`},
		{"surrogate pair", "\U0001F600", `\ud83d\ude00`, `[redacted]`},
		{"plain letters escaped", "ab", `\u0061\u0062`, `[redacted]`},
		{"twice", "a/b", `a\/b and a\/b`, `[redacted] and [redacted]`},
		{"html", `<a&"b'>`, `&lt;a&amp;&#34;b&#39;&gt;`, `[redacted]`},
		{"php html", `<a&"b'>`, `&lt;a&amp;&quot;b&#039;&gt;`, `[redacted]`},
		{"other escapes kept", "secret", `"\n\u00e9\/\"\\"`, `"\n\u00e9\/\"\\"`},
		{"a bad escape kept", "secret", `\x \u12 \ud800 \`, `\x \u12 \ud800 \`},
		{"no secret", "secret", `{"a":"b\/c"}`, `{"a":"b\/c"}`},
		{"a secret that reads as an escape", `a\nb`, `"a\nb" and a\u0041`, `"[redacted]" and a\u0041`},
		{"escapes and the secret as it is", "ö", `ö \u00f6 &ouml;`, `[redacted] [redacted] [redacted]`},
		{"no rescan", "d]", `d] \/`, `[redacted] \/`},
		{"adjacent secrets", "abc", `ab\u0063abc`, `[redacted][redacted]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := newScrubber(tt.secret).string(tt.in); got != tt.want {
				t.Errorf("string(%q) with secret %q = %q, want %q", tt.in, tt.secret, got, tt.want)
			}
		})
	}
}

// FuzzScrubber: no panic; text in which no secret shows, as it is or
// decoded, comes out unchanged; a secret written into the text by any of
// the encodings of the tests comes out redacted. Seeded from the table
// tests.
func FuzzScrubber(f *testing.F) {
	for _, p := range escapedPasswords {
		f.Add(p, "x "+p+" y")
	}
	f.Add("ö", `ö \u00f6 &ouml; \ud83d\ude00 \u12 &#x27; \`)
	f.Add(`a\nb`, `"a\nb" and a\u0041`)
	f.Fuzz(func(t *testing.T, secret, text string) {
		s := newScrubber(secret)
		got := s.string(text)
		decoded, _ := unescape(text)
		switch {
		case secret == "" || len(s.find(text)) == 0 && len(s.find(string(decoded))) == 0:
			if got != text {
				t.Fatalf("string(%q) with secret %q = %q, want it unchanged", text, secret, got)
			}
		case !strings.Contains(got, redacted):
			t.Fatalf("string(%q) with secret %q = %q, want %q in it", text, secret, got, redacted)
		}
		// A secret sharing no byte with the replacement cannot be formed
		// around one: none of its spellings may remain.
		if secret == "" || strings.ContainsAny(secret, redacted) || !utf8.ValidString(secret) {
			return
		}
		for _, enc := range append(jsonEncodings, htmlEncodings...) {
			in := text + " " + enc.encode(secret) + " " + text
			out := s.string(in)
			if d, _ := unescape(out); strings.Contains(out, secret) || strings.Contains(string(d), secret) {
				t.Fatalf("string(%q) with secret %q = %q: the secret shows (%s)", in, secret, out, enc.name)
			}
		}
	})
}
