package site

import (
	"context"
	"net"
	"net/http"
	"time"

	"github.com/sesame-go/sesame/lookup"
	"github.com/sesame-go/sesame/school"
	"github.com/sesame-go/sesame/school/schooldemo"
)

// loopback serves h on a free port of 127.0.0.1, standing in for a remote
// service, and returns its base URL and a function that stops it.
func loopback(h http.Handler) (string, func(context.Context) error, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second}
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = srv.Serve(ln) // ends with ErrServerClosed
	}()
	stop := func(ctx context.Context) error {
		err := srv.Shutdown(ctx)
		<-done
		return err
	}
	return "http://" + ln.Addr().String(), stop, nil
}

// newCourses returns the catalog client: for c.LookupURL, or for the
// embedded sample served in process.
func (app *App) newCourses(c Config) (*lookup.Client, string, error) {
	url, where := c.LookupURL, c.LookupURL
	if url == "" {
		local, stop, err := loopback(lookup.Handler())
		if err != nil {
			return nil, "", err
		}
		app.stops = append(app.stops, stop)
		url, where = local, "the embedded sample catalog at "+local
	}
	client, err := lookup.New(url, lookup.WithTimeout(10*time.Second), lookup.WithCache(time.Hour),
		lookup.WithUserAgent("sesame-starter/1"))
	return client, where, err
}

// newSchool returns the SmartClass client and the school id: for the
// configured interface, or for the demo school of schooldemo, served in
// process.
func (app *App) newSchool(c Config) (*school.Client, int, string, error) {
	if c.SchoolURL != "" {
		client, err := school.New(c.SchoolURL, c.SchoolToken.Reveal(), c.SchoolID)
		return client, c.SchoolID, c.SchoolURL, err
	}
	local, stop, err := loopback(schooldemo.Handler{})
	if err != nil {
		return nil, 0, "", err
	}
	app.stops = append(app.stops, stop)
	app.demoSchool = true
	client, err := school.New(local, schooldemo.SchoolToken, schooldemo.SchoolID)
	return client, schooldemo.SchoolID, "the demo school at " + local, err
}
