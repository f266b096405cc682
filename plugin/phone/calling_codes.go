package phone

import "strings"

// callingCodes are the country calling codes assigned by the ITU (ITU-T
// E.164 Annex to ITU Operational Bulletin, "List of ITU-T Recommendation
// E.164 assigned country codes"), as libphonenumber's metadata holds them;
// the libphonenumber module's tests check that both lists agree.
var callingCodes = set(assigned)

// assigned lists the calling codes, in order.
const assigned = `1 7 20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 60 61 62
63 64 65 66 81 82 84 86 90 91 92 93 94 95 98 211 212 213 216 218 220 221 222 223 224 225 226 227 228 229 230 231
232 233 234 235 236 237 238 239 240 241 242 243 244 245 246 247 248 249 250 251 252 253 254 255 256 257 258 260
261 262 263 264 265 266 267 268 269 290 291 297 298 299 350 351 352 353 354 355 356 357 358 359 370 371 372 373
374 375 376 377 378 380 381 382 383 385 386 387 389 420 421 423 500 501 502 503 504 505 506 507 508 509 590 591
592 593 594 595 596 597 598 599 670 672 673 674 675 676 677 678 679 680 681 682 683 685 686 687 688 689 690 691
692 800 808 850 852 853 855 856 870 878 880 881 882 883 886 888 960 961 962 963 964 965 966 967 968 970 971 972
973 974 975 976 977 979 992 993 994 995 996 998`

// services are the calling codes of international services rather than
// countries: universal freephone (800), shared cost (808), Inmarsat
// (870), the reserved 878, global satellite systems (881), international
// networks (882, 883), telecommunications for disaster relief (888) and
// international premium rate (979). Texts to them cost the sender dear
// and are favourite targets of SMS pumping; no person signs in with one.
var services = set("800 808 870 878 881 882 883 888 979")

// leadingZero are the calling codes under which national significant
// numbers may start with 0 (Italy's fixed lines, Côte d'Ivoire's and
// Congo's ten-digit plans ...), as libphonenumber's example numbers show.
var leadingZero = set("39 47 225 227 229 241 242 267 268 378 501 676 679 687 853")

// CallingCodes returns the country calling codes [Strict] accepts, for
// pages that offer a choice of country.
func CallingCodes() []string {
	var out []string
	for _, cc := range strings.Fields(assigned) {
		if !services[cc] {
			out = append(out, cc)
		}
	}
	return out
}

func set(list string) map[string]bool {
	m := map[string]bool{}
	for _, f := range strings.Fields(list) {
		m[f] = true
	}
	return m
}
