package lookup

import (
	"context"
	"encoding/json"
	"time"
)

// Course is a course of the catalogue, with its sections, as
// GET /courses/:subject/:number answers it (reference facts §1.2, §1.3).
type Course struct {
	// Title is upper case and starts with the subject and number:
	// "CS 161 INTRODUCTION TO COMPUTER SCIENCE I".
	Title        string    `json:"title"`
	SubjectCode  string    `json:"subjectCode"`  // "CS"
	CourseNumber int       `json:"courseNumber"` // 161
	Credits      Credits   `json:"credits"`
	Description  string    `json:"description"`
	Updated      time.Time `json:"updated"`  // when the scraper last saw the course
	Sections     []Section `json:"sections"` // possibly empty
	// Version counts the times the scraper re-inserted the course; only
	// some deployments send it.
	Version int `json:"_version"`
}

// courseJSON is the wire form of a Course, tolerant of drift. Fields the
// service adds and the client ignores: _id, prereqs (a placeholder never
// filled), score on search hits.
type courseJSON struct {
	Title        flexString `json:"title"`
	SubjectCode  flexString `json:"subjectCode"`
	CourseNumber flexInt    `json:"courseNumber"`
	Credits      Credits    `json:"credits"`
	Description  flexString `json:"description"`
	Updated      flexTime   `json:"updated"`
	Sections     []Section  `json:"sections"`
	Version      flexInt    `json:"_version"`
}

// UnmarshalJSON decodes a course leniently (reference facts §1.4); on error
// c is left unchanged.
func (c *Course) UnmarshalJSON(b []byte) error {
	var w courseJSON
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*c = Course{
		Title:        string(w.Title),
		SubjectCode:  string(w.SubjectCode),
		CourseNumber: int(w.CourseNumber),
		Credits:      w.Credits,
		Description:  string(w.Description),
		Updated:      w.Updated.t,
		Sections:     w.Sections,
		Version:      int(w.Version),
	}
	return nil
}

// CourseSummary is a course as the lists GET /courses and
// GET /courses/:subject answer it.
type CourseSummary struct {
	Title        string `json:"title"`
	SubjectCode  string `json:"subjectCode"`
	CourseNumber int    `json:"courseNumber"`
}

// UnmarshalJSON decodes a summary leniently; on error s is left unchanged.
func (s *CourseSummary) UnmarshalJSON(b []byte) error {
	var w struct {
		Title        flexString `json:"title"`
		SubjectCode  flexString `json:"subjectCode"`
		CourseNumber flexInt    `json:"courseNumber"`
	}
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*s = CourseSummary{Title: string(w.Title), SubjectCode: string(w.SubjectCode), CourseNumber: int(w.CourseNumber)}
	return nil
}

// Course returns the course numbered number in subject, with its sections:
// GET /courses/:subject/:number. The subject is upper-cased, since the
// service matches it exactly and case-sensitively; number must be digits. An
// unknown course is [ErrNotFound].
func (c *Client) Course(ctx context.Context, subject, number string) (*Course, error) {
	subj, err := segment("subject", subject, true)
	if err != nil {
		return nil, err
	}
	num, err := courseNumber(number)
	if err != nil {
		return nil, err
	}
	var course Course
	if err := c.getItem(ctx, &course, "courses", subj, num); err != nil {
		return nil, err
	}
	return &course, nil
}

// Courses returns every course of the catalogue, in the service's order:
// GET /courses.
func (c *Client) Courses(ctx context.Context) ([]CourseSummary, error) {
	var list []CourseSummary
	if err := c.getList(ctx, &list, "courses"); err != nil {
		return nil, err
	}
	return list, nil
}

// CoursesBySubject returns the courses of one subject, upper-cased first:
// GET /courses/:subject, a route the service has but does not document. An
// unknown subject gives an empty list, not an error.
func (c *Client) CoursesBySubject(ctx context.Context, subject string) ([]CourseSummary, error) {
	subj, err := segment("subject", subject, true)
	if err != nil {
		return nil, err
	}
	var list []CourseSummary
	if err := c.getList(ctx, &list, "courses", subj); err != nil {
		return nil, err
	}
	return list, nil
}

// Subjects returns the subject codes of the catalogue, sorted: GET /subjects.
func (c *Client) Subjects(ctx context.Context) ([]string, error) {
	var list []flexString
	if err := c.getList(ctx, &list, "subjects"); err != nil {
		return nil, err
	}
	subjects := make([]string, 0, len(list))
	for _, s := range list {
		if s != "" { // distinct counts a missing subjectCode as null
			subjects = append(subjects, string(s))
		}
	}
	return subjects, nil
}
