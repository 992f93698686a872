package sanitize

import (
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/rules"
	"github.com/htmlclean/htmlclean/internal/stylesheet"
	"github.com/htmlclean/htmlclean/internal/testing/growth"
)

// TestCSSBrowserTokenization pins two style values a CSS reader must read
// as the browser does, or it keeps a data: background Chromium applies: a
// newline ends a CSS string, and "/*" inside an unquoted url( is not a
// comment.
func TestCSSBrowserTokenization(t *testing.T) {
	runCases(t, permissive(t), []sanitizeCase{
		{"newline-ends-string",
			"<span style=\"x:'a\n' /* ' ;background:url(data:image/png,x) ; y: */\">s</span>", `<span>s</span>`},
		{"comment-inside-unquoted-url",
			`<span style="background:url(a/*);background-image:url(data:image/png,x);x:url(*/b)">s</span>`, `<span>s</span>`},
		{"newline-variants-cr",
			"<span style=\"x:'a\r' ;background:url(data:image/png,x)\">s</span>", `<span>s</span>`},
		{"newline-variants-ff",
			"<span style=\"x:'a\f' ;background:url(data:image/png,x)\">s</span>", `<span>s</span>`},
		{"svg-fill",
			`<svg><rect fill="url(a/*) url(data:image/svg+xml,x) */" width="1"/></svg>`, `<svg><rect width="1"/></svg>`},
		{"comment-in-unquoted-url-kept",
			`<span style="background:url(https://img.example/a/*b)">s</span>`, `<span style="background:url(https://img.example/a/*b)">s</span>`},
	})
}

// TestCSSTokenizer runs the CSS reader over the edge cases of CSS Syntax
// Level 3 §4 that decide whether a browser fetches a URL. want is the
// reason the value is dropped, or "" if it is kept.
func TestCSSTokenizer(t *testing.T) {
	s := &pass{r: permissive(t).Rules(rules.Key{})}
	tests := []struct{ name, in, want string }{
		// Strings (§4.3.5): a newline ends one as a bad string; an
		// escaped newline continues it; "/*" inside one is text.
		{"string-newline-lf", "content:'a\nb'", "css-bad-string"},
		{"string-newline-crlf", "content:'a\r\nb'", "css-bad-string"},
		{"string-newline-ff", "content:\"a\fb\"", "css-bad-string"},
		{"string-escaped-newline", "content:'a\\\nb'", ""},
		{"string-escaped-crlf", "content:'a\\\r\nb'", ""},
		{"string-hides-comment", `content:"/*";background:url(data:x);x:"*/"`, "scheme-not-allowed"},
		{"string-unclosed-at-end", `content:"abc`, ""},
		{"string-escaped-quote", `content:"a\"/*";background:url(data:x)`, "scheme-not-allowed"},
		// Comments (§4.3.2): not inside unquoted URLs; an unclosed one is
		// refused.
		{"comment-hides-url", `/* background:url(data:x) */color:red`, ""},
		{"comment-unclosed", `color:red/*url(//`, "css-unterminated-comment"},
		{"comment-star-slash-only", `color:red/*/`, "css-unterminated-comment"},
		{"comment-in-unquoted-url", `background:url(a/*);b:url(data:x);c:url(*/b)`, "scheme-not-allowed"},
		{"comment-between-url-and-paren", `background:url/**/(data:x)`, ""},
		{"space-between-url-and-paren", `background:url (data:x)`, ""},
		// url tokens (§4.3.6): case, escapes in the name and the value,
		// strings after whitespace, the end of input.
		{"url-upper-case", `background:URL(data:x)`, "scheme-not-allowed"},
		{"url-name-escape-letter", `background:u\rl(javascript:x)`, "scheme-not-allowed"},
		{"url-name-escape-hex", `background:u\72l(data:x)`, "css-escaped-url"},
		{"url-name-escape-hex-space", `background:\75 rl(data:x)`, "css-escaped-url"},
		{"url-name-escape-upper", `background:U\52 L(https://a.example/)`, "css-escaped-url"},
		{"url-value-escape", `background:url(java\73 cript:x)`, "scheme-not-allowed"},
		{"url-value-escaped-paren", `background:url(https://a.example/a\)b)`, ""},
		{"url-space-then-string", `background:url(  "data:x")`, "scheme-not-allowed"},
		{"url-space-then-string-ok", `background:url( 'https://a.example/' )`, ""},
		{"url-string-then-comment", `background:url("https://a.example/"/**/)`, "css-bad-url"},
		{"url-string-escapes", `background:url("d\61ta:x")`, "scheme-not-allowed"},
		{"url-string-continuation", "background:url('dat\\\na:x')", "scheme-not-allowed"},
		{"url-unclosed-at-end", `background:url(data:x`, "scheme-not-allowed"},
		{"url-string-unclosed-at-end", `background:url("data:x`, "scheme-not-allowed"},
		{"url-inner-space", `background:url(a b)`, "css-bad-url"},
		{"url-inner-quote", `background:url(a"b)`, "css-bad-url"},
		{"url-inner-paren", `background:url(a(b)`, "css-bad-url"},
		{"url-control", "background:url(a\x01b)", "css-bad-url"},
		{"url-backslash-at-end", `background:url(a\`, "css-bad-url"},
		{"url-not-canonical", `background:url(HTTPS://a.example/)`, "css-url-not-canonical"},
		{"url-leading-space-in-string", `background:url(" https://a.example/")`, "css-url-not-canonical"},
		{"url-empty", `background:url()`, "empty-url"},
		{"url-fragment", `fill:url(#grad)`, ""},
		{"url-after-custom-property", `--x:url(data:x)`, "scheme-not-allowed"},
		// NUL and U+FFFD (§3.3): NUL is U+FFFD, which urlnorm escapes.
		{"url-nul", "background:url(a\x00b)", "css-url-not-canonical"},
		{"url-replacement-char", "background:url(a\uFFFDb)", "css-url-not-canonical"},
		{"escape-zero", `background:url(a\0 b)`, "css-url-not-canonical"},
		{"escape-surrogate", `background:url(a\D800 b)`, "css-url-not-canonical"},
		{"escape-too-large", `background:url(a\110000 b)`, "css-url-not-canonical"},
		// Banned constructs, found through escapes and comments.
		{"expression-escaped", `width:exp\72 ession(alert(1))`, "css-expression"},
		{"expression-comment", `width:expr/**/ession(alert(1))`, "css-expression"},
		{"image-set", `background:image-set("https://a.example/" 1x)`, "css-image-set"},
		{"image-set-webkit", `background:-webkit-image-set(url(https://a.example/) 1x)`, "css-image-set"},
		{"src-function", `background:src("https://a.example/")`, "css-src"},
		{"import", `@import "https://a.example/s.css"`, "css-import"},
		{"import-escaped", `@\69mport url(https://a.example/s.css)`, "css-import"},
		{"javascript-in-string", `content:"javascript:x"`, "css-javascript"},
		{"moz-binding", `-moz-binding:url(https://a.example/x.xml#x)`, "css-moz-binding"},
		// Ordinary styles are kept.
		{"plain", `color:red;font-weight:bold`, ""},
		{"canonical-urls", `background:url(https://a.example/a.png), url('/b.png')`, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := checkCSS(tc.in, testURLs(s)); string(got) != tc.want {
				t.Errorf("checkCSS(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// TestCSSGrowth checks that reading a style value is linear in each of its
// dimensions: the cost at 8n stays under 16 times the cost at n
// (quadratic gives 64). The CSS reader is called directly, past the
// policy's attribute length limit, so that the reader alone is measured.
func TestCSSGrowth(t *testing.T) {
	s := &pass{r: permissive(t).Rules(rules.Key{})}
	dims := []struct {
		name string
		make func(n int) string
		want string
	}{
		{"declarations", func(n int) string { return strings.Repeat("color:red;", n/10) }, ""},
		{"url-count", func(n int) string {
			return strings.Repeat("background:url(https://a.example/a.png);", n/40)
		}, ""},
		{"url-length", func(n int) string { return "background:url(https://a.example/" + strings.Repeat("a", n) + ")" }, ""},
		{"string-length", func(n int) string { return `content:"` + strings.Repeat("a", n) + `"` }, ""},
		{"comment-length", func(n int) string { return "/*" + strings.Repeat("a", n) + "*/" }, ""},
		{"comments", func(n int) string { return strings.Repeat("/**/", n/4) }, ""},
		{"escapes", func(n int) string { return "x:" + strings.Repeat(`\61 `, n/4) }, ""},
		{"string-continuations", func(n int) string { return `content:"` + strings.Repeat("\\\n", n/2) + `"` }, ""},
		{"unicode-range-runs", func(n int) string { return strings.Repeat("u+"+strings.Repeat("a", 30)+" ", n/33) }, ""},
		{"parens", func(n int) string { return strings.Repeat("(", n) }, ""},
		{"cr-newlines", func(n int) string { return strings.Repeat("a\r\n", n/3) }, ""},
	}
	const n = 8 << 10
	for _, d := range dims {
		t.Run(d.name, func(t *testing.T) {
			if got := checkCSS(d.make(8*n), testURLs(s)); string(got) != d.want {
				t.Fatalf("checkCSS(%.40q…) = %q, want %q", d.make(8*n), got, d.want)
			}
			growth.Check(t, n, d.make, func(v string) { checkCSS(v, testURLs(s)) })
		})
	}
}

// testURLs checks each URL with s.url, as an attribute of no element.
func testURLs(s *pass) urlFunc {
	return func(u string) (string, Reason) {
		canon, _, r := s.url(&checking{}, u)
		return canon, r
	}
}

// TestCSSFaultReasons: every fault of the style attribute checks but the
// URL's own has a Reason, and one that Reasons lists.
func TestCSSFaultReasons(t *testing.T) {
	listed := map[Reason]bool{}
	for _, r := range Reasons() {
		listed[r] = true
	}
	for f := stylesheet.FaultNone + 1; f < stylesheet.FaultCount; f++ {
		if f == stylesheet.FaultURL {
			continue
		}
		if r := cssReason(f, ""); r == "" || !listed[r] {
			t.Errorf("cssReason(%d) = %q, want a listed Reason", f, r)
		}
	}
	if got := cssReason(stylesheet.FaultURL, ReasonEmptyURL); got != ReasonEmptyURL {
		t.Errorf("cssReason(FaultURL, %q) = %q, want the URL's", ReasonEmptyURL, got)
	}
}
