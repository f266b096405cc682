package schooldemo

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"
)

// sampleKey is the HS256 key the sample tokens were signed with. The server
// does not need it: like the real one it compares whole tokens.
const sampleKey = "schooltest sample signing key"

// TestSampleTokens checks that the sample tokens are genuine HS256 JWTs
// whose payload matches their row in the token table.
func TestSampleTokens(t *testing.T) {
	tests := []struct {
		name         string
		token        string
		wantID       int64
		wantSchoolID int
	}{
		{"headquarters", HeadquartersToken, 1, 0},
		{"school", SchoolToken, 2, SchoolID},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			parts := strings.Split(tt.token, ".")
			if len(parts) != 3 {
				t.Fatalf("token has %d parts, want 3", len(parts))
			}
			mac := hmac.New(sha256.New, []byte(sampleKey))
			mac.Write([]byte(parts[0] + "." + parts[1]))
			if got := base64.RawURLEncoding.EncodeToString(mac.Sum(nil)); got != parts[2] {
				t.Errorf("signature = %q, want %q", parts[2], got)
			}
			payload, err := base64.RawURLEncoding.DecodeString(parts[1])
			var claims struct {
				ID       int64 `json:"id"`
				SchoolID int   `json:"schoolId"`
			}
			if err != nil || json.Unmarshal(payload, &claims) != nil || claims.ID != tt.wantID || claims.SchoolID != tt.wantSchoolID {
				t.Errorf("payload = %s, want id %d and schoolId %d", payload, tt.wantID, tt.wantSchoolID)
			}
			id, exception := decodeToken(tt.token)
			if id != tt.wantID || exception != "" {
				t.Errorf("decodeToken() = %d, %q, want %d", id, exception, tt.wantID)
			}
			for _, row := range apiTokens {
				if row.id == tt.wantID && (row.schoolID != tt.wantSchoolID || row.digest != sha256.Sum256([]byte(tt.token))) {
					t.Errorf("row %d = school %d, want school %d and the token's digest", row.id, row.schoolID, tt.wantSchoolID)
				}
			}
		})
	}
}

func TestCheckToken(t *testing.T) {
	tests := []struct {
		token      string
		schoolID   int
		wantStatus int
	}{
		{HeadquartersToken, 0, 0},
		{HeadquartersToken, SchoolID, 0},
		{HeadquartersToken, 999, 0},
		{SchoolToken, SchoolID, 0},
		{SchoolToken, 0, 401},
		{SchoolToken, 12, 401},
		{"", SchoolID, 203},
		{SchoolToken + "x", SchoolID, 401},
	}
	for _, tt := range tests {
		if status, body := checkToken(tt.token, tt.schoolID); status != tt.wantStatus {
			t.Errorf("checkToken(%.20q, %d) = %d %q, want %d", tt.token, tt.schoolID, status, body, tt.wantStatus)
		}
	}
}
