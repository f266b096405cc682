package textscore

import "testing"

func TestStem(t *testing.T) {
	// Pairs from the Snowball English sample vocabulary, plus the words of
	// the reference captures.
	tests := []struct{ word, want string }{
		{"consign", "consign"}, {"consigned", "consign"}, {"consigning", "consign"},
		{"consignment", "consign"}, {"consistency", "consist"}, {"consistently", "consist"},
		{"consolation", "consol"}, {"consolatory", "consolatori"}, {"consoled", "consol"},
		{"consolidate", "consolid"}, {"consolingly", "consol"}, {"consonant", "conson"},
		{"conspicuous", "conspicu"}, {"conspiracy", "conspiraci"}, {"conspirator", "conspir"},
		{"constable", "constabl"}, {"constancy", "constanc"}, {"constant", "constant"},
		{"knackeries", "knackeri"}, {"kneaded", "knead"}, {"knees", "knee"},
		{"knightly", "knight"}, {"knitting", "knit"}, {"knives", "knive"},
		{"knocker", "knocker"}, {"caresses", "caress"}, {"ponies", "poni"},
		{"ties", "tie"}, {"cries", "cri"}, {"gas", "gas"}, {"gaps", "gap"},
		{"kiwis", "kiwi"}, {"agreed", "agre"}, {"feed", "feed"}, {"plastered", "plaster"},
		{"motoring", "motor"}, {"sing", "sing"}, {"hopping", "hop"}, {"filing", "file"},
		{"happy", "happi"}, {"cry", "cri"}, {"by", "by"}, {"say", "say"},
		{"relational", "relat"}, {"generalization", "general"}, {"generous", "generous"},
		{"running", "run"}, {"biology", "biolog"}, {"skies", "sky"}, {"news", "news"},
		{"inning", "inning"}, {"proceed", "proceed"}, {"dying", "die"},
		{"nutrition", "nutrit"}, {"nutritional", "nutrit"}, {"engineering", "engin"},
		{"introduction", "introduct"}, {"computer", "comput"}, {"science", "scienc"},
		{"principles", "principl"}, {"animal", "anim"}, {"aerospace", "aerospac"},
		{"therapy", "therapi"}, {"exercise", "exercis"}, {"center", "center"},
		{"kelley", "kelley"}, {"hall", "hall"}, {"161", "161"}, {"é", "é"},
	}
	for _, tt := range tests {
		t.Run(tt.word, func(t *testing.T) {
			if got := Stem(tt.word); got != tt.want {
				t.Errorf("Stem(%q) = %q, want %q", tt.word, got, tt.want)
			}
		})
	}
}
