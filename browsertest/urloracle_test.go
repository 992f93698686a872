//go:build browser

package browsertest

import (
	"testing"
)

// urlOracleFacts are what Chromium 156 makes of inputs the stage's
// verdicts turn on, found with TestURLProbe against the page base
// urlStageBase. host "" with ok false means new URL threw. They pin the
// oracle: if a Chromium update changes one, the stage's findings change
// meaning and this test says which.
var urlOracleFacts = []struct {
	in, scheme, host string
	ok               bool
}{
	// What the browser does with the deceptive forms.
	{"http://paypal.com∕evil.example/", "http:", "paypal.xn--comevil-ef0d.example", true}, // U+2215 is no separator
	{"http://paypal.com／evil.example/", "", "", false},                                    // U+FF0F maps to "/": the host ends, "paypal.com/evil.example" is refused
	{"http://１２７.0.0.1/", "http:", "127.0.0.1", true},
	{"http://127。0。0。1/", "http:", "127.0.0.1", true},
	{"http://0x7f.1/", "http:", "127.0.0.1", true},
	{"http://[::127.0.0.1]/", "http:", "[::7f00:1]", true},
	{"http://[64:ff9b::7f00:1]/", "http:", "[64:ff9b::7f00:1]", true},
	{"https://good.example@evil.example/", "https:", "evil.example", true},
	{"http:\\\\evil.example\\x", "http:", "evil.example", true},
	{"http://ex%u0061mple.com/", "", "", false},
	{"//evil.example/", "https:", "evil.example", true}, // the base's scheme
	{"http://[::1", "", "", false},
	// An empty Punycode label: an ASCII host keeps it; a
	// host that needs mapping goes through IDNA, which refuses it.
	{"http://a.xn--/", "http:", "a.xn--", true},
	{"http://xn--.example/", "http:", "xn--.example", true},
	{"http://ｘｎ－－.example/", "", "", false},
	{"http://ｘｎ－－ｆiqs8s.com/", "http:", "xn--fiqs8s.com", true},
	{"http://xn--ls8⸳xn--/", "", "", false}, // an xn-- label with non-ASCII
	// Chromium refuses "<" and ">" in a host before IDNA's NFC would
	// compose them with U+0338 into ≮ and ≯, which it accepts (the URL
	// Standard and toascii.json accept both forms).
	{"http://<\u0338/", "", "", false},
	{"http://\u226e/", "http:", "xn--gdh", true},
	// data: URLs keep TAB and LF (encoded) where every other scheme
	// drops them, and refuse them in an authority.
	{"data://x\ty/", "", "", false},
	{"data:/\t/x", "data:", "", true},
	{"mailto://x\ty/", "mailto:", "xy", true},
}

// fakeNormalizers are stand-ins for urlnorm that the stage must catch,
// each with the mismatch kind it must report.
var fakeNormalizers = []struct {
	name string
	norm func(string) (string, error)
	want string
}{
	{"moves every host", func(string) (string, error) { return "https://evil.example/", nil }, kindOrigin},
	{"accepts everything unchanged", func(s string) (string, error) { return s, nil }, kindInputReject},
	{"returns what Chromium refuses", func(string) (string, error) { return "http://[::1", nil }, kindOutputReject},
	{"panics", func(string) (string, error) { panic("fake normaliser panicked") }, kindPanic},
}

// TestURLStageOracle checks that the stage's oracle is the Chromium it was
// written against (urlOracleFacts) and that the stage can fail: each fake
// normaliser must be reported with its mismatch kind.
func TestURLStageOracle(t *testing.T) {
	h, _ := shared(t)
	var cases []urlCase
	for _, f := range urlOracleFacts {
		cases = append(cases, urlCase{Source: "fact", Input: f.in})
	}
	strs := append(inputsOf(cases), "https://evil.example/", "http://[::1")
	parsed, err := chromiumParse(h, strs)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range urlOracleFacts {
		got := parsed[f.in]
		switch {
		case got == nil && f.ok:
			t.Errorf("Chromium rejects %q, want scheme %q host %q", f.in, f.scheme, f.host)
		case got != nil && !f.ok:
			t.Errorf("Chromium accepts %q as %v, want it rejected", f.in, got)
		case got != nil && (got.Protocol != f.scheme || got.Hostname != f.host):
			t.Errorf("Chromium parses %q as %v, want scheme %q host %q", f.in, got, f.scheme, f.host)
		}
	}
	for _, fake := range fakeNormalizers {
		r := judgeURLs(cases, normalizeAll(cases, fake.norm), parsed)
		var found int
		for _, m := range r.mismatches {
			if m.kind == fake.want {
				found++
			}
		}
		if found == 0 {
			t.Errorf("normaliser that %s: the stage reported no %q among %d mismatches", fake.name, fake.want, len(r.mismatches))
		}
	}
}

// TestRFCEquivalent pins the comparison behind the stage's path, query
// and fragment information counts.
func TestRFCEquivalent(t *testing.T) {
	tests := []struct{ name, a, b string }{
		{"hex case", "/a%2fb", "/a%2Fb"},
		{"unreserved escape", "/%7Euser/%41", "/~user/A"},
		{"illegal raw byte", "/a b\"", "/a%20b%22"},
		{"lone percent", "?q=50%+off", "?q=50%25+off"},
		{"non-ASCII", "/ü", "/%C3%BC"},
		{"second hash", "#f#g", "#f%23g"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got, want := rfcEquivalent(tc.a), rfcEquivalent(tc.b); got != want {
				t.Errorf("rfcEquivalent(%q) = %q, rfcEquivalent(%q) = %q, want equal", tc.a, got, tc.b, want)
			}
		})
	}
	for _, pair := range [][2]string{{"/a%2Fb", "/a/b"}, {"/%2e%2e/x", "/x"}, {"/a%09b", "/ab"}, {"?a=%26", "?a=&"}} {
		if rfcEquivalent(pair[0]) == rfcEquivalent(pair[1]) {
			t.Errorf("rfcEquivalent makes %q and %q equal; they differ in meaning", pair[0], pair[1])
		}
	}
	if got, want := upperEscapes("/%2f%e2%80x%z"), "/%2F%E2%80x%z"; got != want {
		t.Errorf("upperEscapes = %q, want %q", got, want)
	}
}
