package textscore

import (
	"slices"
	"testing"
)

// TestScoreReference reproduces the scores of the real captures (reference
// facts §1.6).
func TestScoreReference(t *testing.T) {
	tests := []struct {
		name, query, field string
		want               float64
	}{
		{"4 tokens", "nutrition", "HORT 316 PLANT NUTRITION", 0.625},
		{"5 tokens, of dropped", "nutrition", "ANS 311 PRINCIPLES OF ANIMAL NUTRITION", 0.6},
		{"6 tokens", "nutrition", "ANS 420 ADVANCED TOPICS IN ANIMAL NUTRITION", 0.5833333333333334},
		{"8 tokens", "nutrition", "ANS 436 COMPANION ANIMAL NUTRITION AND PET FOOD REGULATION", 0.5625},
		{"stem matches nutritional", "nutrition", "NUTR 225 NUTRITIONAL PROBLEMS", 0.625},
		{"building", "Kelley", "Kelley Engineering Center", 0.6666666666666666},
		{"number token", "161", "CS 161 INTRODUCTION TO COMPUTER SCIENCE I", 0.6},
		{"two terms summed", "plant nutrition", "HORT 316 PLANT NUTRITION", 1.25},
		{"repeated stem", "nutrition", "NUTRITION AND NUTRITIONAL SCIENCE", 1.5 * (0.5 + 0.5*2/3)},
		{"whole field", "music", "Music", 1.1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := Parse(tt.query).Score(tt.field)
			if !ok || got != tt.want {
				t.Errorf("Parse(%q).Score(%q) = %v, %v, want %v, true", tt.query, tt.field, got, ok, tt.want)
			}
		})
	}
}

func TestScoreMisses(t *testing.T) {
	tests := []struct{ name, query, field string }{
		{"subject code is not the word", "nutrition", "NUTR 499 SPECIAL TOPICS"},
		{"stop words only", "of the", "PRINCIPLES OF THE ANIMAL"},
		{"empty", "", "HORT 316 PLANT NUTRITION"},
		{"negated term", "nutrition -plant", "HORT 316 PLANT NUTRITION"},
		{"negated phrase", `nutrition -"plant nutrition"`, "HORT 316 PLANT NUTRITION"},
		{"missing phrase", `"human nutrition"`, "HORT 316 PLANT NUTRITION"},
		{"negation only", "-plant", "HORT 420 ANIMAL NUTRITION"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, ok := Parse(tt.query).Score(tt.field); ok {
				t.Errorf("Parse(%q).Score(%q) = %v, true, want a miss", tt.query, tt.field, got)
			}
		})
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		search string
		want   Query
	}{
		{"Nutrition nutritional", Query{Terms: []string{"nutrit"}}},
		{"plant -animal", Query{Terms: []string{"plant"}, Negated: []string{"anim"}}},
		{"semi-final", Query{Terms: []string{"final", "semi"}}},
		{`"plant nutrition" soil`, Query{Terms: []string{"nutrit", "plant", "soil"}, Phrases: []string{"plant nutrition"}}},
		{`-"human" x`, Query{Terms: []string{"x"}, NegatedPhrases: []string{"human"}}},
		{`"unterminated`, Query{Terms: []string{"untermin"}, Phrases: []string{"unterminated"}}},
		{"the of", Query{}},
	}
	for _, tt := range tests {
		t.Run(tt.search, func(t *testing.T) {
			got := Parse(tt.search)
			if !slices.Equal(got.Terms, tt.want.Terms) || !slices.Equal(got.Negated, tt.want.Negated) ||
				!slices.Equal(got.Phrases, tt.want.Phrases) || !slices.Equal(got.NegatedPhrases, tt.want.NegatedPhrases) {
				t.Errorf("Parse(%q) = %+v, want %+v", tt.search, got, tt.want)
			}
		})
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"nutrition", `"plant nutrition" -soil`, "-", `-"`, `""`, "é-ü"} {
		f.Add(s, "HORT 316 PLANT NUTRITION")
	}
	f.Fuzz(func(t *testing.T, search, field string) {
		q := Parse(search)
		score, ok := q.Score(field)
		if !ok && score != 0 {
			t.Errorf("Score(%q) = %v, false, want 0 on a miss", field, score)
		}
		if ok && score <= 0 {
			t.Errorf("Score(%q) = %v, true, want a positive score", field, score)
		}
	})
}
