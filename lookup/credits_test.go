package lookup

import (
	"encoding/json"
	"testing"
)

// creditsTests are the credit forms of reference facts §1.3 and §1.4; the
// fuzz tests start from them.
var creditsTests = []struct {
	json    string
	want    Credits
	wantErr bool
}{
	{`"4"`, Credits{4, 4}, false},
	{`"1-16"`, Credits{1, 16}, false},
	{`" 1 - 16 "`, Credits{1, 16}, false},
	{`"0"`, Credits{}, false},
	{`""`, Credits{}, false},
	{`4`, Credits{4, 4}, false},
	{`4.0`, Credits{4, 4}, false},
	{`[5]`, Credits{5, 5}, false},
	{`[1, "16"]`, Credits{1, 16}, false},
	{`[]`, Credits{}, false},
	{`null`, Credits{}, false},
	{`"16-1"`, Credits{}, true},
	{`"-4"`, Credits{}, true},
	{`-4`, Credits{}, true},
	{`"1-"`, Credits{}, true},
	{`"4.5"`, Credits{}, true},
	{`"four"`, Credits{}, true},
	{`true`, Credits{}, true},
	{`{}`, Credits{}, true},
	{`[[1]]`, Credits{}, true},
}

func TestCreditsUnmarshal(t *testing.T) {
	for _, tt := range creditsTests {
		t.Run(tt.json, func(t *testing.T) {
			var got Credits
			err := json.Unmarshal([]byte(tt.json), &got)
			if (err != nil) != tt.wantErr || got != tt.want {
				t.Errorf("Unmarshal(%s) = %v, %v, want %v, error %v", tt.json, got, err, tt.want, tt.wantErr)
			}
		})
	}
}

func TestCreditsString(t *testing.T) {
	tests := []struct {
		c          Credits
		want, json string
	}{
		{Credits{4, 4}, "4", `"4"`},
		{Credits{1, 16}, "1-16", `"1-16"`},
		{Credits{}, "", `null`},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if got := tt.c.String(); got != tt.want {
				t.Errorf("%#v.String() = %q, want %q", tt.c, got, tt.want)
			}
			if got, err := json.Marshal(tt.c); err != nil || string(got) != tt.json {
				t.Errorf("Marshal(%#v) = %s, %v, want %s", tt.c, got, err, tt.json)
			}
		})
	}
}
