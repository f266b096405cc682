package site

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"reflect"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
)

func TestParseConfig(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		env     map[string]string
		want    Config
		wantErr string // a part of the error's text; "" for none
	}{
		{name: "defaults", want: Config{Addr: DefaultAddr}},
		{name: "flags", args: []string{"-addr", ":9000", "-base-url", "https://app.example", "-db", "postgres://db/app",
			"-lookup-url", "https://api.classmere.com", "-school-url", "https://demo.smartclass.tech", "-school-token", "tok", "-school-id", "0"},
			want: Config{Addr: ":9000", BaseURL: "https://app.example", Database: "postgres://db/app", LookupURL: "https://api.classmere.com",
				SchoolURL: "https://demo.smartclass.tech", SchoolToken: auth.NewSecret("tok"), SchoolID: 0}},
		{name: "environment", env: map[string]string{EnvDatabase: "mysql://root@db:3306/app", EnvAddr: "0.0.0.0:80",
			EnvSchoolURL: "https://s.example", EnvSchoolToken: "tok", EnvSchoolID: "11"},
			want: Config{Addr: "0.0.0.0:80", Database: "mysql://root@db:3306/app", SchoolURL: "https://s.example", SchoolToken: auth.NewSecret("tok"), SchoolID: 11}},
		{name: "breach check off", args: []string{"-breach-url", "OFF"}, want: Config{Addr: DefaultAddr, BreachURL: "OFF"}},
		{name: "breach check elsewhere", env: map[string]string{EnvBreachURL: "http://127.0.0.1:9999"}, want: Config{Addr: DefaultAddr, BreachURL: "http://127.0.0.1:9999"}},
		{name: "bad breach URL", args: []string{"-breach-url", "pwnedpasswords.com"}, wantErr: "want an http or https URL, or off"},
		{name: "a flag wins over its variable", args: []string{"-db", "app.db"}, env: map[string]string{EnvDatabase: "postgres://db/app"},
			want: Config{Addr: DefaultAddr, Database: "app.db"}},
		{name: "school token without URL", args: []string{"-school-token", "tok"}, wantErr: "go with -school-url"},
		{name: "school id without URL", env: map[string]string{EnvSchoolID: "11"}, wantErr: "go with -school-url"},
		{name: "school URL without token", args: []string{"-school-url", "https://s.example"}, wantErr: "needs -school-token"},
		{name: "bad school id", args: []string{"-school-url", "https://s.example", "-school-token", "t", "-school-id", "-3"}, wantErr: "want 0 or a positive number"},
		{name: "bad address", args: []string{"-addr", "8080"}, wantErr: "want host:port"},
		{name: "arguments", args: []string{"serve"}, wantErr: "unexpected arguments"},
		{name: "unknown flag", args: []string{"-port", "80"}, wantErr: "not defined"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseConfig("app", tt.args, func(k string) string { return tt.env[k] }, io.Discard)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("ParseConfig(%q) = %v, want an error with %q", tt.args, err, tt.wantErr)
				}
				return
			}
			if tt.want.Database == "" {
				tt.want.Database = "data/app.db" // DatabaseFile("app")
			}
			if err != nil || !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("ParseConfig(%q) = %+v, %v; want %+v", tt.args, got, err, tt.want)
			}
		})
	}
}

// TestDatabaseFile: each app has its own SQLite file by default, so that
// the starters, run from one directory, share no accounts and no rate
// counters.
func TestDatabaseFile(t *testing.T) {
	tests := []struct{ name, want string }{
		{"gin", "data/gin.db"},
		{"echo", "data/echo.db"},
		{"fiber", "data/fiber.db"},
		{"", DefaultDatabase},
		{"../x", DefaultDatabase},
		{"a/b", DefaultDatabase},
		{".hidden", DefaultDatabase},
	}
	for _, tt := range tests {
		if got := DatabaseFile(tt.name); got != tt.want {
			t.Errorf("DatabaseFile(%q) = %q, want %q", tt.name, got, tt.want)
		}
		if tt.want != DefaultDatabase {
			cfg, err := ParseConfig(tt.name, nil, func(string) string { return "" }, io.Discard)
			if err != nil || cfg.Database != tt.want {
				t.Errorf("ParseConfig(%q) database = %q, %v; want %q", tt.name, cfg.Database, err, tt.want)
			}
		}
	}
}

// TestParseConfigHelp: -h answers flag.ErrHelp, and the usage never shows
// what the environment holds.
func TestParseConfigHelp(t *testing.T) {
	var out strings.Builder
	env := map[string]string{EnvSchoolToken: "token-from-env", EnvDatabase: "postgres://u:pw-from-env@db/app"}
	_, err := ParseConfig("app", []string{"-h"}, func(k string) string { return env[k] }, &out)
	if !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("ParseConfig(-h) = %v, want flag.ErrHelp", err)
	}
	for _, secret := range []string{"token-from-env", "pw-from-env"} {
		if strings.Contains(out.String(), secret) {
			t.Errorf("the usage shows %q from the environment:\n%s", secret, out.String())
		}
	}
	for _, name := range []string{"-addr", "-db", "DATABASE_URL", "-school-token"} {
		if !strings.Contains(out.String(), name) {
			t.Errorf("the usage does not mention %s:\n%s", name, out.String())
		}
	}
}

// TestConfigPrints: a printed configuration does not show the token.
func TestConfigPrints(t *testing.T) {
	c := Config{SchoolURL: "https://s.example", SchoolToken: auth.NewSecret("tok-123")}
	if s := fmt.Sprintf("%+v", c); strings.Contains(s, "tok-123") {
		t.Fatalf("the configuration prints as %s", s)
	}
}

func TestListen(t *testing.T) {
	tests := []struct {
		addr, baseURL string
		want          func(port string) string
	}{
		{"127.0.0.1:0", "", func(p string) string { return "http://127.0.0.1:" + p }},
		{":0", "", func(p string) string { return "http://localhost:" + p }},
		{"0.0.0.0:0", "", func(p string) string { return "http://localhost:" + p }},
		{"127.0.0.1:0", "https://app.example/", func(string) string { return "https://app.example" }},
	}
	for _, tt := range tests {
		c := Config{Addr: tt.addr, BaseURL: tt.baseURL}
		ln, err := c.Listen()
		if err != nil {
			t.Fatalf("Listen(%q) = %v", tt.addr, err)
		}
		_, port, _ := net.SplitHostPort(ln.Addr().String())
		ln.Close()
		if want := tt.want(port); c.BaseURL != want {
			t.Errorf("Listen(%q) with base URL %q: base URL %q, want %q", tt.addr, tt.baseURL, c.BaseURL, want)
		}
	}
}
