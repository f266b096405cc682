package main

import (
	"os"
	"testing"
)

func TestMedian(t *testing.T) {
	for _, tt := range []struct {
		name string
		xs   []float64
		want float64
	}{
		{"none", nil, 0},
		{"odd", []float64{3, 1, 2}, 2},
		{"even", []float64{4, 1, 3, 2}, 2.5},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := median(tt.xs); got != tt.want {
				t.Errorf("median(%v) = %v, want %v", tt.xs, got, tt.want)
			}
		})
	}
}

// TestReadProc reads this test process's own CPU time and memory.
func TestReadProc(t *testing.T) {
	s, err := readProc(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	if s.rssKiB == 0 {
		t.Errorf("readProc(self) = %+v, want a resident size", s)
	}
}
