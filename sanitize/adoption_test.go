package sanitize

import (
	"github.com/htmlclean/htmlclean/internal/testing/safety"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/htmlclean/htmlclean/policy"
)

// parsedFragment is the tree a browser builds from out in a <div>, as
// markup (html.ParseFragment follows WHATWG HTML §13.2).
func parsedFragment(t *testing.T, out string) string {
	t.Helper()
	ns, err := html.ParseFragment(strings.NewReader(out), &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, n := range ns {
		if err := html.Render(&b, n); err != nil {
			t.Fatal(err)
		}
	}
	return b.String()
}

// TestAdoptionAgencyFollowed: under a policy that removes or unwraps
// elements, the end tag of a formatting element with a block inside it
// is written as it is, and the browser's adoption agency builds the tree
// setHTML() keeps: the block moved out, the formatting elements in
// between cloned around it, what it held wrapped in a clone. Where the
// pass cannot tell the browser's state exactly, it closes the elements
// with end tags.
func TestAdoptionAgencyFollowed(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, dict, in, want, tree string }{
		{"block in formatting", ``, `<b><div>x</b>y`,
			`<b><div>x</b>y</div>`, `<b></b><div><b>x</b>y</div>`},
		{"one between", ``, `<b><i onclick="alert(1)"><div></b>x`,
			`<b><i><div></b>x</div></i>`, `<b><i></i></b><i><div><b></b>x</div></i>`},
		{"two between", ``, `<b><i><u><div></b>x`,
			`<b><i><u><div></b>x</div></u></i>`, `<b><i><u></u></i></b><i><u><div><b></b>x</div></u></i>`},
		{"unwrapped between", `{"replaceWithChildrenElements": ["i"]}`, `<b><i><div>Text</b><span>More</span></i></div>`,
			`<b><div>Text</b><span>More</span></div>`, `<b></b><div><b>Text</b><span>More</span></div>`},
		{"paragraph", ``, `<b><p>1</b>2</p>3`, `<b><p>1</b>2</p>3`, `<b></b><p><b>1</b>2</p>3`},
		{"inline above the block closed first", ``, `<b><div><span>x</b>y</div>z`,
			`<b><div><span>x</span></b>y</div>z`, `<b></b><div><b><span>x</span></b>y</div>z`},
		{"structure goes on after", ``, `<b><div>x</b><ul><li>y</ul></div><b>z</b>`,
			`<b><div>x</b><ul><li>y</li></ul></div><b>z</b>`, `<b></b><div><b>x</b><ul><li>y</li></ul></div><b>z</b>`},
		{"special above the block", ``, `<b><div><p>x</b>y`,
			`<b><div><p>x</b>y</p></div>`, `<b></b><div><b></b><p><b>x</b>y</p></div>`},
		{"four of a name", ``, `<b><b><b><b><div>x</b>y`,
			`<b><b><b><b><div>x</b>y</div></b></b></b>`, `<b><b><b><b></b><div><b>x</b>y</div></b></b></b>`},
		{"not special between specials: closed", ``, `<b><div><span><p>x</b>y`,
			`<b><div><span><p>x</p></span></div></b>y`, `<b><div><span><p>x</p></span></div></b>y`},
		{"link: closed", ``, `<a href="https://x.example/"><div>x</a>y`,
			`<a href="https://x.example/"><div>x</div></a>y`, `<a href="https://x.example/"><div>x</div></a>y`},
		{"removed inside: closed", `{"removeElements": ["p"]}`, `<b><i><p>foo</b>bar</i>`,
			`<b><i></i></b>`, `<b><i></i></b>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := policy.SanitizerAPI()
			if tc.dict != "" {
				p = sanitizerPolicy(t, tc.dict, false)
			}
			got, err := String(tc.in, p)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("String(%q) under %s = %q, want %q", tc.in, tc.dict, got, tc.want)
			}
			if tree := parsedFragment(t, got); tree != tc.tree {
				t.Errorf("parsed, %q builds %q, want %q", got, tree, tc.tree)
			}
		})
	}
}

// TestAdoptionAgencyUnderPresets: a policy that neither removes nor
// unwraps elements keeps the agency's tree too, the one a page shows.
func TestAdoptionAgencyUnderPresets(t *testing.T) {
	t.Parallel()
	for _, in := range []string{`<b><div>x</b>y`, `<b>1<p>2</b>3</p>`, `<b><i>x<div>y</b>z</div>`} {
		got, err := String(in, policy.UGC())
		if err != nil {
			t.Fatal(err)
		}
		if tree, want := parsedFragment(t, got), parsedFragment(t, in); tree != want {
			t.Errorf("String(%q) = %q, which builds %q, want %q", in, got, tree, want)
		}
	}
}

// TestAdoptionAgencyGrowth: adoptions repeated, nested in depth, or
// after a deep run of inline elements cost time linear in their number.
func TestAdoptionAgencyGrowth(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test; runs without -short")
	}
	p := sanitizerPolicy(t, `{"removeElements": ["span"]}`, true)
	checkGrowth(t, p, []growthCase{
		{"repeated", 2000, func(n int) string { return strings.Repeat("<b><i><div>x</b>y", n) }},
		{"nested-blocks", 2000, func(n int) string { return strings.Repeat("<b><div>x</b>", n) + strings.Repeat("</div>", n) }},
		{"inline-above-block", 2000, func(n int) string {
			return "<b><div>" + strings.Repeat("<em>", n) + "x</b>" + strings.Repeat("<i><p>y</i>", n)
		}},
		{"crowded", 2000, func(n int) string { return strings.Repeat("<b>", 4) + strings.Repeat("<div>x</b>", n) }},
	})
}

// TestAdoptionAgencyChainBounded: the agency runs at most eight times, so
// past seven specials above the furthest block its last clone of the
// formatting element stays open in the browser. The pass follows the
// agency only up to there and closes the elements beyond, so that
// nothing it writes is left open past the output.
func TestAdoptionAgencyChainBounded(t *testing.T) {
	t.Parallel()
	for n := 1; n <= 12; n++ {
		in := `<b dir="rtl">x` + strings.Repeat("<div>", n) + "y</b>z"
		got, err := String(in, policy.UGC())
		if err != nil {
			t.Fatal(err)
		}
		for _, leak := range safety.Leaks(got) {
			t.Errorf("%d divs: String(%q) = %q: %s", n, in, got, leak)
		}
		if n <= maxAdoptedChain {
			if tree, want := parsedFragment(t, got), parsedFragment(t, in); tree != want {
				t.Errorf("%d divs: String(%q) = %q, which builds %q, want %q", n, in, got, tree, want)
			}
		}
	}
}
