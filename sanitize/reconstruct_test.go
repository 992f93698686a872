package sanitize

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/htmlclean/htmlclean/internal/testing/domtest"
)

// formattingPolicy keeps every formatting element but a, and the
// blocks, lists, headings and tables they are mis-nested with, so that
// the sanitised output's tree can be compared with the input's whole.
const formattingPolicy = `
extends: ugc
add:
  elements: [font, big, nobr, span]
  attributes:
    - {name: color, on: [font]}
    - {name: class, on: [b, i, em, span]}
`

// TestReconstructKnownShapes pins the copies a browser writes (HTML
// §13.2.4.3, "reconstruct the active formatting elements") in the shapes
// authors and word processors write.
func TestReconstructKnownShapes(t *testing.T) {
	p := mustPolicy(t, formattingPolicy)
	for _, c := range []struct{ in, want string }{
		{`<p><b>a</p><p>b`, `<p><b>a</b></p><p><b>b</b></p>`},
		{`<p>Unclosed <b>bold <i>italic</p><p>next`, `<p>Unclosed <b>bold <i>italic</i></b></p><p><b><i>next</i></b></p>`},
		{`<div><b>x</div>y`, `<div><b>x</b></div><b>y</b>`},
		{`<ul><li><em>a<li>b</ul>`, `<ul><li><em>a</em></li><li><em>b</em></li></ul>`},
		{`<p><b>x<div>y</div>`, `<p><b>x</b></p><div><b>y</b></div>`},
		{`<h1><i>t</h1>p`, `<h1><i>t</i></h1><i>p</i>`},
		{`<p><font color="red">x</p>y`, `<p><font color="red">x</font></p><font color="red">y</font>`},
		// The end tag of a closed one takes it off the list.
		{`<p><b>x</p></b>y`, `<p><b>x</b></p>y`},
		// A cell is a marker: what opened inside it ends with it, and what
		// opened before it is not reopened inside it.
		{`<table><tr><td><b>x</td><td>y</table>z`, `<table><tr><td><b>x</b></td><td>y</td></tr></table>z`},
		{`<p><b>x</p><table><tr><td>y</table>z`, `<p><b>x</b></p><table><tr><td>y</td></tr></table><b>z</b>`},
		// Noah's Ark: of four alike, three are reopened; unlike ones all.
		{`<p><b><b><b><b>x</p>y`, `<p><b><b><b><b>x</b></b></b></b></p><b><b><b>y</b></b></b>`},
		{`<p><b class="a"><b><b><b>x</p>y`, `<p><b class="a"><b><b><b>x</b></b></b></b></p><b class="a"><b><b><b>y</b></b></b></b>`},
		// A nobr start tag closes the open nobr and reopens what was in it.
		{`<nobr><b>x<nobr>y`, `<nobr><b>x</b></nobr><b><nobr>y</nobr></b>`},
		{`<p><nobr>x</p><nobr>y`, `<p><nobr>x</nobr></p><nobr></nobr><nobr>y</nobr>`},
	} {
		got, err := String(c.in, p)
		if err != nil || got != c.want {
			t.Errorf("String(%q)\n got %q, %v\nwant %q", c.in, got, err, c.want)
		}
	}
}

// misnested generates a document of formatting elements crossed with
// block starts and ends, list items, headings, tables and end tags out of
// order, with text between them.
func misnested(r *rand.Rand) string {
	tokens := []string{
		"<b>", "<i>", "<em>", "<strong>", "<u>", "<s>", "<small>", "<code>", `<font color="red">`,
		`<b class="x">`, "</b>", "</i>", "</em>", "</strong>", "</u>", "</font>", "<nobr>", "</nobr>",
		"<p>", "</p>", "<div>", "</div>", "<h2>", "</h2>", "</h3>", "<blockquote>", "</blockquote>",
		"<ul><li>", "<li>", "</ul>", "<table><tr><td>", "</td><td>", "</table>",
		"<span>", "</span>", "<br>", "<pre>", "</pre>",
	}
	var b strings.Builder
	n := 3 + r.IntN(10)
	for i := range n {
		b.WriteString(tokens[r.IntN(len(tokens))])
		if r.IntN(3) > 0 {
			fmt.Fprintf(&b, "t%d", i)
		}
	}
	return b.String()
}

// TestReconstructAgreesWithParser compares, over generated mis-nested
// formatting, the tree x/net/html's parser (which implements HTML §13.2
// and shares no code with the pass's tree) builds from the input with the
// one it builds from the output, under a policy that keeps every element
// the inputs use. Shapes the pass does not follow (the adoption agency
// around a block, text the browser foster-parents out of a table) keep
// less; the test requires the share that agrees not to fall, and that no
// output has an element where the input's tree has none.
func TestReconstructAgreesWithParser(t *testing.T) {
	p := mustPolicy(t, formattingPolicy)
	r := rand.New(rand.NewPCG(1, 2))
	const total = 4000
	agree := 0
	shapes := map[string]int{}
	examples := map[string]string{}
	for range total {
		in := misnested(r)
		out, err := String(in, p)
		if err != nil {
			t.Fatalf("String(%q): %v", in, err)
		}
		want, _ := domtest.Fragment(in, "div")
		got, _ := domtest.Fragment(out, "div")
		domtest.MergeText(want)
		domtest.MergeText(got)
		o := domtest.Options{MergeText: true, AnyAttrOrder: true}
		d := domtest.Diff(want, got, o)
		if d == "" {
			agree++
			continue
		}
		if extra := elementsNotIn(got, want); extra != "" {
			t.Errorf("String(%q) = %q has %s, which the input's tree lacks", in, out, extra)
		}
		k := shapeOf(in)
		shapes[k]++
		examples[k] = in + "\n\t\t=> " + out + "\n\t\t" + d
	}
	keys := make([]string, 0, len(shapes))
	for k := range shapes {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return shapes[keys[i]] > shapes[keys[j]] })
	for i, k := range keys {
		if i == 8 {
			break
		}
		t.Logf("%d differ with %s, e.g.\n\t\t%s", shapes[k], k, examples[k])
	}
	t.Logf("%d of %d generated documents (%.1f%%) give the input's tree", agree, total, 100*float64(agree)/total)
	// The share measured when reopening was written; fewer means a shape
	// the pass followed is lost.
	const floor = 0.68
	if float64(agree) < floor*total {
		t.Errorf("%d of %d agree, below %.0f%%", agree, total, 100*floor)
	}
}

// shapeOf names what an input is made of that the pass may not follow.
func shapeOf(in string) string {
	var parts []string
	for _, s := range []string{"<table", "</b>", "</i>", "</em>", "</font>", "<li>", "</h3>", "<pre>", "<span>"} {
		if strings.Contains(in, s) {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, " ")
}

// elementsNotIn returns the first element name got's tree has more of
// than want's, or "".
func elementsNotIn(got, want *html.Node) string {
	g, w := countElements(got), countElements(want)
	for name, n := range g {
		if n > w[name] {
			return fmt.Sprintf("%d %s (the input's tree: %d)", n, name, w[name])
		}
	}
	return ""
}

// countElements counts the elements under n by name.
func countElements(n *html.Node) map[string]int {
	m := map[string]int{}
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			m[n.Data]++
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return m
}

// TestReconstructOutputLinear checks that what reopening writes stays
// linear in the input: formatting elements reopened before every word
// (each unlike the others, so Noah's Ark keeps them all) are written
// again only as far as the tokens that reopen them pay for, and past
// maxCarried open ones the pass stops reopening.
func TestReconstructOutputLinear(t *testing.T) {
	p := mustPolicy(t, formattingPolicy)
	for _, c := range []struct {
		name string
		gen  func(n int) string
	}{
		{"unlike-elements-before-every-word", func(n int) string {
			return "<ul><li>" + repeatf(`<b class="c%d">`, 60) + strings.Repeat("<li>x", n)
		}},
		{"more-than-carried", func(n int) string {
			return "<ul><li>" + repeatf(`<i class="c%d">`, 200) + strings.Repeat("<li>x", n)
		}},
		{"paragraphs-of-one-bold", func(n int) string { return "<p><b>" + strings.Repeat("</p><p>x", n) }},
	} {
		for _, n := range []int{1000, 8000} {
			in := c.gen(n)
			out, err := String(in, p)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			t.Logf("%s, n=%d: %d bytes out of %d in", c.name, n, len(out), len(in))
			if len(out) > 8*len(in) {
				t.Errorf("%s, n=%d: %d bytes out of %d in", c.name, n, len(out), len(in))
			}
		}
	}
	// Reopened within what the budget allows: every paragraph bold.
	out, _ := String("<p><b>a"+strings.Repeat("</p><p>x", 3), p)
	if want := "<p><b>a</b></p>" + strings.Repeat("<p><b>x</b></p>", 3); out != want {
		t.Errorf("got %q, want %q", out, want)
	}
}

// FuzzReconstruct checks, for any input, that reopening writes no
// formatting element the input's tree has fewer of: the pass's copies
// are a subset of the browser's.
func FuzzReconstruct(f *testing.F) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 64 {
		f.Add(misnested(r))
	}
	p := mustPolicy(f, formattingPolicy)
	f.Fuzz(func(t *testing.T, in string) {
		out, err := String(in, p)
		if err != nil {
			return
		}
		want, err1 := domtest.Fragment(in, "div")
		got, err2 := domtest.Fragment(out, "div")
		if err1 != nil || err2 != nil {
			return
		}
		w, g := countElements(want), countElements(got)
		for _, name := range []string{"b", "i", "em", "strong", "u", "s", "small", "code", "font", "big", "tt", "strike"} {
			if g[name] > w[name] {
				t.Fatalf("String(%q) = %q: %d %s, the input's tree %d", in, out, g[name], name, w[name])
			}
		}
	})
}
