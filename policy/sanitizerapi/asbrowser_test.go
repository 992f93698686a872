package sanitizerapi_test

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/policy/sanitizerapi"
)

// TestSanitizerConfigAsBrowser: dictionaries a browser accepts, though
// they name members it does not know or namespaces the HTML parser never
// gives, load as they do in Chromium (WPT sanitizer-config.html), and
// what cannot match anything allows nothing: the policy is the one the
// dictionary gives without those names, and a note says why. Unknown
// members load so only under SkipUnknown.
func TestSanitizerConfigAsBrowser(t *testing.T) {
	tests := []struct {
		name, in, same, note string
	}{
		{"unknown-member", `{"elements": ["p"], "allowElements": ["b"]}`, `{"elements": ["p"]}`, `"allowElements" skipped`},
		{"unknown-member-in-entry", `{"elements": [{"name": "p", "attribute": ["title"]}]}`, `{"elements": ["p"]}`, `"elements[0].attribute" skipped`},
		{"unknown-member-in-attribute", `{"attributes": [{"name": "title", "attributes": []}]}`, `{"attributes": ["title"]}`, `"attributes[0].attributes" skipped`},
		{"unknown-member-in-target", `{"processingInstructions": [{"target": "x", "targte": "y"}]}`, `{"processingInstructions": ["x"]}`, `"processingInstructions[0].targte" skipped`},
		{"made-up-element-namespace", `{"elements": ["p", {"name": "b", "namespace": "http://x"}]}`, `{"elements": ["p"]}`, `"b" in namespace "http://x" matches nothing`},
		{"null-element-namespace", `{"elements": ["p", {"name": "b", "namespace": null}]}`, `{"elements": ["p"]}`, `"b" in namespace "" matches nothing`},
		{"empty-element-namespace", `{"elements": ["p", {"name": "b", "namespace": ""}]}`, `{"elements": ["p"]}`, `matches nothing`},
		{"made-up-attribute-namespace", `{"attributes": ["title", {"name": "href", "namespace": "https://www.w3.org/1999/xlink"}]}`, `{"attributes": ["title"]}`, `"href" in https://www.w3.org/1999/xlink dropped`},
		{"javascript-urls", `{"elements": ["a"], "attributes": ["href"], "javascriptURLs": true}`, `{"elements": ["a"], "attributes": ["href"]}`, "keeps no javascript: URL"},
		{"null-boolean", `{"elements": ["p"], "comments": null}`, `{"elements": ["p"], "comments": false}`, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			skip := sanitizerapi.ParseOptions{SkipUnknown: true}
			sc, err := sanitizerapi.ParseWith([]byte(tc.in), skip)
			if err != nil {
				t.Fatalf("ParseWith(%s, SkipUnknown) = %v, want it loaded as a browser loads it", tc.in, err)
			}
			c, notes := sc.PolicyConfig()
			p, err := policy.Compile(c)
			if err != nil {
				t.Fatal(err)
			}
			want, err := sanitizerapi.Compile([]byte(tc.same))
			if err != nil {
				t.Fatal(err)
			}
			if got, want := p.Config().Elements, want.Config().Elements; !slices.Equal(got, want) {
				t.Errorf("elements %q, want %q (as %s)", got, want, tc.same)
			}
			if got, want := p.String(), want.String(); got != want {
				t.Errorf("policy differs from the one of %s:\n%s\nwant:\n%s", tc.same, got, want)
			}
			if tc.note != "" && !slices.ContainsFunc(notes, func(n string) bool { return strings.Contains(n, tc.note) }) {
				t.Errorf("notes %q, want one with %q", notes, tc.note)
			}
		})
	}
}

// TestSanitizerConfigUnknownMember: a member the spec does not define,
// at the top of the dictionary or inside a name's dictionary, is an
// error naming it where it was written, so that a misspelt removeElements
// does not keep what it was meant to remove; under SkipUnknown the same
// dictionary loads without the member, as a browser reads it.
func TestSanitizerConfigUnknownMember(t *testing.T) {
	for _, tc := range []struct{ in, field string }{
		{`{"removeElemnts": ["b"]}`, "removeElemnts"},
		{`{"removeElements": ["b"], "replaceWithChildElements": ["i"]}`, "replaceWithChildElements"},
		{`{"elements": ["p"], "Attributes": ["title"]}`, "Attributes"},
		{`{"elements": [{"name": "a", "removeAttribute": ["href"]}]}`, "elements[0].removeAttribute"},
		{`{"removeElements": [{"name": "b", "namepsace": "http://www.w3.org/1999/xhtml"}]}`, "removeElements[0].namepsace"},
		{`{"removeElements": [{"name": "b", "attributes": []}]}`, "removeElements[0].attributes"},
		{`{"removeAttributes": [{"name": "title", "removeAttributes": []}]}`, "removeAttributes[0].removeAttributes"},
		{`{"removeProcessingInstructions": [{"target": "x", "name": "y"}]}`, "removeProcessingInstructions[0].name"},
		{`{"comment": true}`, "comment"},
	} {
		_, err := sanitizerapi.Parse([]byte(tc.in))
		var ce *policy.ConfigError
		if !errors.As(err, &ce) || ce.Field != tc.field || !strings.Contains(ce.Msg, "not a member") {
			t.Errorf("Parse(%s) = %v, want an error at %s", tc.in, err, tc.field)
		}
		if _, err := sanitizerapi.Compile([]byte(tc.in)); err == nil {
			t.Errorf("Compile(%s) loaded", tc.in)
		}
		sc, err := sanitizerapi.ParseWith([]byte(tc.in), sanitizerapi.ParseOptions{SkipUnknown: true})
		if err != nil {
			t.Errorf("ParseWith(%s, SkipUnknown) = %v", tc.in, err)
			continue
		}
		if _, notes := sc.PolicyConfig(); !slices.ContainsFunc(notes, func(n string) bool { return strings.Contains(n, strconv.Quote(tc.field)+" skipped") }) {
			t.Errorf("%s: notes %q name no skipped %s", tc.in, notes, tc.field)
		}
	}
	// What a removal list removes is removed: the misspelt member fails
	// rather than keep b.
	p, err := sanitizerapi.Compile([]byte(`{"removeElements": ["b"]}`))
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(p.Config().Elements, "b") {
		t.Error("removeElements kept b")
	}
}
