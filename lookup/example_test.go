package lookup_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"time"

	"github.com/sesame-go/sesame/lookup"
)

// catalogue starts the sample catalogue on a test server and returns a
// client for it; the caller closes the server.
func catalogue() (*lookup.Client, *httptest.Server) {
	srv := httptest.NewServer(lookup.Handler())
	c, err := lookup.New(srv.URL, lookup.WithHTTPClient(srv.Client()))
	if err != nil {
		log.Fatal(err)
	}
	return c, srv
}

func ExampleNew() {
	c, err := lookup.New("https://api.classmere.com",
		lookup.WithTimeout(10*time.Second),
		lookup.WithCache(time.Hour),
		lookup.WithUserAgent("my-app/1.0"),
	)
	if err != nil {
		log.Fatal(err)
	}
	_ = c // c.Course(ctx, "CS", "161") and so on.
}

func ExampleClient_Course() {
	c, srv := catalogue()
	defer srv.Close()

	course, err := c.Course(context.Background(), "cs", "161")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(course.Title)
	fmt.Println("credits:", course.Credits)
	for _, s := range course.Sections[:3] {
		fmt.Printf("%s %d %s, %s", s.Term, s.CRN, s.Type, s.Instructor)
		for _, m := range s.MeetingTimes {
			fmt.Printf(", %s %s-%s in %s %s", m.Days, m.StartTime, m.EndTime, m.BuildingCode, m.RoomNumber)
		}
		fmt.Println()
	}
	// Output:
	// CS 161 INTRODUCTION TO COMPUTER SCIENCE I
	// credits: 4
	// F17 23968 Lecture, Parham Mocello, J., MWF 11:00-11:50 in GILB 124
	// F17 23988 Lecture, Alcon, T., TR 12:00-13:20 in HOV 102
	// F17 24025 Laboratory, Alcon, T., W 10:00-11:50 in GILK 113
}

func ExampleClient_SearchCourses() {
	c, srv := catalogue()
	defer srv.Close()

	hits, err := c.SearchCourses(context.Background(), "nutrition")
	if err != nil {
		log.Fatal(err)
	}
	for _, h := range hits[:5] {
		fmt.Printf("%.4f %s\n", h.Score, h.Title)
	}
	// Output:
	// 0.6250 HORT 316 PLANT NUTRITION
	// 0.6250 KIN 341 NUTRITION FOR EXERCISE
	// 0.6250 NUTR 240 HUMAN NUTRITION
	// 0.6000 ANS 311 PRINCIPLES OF ANIMAL NUTRITION
	// 0.6000 NUTR 312 NUTRITIONAL PROBLEMS OF THE WORLD
}

func ExampleClient_SearchBuildings() {
	c, srv := catalogue()
	defer srv.Close()

	hits, err := c.SearchBuildings(context.Background(), "Kelley")
	if err != nil {
		log.Fatal(err)
	}
	for _, h := range hits {
		fmt.Println(h.Abbr, h.Name, h.Score)
	}
	// Output:
	// KEC Kelley Engineering Center 0.6666666666666666
}

func ExampleClient_Building() {
	c, srv := catalogue()
	defer srv.Close()
	ctx := context.Background()

	b, err := c.Building(ctx, "kec")
	if err != nil {
		log.Fatal(err)
	}
	if lat, long, ok := b.Location(); ok {
		fmt.Printf("%s, %s: %.6f, %.6f\n", b.Name, b.Address, lat, long)
	}

	// The service answers an unknown building with 200 and null.
	_, err = c.Building(ctx, "NOPE")
	fmt.Println(errors.Is(err, lookup.ErrNotFound))
	// Output:
	// Kelley Engineering Center, 110 SW Park Terrace: 44.567164, -123.278692
	// true
}

func ExampleClient_Subjects() {
	c, srv := catalogue()
	defer srv.Close()

	subjects, err := c.Subjects(context.Background())
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(subjects)
	// Output:
	// [AAE ACTG AEC AED AG AGRI ALS ANS ANTH CH CS HORT KIN MTH NUTR]
}

// ExampleHandler serves the sample catalogue under a prefix of an
// application's own server, as a starter does, and points the client at it.
func ExampleHandler() {
	mux := http.NewServeMux()
	mux.Handle("/classmere/", http.StripPrefix("/classmere", lookup.Handler()))
	srv := httptest.NewServer(mux)
	defer srv.Close()

	c, err := lookup.New(srv.URL + "/classmere")
	if err != nil {
		log.Fatal(err)
	}
	courses, err := c.CoursesBySubject(context.Background(), "hort")
	if err != nil {
		log.Fatal(err)
	}
	for _, s := range courses {
		fmt.Println(s.Title)
	}
	// Output:
	// HORT 111 INTRODUCTION TO HORTICULTURE
	// HORT 226 LANDSCAPE PLANTS
	// HORT 316 PLANT NUTRITION
	// HORT 330 PLANT PROPAGATION
}

func ExampleParseCredits() {
	for _, s := range []string{"4", "1-16"} {
		c, err := lookup.ParseCredits(s)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%q: min %d, max %d\n", s, c.Min, c.Max)
	}
	// Output:
	// "4": min 4, max 4
	// "1-16": min 1, max 16
}
