package urlnorm_test

import (
	"testing"

	"github.com/htmlclean/htmlclean/internal/testing/oraclelog"
	"github.com/htmlclean/htmlclean/urlnorm"
)

// normalizeCase is one row of the table-driven tests in this file.
type normalizeCase struct {
	name, in, want string
	opts           urlnorm.Options
	flags          urlnorm.Flags // flags that must be set
}

func runNormalizeCases(t *testing.T, tests []normalizeCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := urlnorm.Inspect(tc.in, tc.opts)
			if err != nil {
				t.Fatalf("Inspect(%q) error: %v; want %q", tc.in, err, tc.want)
			}
			if r.URL != tc.want {
				t.Errorf("Normalize(%q) = %q, want %q", tc.in, r.URL, tc.want)
			}
			if r.Flags&tc.flags != tc.flags {
				t.Errorf("Inspect(%q) flags = %v, want at least %v", tc.in, r.Flags, tc.flags)
			}
			if tc.flags == 0 && r.Flags != 0 {
				t.Errorf("Inspect(%q) flags = %v, want none", tc.in, r.Flags)
			}
			checkOutput(t, tc.in, r.URL, tc.opts)
		})
	}
}

// checkOutput asserts the properties every accepted URL has: the output is
// a fixed point, Go's net/url reads it as the browser does and, unless the
// options ask for a change of meaning (stripping userinfo, resolving
// against another base), it means what the input meant. The last two are
// the WHATWG URL oracle's verdicts, asked through oraclelog and answered
// by the nested test module under fuzz/.
func checkOutput(t *testing.T, in, out string, opts urlnorm.Options) {
	t.Helper()
	if again, err := urlnorm.Normalize(out, opts); err != nil || again != out {
		t.Errorf("Normalize(%q) = %q, %v; want the fixed point %q", out, again, err, out)
	}
	oraclelog.Ask(t, oraclelog.Question{Check: oraclelog.GoAgrees, Out: out})
	if opts.Userinfo == urlnorm.UserinfoStrip || opts.Relative == urlnorm.RelativeResolve {
		return
	}
	oraclelog.Ask(t, oraclelog.Question{Check: oraclelog.SameMeaning, In: in, Out: out})
}

// TestSeedQuestions answers, one named test each, the questions this
// package started from: which escapes may a sanitiser decode without
// changing a URL's meaning.
func TestSeedQuestions(t *testing.T) {
	runNormalizeCases(t, []normalizeCase{
		{name: "unreserved-escape-in-path-is-decoded", in: "http://example.com/ind%65x.html", want: "http://example.com/index.html"},
		{name: "encoded-host-is-decoded-and-flagged", in: "http://ex%61mple.com/", want: "http://example.com/", flags: urlnorm.FlagEncodedHost},
		{name: "escaped-slash-is-kept", in: "http://example.com/a%2fb", want: "http://example.com/a%2Fb"},
		{name: "escaped-question-mark-is-kept", in: "http://example.com/a%3Fb", want: "http://example.com/a%3Fb"},
		{name: "escaped-hash-is-kept", in: "http://example.com/a%23b", want: "http://example.com/a%23b"},
		{name: "escaped-percent-is-kept", in: "http://example.com/100%25", want: "http://example.com/100%25"},
		{name: "encoded-dot-segments-resolve", in: "http://example.com/a/b/%2E%2e/c", want: "http://example.com/a/c", flags: urlnorm.FlagEncodedDot},
		{name: "caret-is-encoded", in: "http://example.com/a^b", want: "http://example.com/a%5Eb"},
		{name: "space-is-encoded", in: "http://example.com/a b", want: "http://example.com/a%20b"},
		{name: "form-delimiters-in-query-are-untouched", in: "http://example.com/?a=1%26b%3D2%2B3", want: "http://example.com/?a=1%26b%3D2%2B3"},
		{name: "plus-in-query-is-untouched", in: "http://example.com/?q=a+b", want: "http://example.com/?q=a+b"},
		{name: "unreserved-escape-in-query-is-decoded", in: "http://example.com/?q=%41%7e", want: "http://example.com/?q=A~"},
		{name: "hyphen-escape-in-query-is-kept", in: "http://example.com/?q=%2D", want: "http://example.com/?q=%2D"},
		{name: "fragment-decodes-unreserved-only", in: "http://example.com/#%41%2F%3F%25%26", want: "http://example.com/#A%2F%3F%25%26"},
		{name: "hex-is-upper-cased", in: "http://example.com/%c3%a9?%c3%a9#%c3%a9", want: "http://example.com/%C3%A9?%C3%A9#%C3%A9"},
	})
}

// TestWWWOFFLERules takes the URL rules of the WWWOFFLE proxy's URL
// normalisation one by one: implemented, or pinned by a test
// that shows why doing it would change the URL's meaning.
func TestWWWOFFLERules(t *testing.T) {
	keep := urlnorm.Options{Userinfo: urlnorm.UserinfoKeep}
	runNormalizeCases(t, []normalizeCase{
		// protocol 1: "no protocol means http". Not done: a scheme-less
		// value in an HTML attribute is a relative reference, and a
		// browser resolves "example.com/x" as a path on the current page.
		{name: "protocol-missing-stays-relative", in: "example.com/x", want: "example.com/x"},
		// protocol 2a: lower-case.
		{name: "protocol-lower-cased", in: "HTTP://example.com/", want: "http://example.com/"},
		// username & password 2b/2c: decode, then re-encode for the
		// canonical string. Done under UserinfoKeep (decoding only what
		// is unreserved, so "%40" and "%3A" keep the split).
		{name: "userinfo-recoded", in: "http://us%65r:p%40ss%3a@example.com/", want: "http://user:p%40ss%3A@example.com/", opts: keep, flags: urlnorm.FlagUserinfo},
		{name: "userinfo-illegal-chars-encoded", in: "http://a b:c\"d@example.com/", want: "http://a%20b:c%22d@example.com/", opts: keep, flags: urlnorm.FlagUserinfo},
		// hostname 1: "a leading / means the local host". Not done: a
		// path-absolute reference stays one; the browser resolves it
		// against the page, not a proxy's host name.
		{name: "leading-slash-stays-path-absolute", in: "/index.html", want: "/index.html"},
		// hostname 2a: lower-case.
		{name: "hostname-lower-cased", in: "http://WWW.Example.COM/", want: "http://www.example.com/"},
		// port 2 and 3: drop the default port, keep any other.
		{name: "default-port-dropped", in: "http://example.com:80/", want: "http://example.com/"},
		{name: "other-port-kept", in: "http://example.com:8080/", want: "http://example.com:8080/"},
		// pathname 1: no path means "/".
		{name: "empty-path-is-slash", in: "http://example.com", want: "http://example.com/"},
		// pathname 2b/2c: URLDecodeGeneric then URLEncodePath decodes
		// every escape. Not done: "%2F" would become a separator, so
		// "/a%2Fb/../c" would resolve to "/a/c" instead of "/c"
		// (RFC 3986 §2.2; purell v1.2.1 does this: the browser goes to /c).
		{name: "path-escaped-slash-not-decoded", in: "http://example.com/a%2Fb/../c", want: "http://example.com/c"},
		// parameters: part of the path since WWWOFFLE 2.9; no special case.
		{name: "path-parameters-are-path", in: "http://example.com/a;b=c/d;e", want: "http://example.com/a;b=c/d;e"},
		// arguments 2b: URLRecodeFormArgs decodes and re-encodes form
		// arguments. Not done: "%26" and "%3D" are data, "&" and "=" are
		// structure; decoding them changes the parameters a server sees.
		{name: "form-args-not-recoded", in: "http://example.com/?a=1%26b%3D2", want: "http://example.com/?a=1%26b%3D2"},
		// arguments 2c: "&amp;" replaced by "&". Not done: entity
		// decoding is the HTML parser's job and has happened before
		// urlnorm runs; doing it again decodes twice (bluemonday #169).
		{name: "amp-entity-not-decoded-again", in: "http://example.com/?a=1&amp;b=2", want: "http://example.com/?a=1&amp;b=2"},
		// form data: "&" and ";" interchangeable. Not done: WHATWG
		// URLSearchParams and Go's net/url (since 1.17) split on "&"
		// only, so ";" is part of a value.
		{name: "semicolon-is-not-a-separator", in: "http://example.com/?a=1;b=2", want: "http://example.com/?a=1;b=2"},
	})
	// The ones that are not done would change the browser's meaning:
	// the oracle shows it for the two that a browser can observe.
	for _, tc := range []struct{ in, wwwoffle string }{
		{"example.com/x", "http://example.com/x"},
		{"http://example.com/a%2Fb/../c", "http://example.com/a/c"},
	} {
		oraclelog.Ask(t, oraclelog.Question{Check: oraclelog.SameMeaning, In: tc.in, Out: tc.wwwoffle, Differ: true})
	}
}
