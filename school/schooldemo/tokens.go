package schooldemo

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
)

// SchoolID is the sample school, the one SchoolToken is valid for.
const SchoolID = 11

// The sample API tokens. Like the real ones (SmartClass API §2.4) they are
// HS256 JSON Web Tokens whose payload carries the token's id; the server
// reads the id, finds the token's row and compares the whole token.
const (
	// HeadquartersToken is valid for every school id, 0 (headquarters)
	// included. Its payload is {"id":1,"schoolId":0,...}.
	HeadquartersToken = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." +
		"eyJpZCI6MSwic2Nob29sSWQiOjAsIm5hbWUiOiJTYW1wbGUgaGVhZHF1YXJ0ZXJzIHRva2VuIn0." +
		"Cy4W1mIY_leqaQoCNt2zFtK9Vx_S9C413DCEWpGL1RQ"

	// SchoolToken is valid only with school id SchoolID. Its payload is
	// {"id":2,"schoolId":11,...}.
	SchoolToken = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." +
		"eyJpZCI6Miwic2Nob29sSWQiOjExLCJuYW1lIjoiU2FtcGxlIHNjaG9vbCB0b2tlbiJ9." +
		"ec2fnUSjHhEJklMj96NcIk74W2VNRvAZmw_PyuW3zI4"
)

// apiToken is a row of the server's token table.
type apiToken struct {
	id       int64
	schoolID int // 0: headquarters, valid for every school
	digest   [sha256.Size]byte
}

var apiTokens = []apiToken{
	{id: 1, schoolID: 0, digest: sha256.Sum256([]byte(HeadquartersToken))},
	{id: 2, schoolID: SchoolID, digest: sha256.Sum256([]byte(SchoolToken))},
}

// The gate's failure texts (SmartClass API §2.4), sent as plain text
// although labelled application/json.
const (
	tokenNotSent    = "Token Not Sent"
	schoolIDNotSent = "School Id Not Sent"
	tokenNotFound   = "Token Not Found"
	invalidToken    = "Invalid Token"
)

// decodeToken reads the id from a JWT-shaped token without checking its
// signature, as the real server does before it looks the token up. A
// token it cannot decode yields the text of the exception the real server
// would answer with status 203.
func decodeToken(token string) (id int64, exception string) {
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return 0, "Wrong number of segments"
	}
	var header struct {
		Alg string `json:"alg"`
	}
	if !decodeSegment(parts[0], &header) {
		return 0, "Invalid header encoding"
	}
	var claims struct {
		ID int64 `json:"id"`
	}
	if !decodeSegment(parts[1], &claims) {
		return 0, "Invalid claims encoding"
	}
	if _, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(parts[2], "=")); err != nil {
		return 0, "Invalid signature encoding"
	}
	if header.Alg != "HS256" {
		return 0, "Algorithm not supported"
	}
	return claims.ID, ""
}

// decodeSegment decodes one base64url part of a JWT into v.
func decodeSegment(segment string, v any) bool {
	data, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(segment, "="))
	return err == nil && json.Unmarshal(data, v) == nil
}

// checkToken applies the token rules for a request to schoolID: a token
// that does not decode fails with 203 and the exception text; otherwise its
// row must exist for that school or for headquarters (SmartClass API §2.4:
// schoolId ∈ {header, 0}), and the whole token must match, compared in
// constant time. It returns status 0 when the token is accepted.
func checkToken(token string, schoolID int) (status int, body string) {
	id, exception := decodeToken(token)
	if exception != "" {
		return http.StatusNonAuthoritativeInfo, exception
	}
	digest := sha256.Sum256([]byte(token))
	for _, row := range apiTokens {
		if row.id != id || (row.schoolID != schoolID && row.schoolID != 0) {
			continue
		}
		if subtle.ConstantTimeCompare(digest[:], row.digest[:]) != 1 {
			return http.StatusUnauthorized, invalidToken
		}
		return 0, ""
	}
	return http.StatusUnauthorized, tokenNotFound
}
