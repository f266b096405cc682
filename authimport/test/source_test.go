package test

import (
	"context"
	"io"

	"github.com/sesame-go/sesame/authimport"
)

// records is a source of records made by the test.
type records struct {
	name string
	recs []authimport.Record
	next int
}

func (s *records) Name() string { return s.name }

func (s *records) Next(_ context.Context, n int) ([]authimport.Record, error) {
	end := min(s.next+n, len(s.recs))
	out := s.recs[s.next:end]
	s.next = end
	if s.next == len(s.recs) {
		return out, io.EOF
	}
	return out, nil
}

// betterAuth returns a source of records under better-auth's name, whose
// sessions the bridge finds.
func betterAuth(recs ...authimport.Record) *records {
	return &records{name: authimport.BetterAuthSystem, recs: recs}
}
