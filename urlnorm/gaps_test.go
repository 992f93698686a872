package urlnorm_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/urlnorm"
)

// Forms that hide a host, a separator or a scheme: each test says what browsers
// make of the input (WHATWG URL Standard; Chromium follows it for these)
// and pins what urlnorm does: canonicalise and flag, or refuse.

// ace returns the ASCII form of one Unicode label, by the test's own
// RFC 3492 codec.
func ace(label string) string { return "xn--" + punyEncode(label) }

// TestGapLookalikeSeparator: "http://paypal.com∕evil.example/" is one host
// to a browser: U+2215 DIVISION SLASH is valid in UTS #46, so the host is
// "paypal.com∕evil.example" (Punycode "paypal.xn--comevil-…​.example"),
// not paypal.com with a path. U+FF0F FULLWIDTH SOLIDUS maps to "/", a
// forbidden host code point: the browser refuses the URL. U+3002 maps to
// "." and is a real label separator.
func TestGapLookalikeSeparator(t *testing.T) {
	runNormalizeCases(t, []normalizeCase{
		{name: "division-slash", in: "http://paypal.com∕evil.example/",
			want: "http://paypal." + ace("com∕evil") + ".example/", flags: urlnorm.FlagLookalikeSeparator},
		{name: "fraction-slash", in: "http://paypal.com⁄evil.example/",
			want: "http://paypal." + ace("com⁄evil") + ".example/", flags: urlnorm.FlagLookalikeSeparator},
		{name: "big-solidus", in: "http://paypal.com⧸evil.example/",
			want: "http://paypal." + ace("com⧸evil") + ".example/", flags: urlnorm.FlagLookalikeSeparator},
		{name: "ratio-as-colon", in: "http://bank.example∶443/",
			want: "http://bank." + ace("example∶443") + "/", flags: urlnorm.FlagLookalikeSeparator},
		{name: "ideographic-full-stop-is-a-dot", in: "http://paypal。com/", want: "http://paypal.com/", flags: urlnorm.FlagHostMapped},
		{name: "katakana-no-is-a-letter", in: "http://ノート.example/", want: "http://" + ace("ノート") + ".example/", flags: urlnorm.FlagIDN},
	})
	runRejectCases(t, []rejectCase{
		{name: "fullwidth-solidus-refused-by-browsers", in: "http://paypal.com／evil.example/", reason: urlnorm.ReasonHost, offset: -1},
	})
}

// TestLookalikeSeparatorFamily: every punctuation or symbol code point
// whose UTS #39 skeleton holds a URL delimiter is, when UTS #46 lets it
// into a host, flagged.
func TestLookalikeSeparatorFamily(t *testing.T) {
	accepted := 0
	for _, r := range "∕⁄⧸⧵∖╱⟋⟍⁁∶׃։˸᛬᠃᠉․‥…⁇⁈⁉⁚℀℁℅℆⑊⫻⫽" {
		in := "http://a" + string(r) + "b.example/"
		res, err := urlnorm.Inspect(in, urlnorm.Options{})
		if err != nil {
			continue // refused, as browsers refuse what UTS #46 disallows
		}
		accepted++
		if res.Flags&urlnorm.FlagLookalikeSeparator == 0 {
			t.Errorf("Inspect(%q) = %q, flags %v: want lookalike-separator", in, res.URL, res.Flags)
		}
	}
	if accepted < 5 {
		t.Errorf("only %d look-alikes reached the flag check", accepted)
	}
}

// TestGapEncodedDoubleSlash: browsers keep "%2F" as it is, so
// "/a/%2F%2Fevil.example" has one segment "%2F%2Fevil.example"; a back
// end that decodes it before routing sees "//evil.example", a
// protocol-relative redirect target or an empty segment.
func TestGapEncodedDoubleSlash(t *testing.T) {
	for _, tc := range []struct {
		in   string
		flag bool
	}{
		{"https://good.example/a/%2F%2Fevil.example", true},
		{"https://good.example/%2Fevil.example", true},
		{"https://good.example/a%2F/b", true},
		{"https://good.example/a/%2f%5cb", true},
		{"https://good.example/redirect/%2F%2F", true},
		{"%2F%2Fevil.example/x", true},
		{"https://good.example/a%2Fb", false},
		{"https://good.example/a%2F", false},
	} {
		res, err := urlnorm.Inspect(tc.in, urlnorm.Options{})
		if err != nil {
			t.Errorf("Inspect(%q): %v", tc.in, err)
			continue
		}
		if got := res.Flags&urlnorm.FlagEncodedSeparator != 0; got != tc.flag {
			t.Errorf("Inspect(%q) = %q flags %v: encoded-separator %v, want %v", tc.in, res.URL, res.Flags, got, tc.flag)
		}
	}
}

// TestGapFullwidthIPv4: UTS #46 maps fullwidth digits and U+3002 to
// ASCII, after which the host ends in a number and browsers parse it as
// IPv4: "http://１２７.0.0.1/" goes to 127.0.0.1.
func TestGapFullwidthIPv4(t *testing.T) {
	f := urlnorm.FlagHostMapped | urlnorm.FlagNumericIPv4
	runNormalizeCases(t, []normalizeCase{
		{name: "fullwidth-digits", in: "http://１２７.0.0.1/", want: "http://127.0.0.1/", flags: f},
		{name: "ideographic-dots", in: "http://127。0。0。1/", want: "http://127.0.0.1/", flags: f},
		{name: "fullwidth-dots", in: "http://127．0．0．1/", want: "http://127.0.0.1/", flags: f},
		{name: "fullwidth-hex", in: "http://０ｘ７ｆ.1/", want: "http://127.0.0.1/", flags: f},
	})
}

// TestGapEmbeddedIPv4: browsers connect to IPv6 literals as they are, but
// on hosts with NAT64, 6to4 or Teredo, or software that reads the low 32
// bits, these reach an IPv4 address that an IPv4 blocklist never sees.
func TestGapEmbeddedIPv4(t *testing.T) {
	e := urlnorm.FlagEmbeddedIPv4
	runNormalizeCases(t, []normalizeCase{
		{name: "ipv4-compatible", in: "http://[::127.0.0.1]/", want: "http://[::7f00:1]/", flags: e},
		{name: "ipv4-compatible-hex", in: "http://[::7f00:1]/", want: "http://[::7f00:1]/", flags: e},
		{name: "nat64", in: "http://[64:ff9b::7f00:1]/", want: "http://[64:ff9b::7f00:1]/", flags: e},
		{name: "nat64-dotted", in: "http://[64:ff9b::127.0.0.1]/", want: "http://[64:ff9b::7f00:1]/", flags: e},
		{name: "nat64-local-use", in: "http://[64:ff9b:1::a00:1]/", want: "http://[64:ff9b:1::a00:1]/", flags: e},
		{name: "ipv4-translated", in: "http://[::ffff:0:7f00:1]/", want: "http://[::ffff:0:7f00:1]/", flags: e},
		{name: "6to4", in: "http://[2002:7f00:1::1]/", want: "http://[2002:7f00:1::1]/", flags: e},
		{name: "teredo", in: "http://[2001:0:4136:e378::1]/", want: "http://[2001:0:4136:e378::1]/", flags: e},
		{name: "dotted-tail", in: "http://[1:2:3:4:5:6:1.2.3.4]/", want: "http://[1:2:3:4:5:6:102:304]/", flags: e},
		{name: "mapped-stays-mapped", in: "http://[::ffff:127.0.0.1]/", want: "http://[::ffff:7f00:1]/", flags: urlnorm.FlagMappedIPv6},
		{name: "loopback", in: "http://[::1]/", want: "http://[::1]/", flags: urlnorm.FlagIPHost | urlnorm.FlagInternalIP},
		{name: "unspecified", in: "http://[::]/", want: "http://[::]/", flags: urlnorm.FlagIPHost | urlnorm.FlagInternalIP},
		{name: "documentation", in: "http://[2001:db8::1]/", want: "http://[2001:db8::1]/", flags: urlnorm.FlagIPHost},
	})
}

// TestGapTripleEncoding: browsers send query escapes as written; a back
// end that decodes three times turns "%25252F" into "/". Double encoding
// is ordinary in redirect parameters and stays unflagged.
func TestGapTripleEncoding(t *testing.T) {
	tr := urlnorm.FlagTripleEncoding
	runNormalizeCases(t, []normalizeCase{
		{name: "triple-in-query", in: "https://example.com/?next=%25252F%25252Fevil.example", want: "https://example.com/?next=%25252F%25252Fevil.example", flags: tr},
		{name: "quadruple-in-query", in: "https://example.com/?q=%2525252e", want: "https://example.com/?q=%2525252e", flags: tr},
		{name: "triple-in-fragment", in: "https://example.com/#%25252F", want: "https://example.com/#%25252F", flags: tr},
		{name: "double-in-query-unflagged", in: "https://example.com/?q=%252F", want: "https://example.com/?q=%252F"},
		{name: "triple-made-by-decoding", in: "https://example.com/?q=%25%32%35%32%46", want: "https://example.com/?q=%25252F", flags: tr},
	})
}

// TestGapSingleScriptConfusable: "ɡoogle.com" (U+0261 LATIN SMALL LETTER
// SCRIPT G) and "payıpal.com" (U+0131 DOTLESS I) are one script, Latin,
// so mixed-script checks pass them; browsers show them in Unicode or as
// Punycode depending on their spoof checks. Their UTS #39 skeletons are
// all ASCII ("google", "payipal"): they look exactly like ASCII hosts.
func TestGapSingleScriptConfusable(t *testing.T) {
	c := urlnorm.FlagConfusable
	runNormalizeCases(t, []normalizeCase{
		{name: "script-g", in: "http://ɡoogle.com/", want: "http://" + ace("ɡoogle") + ".com/", flags: c},
		{name: "dotless-i", in: "http://payıpal.com/", want: "http://" + ace("payıpal") + ".com/", flags: c},
		{name: "cyrillic-whole-script", in: "http://аррӏе.com/", want: "http://" + ace("аррӏе") + ".com/", flags: c},
		{name: "greek-omicron", in: "http://gοοgle.com/", want: "http://" + ace("gοοgle") + ".com/", flags: c},
		{name: "german-umlaut", in: "http://bücher.de/", want: "http://" + ace("bücher") + ".de/", flags: urlnorm.FlagIDN},
		{name: "japanese", in: "http://日本語.jp/", want: "http://" + ace("日本語") + ".jp/", flags: urlnorm.FlagIDN},
		{name: "russian-word", in: "http://пример.рф/", want: "http://" + ace("пример") + "." + ace("рф") + "/", flags: urlnorm.FlagIDN},
	})
}

// TestGapPercentU: browsers send "%u4E2D" as it is; IIS and classic ASP
// decode it to 中, other servers to "%u4E2D". Refused everywhere with its
// own reason. A "%" before a character that starts no escape is text to
// every server: repaired as "%25" and flagged, not refused.
func TestGapPercentU(t *testing.T) {
	var tests []rejectCase
	for _, in := range []string{
		"https://example.com/%u4E2D", "https://example.com/?q=%u4E2D", "https://example.com/#%U4e2d",
		"https://ex%u0061mple.com/", "javascript:%u0061lert(1)", "https://example.com/?TARGET=-SM-%u4E2D",
		"https://example.com/?q=a%\tu4E2D",
	} {
		tests = append(tests, rejectCase{name: in, in: in, reason: urlnorm.ReasonPercentU, offset: -1})
	}
	tests = append(tests, rejectCase{name: "userinfo", in: "https://%u0061@example.com/",
		opts: urlnorm.Options{Userinfo: urlnorm.UserinfoKeep}, reason: urlnorm.ReasonPercentU, offset: 8})
	runRejectCases(t, tests)
	m := urlnorm.FlagMalformedEscape
	runNormalizeCases(t, []normalizeCase{
		{name: "wikipedia-path", in: "https://en.wikipedia.org/wiki/100%_Orange_Juice", want: "https://en.wikipedia.org/wiki/100%25_Orange_Juice", flags: m},
		{name: "percent-space", in: "https://example.com/50% off", want: "https://example.com/50%25%20off", flags: m},
		{name: "query-percent-word", in: "https://example.com/?q=100%users", want: "https://example.com/?q=100%25users", flags: m},
		{name: "query-percent-plus", in: "https://example.com/?q=50%+off", want: "https://example.com/?q=50%25+off", flags: m},
		{name: "short-u-is-not-percent-u", in: "https://example.com/?q=%u12", want: "https://example.com/?q=%25u12", flags: m},
	})
	_, err := urlnorm.Normalize("https://example.com/%zz", urlnorm.Options{})
	var re *urlnorm.RejectError
	if !errors.As(err, &re) || re.Reason != urlnorm.ReasonBadEscape {
		t.Errorf("a broken escape in a path: %v, want bad-escape", err)
	}
}

// TestFlagNames keeps flag names unique and stable in form.
func TestFlagNames(t *testing.T) {
	seen := map[string]bool{}
	for i := range 32 {
		names := urlnorm.Flags(1 << i).Names()
		if len(names) == 0 {
			break
		}
		n := names[0]
		if seen[n] || n != strings.ToLower(n) || strings.ContainsAny(n, " _") {
			t.Errorf("flag %d name %q: duplicate or not kebab-case", i, n)
		}
		seen[n] = true
	}
	for _, n := range []string{"lookalike-separator", "embedded-ipv4", "triple-encoding"} {
		if !seen[n] {
			t.Errorf("flag %q missing", n)
		}
	}
}
