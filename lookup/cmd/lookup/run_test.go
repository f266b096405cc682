package main

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestRun(t *testing.T) {
	failing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusTeapot)
	}))
	t.Cleanup(failing.Close)
	tests := []struct {
		name       string
		args       []string
		wantCode   int
		wantStdout []string // lines or fragments, in order
		wantStderr string
	}{
		{"courses", []string{"courses", "nutrition"}, 0, []string{
			"SCORE   COURSE    CREDITS  SECTIONS  TITLE",
			"0.6250  HORT 316  4        4         PLANT NUTRITION",
			"0.5625  ANS 436   3        2         COMPANION ANIMAL NUTRITION AND PET FOOD REGULATION",
		}, ""},
		{"words joined", []string{"courses", "computer", "science"}, 0, []string{"CS 161", "INTRODUCTION TO COMPUTER SCIENCE I"}, ""},
		{"buildings", []string{"buildings", "Kelley"}, 0, []string{
			"SCORE   ABBR  NAME                       ADDRESS              LOCATION",
			"0.6667  KEC   Kelley Engineering Center  110 SW Park Terrace  44.567164, -123.278692",
		}, ""},
		{"building without coordinates", []string{"buildings", "pathology"}, 0, []string{"PLPH  Plant Pathology  34016 NE ELECTRIC DR  -"}, ""},
		{"limit", []string{"-limit", "2", "buildings", "hall"}, 0, []string{"Dearborn Hall", "Weniger Hall", "(11 more; raise -limit to see them)"}, ""},
		{"no hit", []string{"courses", "zzz"}, 0, []string{`No course matches "zzz".`}, ""},
		{"no building", []string{"buildings", "zzz"}, 0, []string{`No building matches "zzz".`}, ""},
		{"service fails", []string{"-url", failing.URL, "courses", "x"}, 1, nil, "lookup: GET " + failing.URL + "/search/courses/x: 418"},
		{"bad URL", []string{"-url", "ftp://x", "courses", "x"}, 2, nil, "want an absolute http or https URL"},
		{"no query", []string{"courses"}, 2, nil, "usage: lookup"},
		{"unknown kind", []string{"people", "x"}, 2, nil, "usage: lookup"},
		{"bad limit", []string{"-limit", "0", "courses", "x"}, 2, nil, "usage: lookup"},
		{"bad flag", []string{"-nope"}, 2, nil, "flag provided but not defined"},
		{"help", []string{"-h"}, 0, nil, "usage: lookup"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(context.Background(), tt.args, &stdout, &stderr)
			if code != tt.wantCode {
				t.Errorf("run(%q) = %d, want %d; stderr: %s", tt.args, code, tt.wantCode, stderr.String())
			}
			out := stdout.String()
			for _, want := range tt.wantStdout {
				i := strings.Index(out, want)
				if i < 0 {
					t.Errorf("run(%q) stdout = %q, want it to contain %q", tt.args, stdout.String(), want)
					break
				}
				out = out[i+len(want):]
			}
			if !strings.Contains(stderr.String(), tt.wantStderr) || (tt.wantStderr == "" && stderr.Len() > 0) {
				t.Errorf("run(%q) stderr = %q, want %q", tt.args, stderr.String(), tt.wantStderr)
			}
		})
	}
}

func TestRunCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stdout, stderr bytes.Buffer
	if code := run(ctx, []string{"courses", "nutrition"}, &stdout, &stderr); code != 1 {
		t.Errorf("run with a cancelled context = %d, want 1; stderr: %s", code, stderr.String())
	}
}
