package sanitizerapi_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/policy/sanitizerapi"
)

// fromSanitizer maps a dictionary as Compile does, failing
// the test on an error.
func fromSanitizer(t *testing.T, in string) (*policy.Policy, policy.Config) {
	t.Helper()
	sc, err := sanitizerapi.Parse([]byte(in))
	if err != nil {
		t.Fatalf("%s: %v", in, err)
	}
	c, _ := sc.PolicyConfig()
	p, err := policy.Compile(c)
	if err != nil {
		t.Fatalf("%s: %v", in, err)
	}
	return p, c
}

// TestSanitizerConfigBareForeignNamesOnHTMLOnly: a name the parser puts
// in a namespace on SVG and MathML elements (xlink:href, xml:lang,
// xmlns), written without a namespace, is the attribute an HTML element
// has under that name; on an SVG element it matches nothing, and only
// the namespaced form matches the parser's xlink:href there.
func TestSanitizerConfigBareForeignNamesOnHTMLOnly(t *testing.T) {
	const svg = `{"name": "svg", "namespace": "http://www.w3.org/2000/svg"}`
	for _, c := range []struct {
		name, attrs string
		want        []string
	}{
		{"bare xlink:href", `["xlink:href"]`, []string{"p", "p xlink:href", "svg:svg"}},
		{"bare xml:lang and xmlns", `["xml:lang", "xmlns", "xmlns:xlink", "xlink:title"]`,
			[]string{"p", "p xlink:title", "p xml:lang", "p xmlns", "p xmlns:xlink", "svg:svg"}},
		{"href in XLink", `[{"name": "href", "namespace": "http://www.w3.org/1999/xlink"}]`, []string{"p", "svg:svg", "svg:svg xlink:href"}},
		{"both", `["xlink:href", {"name": "href", "namespace": "http://www.w3.org/1999/xlink"}]`,
			[]string{"p", "p xlink:href", "svg:svg", "svg:svg xlink:href"}},
		{"other prefixes refused", `["xlink:foo", "foo:bar", "xmlns:zlink"]`, []string{"p", "svg:svg"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, _ := fromSanitizer(t, `{"elements": ["p", `+svg+`], "attributes": `+c.attrs+`}`)
			got := allowedPairs(p, "xlink:href", "xlink:title", "xml:lang", "xmlns", "xmlns:xlink", "xlink:foo", "foo:bar", "xmlns:zlink")
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("allowed mismatch (-want +got):\n%s", diff)
			}
		})
	}
	// The same on an element's own list: the bare name fits an HTML
	// element only.
	p, _ := fromSanitizer(t, `{"elements": [{"name": "p", "attributes": ["xlink:href"]},
		{"name": "svg", "namespace": "http://www.w3.org/2000/svg", "attributes": ["xlink:href"]}]}`)
	if got, want := allowedPairs(p, "xlink:href"), []string{"p", "p xlink:href", "svg:svg"}; !cmp.Equal(got, want) {
		t.Errorf("per-element: got %q, want %q", got, want)
	}
}

// TestSanitizerConfigAbsentCommentsKeepsNone: setHTML() is a safe
// method, for which an absent comments member means false; only true
// keeps them.
func TestSanitizerConfigAbsentCommentsKeepsNone(t *testing.T) {
	for in, want := range map[string]bool{
		`{}`:                                    false,
		`{"elements": ["p"]}`:                   false,
		`{"removeElements": ["b"]}`:             false,
		`{"comments": null}`:                    false,
		`{"comments": false}`:                   false,
		`{"comments": true}`:                    true,
		`{"elements": ["p"], "comments": true}`: true,
	} {
		if _, c := fromSanitizer(t, in); c.Comments != want {
			t.Errorf("%s: Comments %v, want %v", in, c.Comments, want)
		}
	}
}

// TestSanitizerConfigDefaultPreset: the JSON string "default", which
// setHTML() takes in place of a dictionary, is the browser's built-in
// default, mapped as the sanitizer-api preset; any other string is
// refused, as a browser throws on it.
func TestSanitizerConfigDefaultPreset(t *testing.T) {
	for _, in := range []string{`"default"`, " \"default\"\n"} {
		p, _ := fromSanitizer(t, in)
		if diff := cmp.Diff(policy.SanitizerAPI().Config(), p.Config()); diff != "" {
			t.Errorf("%q: not the sanitizer-api preset (-preset +got):\n%s", in, diff)
		}
	}
	for _, in := range []string{`"Default"`, `"safe"`, `""`, `"default`} {
		if _, err := sanitizerapi.Parse([]byte(in)); err == nil {
			t.Errorf("%s: accepted", in)
		}
	}
}
