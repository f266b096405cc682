package breach_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/sesame-go/sesame/plugin/password/breach"
)

func ExampleChecker_Check() {
	// A stand-in for the range API. SHA-1("password") is
	// 5BAA61E4C9B93F3F0682250B6CF8331B7EE68FD8: the checker asks for the
	// range 5BAA6 and finds the rest of the hash among the answer's lines.
	// The second line is padding, count 0.
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Println(r.URL.Path, r.Header.Get("Add-Padding"))
		fmt.Fprint(w, "1E4C9B93F3F0682250B6CF8331B7EE68FD8:52256179\r\n"+
			"1E4F2B4E1EBDA5C6D2EA8D4E7E3C1B0A9F2:0\r\n")
	}))
	defer api.Close()

	c := breach.New(breach.WithBaseURL(api.URL))
	for _, password := range []string{"password", "correct horse battery staple"} {
		res, err := c.Check(context.Background(), []byte(password))
		fmt.Printf("%q: breached=%v count=%d err=%v\n", password, res.Breached, res.Count, err)
	}
	// Output:
	// /range/5BAA6 true
	// "password": breached=true count=52256179 err=<nil>
	// /range/ABF7A true
	// "correct horse battery staple": breached=false count=0 err=<nil>
}

func ExampleFailClosed() {
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "maintenance", http.StatusServiceUnavailable)
	}))
	defer down.Close()

	// Fail-open (the default): not breached, the failure in Err.
	res, err := breach.New(breach.WithBaseURL(down.URL)).Check(context.Background(), []byte("pw"))
	fmt.Println(res.Breached, errors.Is(res.Err, breach.ErrUnavailable), err)

	// Fail-closed: the failure is an error; refuse the password.
	res, err = breach.New(breach.WithBaseURL(down.URL), breach.FailClosed()).Check(context.Background(), []byte("pw"))
	fmt.Println(res.Breached, errors.Is(err, breach.ErrUnavailable))
	fmt.Println(err)
	// Output:
	// false true <nil>
	// false true
	// breach: service unavailable: status 503 Service Unavailable
}
