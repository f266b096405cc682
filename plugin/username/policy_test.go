package username

import (
	"errors"
	"testing"

	"github.com/sesame-go/sesame/auth"
)

var shapeTests = []struct {
	name, in string
	opts     []Option
	want     *auth.Error
}{
	{"plain", "JaneDoe", nil, nil},
	{"separators", "jane.doe_42-x", nil, nil},
	{"accents", "José", nil, nil},
	{"cyrillic", "Дмитрий", nil, nil},
	{"kana", "さくら", nil, nil},
	{"trailing mark", "jose\u0301", nil, nil},
	{"too short", "jd", nil, ErrInvalid},
	{"too long", "abcdefghijklmnopqrstuvwxyz12345", nil, ErrInvalid},
	{"space", "jane doe", nil, ErrInvalid},
	{"at sign", "jane@doe", nil, ErrInvalid},
	{"leading separator", ".jane", nil, ErrInvalid},
	{"trailing separator", "jane_", nil, ErrInvalid},
	{"double separator", "jane..doe", nil, ErrInvalid},
	{"mixed separators", "jane._doe", nil, ErrInvalid},
	{"zero-width joiner", "jane\u200ddoe", nil, ErrInvalid},
	{"emoji", "jane😀", nil, ErrInvalid},
	{"reserved", "admin", nil, ErrReserved},
	{"reserved in capitals", "ADMIN", nil, ErrReserved},
	{"reserved look-alike", "\u0430dmin", nil, ErrReserved},
	{"reserved by the host", "acme", []Option{WithReserved("Acme")}, ErrReserved},
	{"defaults dropped", "admin", []Option{WithoutDefaultReserved()}, nil},
	{"ascii only", "José", []Option{WithCharacters(ASCII)}, ErrInvalid},
	{"ascii", "jose_42", []Option{WithCharacters(ASCII)}, nil},
	{"longer allowed", "abcdefghijklmnopqrstuvwxyz12345", []Option{WithLength(3, 40)}, nil},
	{"shorter allowed", "jd", []Option{WithLength(2, 30)}, nil},
}

func TestVet(t *testing.T) {
	for _, tt := range shapeTests {
		t.Run(tt.name, func(t *testing.T) {
			p := New(tt.opts...)
			display, key, err := p.vet(tt.in)
			if tt.want == nil && err != nil || tt.want != nil && !errors.Is(err, tt.want) {
				t.Fatalf("vet(%q) = %v, want %v", tt.in, err, tt.want)
			}
			if err == nil && (display != tt.in || key == "") {
				t.Errorf("vet(%q) = %q, %q; want the name as typed and a key", tt.in, display, key)
			}
		})
	}
}

func TestConfigCheck(t *testing.T) {
	tests := []struct {
		name string
		opts []Option
		ok   bool
	}{
		{"defaults", nil, true},
		{"lengths reversed", []Option{WithLength(10, 5)}, false},
		{"too long", []Option{WithLength(3, MaxLength+1)}, false},
		{"no test", []Option{WithCharacters(nil)}, false},
		{"negative cool-down", []Option{WithCoolDown(-1)}, false},
		{"bad reserved name", []Option{WithReserved("\x07")}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := New(tt.opts...).Validate(nil); (err == nil) != tt.ok {
				t.Errorf("Validate() = %v, want ok %v", err, tt.ok)
			}
		})
	}
}
