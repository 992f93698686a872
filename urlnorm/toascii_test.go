package urlnorm_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/urlnorm"
)

// toASCIIDifferences lists the toascii.json cases where urlnorm's host
// differs from the URL Standard's "domain to ASCII", with the reason.
var toASCIIDifferences = map[string]string{
	"xn--a":         "invalid Punycode: refused (DESIGN.md host row); the 2025 standard passes it through",
	"xn--a.xn--zca": "invalid Punycode: refused, as above",
	"xn--ls8h=":     "invalid Punycode: refused, as above",
	"xn--0.com":     "invalid Punycode: refused, as above",

	"xn--1ug.example": "decodes to U+200D alone: refused, an invisible joiner fails CheckJoiners (UTS #46 §4.1); the 2025 standard no longer re-validates ACE labels",
	"xn--a-yoc":       "decodes to a label failing the bidi rule: refused, as above",
	"xn--zn7c.com":    "decodes to U+FFFD: refused, as above",

	"look\u180eout.net": "Unicode 15.0 tables (x/net/idna under Go < 1.27) disallow U+180E: refused, fail-closed",
	"look\u206bout.net": "Unicode 15.0 tables disallow U+206B: refused, fail-closed",
	"Ӏ.com":             "Unicode 15.0 tables disallow U+04C0: refused, fail-closed",
	"\U0002F868.com":    "Unicode 15.0 tables disallow U+2F868 (a CJK compatibility ideograph, now mapped to U+36FC): refused, fail-closed",
	"Ↄ.com":             "Unicode 15.0 tables disallow U+2183: refused, fail-closed",
	"ẞ.com":             "UTS #46 15.1 changed U+1E9E from \"ss\" to \"ß\": refused, browsers disagree by version",
	"ẞ.foo.com":         "as above",
}

// TestToASCII checks the host canonicalisation against WPT toascii.json.
func TestToASCII(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "corpus", "url", "toascii.json"))
	if err != nil {
		t.Fatal(err)
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, r := range raw {
		var c struct {
			Input  string  `json:"input"`
			Output *string `json:"output"`
		}
		if json.Unmarshal(r, &c) != nil {
			continue // a comment
		}
		in := "https://" + c.Input + "/"
		res, err := urlnorm.Inspect(in, urlnorm.Options{})
		got := strings.TrimSuffix(strings.TrimPrefix(res.URL, "https://"), "/")
		ok := err == nil && c.Output != nil && got == *c.Output || err != nil && c.Output == nil
		if why, listed := toASCIIDifferences[c.Input]; listed {
			seen[c.Input] = true
			if ok {
				t.Errorf("%q is listed as a difference (%s) but now matches", c.Input, why)
			}
			continue
		}
		if !ok {
			want := "failure"
			if c.Output != nil {
				want = *c.Output
			}
			t.Errorf("host %q: got %q, %v; want %s", c.Input, got, err, want)
		}
		var re *urlnorm.RejectError
		if err != nil && !errors.As(err, &re) {
			t.Errorf("host %q: error %v is not a *RejectError", c.Input, err)
		}
	}
	for in := range toASCIIDifferences {
		if !seen[in] {
			t.Errorf("toASCIIDifferences lists %q, which is not in toascii.json", in)
		}
	}
}
