package rules

import (
	"slices"
	"strings"

	"github.com/htmlclean/htmlclean/internal/ascii"
)

// DataImages are the data: URLs an image keeps (urls.data_images). The
// zero value keeps none.
type DataImages struct {
	Types    []string // allowed media types, lower case, sorted
	MaxBytes int      // the largest decoded image
}

// On reports whether any data: image is kept.
func (d *DataImages) On() bool { return len(d.Types) > 0 }

// DataImageAttr reports whether the attribute key of element shows an
// image and navigates nowhere, the only places a data: URL may be kept:
// img src and srcset, and source srcset (an image candidate of a
// picture; a source's src feeds audio or video, never kept).
func DataImageAttr(element, key string) bool {
	return element == "img" && (key == "src" || key == "srcset") || element == "source" && key == "srcset"
}

// Check reads v, an attribute value, as a data: URL. isData is false
// when v does not start with "data:" once ASCII whitespace is trimmed
// (case aside): it is then an ordinary URL, and urlnorm refuses the data:
// scheme however else it is written. Otherwise canon is the URL as it is
// written, or "" when the policy refuses it:
//
//	data:TYPE;base64,BODY
//
// TYPE one of d.Types (any case, written lower case), no parameter,
// ";base64," in any case (written lower case), and BODY strict base64
// (RFC 4648 §4: the standard alphabet, padded to a multiple of four, the
// unused bits of the last group zero; no whitespace, which browsers
// would skip and which would make the body read differently elsewhere)
// of at most d.MaxBytes bytes, written as it was. It runs in linear time
// and does not allocate but for canon.
func (d *DataImages) Check(v string) (canon string, isData bool) {
	v = strings.Trim(v, " \t\n\f\r")
	if len(v) < len("data:") || !strings.EqualFold(v[:len("data:")], "data:") {
		return "", false
	}
	rest := v[len("data:"):]
	semi := strings.IndexByte(rest, ';')
	if semi < 0 {
		return "", true
	}
	typ := ascii.Lower(rest[:semi])
	const b64 = ";base64,"
	if _, ok := slices.BinarySearch(d.Types, typ); !ok ||
		len(rest) < semi+len(b64) || !strings.EqualFold(rest[semi:semi+len(b64)], b64) {
		return "", true
	}
	body := rest[semi+len(b64):]
	n, ok := decodedLen(body)
	if !ok || n == 0 || n > d.MaxBytes {
		return "", true
	}
	return "data:" + typ + b64 + body, true
}

// decodedLen returns how many bytes the strict base64 body decodes to,
// and whether it is strict base64.
func decodedLen(body string) (int, bool) {
	if len(body)%4 != 0 {
		return 0, false
	}
	pad := len(body) - len(strings.TrimRight(body, "="))
	if pad > 2 {
		return 0, false
	}
	data := body[:len(body)-pad]
	for i := 0; i < len(data); i++ {
		if base64Value[data[i]] < 0 {
			return 0, false
		}
	}
	// The bits of the last group that no byte uses must be zero, or two
	// bodies would decode to the same image (RFC 4648 §3.5).
	switch pad {
	case 1:
		if base64Value[data[len(data)-1]]&0x3 != 0 {
			return 0, false
		}
	case 2:
		if base64Value[data[len(data)-1]]&0xf != 0 {
			return 0, false
		}
	}
	return len(body)/4*3 - pad, true
}

// base64Value maps a byte to its value in the standard base64 alphabet
// (RFC 4648 §4), or -1.
var base64Value = func() (t [256]int8) {
	for i := range t {
		t[i] = -1
	}
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	for i := 0; i < len(alphabet); i++ {
		t[alphabet[i]] = int8(i)
	}
	return t
}()
