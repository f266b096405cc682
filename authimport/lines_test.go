package authimport

import (
	"context"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"
)

// readAll reads every record of a source in batches of 2.
func readAll(t *testing.T, src Source) ([]Record, error) {
	t.Helper()
	var out []Record
	for range 10000 {
		recs, err := src.Next(context.Background(), 2)
		if len(recs) > 2 {
			t.Fatalf("Next(2) returned %d records", len(recs))
		}
		out = append(out, recs...)
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return out, err
		}
	}
	t.Fatal("the source never ended")
	return nil, nil
}

func TestJSONLines(t *testing.T) {
	in := `{"id":"a","email":"a@x.io","email_verified":true,"created_at":"2024-01-02 03:04:05","password_scheme":"bcrypt","password_hash":"h","oauth":[{"provider":"github","subject":"1"}]}

{"id":"b","unknown":1}
{"id":"c"} {"id":"d"}
` + `{"id":"e","name":"` + strings.Repeat("x", maxLine) + `"}` + "\n" + `{"email":"f@x.io"}` + "\n" + `{"id":"g","created_at":"yesterday"}`
	recs, err := readAll(t, JSONLines("t", strings.NewReader(in)))
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ id, unreadable string }{{"a", ""}, {"line 3", "not a JSON"}, {"line 4", "more than one"},
		{"line 5", "longer than 1 MiB"}, {"line 6", "id is missing"}, {"g", "created_at"}}
	if len(recs) != len(want) {
		t.Fatalf("JSONLines read %d records, want %d: %+v", len(recs), len(want), recs)
	}
	for i, w := range want {
		if recs[i].ID != w.id || !strings.Contains(recs[i].unreadable, w.unreadable) || (w.unreadable == "") != (recs[i].unreadable == "") {
			t.Errorf("record %d = %q %q, want %q %q", i, recs[i].ID, recs[i].unreadable, w.id, w.unreadable)
		}
	}
	a := recs[0]
	if !a.EmailVerified || a.Password == nil || a.Password.Hash.Reveal() != "h" || len(a.Accounts) != 1 ||
		!a.CreatedAt.Equal(time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)) {
		t.Errorf("record a = %+v", a)
	}
}

func TestCSV(t *testing.T) {
	recs, err := readAll(t, CSV("t", strings.NewReader("id,email,email_verified,oauth_provider,oauth_subject\na,a@x.io,true,github,1\nb,b@x.io,maybe,,\nc,\"unclosed\n")))
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 3 || recs[0].unreadable != "" || !recs[0].EmailVerified || len(recs[0].Accounts) != 1 ||
		!strings.Contains(recs[1].unreadable, "email_verified") || !strings.Contains(recs[2].unreadable, "malformed CSV") {
		t.Fatalf("CSV read %+v", recs)
	}
	if recs, err := CSV("t", strings.NewReader("")).Next(context.Background(), 1); len(recs) != 0 || !errors.Is(err, io.EOF) {
		t.Errorf("CSV of an empty file: Next = %v, %v; want io.EOF", recs, err)
	}
	for _, head := range []string{"email\n", "id,password\n"} {
		if _, err := CSV("t", strings.NewReader(head)).Next(context.Background(), 1); err == nil || errors.Is(err, io.EOF) {
			t.Errorf("CSV with the header %q: Next = %v, want an error", head, err)
		}
	}
}

func TestSourceTime(t *testing.T) {
	want := time.Date(2026, 11, 24, 4, 55, 44, 118e6, time.UTC)
	for _, v := range []any{want.In(time.FixedZone("x", 3600)), "2026-11-24T04:55:44.118Z", []byte("2026-11-24 04:55:44.118"),
		want.UnixMilli(), strconv.FormatInt(want.UnixMilli(), 10), []byte("1795496144.118000")} {
		got, err := sourceTime(v)
		if err != nil || !got.Equal(want) || got.Location() != time.UTC {
			t.Errorf("sourceTime(%v) = %v, %v; want %v", v, got, err, want)
		}
	}
	if _, err := sourceTime("soon"); err == nil {
		t.Error("sourceTime(soon) = nil error")
	}
}

// FuzzJSONLines: no input panics or loops; every record read is either
// unreadable or has an ID.
func FuzzJSONLines(f *testing.F) {
	for _, seed := range []string{`{"id":"a","email":"a@x.io"}`, "{}\n{\"id\":1}", "\xff\n\x00", `{"id":"a","oauth":[{}]}`} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, in string) {
		for _, src := range []Source{JSONLines("f", strings.NewReader(in)), CSV("f", strings.NewReader("id,email,email_verified\n"+in))} {
			recs, _ := readAll(t, src)
			for _, r := range recs {
				if r.ID == "" && r.unreadable == "" {
					t.Fatalf("%q gave a record with neither an ID nor a problem: %+v", in, r)
				}
			}
		}
	})
}
