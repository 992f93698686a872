package sanitizerapi_test

import (
	"slices"
	"testing"

	"github.com/htmlclean/htmlclean/policy/sanitizerapi"
	"github.com/htmlclean/htmlclean/sanitize"
)

// TestSanitizerConfigForeignNames: an HTML-namespace name the HTML parser
// never creates in the HTML namespace (svg, math: foreign elements;
// image: parsed as img) allows nothing, so the element goes with its
// content, as setHTML() drops it; kept, the browser would parse
// htmlclean's output into a real <svg> or <img>.
func TestSanitizerConfigForeignNames(t *testing.T) {
	tests := []configCase{
		{"svg", `{"elements": ["svg", "a"], "attributes": ["href", "title"]}`,
			`<svg title="t"><a href="https://x.example/">link</a>Hello</svg>`, ``},
		{"svg-html-namespace", `{"elements": [{"name": "svg", "namespace": "http://www.w3.org/1999/xhtml"}, "a"], "attributes": ["href", "title"]}`,
			`<svg title="t"><a href="https://x.example/">link</a>Hello</svg>`, ``},
		{"svg-per-element-attributes", `{"elements": [{"name": "svg", "attributes": ["title"]}, "p"]}`,
			`<p>a</p><svg title="t">b</svg>`, `<p>a</p>`},
		{"math", `{"elements": ["math", "mi", "p"]}`, `<p>a</p><math><mi>x</mi></math>`, `<p>a</p>`},
		{"image", `{"elements": ["image", "p"], "attributes": ["src"]}`,
			`<p>a<image src="https://x.example/i.png">b</p>`, `<p>ab</p>`},
		{"svg-unwrapped", `{"replaceWithChildrenElements": ["svg"], "attributes": ["href"]}`,
			`<p>a</p><svg><a href="https://x.example/">link</a></svg>`, `<p>a</p><svg>link</svg>`},
		{"svg-namespace", `{"elements": [{"name": "svg", "namespace": "http://www.w3.org/2000/svg", "attributes": ["viewBox"]},
			{"name": "circle", "namespace": "http://www.w3.org/2000/svg", "attributes": ["r"]}, "p"]}`,
			`<p>a</p><svg viewBox="0 0 2 2" width="3"><circle r="1" onclick="x()" cx="1"></circle></svg>`, `<p>a</p><svg viewBox="0 0 2 2"><circle r="1"></circle></svg>`},
		{"svg-wrong-case", `{"elements": [{"name": "svg", "namespace": "http://www.w3.org/2000/svg"},
			{"name": "lineargradient", "namespace": "http://www.w3.org/2000/svg"}, "p"]}`,
			`<svg><linearGradient></linearGradient></svg>`, `<svg></svg>`},
		{"svg-camel-attribute-lower", `{"elements": [{"name": "svg", "namespace": "http://www.w3.org/2000/svg", "attributes": ["viewbox"]}]}`,
			`<svg viewBox="0 0 1 1"></svg>`, `<svg></svg>`},
		{"math-namespace", `{"elements": [{"name": "math", "namespace": "http://www.w3.org/1998/Math/MathML"},
			{"name": "mi", "namespace": "http://www.w3.org/1998/Math/MathML"}], "attributes": ["mathvariant"]}`,
			`<math><mi mathvariant="bold">x</mi><mo>+</mo></math>`, `<math><mi mathvariant="bold">x</mi></math>`},
		{"image-unwrapped", `{"replaceWithChildrenElements": ["image"], "attributes": ["src"]}`,
			`<p>a<image src="https://x.example/i.png"></p>`, `<p>a</p>`},
	}
	runConfigCases(t, tests)
}

// TestSanitizerConfigForeignNamesNoted: the mapping says why it leaves
// out a name the parser never creates in the HTML namespace.
func TestSanitizerConfigForeignNamesNoted(t *testing.T) {
	sc, err := sanitizerapi.Parse([]byte(`{"elements": ["svg", "image", "p"]}`))
	if err != nil {
		t.Fatal(err)
	}
	c, notes := sc.PolicyConfig()
	if !slices.Equal(c.Elements, []string{"p"}) {
		t.Errorf("Config().Elements = %q, want [p]", c.Elements)
	}
	var noted int
	for _, n := range notes {
		if slices.ContainsFunc([]string{`elements[0]: "svg" dropped`, `elements[1]: "image" dropped`}, func(p string) bool { return len(n) >= len(p) && n[:len(p)] == p }) {
			noted++
		}
	}
	if noted != 2 {
		t.Errorf("Config() notes = %q, want one for svg and one for image", notes)
	}
}

// configCase is an input sanitised under a SanitizerConfig dictionary and
// the output it must give.
type configCase struct{ name, config, in, want string }

// runConfigCases maps each case's dictionary and sanitises its input.
func runConfigCases(t *testing.T, tests []configCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := sanitizerapi.Compile([]byte(tc.config))
			if err != nil {
				t.Fatalf("Compile(%s): %v", tc.config, err)
			}
			got, err := sanitize.String(tc.in, p)
			if err != nil {
				t.Fatalf("sanitize.String(%q): %v", tc.in, err)
			}
			if got != tc.want {
				t.Errorf("sanitize.String(%q) under %s = %q, want %q", tc.in, tc.config, got, tc.want)
			}
		})
	}
}
