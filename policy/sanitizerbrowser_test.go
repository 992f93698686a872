package policy_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/policy"
)

// TestSanitizerConfigAsBrowser: dictionaries a browser accepts, though
// they name members it does not know or namespaces the HTML parser never
// gives, load as they do in Chromium (WPT sanitizer-config.html), and
// what cannot match anything allows nothing: the policy is the one the
// dictionary gives without those names, and a note says why.
func TestSanitizerConfigAsBrowser(t *testing.T) {
	tests := []struct {
		name, in, same, note string
	}{
		{"unknown-member", `{"elements": ["p"], "allowElements": ["b"]}`, `{"elements": ["p"]}`, `"allowElements" skipped`},
		{"unknown-member-in-entry", `{"elements": [{"name": "p", "attribute": ["title"]}]}`, `{"elements": ["p"]}`, ""},
		{"unknown-member-in-attribute", `{"attributes": [{"name": "title", "attributes": []}]}`, `{"attributes": ["title"]}`, ""},
		{"made-up-element-namespace", `{"elements": ["p", {"name": "b", "namespace": "http://x"}]}`, `{"elements": ["p"]}`, `"b" in namespace "http://x" matches nothing`},
		{"null-element-namespace", `{"elements": ["p", {"name": "b", "namespace": null}]}`, `{"elements": ["p"]}`, `"b" in namespace "" matches nothing`},
		{"empty-element-namespace", `{"elements": ["p", {"name": "b", "namespace": ""}]}`, `{"elements": ["p"]}`, `matches nothing`},
		{"made-up-attribute-namespace", `{"attributes": ["title", {"name": "href", "namespace": "https://www.w3.org/1999/xlink"}]}`, `{"attributes": ["title"]}`, `"href" in https://www.w3.org/1999/xlink dropped`},
		{"javascript-urls", `{"elements": ["a"], "attributes": ["href"], "javascriptURLs": true}`, `{"elements": ["a"], "attributes": ["href"]}`, "keeps no javascript: URL"},
		{"null-boolean", `{"elements": ["p"], "comments": null}`, `{"elements": ["p"], "comments": false}`, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := policy.FromSanitizerConfig([]byte(tc.in))
			if err != nil {
				t.Fatalf("FromSanitizerConfig(%s) = %v, want it loaded as a browser loads it", tc.in, err)
			}
			want, err := policy.FromSanitizerConfig([]byte(tc.same))
			if err != nil {
				t.Fatal(err)
			}
			if got, want := p.Config().Elements, want.Config().Elements; !slices.Equal(got, want) {
				t.Errorf("elements %q, want %q (as %s)", got, want, tc.same)
			}
			if got, want := p.String(), want.String(); got != want {
				t.Errorf("policy differs from the one of %s:\n%s\nwant:\n%s", tc.same, got, want)
			}
			sc, err := policy.ParseSanitizerConfig([]byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			_, notes := sc.Config()
			if tc.note != "" && !slices.ContainsFunc(notes, func(n string) bool { return strings.Contains(n, tc.note) }) {
				t.Errorf("notes %q, want one with %q", notes, tc.note)
			}
		})
	}
}
