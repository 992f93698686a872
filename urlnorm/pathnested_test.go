package urlnorm_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/urlnorm"
)

// TestPathNestedURL: a URL in a path segment, plainly or percent-encoded,
// is flagged nested-url as one in a query value is; ordinary paths with
// colons or double slashes are not.
func TestPathNestedURL(t *testing.T) {
	nested := []normalizeCase{
		{name: "plain", in: "https://site.example/redirect/https://evil.example/", want: "https://site.example/redirect/https://evil.example/"},
		{name: "encoded", in: "https://site.example/out/http%3A%2F%2Fevil.example", want: "https://site.example/out/http%3A%2F%2Fevil.example"},
		{name: "encoded-letter", in: "https://site.example/r/%68ttps://evil.example/", want: "https://site.example/r/https://evil.example/"},
		{name: "upper-case-scheme", in: "https://site.example/r/HTTPS://evil.example/", want: "https://site.example/r/HTTPS://evil.example/"},
		{name: "backslashes", in: "https://site.example/r/https:\\\\evil.example/", want: "https://site.example/r/https://evil.example/"},
		{name: "double-encoded", in: "https://site.example/go/https%253A%252F%252Fevil.example", want: "https://site.example/go/https%253A%252F%252Fevil.example"},
		{name: "encoded-space-first", in: "https://site.example/go/%20https://evil.example", want: "https://site.example/go/%20https://evil.example"},
		{name: "first-segment", in: "https://site.example/http://evil.example/", want: "https://site.example/http://evil.example/"},
		{name: "relative", in: "/redirect/https://evil.example/x", want: "/redirect/https://evil.example/x"},
		{name: "archive", in: "https://web.archive.org/web/2021/https://www.example.com/a", want: "https://web.archive.org/web/2021/https://www.example.com/a"},
		{name: "ftp", in: "https://site.example/r/ftp://files.example/", want: "https://site.example/r/ftp://files.example/"},
		{name: "one-slash", in: "https://site.example/r/http:/evil.example/", want: "https://site.example/r/http:/evil.example/"},
		{name: "matrix-parameter", in: "https://site.example/out;u=https://evil.example/", want: "https://site.example/out;u=https://evil.example/"},
		{name: "segment-value", in: "https://site.example/go/to=https://evil.example/", want: "https://site.example/go/to=https://evil.example/"},
	}
	for i := range nested {
		nested[i].flags = urlnorm.FlagNestedURL
	}
	runNormalizeCases(t, nested)

	for _, in := range []string{
		"https://en.wikipedia.org/wiki/HTTP",
		"https://site.example/a:b",
		"https://site.example/wiki/http:",
		"https://site.example/wiki/https:/",
		"https://site.example/search;q=http",
		"https://site.example/docs/http://",
		"https://commons.wikimedia.org/wiki/File:Example.jpg",
		"https://commons.wikimedia.org/wiki/Data:Example.tab",
		"https://site.example/x/javascript:alert(1)",
		"https://site.example/r//evil.example/",
		"https://site.example/mailto:a@b.example",
		"https://site.example/xhttps://evil.example/",
		"https://site.example/search/http%3A",
		"https://site.example/r/https://?q",
	} {
		r, err := urlnorm.Inspect(in, urlnorm.Options{})
		if err != nil || r.Flags&urlnorm.FlagNestedURL != 0 {
			t.Errorf("Inspect(%q) = %q, %v, flags %v; want accepted without nested-url", in, r.URL, err, r.Flags)
		}
	}
}

// TestPathNestedInspection: with Options.Nested, a URL in the path is
// normalised with the outer options and its scheme checked, as one in a
// query value is: a refused nested URL refuses the outer one, and the
// path and query forms of the same target get the same verdict.
func TestPathNestedInspection(t *testing.T) {
	nested := urlnorm.Options{Nested: true}
	tests := []struct {
		name, target string
		opts         urlnorm.Options
		inner        urlnorm.Reason // ReasonNone: accepted
	}{
		{"ordinary", "https://evil.example/", nested, urlnorm.ReasonNone},
		{"userinfo", "https://user@evil.example/", nested, urlnorm.ReasonUserinfo},
		{"scheme", "ftp://files.example/", nested, urlnorm.ReasonSchemeNotAllowed},
		{"confusable", "https://p\u0430ypal.com/", urlnorm.Options{Nested: true, Reject: urlnorm.FlagConfusable}, urlnorm.ReasonFlagged},
		{"bad-ipv4", "http://1.2.3.999/", nested, urlnorm.ReasonIPv4},
		{"internal-ip", "http://169.254.169.254/latest/", urlnorm.Options{Nested: true, Reject: urlnorm.FlagInternalIP}, urlnorm.ReasonFlagged},
	}
	for _, tc := range tests {
		encoded := strings.NewReplacer(":", "%3A", "/", "%2F").Replace(tc.target)
		for _, in := range []string{
			"https://site.example/redirect/" + tc.target,
			"https://site.example/redirect/" + encoded,
			"https://site.example/redirect?to=" + tc.target,
		} {
			t.Run(tc.name+"/"+in, func(t *testing.T) {
				_, err := urlnorm.Normalize(in, tc.opts)
				if tc.inner == urlnorm.ReasonNone {
					if err != nil {
						t.Fatalf("Normalize(%q) error %v, want accepted", in, err)
					}
					return
				}
				var re *urlnorm.RejectError
				if !errors.As(err, &re) || re.Reason != urlnorm.ReasonNestedURL {
					t.Fatalf("Normalize(%q) error %v, want reason %v", in, err, urlnorm.ReasonNestedURL)
				}
				var inner *urlnorm.RejectError
				if !errors.As(re.Err, &inner) || inner.Reason != tc.inner {
					t.Errorf("Normalize(%q) nested error %v, want reason %v", in, re.Err, tc.inner)
				}
				if _, err := urlnorm.Normalize(in, urlnorm.Options{}); err != nil {
					t.Errorf("Normalize(%q) without Nested: %v, want accepted", in, err)
				}
			})
		}
	}
}
