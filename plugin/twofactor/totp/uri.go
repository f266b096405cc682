package totp

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// The Key Uri Format is Google Authenticator's, which other authenticator
// apps follow: https://github.com/google/google-authenticator/wiki/Key-Uri-Format.
// Checks below cite it as "Key Uri Format".

// URI returns the otpauth://totp/ URI of the key that authenticator apps
// read from a QR code: the label "issuer:account" (the account alone when
// issuer is empty) and the parameters secret, issuer, algorithm, digits
// and period, escaped with %20 for spaces. The URI holds the secret: show
// it to the user only, never log it.
//
// It returns [ErrInvalidURI] for the zero Key, an empty account, an
// account starting with a space, an issuer or account holding a colon,
// invalid UTF-8 or a control character.
func (k Key) URI(issuer, account string) (string, error) {
	if k.IsZero() {
		return "", fmt.Errorf("%w: the zero key", ErrInvalidURI)
	}
	if err := checkLabel(issuer, account); err != nil {
		return "", err
	}
	label := escape(account)
	if issuer != "" {
		label = escape(issuer) + ":" + label
	}
	var b strings.Builder
	b.WriteString("otpauth://totp/" + label)
	b.WriteString("?secret=" + k.Base32())
	if issuer != "" {
		b.WriteString("&issuer=" + escape(issuer))
	}
	b.WriteString("&algorithm=" + k.algorithm.String())
	b.WriteString("&digits=" + strconv.Itoa(int(k.digits)))
	b.WriteString("&period=" + strconv.FormatUint(uint64(k.period), 10))
	return b.String(), nil
}

// escape percent-encodes s for a path segment or a query value alike,
// spaces as %20 (Key Uri Format: "Label").
func escape(s string) string {
	// QueryEscape escapes everything but unreserved characters, a literal
	// "+" as %2B, so that every "+" it leaves stands for a space.
	return strings.ReplaceAll(url.QueryEscape(s), "+", "%20")
}

// checkLabel checks that an issuer and account can go in a URI and come
// back the same.
func checkLabel(issuer, account string) error {
	if account == "" {
		return fmt.Errorf("%w: no account name", ErrInvalidURI) // Key Uri Format: accountname is required
	}
	if account[0] == ' ' {
		// Key Uri Format: optional spaces may precede the account name,
		// so a reader drops them.
		return fmt.Errorf("%w: account name starts with a space", ErrInvalidURI)
	}
	for _, s := range []string{issuer, account} {
		if strings.Contains(s, ":") { // Key Uri Format: neither may contain a colon
			return fmt.Errorf("%w: issuer or account name with a colon", ErrInvalidURI)
		}
		if !utf8.ValidString(s) || strings.ContainsFunc(s, unicode.IsControl) {
			return fmt.Errorf("%w: issuer or account name with invalid UTF-8 or a control character", ErrInvalidURI)
		}
	}
	return nil
}

// maxURI is the longest URI ParseURI reads.
const maxURI = 4096

// ParseURI reads an otpauth://totp/ URI of the Key Uri Format and returns
// the key, the issuer and the account name. The issuer is the issuer
// parameter or else the label's prefix; when both are present they must
// be equal. The secret is required; algorithm (SHA1, SHA256 or SHA512),
// digits (6 or 8) and period default to SHA1, 6 and 30; other parameters,
// such as image, are ignored.
//
// It returns [ErrInvalidURI], and a zero Key and empty strings, for
// anything else: another scheme, an hotp URI, a repeated parameter, an
// issuer or account that [Key.URI] refuses. When the key's parameters are
// at fault the error matches [ErrInvalidKey] too.
func ParseURI(s string) (k Key, issuer, account string, err error) {
	k, issuer, account, err = parseURI(s)
	if err != nil {
		return Key{}, "", "", err
	}
	return k, issuer, account, nil
}

func parseURI(s string) (Key, string, string, error) {
	bad := func(format string, args ...any) (Key, string, string, error) {
		return Key{}, "", "", fmt.Errorf("%w: "+format, append([]any{ErrInvalidURI}, args...)...)
	}
	if len(s) > maxURI {
		return bad("longer than %d bytes", maxURI)
	}
	u, err := url.Parse(s)
	if err != nil {
		return bad("%v", err)
	}
	if u.Scheme != "otpauth" || u.Opaque != "" || u.User != nil || u.Fragment != "" || u.RawFragment != "" {
		return bad("want otpauth://totp/label?parameters")
	}
	if u.Host != "totp" { // this package does not keep HOTP counters
		return bad("type %q, want totp", u.Host)
	}
	label, ok := strings.CutPrefix(u.Path, "/")
	if !ok {
		return bad("no label")
	}
	// Key Uri Format "Label": accountname or issuer ":" accountname, the
	// colon literal or %3A, with optional spaces before the account name.
	var prefix string
	account := label
	if p, a, ok := strings.Cut(label, ":"); ok {
		prefix, account = p, strings.TrimLeft(a, " ")
	}
	q, err := url.ParseQuery(u.RawQuery)
	if err != nil {
		return bad("%v", err)
	}
	for name, vs := range q {
		if len(vs) > 1 {
			return bad("parameter %q repeated", name)
		}
	}
	issuer := prefix
	if vs, ok := q["issuer"]; ok { // Key Uri Format "Issuer"
		if prefix != "" && vs[0] != prefix {
			return bad("issuer parameter %q differs from the label's %q", vs[0], prefix)
		}
		issuer = vs[0]
	}
	if err := checkLabel(issuer, account); err != nil {
		return Key{}, "", "", err
	}
	var opts []Option
	if vs, ok := q["algorithm"]; ok { // Key Uri Format "Algorithm"
		a, ok := algorithms[asciiUpper(vs[0])]
		if !ok {
			return bad("%w: algorithm %q", ErrInvalidKey, vs[0])
		}
		opts = append(opts, WithAlgorithm(a))
	}
	if vs, ok := q["digits"]; ok { // Key Uri Format "Digits": 6 or 8
		switch vs[0] {
		case "6":
			opts = append(opts, WithDigits(6))
		case "8":
			opts = append(opts, WithDigits(8))
		default:
			return bad("%w: digits %q", ErrInvalidKey, vs[0])
		}
	}
	if vs, ok := q["period"]; ok { // Key Uri Format "Period": seconds
		n, err := strconv.ParseUint(vs[0], 10, 32)
		if err != nil || vs[0][0] == '0' || strconv.FormatUint(n, 10) != vs[0] {
			return bad("%w: period %q", ErrInvalidKey, vs[0])
		}
		opts = append(opts, WithPeriod(time.Duration(n)*time.Second))
	}
	vs, ok := q["secret"] // Key Uri Format "Secret": required, Base32
	if !ok {
		return bad("no secret")
	}
	k, err := DecodeKey(vs[0], opts...)
	if err != nil {
		return bad("%w", err)
	}
	return k, issuer, account, nil
}

// algorithms maps the names of the Key Uri Format to algorithms.
var algorithms = map[string]Algorithm{"SHA1": SHA1, "SHA256": SHA256, "SHA512": SHA512}
