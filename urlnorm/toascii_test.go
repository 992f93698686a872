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

// toASCIIRefused lists the toascii.json cases whose expected output is
// not null but that urlnorm refuses, with the reason. Refusing is allowed
// (fail closed); passing a null case, or giving other ASCII, is not.
var toASCIIRefused = map[string]string{
	"<\u0338":       "\"<\" + U+0338 (NFD of ≮): Chromium 156 refuses the forbidden \"<\" before mapping (browser URL stage): refused",
	">\u0338":       "\">\" + U+0338, likewise",
	"<\u00ad\u0338": "\"<\", a soft hyphen, U+0338: likewise",
	">\u00ad\u0338": "likewise",
}

// toASCIIRefusedUnicode15 are refused when x/net/idna runs on its
// Unicode 15.0 tables (built with Go before 1.27, see unicode15.go).
var toASCIIRefusedUnicode15 = map[string]string{
	"look\u180eout.net": "Unicode 15.0 tables disallow U+180E: refused, fail-closed",
	"look\u206bout.net": "Unicode 15.0 tables disallow U+206B: refused, fail-closed",
	"Ӏ.com":             "Unicode 15.0 tables disallow U+04C0: refused, fail-closed",
	"\U0002F868.com":    "Unicode 15.0 tables disallow U+2F868 (a CJK compatibility ideograph, now mapped to U+36FC): refused, fail-closed",
	"Ↄ.com":             "Unicode 15.0 tables disallow U+2183: refused, fail-closed",
	"ẞ.com":             "UTS #46 15.1 changed U+1E9E from \"ss\" to \"ß\": refused rather than mapped the old way",
	"ẞ.foo.com":         "as above",
}

// TestToASCII checks host canonicalisation against WPT toascii.json, the
// URL Standard's "domain to ASCII" (CheckHyphens=false,
// VerifyDnsLength=false). The JSON is the oracle: every case whose output
// is null must be refused, and every accepted case must give exactly the
// expected ASCII, whose Punycode labels the test's own RFC 3492 codec
// (punycode_test.go, no x/net/idna) must find valid. Cases the standard
// accepts and urlnorm refuses are listed, with the reason, in
// toASCIIRefused.
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
		var re *urlnorm.RejectError
		if err != nil && !errors.As(err, &re) {
			t.Errorf("host %q: error %v is not a *RejectError", c.Input, err)
		}
		why, listed := toASCIIRefused[c.Input]
		if !urlnorm.Unicode17 && !listed {
			why, listed = toASCIIRefusedUnicode15[c.Input]
		}
		seen[c.Input] = listed
		switch {
		case c.Output == nil && err == nil:
			t.Errorf("host %q: accepted as %q; the standard fails it", c.Input, res.Host)
		case c.Output == nil:
		case err != nil && !listed:
			t.Errorf("host %q: refused (%v); the standard gives %q", c.Input, err, *c.Output)
		case err == nil && listed:
			t.Errorf("host %q is listed as refused (%s) but is accepted as %q", c.Input, why, res.Host)
		case err == nil && res.Host != *c.Output:
			t.Errorf("host %q = %q, want %q", c.Input, res.Host, *c.Output)
		case err == nil:
			for label := range strings.SplitSeq(res.Host, ".") {
				if strings.HasPrefix(label, "xn--") && !validACE(label) && res.Flags&urlnorm.FlagBadPunycode == 0 {
					t.Errorf("host %q: output label %q is not valid Punycode by RFC 3492", c.Input, label)
				}
			}
		}
	}
	for in := range toASCIIRefused {
		if !seen[in] {
			t.Errorf("toASCIIRefused lists %q, which is not in toascii.json", in)
		}
	}
}
