package email

import (
	"strings"
	"testing"
)

func TestWithin(t *testing.T) {
	tests := []struct {
		minutes int
		want    string
	}{
		{0, "0 minutes"},
		{1, "1 minute"},
		{10, "10 minutes"},
		{59, "59 minutes"},
		{60, "1 hour"},
		{90, "90 minutes"},
		{120, "2 hours"},
		{1440, "24 hours"},
		{2160, "36 hours"},
		{2880, "2 days"},
		{2900, "2900 minutes"},
		{10080, "7 days"},
		{43200, "30 days"},
	}
	for _, tt := range tests {
		if got := within(tt.minutes); got != tt.want {
			t.Errorf("within(%d) = %q, want %q", tt.minutes, got, tt.want)
		}
	}
}

// TestDefaultTemplatesSayWithin: the default messages say how long a link
// works for people ("24 hours"), never in minutes ("1440 minutes"), and a
// host's template still gets Minutes.
func TestDefaultTemplatesSayWithin(t *testing.T) {
	p := New(WithAppName("Acme"))
	for purpose, tmpl := range p.templates {
		_, text, err := tmpl.render(MessageData{App: "Acme", Email: "a@x.io", Link: "https://x.io/l", Code: "1", Minutes: 1440})
		if err != nil {
			t.Fatalf("default template %s: %v", purpose, err)
		}
		if strings.Contains(text, "1440") || strings.Contains(text, "minutes") {
			t.Errorf("default template %s says %q, want the time in hours or days", purpose, text)
		}
		if strings.Contains(text, "within") || strings.Contains(text, "works once, for") {
			if !strings.Contains(text, "24 hours") {
				t.Errorf("default template %s says %q, want %q", purpose, text, "24 hours")
			}
		}
	}
	host := New(WithTemplate(PurposeCode, "Code", "{{.Minutes}} min, {{.Within}}"))
	if _, text, err := host.templates[PurposeCode].render(MessageData{Minutes: 10}); err != nil || text != "10 min, 10 minutes" {
		t.Errorf("a host's template = %q, %v, want %q", text, err, "10 min, 10 minutes")
	}
}
