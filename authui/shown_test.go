package authui

import (
	"reflect"
	"regexp"
	"strings"
	"testing"
)

func TestShownRoundTrip(t *testing.T) {
	in := shown{Session: "s1", FactorID: "f1", Key: "JBSWY3DPEHPK3PXP", URI: "otpauth://totp/A:b?secret=JBSWY3DPEHPK3PXP",
		Codes: []string{"AAAA-BBBB", "CCCC-DDDD"}}
	var got shown
	if !decodeJSON(encodeJSON(in), &got) || !reflect.DeepEqual(got, in) {
		t.Fatalf("decodeJSON(encodeJSON(%+v)) = %+v", in, got)
	}
	for _, bad := range []string{"", "not base64!", encodeJSON("a string"), "e3"} {
		var sh shown
		if decodeJSON(bad, &sh) {
			t.Errorf("decodeJSON(%q) accepted it: %+v", bad, sh)
		}
	}
}

// FuzzShown: any cookie value decodes without a panic, and what decodes
// encodes to a value that decodes to the same.
func FuzzShown(f *testing.F) {
	f.Add(encodeJSON(shown{Session: "s", Codes: []string{"x"}}))
	f.Add("")
	f.Add("bnVsbA")
	f.Add(encodeJSON(map[string]any{"c": []string{}}))
	f.Fuzz(func(t *testing.T, value string) {
		var sh shown
		if !decodeJSON(value, &sh) {
			return
		}
		var again shown
		if !decodeJSON(encodeJSON(sh), &again) || encodeJSON(again) != encodeJSON(sh) {
			t.Fatalf("%q decoded to %+v, which does not round-trip (%+v)", value, sh, again)
		}
	})
}

// pathRE is what a QR code's path may hold: moves and lines.
var pathRE = regexp.MustCompile(`^(M\d+ \d+h\d+v1h-\d+z)+$`)

func TestQRCode(t *testing.T) {
	uri := "otpauth://totp/Acme:ada%40example.com?algorithm=SHA1&digits=6&issuer=Acme&period=30&secret=NG4R7WETMWEYZNQ3Z5N3ENUOOFZPX5ZN"
	c, err := newQRCode(uri)
	if err != nil {
		t.Fatal(err)
	}
	// A version of 21 + 4k modules a side, with the quiet zone.
	if (c.Size-2*qrQuiet-21)%4 != 0 || c.Size < 21+2*qrQuiet {
		t.Errorf("newQRCode: size %d is no QR version with its quiet zone", c.Size)
	}
	if !pathRE.MatchString(c.Path) {
		t.Errorf("newQRCode: the path holds more than moves and lines: %.80q", c.Path)
	}
	// The finder pattern's top row: 7 dark modules from the quiet zone.
	if !strings.HasPrefix(c.Path, "M4 4h7v1h-7z") {
		t.Errorf("newQRCode: the path starts %.40q, not with the finder pattern", c.Path)
	}
	if _, err := newQRCode(strings.Repeat("x", 4000)); err == nil {
		t.Error("newQRCode of more than a QR code holds: no error")
	}
}
