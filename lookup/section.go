package lookup

import (
	"encoding/json"
	"time"
)

// Section is one offering of a course in a term (reference facts §1.3).
type Section struct {
	Term         string        `json:"term"`    // season F, W, Sp or Su and a 2-digit year: "F17"
	Session      string        `json:"session"` // "Full Term", "Summer 8 Week Session"
	CRN          int           `json:"crn"`     // course reference number, 5 digits
	Credits      Credits       `json:"credits"` // zero on labs and recitations
	Instructor   string        `json:"instructor"`
	MeetingTimes []MeetingTime `json:"meetingTimes"` // nil when to be announced or cancelled
	StartDate    Date          `json:"startDate"`
	EndDate      Date          `json:"endDate"`
	Campus       string        `json:"campus"` // "Corv" (Corvallis)
	Type         string        `json:"type"`   // "Lecture", "Laboratory", "Recitation", "Examination for Credit"
	// Status is "Open", "Closed", "Waitlisted", "Cancelled" or
	// "Inactive-Not Offered".
	Status string `json:"status"`
	// The four counts are 0 where the service sends null.
	EnrollmentCapacity int    `json:"enrollmentCapacity"`
	EnrollmentCurrent  int    `json:"enrollmentCurrent"`
	WaitlistCapacity   int    `json:"waitlistCapacity"`
	WaitlistCurrent    int    `json:"waitlistCurrent"`
	Fees               string `json:"fees"`         // "" or "$10.00 ANS6"
	Restrictions       string `json:"restrictions"` // prerequisites and major restrictions, as text
	Comments           string `json:"comments"`
	// TextbookURL is what the service sends, which is always a copy of
	// Comments, never a URL: a bug of its scraper.
	TextbookURL string `json:"textbookUrl"`
}

// sectionJSON is the wire form of a Section. Capacity and
// currentEnrollment are the 2016 names of the enrollment counts.
type sectionJSON struct {
	Term               flexString    `json:"term"`
	Session            flexString    `json:"session"`
	CRN                flexInt       `json:"crn"`
	Credits            Credits       `json:"credits"`
	Instructor         flexString    `json:"instructor"`
	MeetingTimes       []MeetingTime `json:"meetingTimes"`
	StartDate          Date          `json:"startDate"`
	EndDate            Date          `json:"endDate"`
	Campus             flexString    `json:"campus"`
	Type               flexString    `json:"type"`
	Status             flexString    `json:"status"`
	EnrollmentCapacity *flexInt      `json:"enrollmentCapacity"`
	EnrollmentCurrent  *flexInt      `json:"enrollmentCurrent"`
	WaitlistCapacity   flexInt       `json:"waitlistCapacity"`
	WaitlistCurrent    flexInt       `json:"waitlistCurrent"`
	Fees               flexString    `json:"fees"`
	Restrictions       flexString    `json:"restrictions"`
	Comments           flexString    `json:"comments"`
	TextbookURL        flexString    `json:"textbookUrl"`
	Capacity           flexInt       `json:"capacity"`
	CurrentEnrollment  flexInt       `json:"currentEnrollment"`
}

// UnmarshalJSON decodes a section leniently (reference facts §1.4); on error
// s is left unchanged.
func (s *Section) UnmarshalJSON(b []byte) error {
	var w sectionJSON
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*s = Section{
		Term:               string(w.Term),
		Session:            string(w.Session),
		CRN:                int(w.CRN),
		Credits:            w.Credits,
		Instructor:         string(w.Instructor),
		MeetingTimes:       w.MeetingTimes,
		StartDate:          w.StartDate,
		EndDate:            w.EndDate,
		Campus:             string(w.Campus),
		Type:               string(w.Type),
		Status:             string(w.Status),
		EnrollmentCapacity: orLegacy(w.EnrollmentCapacity, w.Capacity),
		EnrollmentCurrent:  orLegacy(w.EnrollmentCurrent, w.CurrentEnrollment),
		WaitlistCapacity:   int(w.WaitlistCapacity),
		WaitlistCurrent:    int(w.WaitlistCurrent),
		Fees:               string(w.Fees),
		Restrictions:       string(w.Restrictions),
		Comments:           string(w.Comments),
		TextbookURL:        string(w.TextbookURL),
	}
	return nil
}

func orLegacy(current *flexInt, legacy flexInt) int {
	if current != nil {
		return int(*current)
	}
	return int(legacy)
}

// MeetingTime is a weekly meeting of a section.
type MeetingTime struct {
	StartTime    TimeOfDay `json:"startTime"`
	EndTime      TimeOfDay `json:"endTime"`
	Days         string    `json:"days"`         // letters M T W R F S U, R for Thursday: "MWF"
	BuildingCode string    `json:"buildingCode"` // a Building's Abbr, or "TBA"
	// RoomNumber is a label such as "124"; the service sends an integer, or
	// null ("") when the room is to be announced.
	RoomNumber string `json:"roomNumber"`
}

// UnmarshalJSON decodes a meeting time leniently; on error m is left
// unchanged.
func (m *MeetingTime) UnmarshalJSON(b []byte) error {
	var w struct {
		StartTime    TimeOfDay  `json:"startTime"`
		EndTime      TimeOfDay  `json:"endTime"`
		Days         flexString `json:"days"`
		BuildingCode flexString `json:"buildingCode"`
		RoomNumber   flexString `json:"roomNumber"`
	}
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*m = MeetingTime{
		StartTime: w.StartTime, EndTime: w.EndTime, Days: string(w.Days),
		BuildingCode: string(w.BuildingCode), RoomNumber: string(w.RoomNumber),
	}
	return nil
}

// Weekdays returns the days of m.Days in order, ignoring unknown letters:
// M T W R F S U, where R is Thursday and U Sunday.
func (m MeetingTime) Weekdays() []time.Weekday {
	var days []time.Weekday
	for _, r := range m.Days {
		switch r {
		case 'M':
			days = append(days, time.Monday)
		case 'T':
			days = append(days, time.Tuesday)
		case 'W':
			days = append(days, time.Wednesday)
		case 'R':
			days = append(days, time.Thursday)
		case 'F':
			days = append(days, time.Friday)
		case 'S':
			days = append(days, time.Saturday)
		case 'U':
			days = append(days, time.Sunday)
		}
	}
	return days
}
