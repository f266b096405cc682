package catalog

import (
	"math"
	"testing"
)

func TestParseInt(t *testing.T) {
	// What JavaScript's parseInt(s) returns for each.
	tests := []struct {
		in   string
		want float64 // NaN for NaN
	}{
		{"161", 161}, {"0161", 161}, {" 161", 161}, {"161abc", 161}, {"+161", 161}, {"-5", -5},
		{"0x1A", 26}, {"0XaB", 171}, {"1e3", 1}, {"1.9", 1},
		{"abc", math.NaN()}, {"", math.NaN()}, {"-", math.NaN()}, {"0x", math.NaN()}, {" ", math.NaN()},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, ok := parseInt(tt.in)
			if ok != !math.IsNaN(tt.want) || (ok && got != tt.want) {
				t.Errorf("parseInt(%q) = %v, %v, want %v", tt.in, got, ok, tt.want)
			}
		})
	}
}
