package authtest

import (
	"math/rand/v2"
	"reflect"
	"strings"

	"github.com/sesame-go/sesame/auth"
)

// HostileStrings are the strings [Hostile] draws from by default: what a
// database cannot store (NUL, invalid UTF-8), what is too long for a
// column, separators, look-alikes, markup and injections, and plain
// values that pass validation, so that inputs reach past it.
var HostileStrings = []string{
	"", " ", "nul\x00byte", "\xff\xfe\xfd", "a\u2028b", strings.Repeat("x", 300), strings.Repeat("é", 40000),
	"😀@example.com", "' OR 1=1 --", "%00", `..\..\`, "<script>", "\t\r\n", "\u202eevil", "\u0301\u0301",
	"ada@example.com", "ADA@EXAMPLE.COM", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "0", "-1", "123456",
}

// Hostile fills operation inputs with hostile values, for tests that run
// every operation of a plugin with what no honest client sends. Make one
// with [NewHostile].
type Hostile struct {
	// Strings are drawn for every string and [auth.Secret].
	Strings []string
	// Blank is the chance, from 0 to 1, that a string is left empty, so
	// that inputs with some fields missing come up too.
	Blank float64
	r     *rand.Rand
}

// NewHostile returns a Hostile of a fixed seed (runs repeat), drawing
// from [HostileStrings] and the test's own strings.
func NewHostile(seed uint64, more ...string) *Hostile {
	return &Hostile{Strings: append(append([]string(nil), HostileStrings...), more...), r: rand.New(rand.NewPCG(seed, seed^0x5e5a3e))}
}

// Fill sets every exported string, Secret, bool, integer and slice of
// the value ptr points to, at any depth.
func (h *Hostile) Fill(ptr any) { h.fill(reflect.ValueOf(ptr).Elem()) }

// IntN returns a random number in [0, n), from the same source.
func (h *Hostile) IntN(n int) int { return h.r.IntN(n) }

func (h *Hostile) draw() string {
	if h.Blank > 0 && h.r.Float64() < h.Blank {
		return ""
	}
	return h.Strings[h.r.IntN(len(h.Strings))]
}

func (h *Hostile) fill(v reflect.Value) {
	if v.Type() == reflect.TypeFor[auth.Secret]() {
		v.Set(reflect.ValueOf(auth.NewSecret(h.draw())))
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		h.fill(v.Elem())
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				h.fill(v.Field(i))
			}
		}
	case reflect.String:
		v.SetString(h.draw())
	case reflect.Bool:
		v.SetBool(h.r.IntN(2) == 1)
	case reflect.Int, reflect.Int64, reflect.Int32:
		v.SetInt(h.r.Int64N(1<<40) - 1<<39)
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Uint8 { // raw JSON, bytes
			v.SetBytes([]byte(h.draw()))
			return
		}
		n := h.r.IntN(3)
		v.Set(reflect.MakeSlice(v.Type(), n, n))
		for i := range n {
			h.fill(v.Index(i))
		}
	}
}
