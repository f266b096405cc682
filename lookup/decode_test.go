package lookup

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"
	"time"
)

func ptr(f float64) *float64 { return &f }

// fresh returns a pointer to a new zero value of the type p points to.
func fresh(p any) any { return reflect.New(reflect.TypeOf(p).Elem()).Interface() }

// TestDecodeCaptured decodes the Feb 2018 capture of GET /courses/CS/161
// (reference facts §1.3), _id, _version and prereqs included.
func TestDecodeCaptured(t *testing.T) {
	b, err := os.ReadFile("testdata/course_cs_161.json")
	if err != nil {
		t.Fatal(err)
	}
	var got Course
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatalf("Unmarshal(course_cs_161.json) = %v", err)
	}
	lecture := Section{
		Term: "F17", Session: "Full Term", CRN: 23612, Credits: Credits{4, 4}, Instructor: "Parham Mocello, J.",
		MeetingTimes: []MeetingTime{{StartTime: TimeOfDay{11, 0}, EndTime: TimeOfDay{11, 50}, Days: "MWF", BuildingCode: "GILB", RoomNumber: "124"}},
		StartDate:    Date{2017, time.September, 20}, EndDate: Date{2017, time.December, 1}, Campus: "Corv",
		Type: "Lecture", Status: "Open", EnrollmentCapacity: 180, EnrollmentCurrent: 140,
		Restrictions: "Prereqs: MTH 112* [C] or Placement Test MPT(33)", Comments: "Textbooks", TextbookURL: "Textbooks",
	}
	if got.Title != "CS 161 INTRODUCTION TO COMPUTER SCIENCE I" || got.SubjectCode != "CS" || got.CourseNumber != 161 ||
		got.Credits != (Credits{4, 4}) || got.Version != 1 || len(got.Sections) != 4 ||
		!got.Updated.Equal(time.Date(2017, 11, 18, 1, 54, 32, 418e6, time.UTC)) {
		t.Errorf("course = %+v", got)
	}
	if !reflect.DeepEqual(got.Sections[0], lecture) {
		t.Errorf("Sections[0] = %+v, want %+v", got.Sections[0], lecture)
	}
	lab, rec, cancelled := got.Sections[1], got.Sections[2], got.Sections[3]
	if !lab.Credits.IsZero() || lab.Status != "Waitlisted" || lab.WaitlistCurrent != 2 {
		t.Errorf("lab = %+v, want no credits, Waitlisted", lab)
	}
	if m := rec.MeetingTimes[0]; m.BuildingCode != "TBA" || m.RoomNumber != "" || rec.Status != "Closed" {
		t.Errorf("recitation = %+v, want room TBA and empty", rec)
	}
	if cancelled.MeetingTimes != nil || cancelled.Status != "Cancelled" || cancelled.Instructor != "Staff" {
		t.Errorf("cancelled = %+v, want no meeting times", cancelled)
	}
}

// driftTests are the forms the service's types took across versions
// (reference facts §1.4); the fuzz tests start from them.
var driftTests = []struct {
	name string
	json string
	into any // a pointer to a zero value
	want any
}{
	{"building, 2017 strings", `{"abbr":"Dear","name":"Dearborn Hall","buildingNumber":"0011","latitude":"44.567223","longitude":" -123.275637 "}`,
		new(Building), &Building{Abbr: "Dear", Name: "Dearborn Hall", Number: 11, Latitude: ptr(44.567223), Longitude: ptr(-123.275637)}},
	{"building, nulls", `{"abbr":null,"name":"4-H Youth Foundation","address":null,"buildingNumber":null,"latitude":null,"longitude":null}`,
		new(Building), &Building{Name: "4-H Youth Foundation"}},
	{"building, blanks and _id", `{"_id":"5a84a9d2f0000003b1c0e7a2","abbr":"CLSB","buildingNumber":"","latitude":"","sqft":"134009"}`,
		new(Building), &Building{Abbr: "CLSB"}},
	{"building, number as float", `{"abbr":"KEC","buildingNumber":3.0,"latitude":44,"longitude":-123}`,
		new(Building), &Building{Abbr: "KEC", Number: 3, Latitude: ptr(44), Longitude: ptr(-123)}},
	{"building, abbr as number", `{"abbr":101,"name":"Building 101"}`,
		new(Building), &Building{Abbr: "101", Name: "Building 101"}},
	{"course, 2016 credits array", `{"title":"Principles of Animal Nutrition","subjectCode":"ANS","courseNumber":"311","credits":[5]}`,
		new(Course), &Course{Title: "Principles of Animal Nutrition", SubjectCode: "ANS", CourseNumber: 311, Credits: Credits{5, 5}}},
	{"course, range and prereqs", `{"title":"AG 407 SEMINAR","credits":"1-16","prereqs":[{"subjectCode":null,"courseNumber":null}],"_version":"2"}`,
		new(Course), &Course{Title: "AG 407 SEMINAR", Credits: Credits{1, 16}, Version: 2}},
	{"course, no sections key", `{"title":"X","sections":[]}`,
		new(Course), &Course{Title: "X", Sections: []Section{}}},
	{"summary, number as string", `{"title":"CS 161","subjectCode":"CS","courseNumber":"0161","_id":"x"}`,
		new(CourseSummary), &CourseSummary{Title: "CS 161", SubjectCode: "CS", CourseNumber: 161}},
	{"section, 2016 names", `{"crn":"14350","credits":"5","capacity":"60","currentEnrollment":42,"startDate":"2015-09-23T00:00:00.000Z","waitlistCapacity":null}`,
		new(Section), &Section{CRN: 14350, Credits: Credits{5, 5}, EnrollmentCapacity: 60, EnrollmentCurrent: 42, StartDate: Date{2015, time.September, 23}}},
	{"section, null counts and credits", `{"credits":null,"enrollmentCapacity":null,"enrollmentCurrent":null,"meetingTimes":null,"startDate":null}`,
		new(Section), &Section{}},
	{"section, current names win", `{"enrollmentCapacity":30,"capacity":60}`,
		new(Section), &Section{EnrollmentCapacity: 30}},
	{"meeting time, date and offset dropped", `{"startTime":"2017-11-18T14:00:00+00:00","endTime":"2018-02-14T15:50:00.000Z","days":"TR","buildingCode":"KEC","roomNumber":1130}`,
		new(MeetingTime), &MeetingTime{StartTime: TimeOfDay{14, 0}, EndTime: TimeOfDay{15, 50}, Days: "TR", BuildingCode: "KEC", RoomNumber: "1130"}},
	{"meeting time, TBA", `{"startTime":null,"endTime":"","days":"","buildingCode":"TBA","roomNumber":null}`,
		new(MeetingTime), &MeetingTime{BuildingCode: "TBA"}},
	{"meeting time, room label", `{"startTime":"9:00","endTime":"09:50:00","roomNumber":"B100"}`,
		new(MeetingTime), &MeetingTime{StartTime: TimeOfDay{9, 0}, EndTime: TimeOfDay{9, 50}, RoomNumber: "B100"}},
	{"course hit, 2016 hitScore", `{"title":"X","hitScore":"1.5"}`,
		new(CourseHit), &CourseHit{Course: Course{Title: "X"}, Score: 1.5}},
	{"building hit", `{"abbr":"KEC","score":0.6666666666666666}`,
		new(BuildingHit), &BuildingHit{Building: Building{Abbr: "KEC"}, Score: 2.0 / 3}},
}

// TestDecodeDrift decodes the forms the service's types took across
// versions (reference facts §1.4).
func TestDecodeDrift(t *testing.T) {
	for _, tt := range driftTests {
		t.Run(tt.name, func(t *testing.T) {
			got := fresh(tt.into)
			if err := json.Unmarshal([]byte(tt.json), got); err != nil {
				t.Fatalf("Unmarshal(%s) = %v", tt.json, err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Unmarshal(%s) = %+v, want %+v", tt.json, got, tt.want)
			}
		})
	}
}

// decodeErrorTests are values no drift explains; the fuzz tests start from
// them too.
var decodeErrorTests = []struct {
	name string
	json string
	into any
}{
	{"title object", `{"title":{}}`, new(Course)},
	{"course number word", `{"courseNumber":"one"}`, new(Course)},
	{"course number fraction", `{"title":"X","courseNumber":1.5}`, new(Course)},
	{"credits reversed", `{"credits":"16-1"}`, new(Course)},
	{"credits negative", `{"credits":-4}`, new(Course)},
	{"credits word", `{"credits":"four"}`, new(Course)},
	{"updated not a time", `{"updated":"yesterday"}`, new(Course)},
	{"updated year out of range", `{"updated":"0000-01-01T00:00:00+01:00"}`, new(Course)},
	{"sections object", `{"sections":{}}`, new(Course)},
	{"date day 31 of November", `{"title":"X","sections":[{"startDate":"11/31/17"}]}`, new(Course)},
	{"time 25:00", `{"startTime":"25:00"}`, new(MeetingTime)},
	{"days boolean", `{"days":true}`, new(MeetingTime)},
	{"latitude NaN", `{"latitude":"NaN"}`, new(Building)},
	{"latitude huge", `{"latitude":1e400}`, new(Building)},
	{"building number overflow", `{"buildingNumber":"99999999999999999999"}`, new(Building)},
	{"score object", `{"score":{}}`, new(BuildingHit)},
	{"capacity array", `{"enrollmentCapacity":[1]}`, new(Section)},
}

// TestDecodeErrors checks that values no drift explains fail, leaving the
// destination unchanged.
func TestDecodeErrors(t *testing.T) {
	for _, tt := range decodeErrorTests {
		t.Run(tt.name, func(t *testing.T) {
			got := fresh(tt.into)
			if err := json.Unmarshal([]byte(tt.json), got); err == nil {
				t.Errorf("Unmarshal(%s) = %+v, nil, want an error", tt.json, got)
			}
			if !reflect.DeepEqual(got, fresh(tt.into)) {
				t.Errorf("Unmarshal(%s) left %+v, want the zero value", tt.json, got)
			}
		})
	}
}

func TestWeekdays(t *testing.T) {
	tests := []struct {
		days string
		want []time.Weekday
	}{
		{"MWF", []time.Weekday{time.Monday, time.Wednesday, time.Friday}},
		{"TR", []time.Weekday{time.Tuesday, time.Thursday}},
		{"MTWRF", []time.Weekday{time.Monday, time.Tuesday, time.Wednesday, time.Thursday, time.Friday}},
		{"SU", []time.Weekday{time.Saturday, time.Sunday}},
		{"", nil},
		{"X?", nil},
	}
	for _, tt := range tests {
		t.Run(tt.days, func(t *testing.T) {
			if got := (MeetingTime{Days: tt.days}).Weekdays(); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Weekdays(%q) = %v, want %v", tt.days, got, tt.want)
			}
		})
	}
}
