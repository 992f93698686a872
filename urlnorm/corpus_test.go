package urlnorm_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/testing/jsonl"
	"github.com/htmlclean/htmlclean/urlnorm"
)

// readJSONL decodes every line of a JSON Lines file under
// testdata/corpus/url into a T.
func readJSONL[T any](t *testing.T, name string) []T {
	t.Helper()
	out, err := jsonl.Read[T](filepath.Join("..", "testdata", "corpus", "url", name))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

type catalogueCase struct {
	ID            string `json:"id"`
	Category      string `json:"category"`
	Input         string `json:"input"`
	Action        string `json:"action"`
	ExpectDefault string `json:"expect_default"`
}

// catalogueOverrides lists the catalogue cases where urlnorm deliberately
// differs from expect_default, with the browser behaviour that justifies it.
var catalogueOverrides = map[string]struct {
	want   string // "" means rejected with reason
	reason urlnorm.Reason
	why    string
}{
	"js-comment-newline": {
		reason: urlnorm.ReasonHost,
		why: "WHATWG parses javascript://%0aalert(1) as a non-special URL whose opaque host is " +
			"\"%0aalert(1)\"; Go's net/url refuses the escape in the host, so no canonical form " +
			"exists on which both agree (urlnorm's self-check). The browser would run alert(1) " +
			"(the body is percent-decoded into a // comment and a new line), so refusing it " +
			"outright loses nothing a link could legitimately need.",
	},
	"idn-invalid-punycode-empty": {
		want: "http://xn--/",
		why: "The URL Standard's domain to ASCII keeps an all-ASCII domain whose UTS #46 " +
			"ToASCII fails, lower-cased (whatwg/url pull request 914; WPT IdnaTestV2.json " +
			"expects \"xn--ab-j1t\" back as it is), as browsers do: the canonical form is " +
			"the name DNS is asked for. It is flagged bad-punycode.",
	},
	"idn-invalid-punycode": {
		want: "http://xn--a.example/",
		why:  "as idn-invalid-punycode-empty",
	},
	"triple-slash": {
		reason: urlnorm.ReasonBaseDependent,
		why: "WHATWG reads \"///evil.example/x\" as host evil.example on an http(s) page " +
			"(special authority ignore slashes state) but as host \"\" and path /evil.example/x " +
			"on a file: page (file slash state): WPT urltestdata cases \"///test\" and " +
			"\"///one/two\" against file: bases. Like \"https:evil.example\", which the " +
			"catalogue itself rejects, its meaning depends on the page, so no canonical form " +
			"keeps it. Absolute forms such as \"http:///evil.example\" are still canonicalised.",
	},
}

// strictRejects reports whether the catalogue's action requires strict
// mode to reject the case.
func strictRejects(action string) bool {
	return strings.HasPrefix(action, "reject") ||
		strings.HasPrefix(action, "canonicalise+flag") ||
		strings.HasPrefix(action, "preserve+flag")
}

func TestSuspiciousEncodings(t *testing.T) {
	cases := readJSONL[catalogueCase](t, "suspicious_encodings.jsonl")
	if len(cases) != 124 {
		t.Fatalf("catalogue has %d cases, want 124", len(cases))
	}
	for _, tc := range cases {
		t.Run(tc.ID, func(t *testing.T) {
			got, err := urlnorm.Normalize(tc.Input, urlnorm.Options{})
			want, wantReason := tc.ExpectDefault, urlnorm.ReasonNone
			if o, ok := catalogueOverrides[tc.ID]; ok {
				want, wantReason = o.want, o.reason
				if want == "" && wantReason == urlnorm.ReasonNone {
					t.Fatal("override without an outcome")
				}
			}
			switch {
			case want == "REJECT" || wantReason != urlnorm.ReasonNone:
				var re *urlnorm.RejectError
				if !errors.As(err, &re) {
					t.Fatalf("Normalize(%q) = %q, %v; want a rejection", tc.Input, got, err)
				}
				if wantReason != urlnorm.ReasonNone && re.Reason != wantReason {
					t.Errorf("Normalize(%q) reason = %v, want %v", tc.Input, re.Reason, wantReason)
				}
			case err != nil:
				t.Fatalf("Normalize(%q) error: %v; want %q", tc.Input, err, want)
			case got != want:
				t.Errorf("Normalize(%q) = %q, want %q", tc.Input, got, want)
			}

			strict, err := urlnorm.Normalize(tc.Input, urlnorm.Options{Strict: true})
			if strictRejects(tc.Action) && err == nil {
				t.Errorf("strict Normalize(%q) = %q, want a rejection (action %q)", tc.Input, strict, tc.Action)
			}
		})
	}
}

type smVector struct {
	ID     string `json:"id"`
	Op     string `json:"op"`
	Mode   string `json:"mode"`
	Always bool   `json:"always"`
	Input  string `json:"input"`
	Output string `json:"output"`
	Error  bool   `json:"error"`
}

func TestSiteMinderVectors(t *testing.T) {
	vectors := readJSONL[smVector](t, "siteminder_vectors.jsonl")
	if len(vectors) != 16 {
		t.Fatalf("got %d vectors, want 16", len(vectors))
	}
	for _, v := range vectors {
		t.Run(v.ID, func(t *testing.T) {
			switch v.Op {
			case "encode":
				opts := urlnorm.SMOptions{Legacy: v.Mode == "legacy", Always: v.Always}
				if got := urlnorm.EncodeSM(v.Input, opts); got != v.Output {
					t.Errorf("EncodeSM(%q, %+v) = %q, want %q", v.Input, opts, got, v.Output)
				}
			case "decode":
				got, err := urlnorm.DecodeSM(v.Input)
				if v.Error {
					var re *urlnorm.RejectError
					if !errors.As(err, &re) || re.Reason != urlnorm.ReasonSMEncoding {
						t.Fatalf("DecodeSM(%q) = %q, %v; want ReasonSMEncoding", v.Input, got, err)
					}
					return
				}
				if err != nil || got != v.Output {
					t.Errorf("DecodeSM(%q) = %q, %v; want %q", v.Input, got, err, v.Output)
				}
			default:
				t.Fatalf("unknown op %q", v.Op)
			}
		})
	}
}

// TestSiteMinderSeedExamples pins both worked examples of the seed
// document byte for byte, in both directions, and shows that an SM-encoded
// TARGET passes through Normalize untouched.
func TestSiteMinderSeedExamples(t *testing.T) {
	tests := []struct {
		name, plain, encoded string
		legacy               bool
	}{
		{
			name:    "legacy",
			plain:   "http://server.domain.com/resource?P1=A+B&P2=Space%20Here",
			encoded: "$SM$http%3a%2f%2fserver%2edomain%2ecom%2fresource%3fP1=A%2bB%26P2=Space$%20Here",
			legacy:  true,
		},
		{
			name:    "framework",
			plain:   `HTTP://server.domain.com/protected/HeaderDumper.asp?1%202&3+4?5%6$7@8"9=10-11--12---13`,
			encoded: `-SM-HTTP%3a%2f%2fserver%2edomain%2ecom%2fprotected%2fHeaderDumper%2easp%3f1-%202%263%2b4%3f5-%6%247%408"9%3d10--11----12------13`,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := urlnorm.EncodeSM(tc.plain, urlnorm.SMOptions{Legacy: tc.legacy}); got != tc.encoded {
				t.Errorf("EncodeSM = %q, want %q", got, tc.encoded)
			}
			if got, err := urlnorm.DecodeSM(tc.encoded); err != nil || got != tc.plain {
				t.Errorf("DecodeSM = %q, %v; want %q", got, err, tc.plain)
			}
			// As a query value, the encoded form is kept byte for byte,
			// except for the '"' the browser itself sends as %22.
			raw := "https://sso.example/login.fcc?TARGET=" + tc.encoded
			want := "https://sso.example/login.fcc?TARGET=" + strings.ReplaceAll(tc.encoded, `"`, "%22")
			r, err := urlnorm.Inspect(raw, urlnorm.Options{})
			if err != nil || r.URL != want {
				t.Fatalf("Inspect(%q) = %q, %v; want %q", raw, r.URL, err, want)
			}
			if r.Flags&urlnorm.FlagNestedURL == 0 {
				t.Errorf("Inspect(%q) flags = %v, want nested-url", raw, r.Flags)
			}
			if got, err := urlnorm.DecodeSM(strings.TrimPrefix(r.URL, "https://sso.example/login.fcc?TARGET=")); err != nil || got != tc.plain {
				t.Errorf("DecodeSM(normalised TARGET) = %q, %v; want %q", got, err, tc.plain)
			}
		})
	}
}
