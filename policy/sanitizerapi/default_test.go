package sanitizerapi_test

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/htmlclean/htmlclean/internal/rules"
	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/policy/sanitizerapi"
	"github.com/htmlclean/htmlclean/sanitize"
)

// recordedDefault reads default.json on its own, without
// Parse, as the browser wrote it.
func recordedDefault(t *testing.T) (elements map[string][]string, global []string, from string) {
	t.Helper()
	raw, err := os.ReadFile("default.json")
	if err != nil {
		t.Fatal(err)
	}
	type name struct {
		Name       string  `json:"name"`
		Namespace  *string `json:"namespace"`
		Attributes []name  `json:"attributes"`
	}
	var d struct {
		Note       []string `json:"//"`
		Elements   []name   `json:"elements"`
		Attributes []name   `json:"attributes"`
	}
	if err := json.Unmarshal(raw, &d); err != nil {
		t.Fatal(err)
	}
	elements = map[string][]string{}
	prefix := map[string]string{sanitizerapi.NamespaceHTML: "", sanitizerapi.NamespaceSVG: "svg:", sanitizerapi.NamespaceMathML: "math:"}
	for _, e := range d.Elements {
		key := prefix[*e.Namespace] + strings.ToLower(e.Name)
		elements[key] = []string{}
		for _, a := range e.Attributes {
			elements[key] = append(elements[key], strings.ToLower(a.Name))
		}
	}
	for _, a := range d.Attributes {
		global = append(global, a.Name)
	}
	return elements, global, strings.Join(d.Note, " ")
}

// TestSanitizerAPIPreset: the preset allows exactly the elements of the
// browser's recorded default, SVG and MathML included, less those
// htmlclean never keeps, with their own attributes and the default's
// global ones htmlclean can check.
func TestSanitizerAPIPreset(t *testing.T) {
	elements, global, from := recordedDefault(t)
	if !strings.Contains(from, "new Sanitizer().get() in Chrome/") {
		t.Errorf("the recorded default does not name the browser it came from: %q", from)
	}
	p := policy.SanitizerAPI()
	var want []string
	for e := range elements {
		if policy.Forbidden(e) == "" && e != "svg:a" && e != "svg:foreignobject" {
			want = append(want, e)
		}
	}
	slices.Sort(want)
	got := slices.Sorted(slices.Values(p.Config().Elements))
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("elements mismatch (-want +got):\n%s", diff)
	}
	for _, e := range []string{"body", "head", "html", "title", "svg", "math", "script", "style", "svg:a", "svg:foreignobject"} {
		if p.Rules(rules.Key{}).Elements[e] != nil {
			t.Errorf("sanitizer-api allows <%s>", e)
		}
	}
	for e, attrs := range elements {
		for _, a := range attrs {
			r := p.Rules(rules.Key{})
			ns, local, _ := rules.SplitElement(e)
			if el := r.ElementIn(ns, local); el != nil && el.Attr(a) == nil {
				t.Errorf("<%s %s> is in the browser's default but not allowed", e, a)
			}
		}
	}
	for _, a := range []string{"dir", "lang", "title"} {
		if !slices.Contains(global, a) {
			t.Fatalf("the recorded default lost the global attribute %q", a)
		}
		if p.Rules(rules.Key{}).Elements["p"].Attr(a) == nil {
			t.Errorf("global attribute %q not allowed on <p>", a)
		}
	}
	for _, a := range []string{"href", "id", "class", "style", "fill", "color", "data-x", "rel", "target"} {
		if p.Rules(rules.Key{}).Elements["p"].Attr(a) != nil || p.Rules(rules.Key{}).Elements["span"].Attr(a) != nil {
			t.Errorf("%q allowed on p or span; the browser's default does not keep it there", a)
		}
	}
}

// TestSanitizerAPINoLinkSettings: like setHTML(), the preset writes no
// rel and no target, and keeps none the input had.
func TestSanitizerAPINoLinkSettings(t *testing.T) {
	p := policy.SanitizerAPI()
	if len(p.Rel()) != 0 || p.Rules(rules.Key{}).TargetBlank {
		t.Fatalf("Rel() = %q, TargetBlank() = %v; want none", p.Rel(), p.Rules(rules.Key{}).TargetBlank)
	}
	tests := []struct{ name, in, want string }{
		{"plain", `<a href="https://example.com/">x</a>`, `<a href="https://example.com/">x</a>`},
		{"rel-target-dropped", `<a href="https://example.com/" rel="nofollow" target="_blank" hreflang="en">x</a>`, `<a href="https://example.com/" hreflang="en">x</a>`},
		// An <a> left with no attribute stays, bare, as setHTML() keeps
		// it (bare_elements: keep).
		{"no-href", `<a rel="opener" target="w">x</a>`, `<a>x</a>`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := sanitize.String(tc.in, p)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("String(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// TestSanitizerAPINotes: everything the browser's default keeps and the
// preset does not falls in one of the groups the table in docs/sanitizer-api.md lists.
func TestSanitizerAPINotes(t *testing.T) {
	groups := map[string]int{}
	for _, n := range sanitizerapi.Notes() {
		switch {
		case strings.Contains(n, "never keeps it from a SanitizerConfig"):
			groups["svg-refused"]++
		case strings.Contains(n, "kept on SVG elements only"):
			groups["presentation"]++
		case strings.Contains(n, "does not know what its value holds"):
			groups["mathml-attribute"]++
		case strings.Contains(n, "htmlclean never keeps it"):
			groups["document"]++
		default:
			t.Errorf("note in no group of docs/sanitizer-api.md's table: %s", n)
		}
	}
	want := map[string]int{"svg-refused": 2, "presentation": 50, "document": 4}
	if diff := cmp.Diff(want, groups); diff != "" {
		t.Errorf("groups mismatch (-want +got); update the table in docs/sanitizer-api.md:\n%s", diff)
	}
}
