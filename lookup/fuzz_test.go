package lookup

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// The fuzz tests check every tolerant decoder for: no panic; an error leaves
// a zero result; a success round-trips (what is decoded, encoded and decoded
// again is the same value). They start from the table tests, the recorded
// captures and the catalogue's shapes.

// checkJSON decodes data into a new T and checks the three properties.
func checkJSON[T any](tb testing.TB, data []byte) {
	tb.Helper()
	var v, zero T
	if err := json.Unmarshal(data, &v); err != nil {
		if !reflect.DeepEqual(v, zero) {
			tb.Fatalf("Unmarshal(%q) = %+v, %v, want the zero value with the error", data, v, err)
		}
		return
	}
	out, err := json.Marshal(v)
	if err != nil {
		tb.Fatalf("Marshal(%+v) = %v, decoded from %q", v, err, data)
	}
	var again T
	if err := json.Unmarshal(out, &again); err != nil {
		tb.Fatalf("Unmarshal(%s) = %v, encoded from %q", out, err, data)
	}
	if !reflect.DeepEqual(v, again) {
		tb.Fatalf("round trip of %q: %+v, then %s, then %+v", data, v, out, again)
	}
}

// addSeeds adds the table tests' JSON and the testdata files as seeds.
func addSeeds(f *testing.F) {
	for _, tt := range driftTests {
		f.Add([]byte(tt.json))
	}
	for _, tt := range decodeErrorTests {
		f.Add([]byte(tt.json))
	}
	for _, tt := range creditsTests {
		f.Add([]byte(`{"credits":` + tt.json + `}`))
	}
	files, _ := filepath.Glob("testdata/*.json")
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
		var items []json.RawMessage // the items of list captures, one by one
		if json.Unmarshal(b, &items) == nil {
			for _, item := range items {
				f.Add([]byte(item))
			}
		}
	}
}

func FuzzCourse(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		checkJSON[Course](t, data)
		checkJSON[CourseSummary](t, data)
	})
}

func FuzzCourseHit(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		checkJSON[CourseHit](t, data)
	})
}

func FuzzSection(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		checkJSON[Section](t, data)
		checkJSON[MeetingTime](t, data)
	})
}

func FuzzBuilding(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		checkJSON[Building](t, data)
		checkJSON[BuildingHit](t, data)
	})
}

func FuzzCredits(f *testing.F) {
	for _, tt := range creditsTests {
		f.Add(tt.json)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkJSON[Credits](t, []byte(s))
		c, err := ParseCredits(s)
		if err != nil {
			if !c.IsZero() {
				t.Fatalf("ParseCredits(%q) = %v, %v, want zero with the error", s, c, err)
			}
			return
		}
		if again, err := ParseCredits(c.String()); err != nil || again != c {
			t.Fatalf("ParseCredits(%q) = %v, but ParseCredits(%q) = %v, %v", s, c, c.String(), again, err)
		}
	})
}

func FuzzDate(f *testing.F) {
	for _, tt := range dateTests {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDate(s)
		if err != nil {
			if !d.IsZero() {
				t.Fatalf("ParseDate(%q) = %v, %v, want zero with the error", s, d, err)
			}
			return
		}
		if again, err := ParseDate(d.String()); err != nil || again != d {
			t.Fatalf("ParseDate(%q) = %v, but ParseDate(%q) = %v, %v", s, d, d.String(), again, err)
		}
		quoted, _ := json.Marshal(s)
		checkJSON[Date](t, quoted)
	})
}

func FuzzTimeOfDay(f *testing.F) {
	for _, tt := range timeOfDayTests {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseTimeOfDay(s)
		if err != nil {
			if v != (TimeOfDay{}) {
				t.Fatalf("ParseTimeOfDay(%q) = %v, %v, want zero with the error", s, v, err)
			}
			return
		}
		if v.Hour < 0 || v.Hour > 23 || v.Minute < 0 || v.Minute > 59 {
			t.Fatalf("ParseTimeOfDay(%q) = %v, out of range", s, v)
		}
		if again, err := ParseTimeOfDay(v.String()); err != nil || again != v {
			t.Fatalf("ParseTimeOfDay(%q) = %v, but ParseTimeOfDay(%q) = %v, %v", s, v, v.String(), again, err)
		}
		quoted, _ := json.Marshal(s)
		checkJSON[TimeOfDay](t, quoted)
	})
}
