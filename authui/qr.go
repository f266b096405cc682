package authui

import (
	"strconv"
	"strings"

	"rsc.io/qr"
)

// qrCode is a QR code drawn as inline SVG markup by the page's template:
// the page needs no image file and no data: URL, which its policy
// (img-src 'self') would refuse, and the code never leaves the page.
type qrCode struct {
	// Size is the side of the code in modules, with the quiet zone.
	Size int
	// Path is the SVG path of the dark modules: moves, lines and digits
	// only, so that it is safe in an attribute as it is.
	Path string
}

// qrQuiet is the quiet zone around a code, in modules (ISO/IEC 18004 §7.3.7).
const qrQuiet = 4

// newQRCode encodes text (an otpauth:// URI) with error correction level
// M, which phone cameras read well off a screen.
func newQRCode(text string) (qrCode, error) {
	c, err := qr.Encode(text, qr.M)
	if err != nil {
		return qrCode{}, err
	}
	var b strings.Builder
	for y := 0; y < c.Size; y++ {
		for x := 0; x < c.Size; x++ {
			if !c.Black(x, y) {
				continue
			}
			run := 1
			for x+run < c.Size && c.Black(x+run, y) {
				run++
			}
			b.WriteString("M" + strconv.Itoa(x+qrQuiet) + " " + strconv.Itoa(y+qrQuiet) + "h" + strconv.Itoa(run) + "v1h-" + strconv.Itoa(run) + "z")
			x += run - 1
		}
	}
	return qrCode{Size: c.Size + 2*qrQuiet, Path: b.String()}, nil
}
