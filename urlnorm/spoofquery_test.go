package urlnorm

import "testing"

// TestSpoofCharInQuery: bidi controls and invisible characters are
// flagged in a query as they are in a path and a fragment (found by the
// deception set, testdata/deception: bidi-control-004, invisible-char-008).
// Browsers send them escaped, and whatever shows the value (a download
// name, a redirect target) shows the reordered or hidden text.
func TestSpoofCharInQuery(t *testing.T) {
	for _, raw := range []string{
		"https://good.example/?file=%E2%80%AEfdp.scr",
		"https://good.example/?next=%E2%80%8Bhttps://evil.example",
		"https://good.example/?a=1&%E2%81%A6b=2",
		"https://good.example/?x=\u202egnp.exe",
	} {
		res, err := Inspect(raw, Options{})
		if err != nil {
			t.Errorf("Inspect(%q): %v", raw, err)
			continue
		}
		if res.Flags&FlagSpoofChar == 0 {
			t.Errorf("Inspect(%q).Flags = %v, want spoof-char", raw, res.Flags)
		}
	}
	if res, err := Inspect("https://good.example/?q=%C3%A9t%C3%A9", Options{}); err != nil || res.Flags&FlagSpoofChar != 0 {
		t.Errorf("an ordinary accented query: %v, %v", res.Flags, err)
	}
}

// TestLookalikeSeparatorExtras: the combining solidus overlay and the
// mid-height dots (deception set lookalike-separator-009, -017, -018)
// are look-alike separators; Catalan "l·l" is not.
func TestLookalikeSeparatorExtras(t *testing.T) {
	for _, host := range []string{"paypal.com\u0338evil.example", "paypal.com\u2027evil.example", "paypal.com\u00b7evil.example", "a\u00b7l.example"} {
		res, err := Inspect("https://"+host+"/", Options{})
		if err == nil && res.Flags&FlagLookalikeSeparator == 0 {
			t.Errorf("https://%s/: flags %v, want lookalike-separator", host, res.Flags)
		}
	}
	res, err := Inspect("https://col\u00b7legi.cat/", Options{})
	if err != nil || res.Flags&FlagLookalikeSeparator != 0 {
		t.Errorf("Catalan l·l: %v, %v", res.Flags, err)
	}
}

// TestNestedURLInFragment: a URL held in a fragment value is flagged
// nested-url, as in a query (deception set nested-url-010): hash routers
// navigate to it in script. An ordinary anchor is not.
func TestNestedURLInFragment(t *testing.T) {
	for _, raw := range []string{
		"https://good.example/#next=javascript:alert(1)",
		"https://good.example/#!/login?to=//evil.example/",
		"#u=https%3A%2F%2Fevil.example%2F",
	} {
		res, err := Inspect(raw, Options{})
		if err != nil || res.Flags&FlagNestedURL == 0 {
			t.Errorf("Inspect(%q) = %v, %v; want nested-url", raw, res.Flags, err)
		}
	}
	for _, raw := range []string{"https://good.example/#fn:1", "#section-2", "https://good.example/#a=b&c=d", "#L10-L20"} {
		res, err := Inspect(raw, Options{})
		if err != nil || res.Flags&FlagNestedURL != 0 {
			t.Errorf("Inspect(%q) = %v, %v; want no nested-url", raw, res.Flags, err)
		}
	}
}
