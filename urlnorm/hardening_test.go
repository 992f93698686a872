package urlnorm_test

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/urlnorm"
)

// cjk returns n distinct CJK ideographs: the worst case for a Punycode
// encoder, which walks the label once per distinct code point.
func cjk(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteRune(rune(0x4E00 + i%20000))
	}
	return b.String()
}

// TestLongHosts pins the host lengths: no DNS limit (the URL Standard's
// domain to ASCII has VerifyDnsLength off, and browsers keep a 64-byte
// label), and the bounds on Punycode's work (see maxPunycodeLabel):
// x/net/idna's encoder is quadratic (21,000 CJK characters took 5 s).
func TestLongHosts(t *testing.T) {
	label64 := strings.Repeat("a", 64)
	domain255 := strings.Repeat("a.", 127) + "a"
	runRejectCases(t, []rejectCase{
		{name: "21000-cjk", in: "http://" + cjk(21000) + ".example/", reason: urlnorm.ReasonHostTooLong, offset: 7},
		{name: "21000-cjk-percent-encoded", in: "http://" + url.PathEscape(cjk(21000)) + ".example/", reason: urlnorm.ReasonHostTooLong, offset: 7},
		{name: "idn-label-256-code-points", in: "https://" + cjk(256) + ".example/", reason: urlnorm.ReasonHostTooLong, offset: 8},
		{name: "idn-label-256-after-mapping", in: "https://" + strings.Repeat("ü", 255) + "Ａ.example/", reason: urlnorm.ReasonHostTooLong, offset: 8},
		{name: "astral-label-128-code-points", in: "https://" + strings.Repeat("\U00020000", 128) + "/", reason: urlnorm.ReasonHostTooLong, offset: 8},
		{name: "long-ace-label-in-idn-host", in: "https://xn--" + strings.Repeat("a", 256) + ".ü/", reason: urlnorm.ReasonIDNA, offset: 8},
		{name: "idn-host-1266-code-units", in: "https://" + strings.Repeat("a", 1264) + ".ü/", reason: urlnorm.ReasonHostTooLong, offset: 8},
		{name: "ace-host-5061-bytes", in: "https://" + strings.Repeat("a", 5053) + ".xn--tda/", reason: urlnorm.ReasonHostTooLong, offset: 8},
		{name: "many-ace-labels", in: "https://" + strings.Repeat("xn--tda.", 700) + "example/", reason: urlnorm.ReasonHostTooLong, offset: 8},
		{name: "ignorables-count", in: "https://a" + strings.Repeat("\u00ad", 1264) + "b.example/", reason: urlnorm.ReasonHostTooLong, offset: 8},
		{name: "ace-form-over-limit", in: "https://" + strings.Repeat("\u337f.", 400) + "example/", reason: urlnorm.ReasonHostTooLong, offset: 8},
	})
	runNormalizeCases(t, []normalizeCase{
		{name: "ascii-label-64", in: "https://" + label64 + ".example/", want: "https://" + label64 + ".example/"},
		{name: "upper-case-label-64", in: "https://" + strings.ToUpper(label64) + ".example/", want: "https://" + label64 + ".example/"},
		{name: "domain-255", in: "https://" + domain255 + "/", want: "https://" + domain255 + "/"},
		{name: "ascii-label-5000", in: "https://" + strings.Repeat("a", 5000) + "/", want: "https://" + strings.Repeat("a", 5000) + "/"},
		{name: "fullwidth-label-64", in: "https://" + strings.Repeat("ａ", 64) + ".example/", want: "https://" + label64 + ".example/", flags: urlnorm.FlagHostMapped},
		{name: "idn-host-1265-code-units", in: "https://" + strings.Repeat("a", 1263) + ".ü/", want: "https://" + strings.Repeat("a", 1263) + ".xn--tda/", flags: urlnorm.FlagIDN},
		{name: "escaped-ascii-host-no-limit", in: "https://" + strings.Repeat("%61", 2000) + "/", want: "https://" + strings.Repeat("a", 2000) + "/", flags: urlnorm.FlagEncodedHost},
		{name: "long-ace-label-ascii-host", in: "https://xn--" + strings.Repeat("a", 1000) + ".example/", want: "https://xn--" + strings.Repeat("a", 1000) + ".example/", flags: urlnorm.FlagBadPunycode},
		{name: "ace-host-5060-bytes", in: "https://" + strings.Repeat("a", 5052) + ".xn--tda/", want: "https://" + strings.Repeat("a", 5052) + ".xn--tda/", flags: urlnorm.FlagIDN},
		{name: "ace-label-decoding-to-256", in: "https://xn--" + punyEncode(strings.Repeat("ü", 256)) + "/", want: "https://xn--" + punyEncode(strings.Repeat("ü", 256)) + "/", flags: urlnorm.FlagBadPunycode},
		{name: "ace-label-decoding-to-255", in: "https://xn--" + punyEncode(strings.Repeat("ü", 255)) + "/", want: "https://xn--" + punyEncode(strings.Repeat("ü", 255)) + "/", flags: urlnorm.FlagIDN},
		{name: "idn-label-255-code-points", in: "https://" + strings.Repeat("ü", 255) + "/", want: "https://xn--" + punyEncode(strings.Repeat("ü", 255)) + "/", flags: urlnorm.FlagIDN},
		{name: "ignorables-in-limit", in: "https://a" + strings.Repeat("\u00ad", 1000) + "b.example/", want: "https://ab.example/", flags: urlnorm.FlagHostMapped},
		{name: "idn-label-over-dns-limit", in: "https://ü" + strings.Repeat("a", 63) + ".example/", want: "https://xn--" + punyEncode("ü"+strings.Repeat("a", 63)) + ".example/", flags: urlnorm.FlagIDN},
		{name: "long-numeric-host-is-ipv4", in: "http://0x" + strings.Repeat("0", 300) + "7f.1/", want: "http://127.0.0.1/", flags: urlnorm.FlagNumericIPv4},
	})
}

// TestACELabels pins "xn--" labels that x/net/idna drops silently
// ("https://xn--.example/" would become "https://.example/", while Chromium reads "xn--.example" as the host). An all-ASCII host is
// kept as written, lower-cased, and flagged bad-punycode (URL Standard
// domain to ASCII, the ASCII fallback); one that is not ASCII has no
// such fallback and is refused, in every mode.
func TestACELabels(t *testing.T) {
	var accepted []normalizeCase
	for in, want := range map[string]string{
		"https://xn--.example/":        "https://xn--.example/",
		"http://a.xn--/":               "http://a.xn--/",
		"http://evil.example.xn--/":    "http://evil.example.xn--/",
		"http://XN--.example/":         "http://xn--.example/",
		"http://xn--%2E.example/":      "http://xn--..example/",
		"http://xn--zca-.example/":     "http://xn--zca-.example/",
		"https://a.xn--zzzzzzzz./":     "https://a.xn--zzzzzzzz./",
		"https://XN--ab-j1t.example/":  "https://xn--ab-j1t.example/",
		"https://b.xn--ls8h=.example/": "https://b.xn--ls8h=.example/",
	} {
		accepted = append(accepted, normalizeCase{name: in, in: in, want: want, flags: urlnorm.FlagBadPunycode})
	}
	runNormalizeCases(t, accepted)
	var tests []rejectCase
	for _, in := range []string{
		"http://ｘｎ－－.example/",
		"http://xn--。example/",
		"http://x\u00adn--.example/",
		"http://xn--tešla.example/",
		"http://xn--zzzzzzzz.bücher.example/",
	} {
		for _, strict := range []bool{false, true} {
			tests = append(tests, rejectCase{name: fmt.Sprintf("%s-strict=%v", in, strict), in: in,
				opts: urlnorm.Options{Strict: strict}, reason: urlnorm.ReasonIDNA, offset: -1})
		}
	}
	for _, in := range []string{"https://xn--.example/", "https://xn--ab-j1t.example/"} {
		tests = append(tests, rejectCase{name: in + "-strict", in: in,
			opts: urlnorm.Options{Strict: true}, reason: urlnorm.ReasonFlagged, offset: -1})
	}
	runRejectCases(t, tests)
}

// TestACELabelFamily checks the class of TestACELabels with the test's own
// RFC 3492 codec as the oracle: for "xn--" labels of many payloads, in
// every position and spelling, an accepted host has as many labels as
// the input, keeps the ACE label as it was (lower-cased), and every ACE
// label in it is valid Punycode; a payload the codec calls invalid is
// refused.
func TestACELabelFamily(t *testing.T) {
	payloads := []string{"", "a", "-", "--", "zca", "ZCA", "zca-", "-zca", "ls8h", "bcher-kva",
		"0", "99999999999", "a-", "xn--zca", "abc", "1ch", "nxasmm1c", "mgba3gch31f060k", "zzzzzzzz"}
	prefixes := []string{"xn--", "XN--", "Xn--", "ｘｎ－－", "x\u00adn--", "xn\u200b--"}
	shapes := []string{"%s.example", "a.%s", "evil.example.%s", "%s", "a.%s.", "%s。example", "b.%s.c"}
	accepted := 0
	for _, payload := range payloads {
		for _, prefix := range prefixes {
			for _, shape := range shapes {
				host := fmt.Sprintf(shape, prefix+payload)
				if checkACEHost(t, host, "xn--"+strings.ToLower(payload)) {
					accepted++
				}
			}
		}
	}
	// Five payloads are valid (zca twice, bcher-kva, 1ch, nxasmm1c,
	// mgba3gch31f060k is bidi and valid too): the check is not vacuous.
	if accepted < 4*len(prefixes)*len(shapes) {
		t.Errorf("only %d hosts accepted; the valid payloads should pass in every shape", accepted)
	}
}

// checkACEHost checks one host whose input ACE label is ace (lower-cased)
// and reports whether urlnorm accepted it.
func checkACEHost(t *testing.T, host, ace string) bool {
	t.Helper()
	in := "https://" + host + "/"
	res, err := urlnorm.Inspect(in, urlnorm.Options{})
	if err != nil {
		var re *urlnorm.RejectError
		if !errors.As(err, &re) {
			t.Errorf("Inspect(%q): error %v is not a *RejectError", in, err)
		}
		return false
	}
	if !validACE(ace) {
		// Kept as written only in an all-ASCII host, and flagged.
		if !isASCIIHost(host) || res.Flags&urlnorm.FlagBadPunycode == 0 || res.Host != strings.ToLower(host) {
			t.Errorf("Inspect(%q) = %q, flags %v: accepted, but %q is not valid Punycode", in, res.URL, res.Flags, ace)
		}
		return true
	}
	inLabels := strings.FieldsFunc(host, func(r rune) bool { return r == '.' || r == '。' })
	outLabels := strings.FieldsFunc(res.Host, func(r rune) bool { return r == '.' })
	if len(inLabels) != len(outLabels) || !strings.Contains("."+res.Host+".", "."+ace+".") {
		t.Errorf("Inspect(%q) host = %q: labels %d -> %d, or %q lost", in, res.Host, len(inLabels), len(outLabels), ace)
	}
	for _, label := range outLabels {
		if strings.HasPrefix(label, "xn--") && !validACE(label) {
			t.Errorf("Inspect(%q) host = %q: %q is not valid Punycode", in, res.Host, label)
		}
	}
	return true
}

func isASCIIHost(h string) bool {
	for i := 0; i < len(h); i++ {
		if h[i] >= 0x80 {
			return false
		}
	}
	return true
}

// TestStrictIdempotent pins the self-check's options: in strict mode
// "non-special:/\path" once gave "non-special:/%5Cpath", which strict mode then
// refused, because the self-check ran with default options. The output
// must carry no flag its input did not, so strict refuses both.
func TestStrictIdempotent(t *testing.T) {
	for _, in := range []string{`non-special:/\path`, `non-special://host/a\b`, `foo:/a/\/b`} {
		r, err := urlnorm.Inspect(in, urlnorm.Options{})
		if err != nil || r.Flags&urlnorm.FlagEncodedSeparator == 0 {
			t.Errorf("Inspect(%q) = %q, %v, flags %v; want flag encoded-separator", in, r.URL, err, r.Flags)
		}
		_, err = urlnorm.Normalize(in, urlnorm.Options{Strict: true})
		var re *urlnorm.RejectError
		if !errors.As(err, &re) || re.Reason != urlnorm.ReasonFlagged {
			t.Errorf("Normalize(%q, strict) error %v, want reason flagged", in, err)
		}
	}
	for _, o := range optionSamples() {
		for _, in := range idempotenceInputs {
			out, err := urlnorm.Normalize(in, o)
			if err != nil {
				continue
			}
			if again, err := urlnorm.Normalize(out, o); err != nil || again != out {
				t.Errorf("options %+v: Normalize(%q) = %q; Normalize of that = %q, %v", o, in, out, again, err)
			}
		}
	}
}

var idempotenceInputs = []string{
	`non-special:/\path`, "https://example.com/a/../b?q=%%41#f%", "//example.com/x",
	"http://u:p@example.com/", "a/../../b", "?x=https://evil.example/", "https://ex%41mple.com/",
	"http://ｅｘａｍｐｌｅ.com/", "https://example.com/?TARGET=-SM-http%3a%2f%2fx.example%2f",
	"https://example.com/" + strings.Repeat(" ", 40), "javascript:alert(1)", "mailto:a@b.example",
	"https://example.com/%2e%2E/x", "http://[::ffff:1.2.3.4]/", "https://example.com./",
}

// optionSamples covers each Options field with a few values.
func optionSamples() []urlnorm.Options {
	var all []urlnorm.Options
	for _, strict := range []bool{false, true} {
		for _, ui := range []urlnorm.UserinfoPolicy{urlnorm.UserinfoReject, urlnorm.UserinfoStrip, urlnorm.UserinfoKeep} {
			for _, rel := range []urlnorm.RelativePolicy{urlnorm.RelativeKeep, urlnorm.RelativeReject, urlnorm.RelativeResolve} {
				for _, max := range []int{0, -1, 30} {
					all = append(all, urlnorm.Options{Strict: strict, Userinfo: ui, Relative: rel,
						Base: "https://example.org/dir/page?q#f", Nested: max != 30, MaxLength: max,
						Schemes: [][]string{nil, {"http", "https"}}[max&1]})
				}
			}
		}
	}
	return all
}
