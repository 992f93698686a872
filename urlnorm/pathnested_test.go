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
		// Any number of slashes after the scheme, none included (URL
		// Standard, special authority ignore slashes state).
		{name: "no-slash", in: "https://site.example/go/http:evil.example", want: "https://site.example/go/http:evil.example"},
		{name: "no-slash-path-after", in: "https://site.example/go/HTTPS:evil.example/login", want: "https://site.example/go/HTTPS:evil.example/login"},
		{name: "no-slash-encoded-dot", in: "https://site.example/go/http:evil%2Eexample", want: "https://site.example/go/http:evil.example"},
		{name: "no-slash-encoded-colon", in: "https://site.example/go/http%3Aevil.example", want: "https://site.example/go/http%3Aevil.example"},
		{name: "no-slash-userinfo", in: "https://site.example/go/http:u@intranet", want: "https://site.example/go/http:u@intranet"},
		{name: "no-slash-number", in: "https://site.example/go/http:2130706433", want: "https://site.example/go/http:2130706433"},
		{name: "no-slash-ideographic-dot", in: "https://site.example/go/http:evil\u3002example", want: "https://site.example/go/http:evil%E3%80%82example"},
		{name: "no-slash-matrix", in: "https://site.example/out;u=http:evil.example", want: "https://site.example/out;u=http:evil.example"},
		{name: "backslash-one", in: "https://site.example/x/https:\\evil.example", want: "https://site.example/x/https:/evil.example"},
		{name: "three-slashes", in: "https://site.example/out/HTTP:///evil.example", want: "https://site.example/out/HTTP:///evil.example"},
		{name: "many-slashes", in: "https://site.example/out/http:" + strings.Repeat("/", 100) + "evil.example", want: "https://site.example/out/http:" + strings.Repeat("/", 100) + "evil.example"},
		// A path that is a network-path reference (RFC 3986 §4.2) once
		// dot segments are resolved.
		{name: "network-path-dot", in: "https://site.example/.//evil.example/x", want: "https://site.example//evil.example/x"},
		{name: "network-path-dotdot", in: "/a/..//evil.example", want: "/.//evil.example"},
		{name: "network-path-encoded-dot", in: "https://site.example/%2e//evil.example", want: "https://site.example//evil.example"},
		{name: "network-path-plain", in: "https://site.example//evil.example/", want: "https://site.example//evil.example/"},
		{name: "network-path-backslashes", in: "https://site.example/.\\\\evil.example", want: "https://site.example//evil.example"},
		// Redirect services' path forms.
		{name: "amp-viewer", in: "https://www.google.com/amp/s/evil.example/page", want: "https://www.google.com/amp/s/evil.example/page"},
		{name: "amp-viewer-country", in: "https://www.google.co.uk/amp/s/evil.example/", want: "https://www.google.co.uk/amp/s/evil.example/"},
		{name: "amp-viewer-http", in: "https://www.google.com/amp/evil.example/page", want: "https://www.google.com/amp/evil.example/page"},
		{name: "amp-viewer-relative", in: "/amp/s/evil.example/page", want: "/amp/s/evil.example/page"},
		{name: "amp-cache", in: "https://example-com.cdn.ampproject.org/c/s/evil.example/", want: "https://example-com.cdn.ampproject.org/c/s/evil.example/"},
		{name: "amp-cache-viewer", in: "https://example-com.cdn.ampproject.org/v/s/evil.example/a?amp_js_v=0.1", want: "https://example-com.cdn.ampproject.org/v/s/evil.example/a?amp_js_v=0.1"},
		{name: "amp-cache-image", in: "https://example-com.cdn.ampproject.org/i/s/evil.example/a.png", want: "https://example-com.cdn.ampproject.org/i/s/evil.example/a.png"},
		{name: "amp-cache-http", in: "https://example-com.cdn.ampproject.org/c/evil.example/", want: "https://example-com.cdn.ampproject.org/c/evil.example/"},
		{name: "amp-cache-bing", in: "https://example-com.bing-amp.com/c/s/evil.example/", want: "https://example-com.bing-amp.com/c/s/evil.example/"},
		{name: "proofpoint-v3", in: "https://urldefense.com/v3/__https://evil.example/path__;!!ABC!def$", want: "https://urldefense.com/v3/__https://evil.example/path__;!!ABC!def$"},
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
		"https://en.wikipedia.org/wiki/Help:Contents",
		"https://en.wikipedia.org/wiki/HTTP:Cookie",
		"https://site.example/time/10:30",
		"https://site.example/search/http",
		"https://site.example/go/http:",
		"https://site.example/go/http:evil",
		"https://site.example/go/https:Contents(1)",
		"https://site.example/go/file:evil.example",
		"https://site.example/go/ws:.example",
		"https://site.example/a/b?next=a//b",
		"https://site.example/a//b",
		"https://site.example/.//",
		"https://site.example/amp/s/index",
		"https://site.example/amp/story.html",
		"https://site.example/i/s/logo.png",
		"https://site.example/c/s/evil.example/",
		"https://example-com.cdn.ampproject.org/c/s/",
		"https://urldefense.com/v3/__abc__",
		"foo:/.//evil.example",
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
		forms := []string{
			"https://site.example/redirect/" + tc.target,
			"https://site.example/redirect/" + encoded,
			"https://site.example/redirect?to=" + tc.target,
			"https://site.example/redirect/" + strings.Replace(tc.target, "//", "", 1),
			"https://site.example/redirect/" + strings.Replace(tc.target, "//", "///", 1),
			"https://urldefense.com/v3/__" + tc.target + "__;!!x$",
		}
		if rest, ok := strings.CutPrefix(tc.target, "https://"); ok {
			forms = append(forms, "https://site.example/.//"+rest, "https://www.google.com/amp/s/"+rest)
		}
		for _, in := range forms {
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

// TestPathRedirectServiceInspection: with Options.Nested, the URL a
// redirect service's path form carries gets its scheme from the marker
// ("s/": https) and is inspected like any nested URL.
func TestPathRedirectServiceInspection(t *testing.T) {
	opts := urlnorm.Options{Nested: true, Reject: urlnorm.FlagInternalIP}
	for _, in := range []string{
		"https://www.google.com/amp/s/169.254.169.254/latest/",
		"https://www.google.com/amp/169.254.169.254/latest/",
		"https://example-com.cdn.ampproject.org/c/s/169.254.169.254/",
		"https://example-com.cdn.ampproject.org/i/169.254.169.254/",
		"https://site.example/.//169.254.169.254/",
	} {
		var re *urlnorm.RejectError
		if _, err := urlnorm.Normalize(in, opts); !errors.As(err, &re) || re.Reason != urlnorm.ReasonNestedURL {
			t.Errorf("Normalize(%q) error %v, want reason %v", in, err, urlnorm.ReasonNestedURL)
		}
	}
	httpsOnly := urlnorm.Options{Nested: true, Schemes: []string{"https"}}
	if _, err := urlnorm.Normalize("https://www.google.com/amp/evil.example/", httpsOnly); err == nil {
		t.Error("the http AMP viewer form was accepted with Schemes https only")
	}
	if _, err := urlnorm.Normalize("https://www.google.com/amp/s/evil.example/", httpsOnly); err != nil {
		t.Errorf("the https AMP viewer form: %v, want accepted", err)
	}
}
