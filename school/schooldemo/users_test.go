package schooldemo

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"
)

func TestUsersIsACopy(t *testing.T) {
	got := Users()
	got[0].Password = "changed"
	if again := Users(); again[0].Password != DemoPassword {
		t.Errorf("Users()[0].Password = %q after a caller changed its copy, want %q", again[0].Password, DemoPassword)
	}
}

func TestDemoUser(t *testing.T) {
	u := Users()[0]
	if u.ID != DemoUserID || u.Password != DemoPassword || u.SchoolID != SchoolID {
		t.Errorf("Users()[0] = %q/%d, want the demo user of school %d", u.ID, u.SchoolID, SchoolID)
	}
}

func TestUserRedacted(t *testing.T) {
	u := Users()[0]
	outs := map[string]string{}
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%d", "%x"} {
		outs[verb] = fmt.Sprintf(verb, u)
		outs[verb+" pointer"] = fmt.Sprintf(verb, &u)
	}
	b, err := json.Marshal(u)
	if err != nil {
		t.Fatal(err)
	}
	outs["json"] = string(b)
	var text, js bytes.Buffer
	slog.New(slog.NewTextHandler(&text, nil)).Info("msg", "user", u)
	slog.New(slog.NewJSONHandler(&js, nil)).Info("msg", "user", u)
	outs["slog text"], outs["slog json"] = text.String(), js.String()
	for path, out := range outs {
		if strings.Contains(out, DemoPassword) {
			t.Errorf("%s of the demo user = %q, shows the password", path, out)
		}
	}
	want := `schooldemo.User{ID: "demo", Password: "[redacted]", Name: "Demo Student", SchoolID: 11}`
	if got := u.String(); got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}
