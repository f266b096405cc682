package email

import (
	"strings"
	"testing"
)

var normalizeTests = []struct {
	in, want string
	ok       bool
}{
	{"ada@example.com", "ada@example.com", true},
	{"  Ada.Lovelace+Notes@Example.COM \n", "ada.lovelace+notes@example.com", true},
	{"o'brien@mail.example.ie", "o'brien@mail.example.ie", true},
	{"x@xn--bcher-kva.example", "x@xn--bcher-kva.example", true},
	{"a@b.co", "a@b.co", true},
	{"", "", false},
	{"ada", "", false},
	{"ada@", "", false},
	{"@example.com", "", false},
	{"ada@example", "", false},
	{"ada@@example.com", "", false},
	{"a b@example.com", "", false},
	{".ada@example.com", "", false},
	{"ada.@example.com", "", false},
	{"a..da@example.com", "", false},
	{`"ada"@example.com`, "", false},
	{"Ada <ada@example.com>", "", false},
	{"ada@-example.com", "", false},
	{"ada@example-.com", "", false},
	{"ada@example..com", "", false},
	{"ada@[127.0.0.1]", "", false},
	{"ada@127.0.0.1", "", false},
	{"adä@example.com", "", false},
	{"ada@exämple.com", "", false},
	{"ada@example.com\x00", "", false},
	{strings.Repeat("a", 65) + "@example.com", "", false},
	{strings.Repeat("a", 64) + "@example.com", strings.Repeat("a", 64) + "@example.com", true},
	{"a@" + strings.Repeat("b", 64) + ".com", "", false},
	{"a@" + strings.Repeat(strings.Repeat("b", 60)+".", 5) + "com", "", false},
}

func TestNormalize(t *testing.T) {
	for _, tt := range normalizeTests {
		got, err := Normalize(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("Normalize(%q) = %q, %v; want %q, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

// FuzzNormalize: no panic; an error means an empty result; a result is
// within the limits, has one @, is its own normal form, and is stable.
func FuzzNormalize(f *testing.F) {
	for _, tt := range normalizeTests {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		got, err := Normalize(in)
		if err != nil {
			if got != "" {
				t.Fatalf("Normalize(%q) = %q with error %v", in, got, err)
			}
			return
		}
		if len(got) > maxAddress || strings.Count(got, "@") != 1 || got != strings.ToLower(got) {
			t.Fatalf("Normalize(%q) = %q, which breaks the rules", in, got)
		}
		again, err := Normalize(got)
		if err != nil || again != got {
			t.Fatalf("Normalize(Normalize(%q)) = %q, %v; want %q", in, again, err, got)
		}
	})
}

func TestTemplates(t *testing.T) {
	p := New(WithAppName("Acme"), WithTemplate(PurposeCode, "Code {{.Code}}", "Use {{.Code}} within {{.Minutes}} minutes."))
	subject, text, err := p.templates[PurposeCode].render(MessageData{Code: "123456", Minutes: 10})
	if err != nil || subject != "Code 123456" || text != "Use 123456 within 10 minutes." {
		t.Errorf("render = %q, %q, %v", subject, text, err)
	}
	for purpose, tmpl := range p.templates {
		if _, _, err := tmpl.render(MessageData{App: "Acme", Email: "a@x.io", Link: "https://x.io/l", Code: "1", Minutes: 5}); err != nil {
			t.Errorf("default template %s: %v", purpose, err)
		}
	}
	bad := New(WithTemplate(PurposeVerify, "{{.Nope", "x"))
	if err := bad.Validate(nil); err == nil {
		t.Error("Validate with a broken template = nil, want an error")
	}
}
