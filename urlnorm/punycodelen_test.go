package urlnorm

import (
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// TestPunycodeLen checks punycodeLen against x/net/idna's decoder: the
// same verdict, and for Punycode that decodes, its length in code points.
func TestPunycodeLen(t *testing.T) {
	labels := []string{
		"bücher", "faß", "ü", "üü", "münchen-ost", "ab-ü-cd", "ἀθῆναι",
		"中文", "\U00020000\U0002a6d6", "a\u200db", strings.Repeat("ü", 1000),
		strings.Repeat("中", 500) + strings.Repeat("\U0001f600", 250),
	}
	var in []string
	for _, l := range labels {
		ace, err := idna.Punycode.ToASCII(l)
		if err != nil {
			t.Fatal(err)
		}
		in = append(in, strings.TrimPrefix(ace, "xn--"))
	}
	// Not Punycode, or overflowing: a digit missing at the end, a
	// character that is no digit, a delta past 2^31.
	in = append(in, "tda-", "a-b!c", "-9999999999", "zzzzzzzzzz", "", "abc-", "a-", "99999999")
	for _, s := range []string{"a-b!c", "-9999999999", "99999999"} {
		if _, ok := punycodeLen(s); ok {
			t.Errorf("punycodeLen(%q) ok, want refused", s)
		}
	}
	for _, s := range in {
		n, ok := punycodeLen(s)
		u, err := idna.Punycode.ToUnicode("xn--" + s)
		switch want := utf8.RuneCountInString(u); {
		case err != nil:
			// x/net/idna refuses more ("abc-"): a label punycodeLen
			// measures is still decoded, and refused then.
		case !ok:
			t.Errorf("punycodeLen(%q) refuses what decodes to %+q", s, u)
		case n != want:
			t.Errorf("punycodeLen(%q) = %d, want %d", s, n, want)
		}
	}
}
