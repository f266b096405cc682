package catalog

import (
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The embedded data must look like the real service's (reference facts
// §1.3): these are the values seen in real captures.
var (
	realTerms    = map[string][2]string{"F17": {"09/20/17", "12/01/17"}, "W18": {"01/08/18", "03/16/18"}, "Sp18": {"04/02/18", "06/08/18"}, "Su18": {"06/25/18", "08/17/18"}, "F18": {"09/20/18", "11/30/18"}}
	realSessions = []string{"Full Term", "Summer 8 Week Session"}
	realTypes    = []string{"Lecture", "Laboratory", "Recitation", "Examination for Credit"}
	realStatuses = []string{"Open", "Closed", "Waitlisted", "Cancelled", "Inactive-Not Offered"}
	objectID     = regexp.MustCompile(`^[0-9a-f]{24}$`)
	clockTime    = regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:00\+00:00$`)
)

type sectionData struct {
	Term         string `json:"term"`
	Session      string `json:"session"`
	CRN          int    `json:"crn"`
	Credits      *int   `json:"credits"`
	Instructor   string `json:"instructor"`
	MeetingTimes []struct {
		StartTime    string `json:"startTime"`
		EndTime      string `json:"endTime"`
		Days         string `json:"days"`
		BuildingCode string `json:"buildingCode"`
		RoomNumber   *int   `json:"roomNumber"`
	} `json:"meetingTimes"`
	StartDate          string `json:"startDate"`
	EndDate            string `json:"endDate"`
	Campus             string `json:"campus"`
	Type               string `json:"type"`
	Status             string `json:"status"`
	EnrollmentCapacity *int   `json:"enrollmentCapacity"`
	EnrollmentCurrent  *int   `json:"enrollmentCurrent"`
	Comments           string `json:"comments"`
	TextbookURL        string `json:"textbookUrl"`
}

func TestData(t *testing.T) {
	c := Default()
	subjects, courses, sections, buildings := c.counts()
	if subjects < 12 || courses < 60 || sections < 200 || buildings < 20 {
		t.Errorf("counts = %d subjects, %d courses, %d sections, %d buildings, want at least 12, 60, 200, 20",
			subjects, courses, sections, buildings)
	}
	codes := map[string]bool{"TBA": true, "GRP": true}
	for _, b := range c.buildings {
		if id, _ := b.doc.str("_id"); !objectID.MatchString(id) {
			t.Errorf("building %q: _id %q is not an ObjectId", b.name, id)
		}
		codes[b.abbr] = true
	}
	seenCRN := map[int]bool{}
	for i, co := range c.courses {
		name := co.subject + " " + strconv.Itoa(int(co.number))
		if i > 0 {
			prev := c.courses[i-1]
			if prev.subject > co.subject || (prev.subject == co.subject && prev.number >= co.number) {
				t.Errorf("%s comes after %s %v: the catalogue must be in subject, number order", name, prev.subject, prev.number)
			}
		}
		if !strings.HasPrefix(co.title, name+" ") || co.title != strings.ToUpper(co.title) {
			t.Errorf("%s: title %q must be upper case and start with %q", name, co.title, name)
		}
		if id, _ := co.doc.str("_id"); !objectID.MatchString(id) {
			t.Errorf("%s: _id %q is not an ObjectId", name, id)
		}
		var secs []sectionData
		if err := json.Unmarshal(co.doc.get("sections"), &secs); err != nil {
			t.Fatalf("%s: sections: %v", name, err)
		}
		for _, s := range secs {
			where := name + " CRN " + strconv.Itoa(s.CRN)
			dates, ok := realTerms[s.Term]
			if !ok || dates != [2]string{s.StartDate, s.EndDate} {
				t.Errorf("%s: term %q from %s to %s", where, s.Term, s.StartDate, s.EndDate)
			}
			if seenCRN[s.CRN] || s.CRN < 10000 || s.CRN > 99999 {
				t.Errorf("%s: CRN repeated or not 5 digits", where)
			}
			seenCRN[s.CRN] = true
			if !slices.Contains(realSessions, s.Session) || !slices.Contains(realTypes, s.Type) ||
				!slices.Contains(realStatuses, s.Status) || s.Campus != "Corv" {
				t.Errorf("%s: session %q, type %q, status %q, campus %q", where, s.Session, s.Type, s.Status, s.Campus)
			}
			if s.Comments != s.TextbookURL {
				t.Errorf("%s: textbookUrl %q, want a copy of comments %q", where, s.TextbookURL, s.Comments)
			}
			if (s.Type == "Laboratory" || s.Type == "Recitation") && s.Credits != nil {
				t.Errorf("%s: a %s with credits, want null", where, s.Type)
			}
			if s.Status == "Cancelled" || s.Status == "Inactive-Not Offered" || s.Type == "Examination for Credit" {
				if s.MeetingTimes != nil || s.Instructor != "Staff" {
					t.Errorf("%s: %s %s with meeting times or an instructor", where, s.Status, s.Type)
				}
			}
			for _, m := range s.MeetingTimes {
				if !codes[m.BuildingCode] || !clockTime.MatchString(m.StartTime) || !clockTime.MatchString(m.EndTime) ||
					(m.BuildingCode == "TBA") != (m.RoomNumber == nil) {
					t.Errorf("%s: meeting time %+v", where, m)
				}
			}
		}
	}
}
