package urlnorm_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/urlnorm"
)

// rejectCase is one expected rejection.
type rejectCase struct {
	name, in string
	opts     urlnorm.Options
	reason   urlnorm.Reason
	offset   int // -1: not checked
}

func runRejectCases(t *testing.T, tests []rejectCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := urlnorm.Normalize(tc.in, tc.opts)
			var re *urlnorm.RejectError
			if !errors.As(err, &re) {
				t.Fatalf("Normalize(%q) = %q, %v; want reason %v", tc.in, got, err, tc.reason)
			}
			if got != "" {
				t.Errorf("Normalize(%q) returned %q with an error", tc.in, got)
			}
			if re.Reason != tc.reason {
				t.Errorf("Normalize(%q) reason = %v, want %v", tc.in, re.Reason, tc.reason)
			}
			if tc.offset >= 0 && re.Offset != tc.offset {
				t.Errorf("Normalize(%q) offset = %d, want %d", tc.in, re.Offset, tc.offset)
			}
			if re.Input != tc.in {
				t.Errorf("RejectError.Input = %q, want %q", re.Input, tc.in)
			}
		})
	}
}

func TestComponents(t *testing.T) {
	runNormalizeCases(t, []normalizeCase{
		{name: "canonical-unchanged", in: "https://example.com/a/b?c=d#e", want: "https://example.com/a/b?c=d#e"},
		{name: "trim-outer-whitespace", in: " \t\nhttps://example.com/ \f", want: "https://example.com/"},
		{name: "interior-tab-newline-deleted", in: "https://exa\tmple.com/a\nb", want: "https://example.com/ab", flags: urlnorm.FlagTabNewline},
		{name: "scheme-lower-cased", in: "HtTpS://example.com/", want: "https://example.com/"},
		{name: "backslashes-as-slashes", in: `https:\\example.com\a\b`, want: "https://example.com/a/b", flags: urlnorm.FlagBackslash},
		{name: "extra-slashes", in: "https:////example.com/", want: "https://example.com/", flags: urlnorm.FlagSlashes},
		{name: "empty-port-dropped", in: "https://example.com:/", want: "https://example.com/"},
		{name: "port-zeros-stripped", in: "https://example.com:00443/", want: "https://example.com/"},
		{name: "non-default-port-kept", in: "ws://example.com:443/", want: "ws://example.com:443/"},
		{name: "ipv6-compressed", in: "http://[2001:DB8:0:0:0:0:0:1]:8080/", want: "http://[2001:db8::1]:8080/", flags: urlnorm.FlagIPHost},
		{name: "ipv6-first-longest-run", in: "http://[1:0:0:2:0:0:0:3]/", want: "http://[1:0:0:2::3]/", flags: urlnorm.FlagIPHost},
		{name: "ipv4-hex-octal", in: "http://0xC0.0250.1/", want: "http://192.168.0.1/", flags: urlnorm.FlagNumericIPv4},
		{name: "idn-to-punycode", in: "https://Bücher.example/", want: "https://xn--bcher-kva.example/", flags: urlnorm.FlagIDN},
		{name: "idn-non-ascii-case-mapped", in: "https://BÜCHER.example/", want: "https://xn--bcher-kva.example/", flags: urlnorm.FlagHostMapped},
		{name: "idn-lower-case", in: "https://bücher.example/", want: "https://xn--bcher-kva.example/", flags: urlnorm.FlagIDN},
		{name: "dot-segments", in: "https://example.com/a/./b/../../c/.", want: "https://example.com/c/"},
		{name: "dot-segments-above-root", in: "https://example.com/../../a", want: "https://example.com/a"},
		{name: "double-slash-path-kept", in: "https://example.com//a", want: "https://example.com//a", flags: urlnorm.FlagNestedURL},
		{name: "dot-segment-exposing-double-slash", in: "foo:/.//a", want: "foo:/.//a"},
		{name: "empty-query-kept", in: "https://example.com/?", want: "https://example.com/?"},
		{name: "empty-fragment-kept", in: "https://example.com/#", want: "https://example.com/#"},
		{name: "apostrophe-in-special-query", in: "https://example.com/?q='", want: "https://example.com/?q=%27"},
		{name: "apostrophe-in-other-query", in: "foo://example.com/?q='", want: "foo://example.com/?q='"},
		{name: "brackets-in-query-kept", in: "https://example.com/?a[]=1", want: "https://example.com/?a[]=1"},
		{name: "brackets-in-path-encoded", in: "https://example.com/a[1]", want: "https://example.com/a%5B1%5D"},
		{name: "second-hash-kept", in: "https://example.com/#a#b", want: "https://example.com/#a#b"},
		{name: "hash-only-hashes", in: "https://a.example/##", want: "https://a.example/##"},
		{name: "hash-in-fragment-path", in: "https://a.example/x?q#f#g/h", want: "https://a.example/x?q#f#g/h"},
		{name: "encoded-hash-stays-encoded", in: "https://a.example/#f%23g", want: "https://a.example/#f%23g"},
		{name: "opaque-kept", in: "mailto:Someone@Example.com?subject=Hi%20there", want: "mailto:Someone@Example.com?subject=Hi%20there"},
		{name: "opaque-non-ascii-encoded", in: "mailto:jöe@example.com", want: "mailto:j%C3%B6e@example.com"},
		{name: "non-special-host-case-kept", in: "foo://Host/P", want: "foo://Host/P"},
		{name: "relative-path", in: "a/./b/../c?x#y", want: "a/c?x#y"},
		{name: "relative-climbing", in: "../a/../../b", want: "../../b"},
		{name: "relative-dot", in: ".", want: "./"},
		{name: "relative-emptied", in: "a/..", want: "./"},
		{name: "relative-colon-protected", in: "./a:b", want: "./a:b"},
		{name: "relative-double-slash-protected", in: "a/..//b", want: ".//b"},
		{name: "relative-backslash", in: `a\b`, want: "a/b", flags: urlnorm.FlagBackslash},
		{name: "protocol-relative", in: "//Example.COM", want: "//example.com/"},
		{name: "protocol-relative-backslash", in: `\\example.com\x`, want: "//example.com/x", flags: urlnorm.FlagBackslash},
		{name: "protocol-relative-keeps-port", in: "//example.com:443/", want: "//example.com:443/"},
		{name: "query-only", in: "?a=%41", want: "?a=A"},
		{name: "fragment-only", in: "#top", want: "#top"},
		{name: "empty", in: "", want: ""},
		{name: "javascript-flagged", in: "javascript:alert(1)", want: "javascript:alert(1)", flags: urlnorm.FlagActiveScheme},
		{name: "encoded-separator-beside-dots", in: "https://example.com/..%2f..%2fetc", want: "https://example.com/..%2F..%2Fetc", flags: urlnorm.FlagEncodedSeparator},
		{name: "encoded-backslash", in: "https://example.com/a%5cb", want: "https://example.com/a%5Cb", flags: urlnorm.FlagEncodedSeparator},
		{name: "query-control-flagged", in: "https://example.com/?a=%0d%0a", want: "https://example.com/?a=%0D%0A", flags: urlnorm.FlagEncodedControl},
		{name: "query-malformed-escape", in: "https://example.com/?a=50%", want: "https://example.com/?a=50%25", flags: urlnorm.FlagMalformedEscape},
		{name: "fragment-malformed-escape", in: "https://example.com/#50%", want: "https://example.com/#50%25", flags: urlnorm.FlagMalformedEscape},
		{name: "path-invalid-utf8-flagged", in: "https://example.com/%E9t%E9", want: "https://example.com/%E9t%E9", flags: urlnorm.FlagInvalidUTF8},
		{name: "query-legacy-charset-not-flagged", in: "https://example.com/?q=%E9", want: "https://example.com/?q=%E9"},
		{name: "raw-and-escaped-utf8-mixed", in: "https://example.com/%C3é", want: "https://example.com/%C3%C3%A9", flags: urlnorm.FlagInvalidUTF8},
		{name: "fullwidth-solidus-in-path", in: "https://example.com/a／b", want: "https://example.com/a%EF%BC%8Fb", flags: urlnorm.FlagSpoofChar},
		{name: "bidi-in-fragment", in: "https://example.com/#\u202e", want: "https://example.com/#%E2%80%AE", flags: urlnorm.FlagSpoofChar},
		{name: "mixed-script-host", in: "https://exаmple.com/", want: "https://xn--exmple-4nf.com/", flags: urlnorm.FlagConfusable},
		// Found by FuzzNormalize: "+000" is not an IPv4 number (the URL
		// Standard's parser takes digits only), so the host is a domain.
		{name: "signed-number-host-is-a-domain", in: "//+000", want: "//+000/"},
		// Found by FuzzSanitize: the last label "0+000" is not a number.
		{name: "signed-last-label-is-a-domain", in: "http://0.01.0+000", want: "http://0.01.0+000/"},
		{name: "overflowing-label-is-a-domain", in: `\\20000000000000000000A`, want: "//20000000000000000000a/", flags: urlnorm.FlagBackslash},
		{name: "cjk-mixed-host-allowed", in: "https://日本語テスト.example/", want: "https://xn--zckzah9945czlbtz6h.example/", flags: urlnorm.FlagIDN},
	})
}

func TestRejections(t *testing.T) {
	runRejectCases(t, []rejectCase{
		{name: "nul", in: "http://exa\x00mple.com/", reason: urlnorm.ReasonControlChar, offset: 10},
		{name: "leading-nul", in: "\x00javascript:alert(1)", reason: urlnorm.ReasonControlChar, offset: 0},
		{name: "del", in: "http://example.com/\x7f", reason: urlnorm.ReasonControlChar, offset: 19},
		{name: "interior-form-feed", in: "java\fscript:x", reason: urlnorm.ReasonControlChar, offset: 4},
		{name: "invalid-utf8", in: "http://example.com/\xff", reason: urlnorm.ReasonInvalidUTF8, offset: 19},
		{name: "scheme-percent", in: "java%73cript:alert(1)", reason: urlnorm.ReasonScheme, offset: 12},
		{name: "scheme-nbsp", in: "\u00a0javascript:alert(1)", reason: urlnorm.ReasonScheme, offset: 12},
		{name: "special-without-slashes", in: "https:evil.example", reason: urlnorm.ReasonBaseDependent, offset: 6},
		{name: "special-one-slash", in: "https:/evil.example", reason: urlnorm.ReasonBaseDependent, offset: 6},
		{name: "three-leading-slashes", in: "///evil.example", reason: urlnorm.ReasonBaseDependent, offset: 0},
		{name: "drive-letter", in: "C|/Windows", reason: urlnorm.ReasonBaseDependent, offset: 0},
		// Found by FuzzNormalize: decoding "%41" must not create one.
		{name: "decoded-drive-letter", in: "/%41:", reason: urlnorm.ReasonBaseDependent, offset: 0},
		{name: "file", in: "file:///etc/passwd", reason: urlnorm.ReasonFileScheme, offset: 0},
		{name: "userinfo", in: "http://good.example@evil.example/", reason: urlnorm.ReasonUserinfo, offset: 7},
		{name: "empty-host", in: "http:///", reason: urlnorm.ReasonHost, offset: -1},
		{name: "forbidden-host-char", in: "http://a<b/", reason: urlnorm.ReasonHost, offset: -1},
		{name: "go-incompatible-host-char", in: "http://a{b/", reason: urlnorm.ReasonHost, offset: 8},
		{name: "encoded-space-host", in: "http://a%20b/", reason: urlnorm.ReasonHost, offset: 7},
		{name: "idna-disallowed", in: "http://a\u202eb/", reason: urlnorm.ReasonIDNA, offset: 7},
		{name: "idna-empty-after-mapping", in: "http://%C2%AD/", reason: urlnorm.ReasonIDNA, offset: 7},
		{name: "ipv4-out-of-range", in: "http://256.0.0.1/", reason: urlnorm.ReasonIPv4, offset: 7},
		{name: "ipv4-too-many-parts", in: "http://1.2.3.4.5/", reason: urlnorm.ReasonIPv4, offset: 7},
		{name: "ipv6-unclosed", in: "http://[::1/", reason: urlnorm.ReasonIPv6, offset: 7},
		{name: "ipv6-zone", in: "http://[fe80::1%25eth0]/", reason: urlnorm.ReasonIPv6, offset: 7},
		{name: "port-letters", in: "http://example.com:8o/", reason: urlnorm.ReasonPort, offset: 20},
		{name: "port-too-big", in: "http://example.com:99999/", reason: urlnorm.ReasonPort, offset: 19},
		{name: "path-bad-escape", in: "http://example.com/%4", reason: urlnorm.ReasonBadEscape, offset: 19},
		{name: "path-pct-u", in: "http://example.com/%u2215", reason: urlnorm.ReasonPercentU, offset: 19},
		{name: "path-encoded-control", in: "http://example.com/a%0Ab", reason: urlnorm.ReasonEncodedControl, offset: 20},
		{name: "path-overlong", in: "http://example.com/%C0%AE", reason: urlnorm.ReasonOverlong, offset: 22},
		{name: "query-overlong", in: "http://example.com/?%E0%80%AE", reason: urlnorm.ReasonOverlong, offset: 23},
		{name: "path-surrogate", in: "http://example.com/%ED%A0%80", reason: urlnorm.ReasonInvalidCodePoint, offset: 22},
		{name: "fragment-nul", in: "http://example.com/#%00", reason: urlnorm.ReasonEncodedControl, offset: 20},
		{name: "offset-after-deleted-tab", in: "ht\ttp://example.com/%zz", reason: urlnorm.ReasonBadEscape, offset: 20},
		{name: "offset-after-trim", in: "   http://example.com/%zz", reason: urlnorm.ReasonBadEscape, offset: 22},
		{name: "too-long", in: "http://example.com/" + strings.Repeat("a", 100), opts: urlnorm.Options{MaxLength: 50}, reason: urlnorm.ReasonTooLong, offset: 50},
	})
}

func TestUserinfoPolicy(t *testing.T) {
	const in = "http://user:p%61ss@example.com/"
	runNormalizeCases(t, []normalizeCase{
		{name: "strip", in: in, want: "http://example.com/", opts: urlnorm.Options{Userinfo: urlnorm.UserinfoStrip}, flags: urlnorm.FlagUserinfo},
		{name: "keep", in: in, want: "http://user:pass@example.com/", opts: urlnorm.Options{Userinfo: urlnorm.UserinfoKeep}, flags: urlnorm.FlagUserinfo},
		{name: "strip-phishing-shows-real-host", in: "http://good.example@evil.example/", want: "http://evil.example/", opts: urlnorm.Options{Userinfo: urlnorm.UserinfoStrip}, flags: urlnorm.FlagUserinfo},
	})
	runRejectCases(t, []rejectCase{
		{name: "reject-default", in: in, reason: urlnorm.ReasonUserinfo, offset: 7},
		{name: "reject-empty", in: "http://@example.com/", reason: urlnorm.ReasonUserinfo, offset: 7},
		{name: "keep-bad-escape", in: "http://us%zz@example.com/", opts: urlnorm.Options{Userinfo: urlnorm.UserinfoKeep}, reason: urlnorm.ReasonBadEscape, offset: 9},
		{name: "strict-rejects-kept", in: in, opts: urlnorm.Options{Userinfo: urlnorm.UserinfoKeep, Strict: true}, reason: urlnorm.ReasonFlagged, offset: 7},
	})
}

func TestRelativePolicy(t *testing.T) {
	resolve := func(base string) urlnorm.Options {
		return urlnorm.Options{Relative: urlnorm.RelativeResolve, Base: base}
	}
	const base = "https://example.com/dir/page?q#f"
	runNormalizeCases(t, []normalizeCase{
		{name: "keep", in: "../x", want: "../x"},
		{name: "resolve-path", in: "../x/./y", want: "https://example.com/x/y", opts: resolve(base)},
		{name: "resolve-sibling", in: "other", want: "https://example.com/dir/other", opts: resolve(base)},
		{name: "resolve-absolute-path", in: "/root", want: "https://example.com/root", opts: resolve(base)},
		{name: "resolve-protocol-relative", in: "//cdn.example/x", want: "https://cdn.example/x", opts: resolve(base)},
		{name: "resolve-query", in: "?x=1", want: "https://example.com/dir/page?x=1", opts: resolve(base)},
		{name: "resolve-fragment", in: "#top", want: "https://example.com/dir/page?q#top", opts: resolve(base)},
		{name: "resolve-empty", in: "", want: "https://example.com/dir/page?q", opts: resolve(base)},
		{name: "resolve-climb-above-root", in: "../../../x", want: "https://example.com/x", opts: resolve(base)},
		{name: "resolve-base-without-path", in: "x", want: "https://example.com/x", opts: resolve("https://example.com")},
		{name: "resolve-keeps-absolute", in: "http://other.example/", want: "http://other.example/", opts: resolve(base)},
		{name: "resolve-keeps-flags", in: `..\x`, want: "https://example.com/x", opts: resolve(base), flags: urlnorm.FlagBackslash},
		{name: "fragment-kept", in: "#g", want: "#g", opts: urlnorm.Options{Relative: urlnorm.RelativeFragment}},
	})
	runRejectCases(t, []rejectCase{
		{name: "reject", in: "x", opts: urlnorm.Options{Relative: urlnorm.RelativeReject}, reason: urlnorm.ReasonRelative, offset: 0},
		{name: "reject-protocol-relative", in: "//x/", opts: urlnorm.Options{Relative: urlnorm.RelativeReject}, reason: urlnorm.ReasonRelative, offset: 0},
		{name: "fragment-refuses-path", in: "other.svg#g", opts: urlnorm.Options{Relative: urlnorm.RelativeFragment}, reason: urlnorm.ReasonRelative, offset: 0},
		{name: "fragment-refuses-query", in: "?x#g", opts: urlnorm.Options{Relative: urlnorm.RelativeFragment}, reason: urlnorm.ReasonRelative, offset: 0},
		{name: "fragment-refuses-empty", in: "", opts: urlnorm.Options{Relative: urlnorm.RelativeFragment}, reason: urlnorm.ReasonRelative, offset: 0},
		{name: "bad-base", in: "x", opts: resolve("mailto:x"), reason: urlnorm.ReasonBase, offset: 0},
		{name: "missing-base", in: "x", opts: resolve(""), reason: urlnorm.ReasonBase, offset: 0},
		{name: "resolved-scheme-checked", in: "x", opts: urlnorm.Options{Relative: urlnorm.RelativeResolve, Base: "http://example.com/", Schemes: []string{"https"}}, reason: urlnorm.ReasonSchemeNotAllowed, offset: 0},
	})
}

func TestSchemes(t *testing.T) {
	web := urlnorm.Options{Schemes: []string{"http", "HTTPS", "mailto"}}
	runNormalizeCases(t, []normalizeCase{
		{name: "allowed", in: "https://example.com/", want: "https://example.com/", opts: web},
		{name: "allowed-case-insensitive", in: "MAILTO:x@example.com", want: "mailto:x@example.com", opts: web},
		{name: "relative-not-governed", in: "/x", want: "/x", opts: web},
		{name: "protocol-relative-needs-both", in: "//example.com/", want: "//example.com/", opts: web},
	})
	runRejectCases(t, []rejectCase{
		{name: "javascript", in: "javascript:alert(1)", opts: web, reason: urlnorm.ReasonSchemeNotAllowed, offset: 0},
		{name: "data", in: "data:text/html,x", opts: web, reason: urlnorm.ReasonSchemeNotAllowed, offset: 0},
		{name: "protocol-relative-https-only", in: "//example.com/", opts: urlnorm.Options{Schemes: []string{"https"}}, reason: urlnorm.ReasonSchemeNotAllowed, offset: 0},
		{name: "empty-list-allows-nothing", in: "https://example.com/", opts: urlnorm.Options{Schemes: []string{}}, reason: urlnorm.ReasonSchemeNotAllowed, offset: 0},
	})
}

func TestNested(t *testing.T) {
	nested := urlnorm.Options{Nested: true}
	runNormalizeCases(t, []normalizeCase{
		{name: "plain-https-target", in: "https://example.com/go?next=https%3A%2F%2Fexample.org%2F", want: "https://example.com/go?next=https%3A%2F%2Fexample.org%2F", opts: nested, flags: urlnorm.FlagNestedURL},
		{name: "sm-https-target", in: "https://example.com/login?TARGET=-SM-https%3a%2f%2fexample%2eorg%2f", want: "https://example.com/login?TARGET=-SM-https%3a%2f%2fexample%2eorg%2f", opts: nested, flags: urlnorm.FlagNestedURL},
		{name: "flag-only-without-option", in: "https://example.com/go?next=javascript:alert(1)", want: "https://example.com/go?next=javascript:alert(1)", flags: urlnorm.FlagNestedURL},
		{name: "protocol-relative-target-web-schemes", in: "https://example.com/go?next=%2F%2Fexample.org", want: "https://example.com/go?next=%2F%2Fexample.org", opts: urlnorm.Options{Nested: true, Schemes: []string{"http", "https"}}, flags: urlnorm.FlagNestedURL},
		{name: "not-a-url", in: "https://example.com/?q=time:10&r=a%2Fb", want: "https://example.com/?q=time:10&r=a%2Fb", opts: nested},
		{name: "double-encoded-not-a-url-query", in: "https://example.com/search?q=%2527%2520OR", want: "https://example.com/search?q=%2527%2520OR", opts: nested},
	})
	runRejectCases(t, []rejectCase{
		{name: "sm-javascript", in: "https://example.com/login?TARGET=-SM-javascript%3aalert%281%29", opts: nested, reason: urlnorm.ReasonNestedURL, offset: 33},
		{name: "plain-javascript", in: "https://example.com/go?next=javascript%3Aalert(1)", opts: nested, reason: urlnorm.ReasonNestedURL, offset: 28},
		{name: "double-encoded-javascript", in: "https://example.com/go?next=javascript%253Aalert(1)", opts: nested, reason: urlnorm.ReasonNestedURL, offset: 28},
		{name: "whitespace-obfuscated", in: "https://example.com/go?next=%20%09javascript:alert(1)", opts: nested, reason: urlnorm.ReasonNestedURL, offset: 28},
		{name: "encoded-sm-prefix", in: "https://example.com/go?next=%2DSM%2Djavascript%3aalert%281%29", opts: nested, reason: urlnorm.ReasonNestedURL, offset: 28},
		{name: "sm-malformed", in: "https://example.com/login?TARGET=-SM-http%3a%2f%2fx-", opts: nested, reason: urlnorm.ReasonNestedURL, offset: 33},
		{name: "nested-userinfo", in: "https://example.com/go?next=https://good.example@evil.example/", opts: nested, reason: urlnorm.ReasonNestedURL, offset: 28},
		{name: "nested-https-only", in: "https://example.com/go?next=%2F%2Fevil.example", opts: urlnorm.Options{Nested: true, Schemes: []string{"https"}}, reason: urlnorm.ReasonNestedURL, offset: 28},
	})
	// The nested cause is reachable with errors.As through Unwrap.
	_, err := urlnorm.Normalize("https://example.com/login?TARGET=-SM-javascript%3aalert%281%29", nested)
	var outer *urlnorm.RejectError
	if !errors.As(err, &outer) || outer.Err == nil {
		t.Fatalf("want a nested error, got %v", err)
	}
	var inner *urlnorm.RejectError
	if !errors.As(outer.Err, &inner) || inner.Reason != urlnorm.ReasonSchemeNotAllowed || inner.Input != "javascript:alert(1)" {
		t.Errorf("nested error = %#v, want scheme-not-allowed for javascript:alert(1)", outer.Err)
	}
}

func TestStrict(t *testing.T) {
	strict := urlnorm.Options{Strict: true}
	runNormalizeCases(t, []normalizeCase{
		{name: "clean-accepted", in: "HTTPS://Example.com/%7Efoo?a=%41", want: "https://example.com/~foo?a=A", opts: strict},
	})
	_, err := urlnorm.Normalize("http://0x7f.1/a\\b", strict)
	var re *urlnorm.RejectError
	if !errors.As(err, &re) || re.Reason != urlnorm.ReasonFlagged {
		t.Fatalf("strict Normalize = %v, want ReasonFlagged", err)
	}
	if want := urlnorm.FlagNumericIPv4 | urlnorm.FlagBackslash | urlnorm.FlagIPHost | urlnorm.FlagInternalIP; re.Flags != want {
		t.Errorf("RejectError.Flags = %v, want %v", re.Flags, want)
	}
}

func TestResultHost(t *testing.T) {
	tests := []struct{ in, scheme, host string }{
		{"https://Example.com:8443/x", "https", "example.com"},
		{"//cdn.example/x", "", "cdn.example"},
		{"/x", "", ""},
		{"mailto:a@b", "mailto", ""},
		{"http://[::1]/", "http", "[::1]"},
	}
	for _, tc := range tests {
		r, err := urlnorm.Inspect(tc.in, urlnorm.Options{})
		if err != nil || r.Scheme != tc.scheme || r.Host != tc.host {
			t.Errorf("Inspect(%q) = scheme %q host %q, %v; want %q %q", tc.in, r.Scheme, r.Host, err, tc.scheme, tc.host)
		}
	}
}

func TestNames(t *testing.T) {
	for r := urlnorm.ReasonNone; !strings.HasPrefix(r.String(), "reason("); r++ {
		name := r.String()
		if got, ok := urlnorm.ParseReason(name); !ok || got != r {
			t.Errorf("ParseReason(%q) = %v, %v; want %v", name, got, ok, r)
		}
	}
	f := urlnorm.FlagBackslash | urlnorm.FlagNestedURL
	if got, want := f.String(), "backslash|nested-url"; got != want {
		t.Errorf("Flags.String() = %q, want %q", got, want)
	}
	if got := urlnorm.Flags(0).String(); got != "none" {
		t.Errorf("Flags(0).String() = %q, want none", got)
	}
	if got := len(f.Names()); got != 2 {
		t.Errorf("len(Names()) = %d, want 2", got)
	}
}

// TestCanonicalDoesNotAllocate checks the fast path: a URL that is already
// canonical comes back as the same string, without allocating.
func TestCanonicalDoesNotAllocate(t *testing.T) {
	for _, in := range []string{
		"https://example.com/questions/123/how-to?x=1&y=%2F#answer-4",
		"/relative/path.html",
		"mailto:someone@example.com",
		"https://192.168.0.1:8080/",
		"http://[2001:db8::1]/",
	} {
		allocs := testing.AllocsPerRun(100, func() {
			if got, err := urlnorm.Normalize(in, urlnorm.Options{}); err != nil || got != in {
				t.Fatalf("Normalize(%q) = %q, %v", in, got, err)
			}
		})
		if allocs != 0 {
			t.Errorf("Normalize(%q) allocates %v times, want 0", in, allocs)
		}
	}
}
