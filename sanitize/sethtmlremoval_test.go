package sanitize

import (
	"testing"

	"github.com/htmlclean/htmlclean/policy/sanitizerapi"
)

// TestSetHTMLRemovalShapes: setHTML() parses the whole fragment and then
// removes, so an element it removes takes the subtree the parser built
// under it. The pass, which sees tags one by one, must not let that
// content out where the removed element no longer holds it: the HTML in
// a dropped <foreignObject> (it would break out of the SVG), an SVG
// shape in a dropped SVG <a>, and the cells of a table whose tags the
// policy unwraps (without the table, the pass would find the row and
// cell tags stray, and a browser ignore them).
func TestSetHTMLRemovalShapes(t *testing.T) {
	const svgNS = `"http://www.w3.org/2000/svg"`
	for _, c := range []struct{ name, cfg, in, want string }{
		{"foreignObject removed", `{"removeElements": [{"name": "foreignObject", "namespace": ` + svgNS + `}]}`,
			`<svg><foreignObject><p>x</p></foreignObject></svg>y`, `<svg></svg>y`},
		{"foreignObject removed, left open", `{"removeElements": [{"name": "foreignObject", "namespace": ` + svgNS + `}]}`,
			`<svg><foreignobject><p><style>x</style>`, `<svg></svg>`},
		{"foreignObject unlisted", `{"removeElements": ["a"]}`,
			`<svg><a><foreignobject><a><table><a></table></svg><a>.`, `<svg></svg>`},
		{"svg a removed", `{"removeElements": [{"name": "a", "namespace": ` + svgNS + `}]}`,
			`<svg><a><rect></rect></a><circle></circle></svg>`, `<svg><circle></circle></svg>`},
		{"svg a removed, foreignObject inside", `{"removeElements": [{"name": "a", "namespace": ` + svgNS + `}]}`,
			`<svg><a><foreignObject><table></table></foreignObject></a></svg>`, `<svg></svg>`},
		{"svg a unlisted keeps text", `{"removeElements": ["b"]}`,
			`<svg><a>link</a></svg>`, `<svg>link</svg>`},
		{"table unwrapped, rows removed", `{"removeElements": ["td", "tr"], "replaceWithChildrenElements": ["table"]}`,
			`<table><tr><td><font size="2">x</font></td></tr></table>y`, `y`},
		{"table kept, rows removed", `{"removeElements": ["tr"]}`,
			`<table><tr><td><font size="2">x</font></td></tr></table>y`, `<table></table>y`},
	} {
		p, err := sanitizerapi.Compile([]byte(c.cfg))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got, err := String(c.in, p)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got != c.want {
			t.Errorf("%s: %q under %s gives %q, want %q", c.name, c.in, c.cfg, got, c.want)
		}
	}
}
