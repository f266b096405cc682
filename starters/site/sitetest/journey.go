package sitetest

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/school/schooltest"
)

// Journey walks a person's whole journey through a running starter, over
// real HTTP with cookie jars, reading the development mailer's messages
// from mail (the app's output: a [*Console], or any String method that
// returns what the app printed so far). The app must run with the default
// in-process catalog and demo school, and the breach check of [Start].
// Each step is a subtest; the journey stops at the first that fails.
func Journey(t *testing.T, baseURL string, mail fmt.Stringer) {
	baseURL = strings.TrimSuffix(baseURL, "/")
	j := &journey{base: baseURL, mail: &mailbox{out: mail}}
	// Addresses of their own, so that the journey can run again on the
	// same database.
	stamp := time.Now().UnixNano()
	j.email = fmt.Sprintf("ada.%d@example.com", stamp)
	j.newEmail = fmt.Sprintf("ada.lovelace.%d@example.org", stamp)
	for _, s := range j.steps() {
		if !t.Run(s.name, s.run) {
			return
		}
	}
}

type journey struct {
	base, email, newEmail string
	mail                  *mailbox
	web                   *browser // the person's browser
	undo                  string   // the undo link of the email change
	grace                 *grace   // the second person, with a second factor
}

type step struct {
	name string
	run  func(t *testing.T)
}

// The passwords the journey sets, one after the other.
const (
	firstPassword  = "correct horse battery"
	secondPassword = "staple battery horse"
	thirdPassword  = "horse staple correct"
	// name is escaped wherever a page shows it.
	name        = "Ada <b>Lovelace</b>"
	nameEscaped = "Ada &lt;b&gt;Lovelace&lt;/b&gt;"
)

func (j *journey) steps() []step {
	return []step{
		{"home", j.home},
		{"sign up", j.signUp},
		{"verify email", j.verify},
		{"cross-origin form refused", j.crossOrigin},
		{"sign in", j.signIn},
		{"unknown URLs", j.unknownURLs},
		{"revoke a second device", j.secondDevice},
		{"change password", j.changePassword},
		{"change email", j.changeEmail},
		{"sign out", j.signOut},
		{"forgot and reset password", j.resetPassword},
		{"course search", j.courses},
		{"course page", j.course},
		{"building search", j.buildings},
		{"JSON routes", j.api},
		{"school sign-in", j.school},
		{"undo the email change", j.undoChange},
		{"set up an authenticator app", j.enrolTOTP},
		{"second step with the app", j.passTOTP},
		{"second step with a recovery code", j.passRecovery},
		{"magic link", j.magicLink},
		{"email code", j.emailCode},
	}
}

func (j *journey) home(t *testing.T) {
	j.web = newBrowser(t, j.base, "journey-browser")
	j.web.get("/").want(t, http.StatusOK, "Sesame starter", `href="/sign-up"`)
}

func (j *journey) signUp(t *testing.T) {
	j.web.post("/sign-up", url.Values{"name": {name}, "email": {j.email}, "password": {"short"}}).
		want(t, http.StatusBadRequest, "The password needs at least 8 characters")
	// The most common passwords are refused with no network, breached
	// ones by the breach check.
	j.web.post("/sign-up", url.Values{"name": {name}, "email": {j.email}, "password": {"password"}}).
		want(t, http.StatusBadRequest, "This password is one of the most common ones")
	j.web.post("/sign-up", url.Values{"name": {name}, "email": {j.email}, "password": {BreachedPassword}}).
		want(t, http.StatusBadRequest, "This password appeared in a data breach")
	j.web.post("/sign-up", url.Values{"name": {name}, "email": {j.email}, "password": {firstPassword}}).
		want(t, http.StatusOK, "Check your email")
	// Signing in before verifying tells the one who knows the password.
	j.web.post("/sign-in", url.Values{"email": {j.email}, "password": {firstPassword}}).
		want(t, http.StatusForbidden, "Verify your email first", `action="/verify-email/resend"`)
}

func (j *journey) verify(t *testing.T) {
	msg := j.mail.next(t, "verify-email", j.email)
	if !strings.Contains(msg, "within 24 hours:") {
		t.Errorf("the verification message does not say how long the link works for people:\n%s", msg)
	}
	path := link(t, msg, j.base, "/verify-email")
	page := j.web.get(path)
	page.want(t, http.StatusOK, `action="/verify-email"`)
	done := j.web.post("/verify-email", url.Values{"token": {page.hidden(t, "token")}})
	done.want(t, http.StatusOK, "Your email address is verified.")
	done.wantAt(t, "/sign-in?done=email-verified")
	// A link works once.
	j.web.post("/verify-email", url.Values{"token": {page.hidden(t, "token")}}).
		want(t, http.StatusBadRequest, "The link or token is invalid or has expired")
}

func (j *journey) crossOrigin(t *testing.T) {
	// The refusal says where forms work: most often the app was opened at
	// another address than its base URL.
	j.web.postFrom("https://attacker.example", "/sign-in", url.Values{"email": {j.email}, "password": {firstPassword}}).
		want(t, http.StatusForbidden, "origin is not allowed", "forms work only on pages opened at "+j.base,
			`<a href="`+j.base+`/sign-in">open this page there</a>`)
}

func (j *journey) signIn(t *testing.T) {
	j.web.post("/sign-in", url.Values{"email": {j.email}, "password": {"not the password"}}).
		want(t, http.StatusUnauthorized, "Wrong email or password")
	// A next parameter that a browser would read as another host (/\ is
	// // to it) falls back to the account page.
	account := j.web.post("/sign-in", url.Values{"email": {j.email}, "password": {firstPassword}, "next": {`/x/../\evil.example/phish`}})
	account.want(t, http.StatusOK, "You are signed in.", j.email, nameEscaped)
	account.wantAt(t, "/account?done=signed-in")
	if strings.Contains(account.Body, name) {
		t.Fatalf("the account page shows the name %q unescaped", name)
	}
	if li := account.item(t, "session", "journey-browser"); !strings.Contains(li, "(this device)") {
		t.Fatalf("the session of this browser is not marked as this device: %s", li)
	}
}

// secondDevice signs in through the JSON routes, as an app would, and
// signs that session out from the account page.
func (j *journey) secondDevice(t *testing.T) {
	phone := newBrowser(t, j.base, "journey-device-2")
	phone.postJSON("/auth/password/sign-in", map[string]string{"email": j.email, "password": firstPassword}).
		want(t, http.StatusOK, j.email)
	phone.get("/auth/session").want(t, http.StatusOK, `"credential":"password"`)

	account := j.web.get("/account")
	account.want(t, http.StatusOK, "journey-device-2")
	id := answer{Body: account.item(t, "session", "journey-device-2")}.hidden(t, "id")
	revoked := j.web.post("/account/sessions/revoke", url.Values{"id": {id}})
	revoked.want(t, http.StatusOK, "The session is signed out.", "journey-browser")
	if strings.Contains(revoked.Body, "journey-device-2") {
		t.Fatalf("the account page still lists the revoked session:\n%s", revoked.Body)
	}
	phone.get("/auth/session").want(t, http.StatusUnauthorized, "no_session")
}

func (j *journey) changePassword(t *testing.T) {
	j.web.post("/account/password", url.Values{"currentPassword": {"wrong"}, "newPassword": {secondPassword}}).
		want(t, http.StatusUnauthorized, "The current password is wrong")
	j.web.post("/account/password", url.Values{"currentPassword": {firstPassword}, "newPassword": {secondPassword}}).
		want(t, http.StatusOK, "Your password is changed.")
	j.mail.next(t, "password-changed", j.email)
}

func (j *journey) changeEmail(t *testing.T) {
	j.web.post("/account/email", url.Values{"newEmail": {j.newEmail}}).
		want(t, http.StatusOK, "We sent a link to your new address")
	path := link(t, j.mail.next(t, "change-email", j.newEmail), j.base, "/verify-email")
	token := j.web.get(path).hidden(t, "token")
	done := j.web.post("/verify-email", url.Values{"token": {token}})
	done.want(t, http.StatusOK, "Your email address is verified.", j.newEmail+` <strong>(primary)</strong>`)
	done.wantAt(t, "/account?done=email-verified")
	// The old address is told, with a link to undo the change.
	j.undo = link(t, j.mail.next(t, "email-changed", j.email), j.base, "/change-email/undo")
	j.web.get(j.undo).want(t, http.StatusOK, `action="/change-email/undo"`)
}

func (j *journey) signOut(t *testing.T) {
	out := j.web.post("/sign-out", nil)
	out.want(t, http.StatusOK, "You are signed out.", `href="/sign-in"`)
	out.wantAt(t, "/?done=signed-out")
	j.web.get("/account").wantAt(t, "/sign-in?next=%2Faccount")
	// A form of the account page posted once signed out leads to signing
	// in, and back to the page of the form: never to the route it posted
	// to, which only takes POST.
	page := j.web.post("/account/email", url.Values{"newEmail": {j.newEmail}})
	page.want(t, http.StatusOK, `action="/sign-in"`)
	if next := page.hidden(t, "next"); next != "/account" {
		t.Fatalf("POST /account/email signed out: the sign-in page comes back to %q, want /account", next)
	}
}

func (j *journey) resetPassword(t *testing.T) {
	j.web.post("/forgot-password", url.Values{"email": {j.newEmail}}).want(t, http.StatusOK, "Check your email")
	msg := j.mail.next(t, "reset-password", j.newEmail)
	if !strings.Contains(msg, "within 1 hour to choose") {
		t.Errorf("the reset message does not say how long the link works for people:\n%s", msg)
	}
	path := link(t, msg, j.base, "/reset-password")
	token := j.web.get(path).hidden(t, "token")
	done := j.web.post("/reset-password", url.Values{"token": {token}, "password": {thirdPassword}})
	done.want(t, http.StatusOK, "Your password is reset")
	done.wantAt(t, "/sign-in?done=password-reset")
	// A used link says so and offers a new one, not the form again.
	used := j.web.post("/reset-password", url.Values{"token": {token}, "password": {thirdPassword}})
	used.want(t, http.StatusBadRequest, "The link or token is invalid or has expired", `has expired: <a href="/forgot-password">ask for a new link</a>`)
	if strings.Contains(used.Body, `action="/reset-password"`) {
		t.Fatalf("a used reset link shows the form again:\n%s", used.Body)
	}
	j.web.post("/sign-in", url.Values{"email": {j.newEmail}, "password": {secondPassword}}).
		want(t, http.StatusUnauthorized, "Wrong email or password")
	j.web.post("/sign-in", url.Values{"email": {j.newEmail}, "password": {thirdPassword}}).
		want(t, http.StatusOK, "You are signed in.", j.newEmail)
}

func (j *journey) courses(t *testing.T) {
	j.web.get("/courses?q=computer+science").want(t, http.StatusOK,
		"CS 161 INTRODUCTION TO COMPUTER SCIENCE I", `href="/course?subject=CS&amp;number=161"`)
	j.web.get("/courses?q=zzzzzz").want(t, http.StatusOK, "No course title matches.")
}

func (j *journey) course(t *testing.T) {
	j.web.get("/course?subject=CS&number=161").want(t, http.StatusOK,
		"CS 161 INTRODUCTION TO COMPUTER SCIENCE I", `<tr class="section">`, "Lecture", "MWF 11:00–11:50",
		"Kelley Engineering Center")
	j.web.get("/course?subject=CS&number=999").want(t, http.StatusNotFound, "No such course")
}

func (j *journey) buildings(t *testing.T) {
	j.web.get("/buildings?q=Kelley").want(t, http.StatusOK, "Kelley Engineering Center", "(KEC)")
}

func (j *journey) api(t *testing.T) {
	var found struct {
		Courses []struct {
			Title        string `json:"title"`
			SubjectCode  string `json:"subjectCode"`
			CourseNumber int    `json:"courseNumber"`
		} `json:"courses"`
	}
	j.web.get("/api/courses?q=computer+science").decode(t, &found)
	if len(found.Courses) == 0 || found.Courses[0].Title != "CS 161 INTRODUCTION TO COMPUTER SCIENCE I" {
		t.Fatalf("GET /api/courses?q=computer+science = %+v, want CS 161 first", found.Courses)
	}
	var course struct {
		Title    string `json:"title"`
		Sections []struct {
			CRN int `json:"crn"`
		} `json:"sections"`
	}
	j.web.get("/api/course?subject=cs&number=161").decode(t, &course)
	if course.Title != "CS 161 INTRODUCTION TO COMPUTER SCIENCE I" || len(course.Sections) == 0 {
		t.Fatalf("GET /api/course?subject=cs&number=161 = %q with %d sections", course.Title, len(course.Sections))
	}
	var failure struct {
		Error struct{ Code string } `json:"error"`
	}
	bad := j.web.get("/api/courses")
	bad.decode(t, &failure)
	if bad.Status != http.StatusBadRequest || failure.Error.Code != "invalid_input" {
		t.Fatalf("GET /api/courses = %d %q, want 400 invalid_input", bad.Status, failure.Error.Code)
	}
	missing := j.web.get("/api/course?subject=CS&number=999")
	missing.decode(t, &failure)
	if missing.Status != http.StatusNotFound || failure.Error.Code != "not_found" {
		t.Fatalf("GET /api/course?subject=CS&number=999 = %d %q, want 404 not_found", missing.Status, failure.Error.Code)
	}
	var buildings struct {
		Buildings []struct {
			Name string `json:"name"`
		} `json:"buildings"`
	}
	j.web.get("/api/buildings?q=Kelley").decode(t, &buildings)
	if len(buildings.Buildings) == 0 || buildings.Buildings[0].Name != "Kelley Engineering Center" {
		t.Fatalf("GET /api/buildings?q=Kelley = %+v, want Kelley Engineering Center first", buildings.Buildings)
	}
	j.me(t)
}

// me asks GET /api/me, the starters' signed-in route of their own: the
// person signed in, and 401 no_session in JSON for a browser with no
// session.
func (j *journey) me(t *testing.T) {
	var me struct{ ID, Name, Email string }
	res := j.web.get("/api/me")
	res.decode(t, &me)
	if res.Status != http.StatusOK || me.ID == "" || me.Name != name || me.Email != j.newEmail {
		t.Fatalf("GET /api/me = %d %+v, want 200 with %q <%s>", res.Status, me, name, j.newEmail)
	}
	var failure struct {
		Error struct{ Code string } `json:"error"`
	}
	res = newBrowser(t, j.base, "journey-stranger").get("/api/me")
	res.decode(t, &failure)
	if res.Status != http.StatusUnauthorized || failure.Error.Code != "no_session" {
		t.Fatalf("GET /api/me with no session = %d %q, want 401 no_session", res.Status, failure.Error.Code)
	}
}

// school signs in with the demo school: a wrong password, a new person
// made on first sign-in, a school account linked to the signed-in person
// from the account page (whose address hears of it) and then signing them
// in, a school account another person holds, and a school sign-in in a
// signed-in browser, which signs in the school account's person and links
// nothing.
func (j *journey) school(t *testing.T) {
	lab := newBrowser(t, j.base, "journey-lab")
	lab.get("/school/sign-in").want(t, http.StatusOK, schooltest.DemoUserID, schooltest.DemoPassword)
	lab.post("/school/sign-in", url.Values{"userId": {schooltest.DemoUserID}, "password": {"wrong"}}).
		want(t, http.StatusUnauthorized, "Wrong school user id or password")
	demoAccount := fmt.Sprintf("%d:%s", schooltest.SchoolID, schooltest.DemoUserID)
	demo := lab.post("/school/sign-in", url.Values{"userId": {schooltest.DemoUserID}, "password": {schooltest.DemoPassword}})
	demo.want(t, http.StatusOK, "You are signed in with your school account.", "Demo Student", demoAccount)

	// The headquarters account of the demo signs in at every school: link
	// it to the person's account, then sign in with it elsewhere.
	admin := headquarters(t)
	linked := j.web.post("/account/school/link", url.Values{"userId": {admin.ID}, "password": {admin.Password}})
	linked.want(t, http.StatusOK, "Your school account is linked", fmt.Sprintf("%d:%s", schooltest.SchoolID, admin.ID))
	if notice := j.mail.next(t, "sign-in-added", j.newEmail); !strings.Contains(notice, "/change-email/undo?token=") {
		t.Fatalf("the notice of the linked school account has no undo link:\n%s", notice)
	}
	other := newBrowser(t, j.base, "journey-library")
	other.post("/school/sign-in", url.Values{"userId": {admin.ID}, "password": {admin.Password}}).
		want(t, http.StatusOK, "You are signed in with your school account.", j.newEmail)
	j.web.post("/account/school/link", url.Values{"userId": {schooltest.DemoUserID}, "password": {schooltest.DemoPassword}}).
		want(t, http.StatusConflict, "This school account is linked to another account")

	// Signing in with a school account where someone is signed in signs
	// in that account's person: it never links it to whoever was there.
	other.post("/school/sign-in", url.Values{"userId": {schooltest.DemoUserID}, "password": {schooltest.DemoPassword}}).
		want(t, http.StatusOK, "You are signed in with your school account.", "Demo Student", demoAccount)
	if page := j.web.get("/account"); strings.Contains(page.Body, demoAccount) {
		t.Fatalf("the demo school account was linked to the account that was signed in:\n%s", page.Body)
	}
}

// undoChange opens the link sent to the old address: it comes back and
// every session of the account ends.
func (j *journey) undoChange(t *testing.T) {
	token := j.web.get(j.undo).hidden(t, "token")
	done := j.web.post("/change-email/undo", url.Values{"token": {token}})
	done.want(t, http.StatusOK, "Your previous email address is back")
	done.wantAt(t, "/sign-in?done=email-restored")
	j.web.get("/account").wantAt(t, "/sign-in?next=%2Faccount")
	// Signing in with the linked school account (password sign-ins of the
	// address are at their rate limit by now) shows the old address back.
	admin := headquarters(t)
	j.web.post("/school/sign-in", url.Values{"userId": {admin.ID}, "password": {admin.Password}}).
		want(t, http.StatusOK, "You are signed in with your school account.", j.email+` <strong>(primary)</strong>`)
}

// headquarters returns the demo's headquarters account, which signs in at
// every school.
func headquarters(t *testing.T) schooltest.User {
	t.Helper()
	for _, u := range schooltest.Users() {
		if u.SchoolID == 0 {
			return u
		}
	}
	t.Fatal("schooltest has no headquarters account")
	return schooltest.User{}
}
