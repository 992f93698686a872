//go:build browser

package browsertest

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// misnestCase is one generated input and its shape: the generator's
// choices, one short key a step, joined with " + ". A step names the
// ordinary formatting elements "f" (they are alike to the tree builder)
// and keeps a and nobr, which the spec treats apart (an <a> or <nobr>
// start tag with one open runs the adoption agency first).
type misnestCase struct {
	In string `json:"input"`
	// Shape is the steps' classes (misnestClass), Steps the steps.
	Shape string `json:"shape"`
	Steps string `json:"steps"`
}

// misnestFormatting are the formatting elements of WHATWG HTML §13.2.4.3
// ("the list of active formatting elements").
var misnestFormatting = []string{"a", "b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike", "strong", "tt", "u"}

// misnestBoundaries are the block, list and table tags a formatting
// element is carried across, with their shape key.
var misnestBoundaries = [][2]string{
	{"<p>", "<p>"}, {"</p>", "</p>"}, {"<div>", "<div>"}, {"</div>", "</div>"},
	{"<h%d>", "<hN>"}, {"</h%d>", "</hN>"}, {"<blockquote>", "<blockquote>"}, {"</blockquote>", "</blockquote>"},
	{"<pre>", "<pre>"}, {"</pre>", "</pre>"}, {"<ul><li>", "<ul><li>"}, {"<ol><li>", "<ol><li>"},
	{"<li>", "<li>"}, {"</li>", "</li>"}, {"</ul>", "</ul>"}, {"<dl><dt>", "<dl><dt>"}, {"<dd>", "<dd>"},
	{"</dl>", "</dl>"}, {"<table><tr><td>", "td"}, {"<td>", "<td>"}, {"</td>", "</td>"},
	{"<table><caption>", "caption"}, {"<table>%s<tr><td>", "table text"}, {"</table>", "</table>"},
}

// misnestRemoved are elements the policy removes, with their shape key:
// "drop" ones go with their content, "unwrap" ones keep it.
var misnestRemoved = [][2]string{
	{"<script>s()</script>", "drop"}, {"<style>p{}</style>", "drop"}, {"<iframe>fr</iframe>", "drop"},
	{"<span>", "unwrap"}, {"</span>", "unwrap"}, {"<section>", "unwrap"}, {"</section>", "unwrap"},
	{"<span>%s</span>", "unwrap"},
}

// misnestGen writes inputs: formatting elements opened (1 to 6 of a
// name, for the Noah's Ark clause), then one to three further steps
// among block and table boundaries, more formatting, end tags of open
// formatting elements in or out of order, and removed elements; a text
// follows every tag so that each reconstruction shows.
type misnestGen struct {
	r    *rand.Rand
	b    strings.Builder
	open []string // formatting elements opened, oldest first
	list string   // "li" or "dd" once a list is open: an item outside one is no boundary
	keys []string
	text int
}

// genMisnested returns n inputs from seed; the same seed gives the
// same inputs.
func genMisnested(seed uint64, n int) []misnestCase {
	r := rand.New(rand.NewPCG(seed, seed^0x6d69736e657374))
	out := make([]misnestCase, n)
	for i := range out {
		g := misnestGen{r: r}
		out[i] = g.gen()
	}
	return out
}

// gen writes one input.
func (g *misnestGen) gen() misnestCase {
	if g.r.IntN(2) == 0 {
		g.boundary()
	}
	g.openFormatting()
	g.boundary()
	for range g.r.IntN(3) {
		switch g.r.IntN(5) {
		case 0:
			g.openFormatting()
		case 1:
			g.boundary()
		case 2, 3:
			g.endFormatting()
		default:
			g.removed()
		}
	}
	classes := make([]string, len(g.keys))
	for i, k := range g.keys {
		classes[i] = misnestClass(k)
	}
	return misnestCase{In: g.b.String(), Shape: strings.Join(classes, " + "), Steps: strings.Join(g.keys, " + ")}
}

// misnestClasses group the boundary steps by what the tree builder
// does with them: a block start closes a p and reconstructs, a block end
// closes the block and what it holds, a list item closes the item before
// it, a table holds formatting in its cells and foster-parents the rest.
var misnestClasses = map[string]string{
	"<p>": "<block>", "<div>": "<block>", "<hN>": "<block>", "<blockquote>": "<block>", "<pre>": "<block>",
	"</div>": "</block>", "</hN>": "</block>", "</blockquote>": "</block>", "</pre>": "</block>",
	"<ul><li>": "<list>", "<ol><li>": "<list>", "<dl><dt>": "<list>", "<li>": "<list>", "<dd>": "<list>",
	"</li>": "</list>", "</ul>": "</list>", "</dl>": "</list>",
	"td": "<table>", "<td>": "<table>", "caption": "<table>", "table text": "<table>",
	"</td>": "</table>", "</table>": "</table>",
}

// misnestClass is a step's class in a shape: a boundary's (misnestClasses),
// a run of formatting elements without its length and attributes ("f×n"),
// or the step itself.
func misnestClass(step string) string {
	if c, ok := misnestClasses[step]; ok {
		return c
	}
	if name, _, ok := strings.Cut(step, "×"); ok {
		return name + "×n"
	}
	return step
}

// words writes the next text.
func (g *misnestGen) words() {
	g.text++
	g.b.WriteString("t" + strconv.Itoa(g.text))
}

// openFormatting opens 1 to 6 elements of one formatting name, with the
// same or different attributes.
func (g *misnestGen) openFormatting() {
	name := pick(g.r, misnestFormatting)
	n := 1
	if g.r.IntN(3) == 0 {
		n = 2 + g.r.IntN(5)
	}
	mode := g.r.IntN(3) // 0: bare, 1: the same attributes, 2: different ones
	for i := range n {
		g.b.WriteString("<" + name + g.attrs(name, mode, i) + ">")
		g.open = append(g.open, name)
		if i == n-1 || g.r.IntN(2) == 0 {
			g.words()
		}
	}
	key := misnestKey(name)
	if n > 1 {
		key += "×" + strconv.Itoa(n)
		if mode == 2 {
			key += " (attrs differ)"
		}
	}
	g.keys = append(g.keys, key)
}

// attrs writes the attributes of the i-th element of a run: a link's
// href, a font's color, and, under mode 1 or 2, title, lang and dir,
// in either order (the Noah's Ark clause compares them as a set).
func (g *misnestGen) attrs(name string, mode, i int) string {
	var a []string
	switch name {
	case "a":
		a = append(a, fmt.Sprintf(`href="https://example.com/%d"`, i*(mode/2)))
	case "font":
		a = append(a, `color="red"`)
	}
	switch mode {
	case 1:
		a = append(a, `title="x"`, `lang="en"`)
	case 2:
		a = append(a, fmt.Sprintf(`title="x%d"`, i%2), `dir="rtl"`)
	}
	if len(a) > 1 && g.r.IntN(2) == 0 {
		a[0], a[len(a)-1] = a[len(a)-1], a[0]
	}
	if len(a) == 0 {
		return ""
	}
	return " " + strings.Join(a, " ")
}

// boundary writes a block, list or table tag.
func (g *misnestGen) boundary() {
	bd := pick(g.r, misnestBoundaries)
	// An item outside its list is unwrapped (the output cannot hold
	// it in the page's container), so it starts a list here.
	switch {
	case bd[0] == "<li>" && g.list != "li":
		bd = [2]string{"<ul><li>", "<ul><li>"}
	case bd[0] == "<dd>" && g.list != "dd":
		bd = [2]string{"<dl><dt>", "<dl><dt>"}
	}
	switch bd[0] {
	case "<ul><li>", "<ol><li>":
		g.list = "li"
	case "<dl><dt>":
		g.list = "dd"
	}
	tag := bd[0]
	switch {
	case strings.Contains(tag, "%d"):
		tag = fmt.Sprintf(tag, 1+g.r.IntN(6))
	case strings.Contains(tag, "%s"):
		g.text++
		tag = fmt.Sprintf(tag, "t"+strconv.Itoa(g.text))
	}
	g.b.WriteString(tag)
	g.words()
	g.keys = append(g.keys, bd[1])
}

// endFormatting writes the end tag of an open formatting element: out
// of order ("</f>↑", not the innermost) when more than one is open, or
// an end tag with none of its name open ("</f>∅").
func (g *misnestGen) endFormatting() {
	if len(g.open) == 0 {
		name := pick(g.r, misnestFormatting)
		g.b.WriteString("</" + name + ">")
		g.words()
		g.keys = append(g.keys, "</"+misnestKey(name)+">∅")
		return
	}
	i := len(g.open) - 1
	key := ">"
	if i > 0 && g.r.IntN(3) > 0 {
		i = g.r.IntN(i)
		key = ">↑"
	}
	name := g.open[i]
	g.open = append(g.open[:i], g.open[i+1:]...)
	g.b.WriteString("</" + name + ">")
	g.words()
	g.keys = append(g.keys, "</"+misnestKey(name)+key)
}

// removed writes an element the policy removes.
func (g *misnestGen) removed() {
	rm := pick(g.r, misnestRemoved)
	tag := rm[0]
	if strings.Contains(tag, "%s") {
		g.text++
		tag = fmt.Sprintf(tag, "t"+strconv.Itoa(g.text))
	}
	g.b.WriteString(tag)
	g.words()
	g.keys = append(g.keys, rm[1])
}

// misnestKey is a formatting element's name in a shape.
func misnestKey(name string) string {
	if name == "a" || name == "nobr" {
		return name
	}
	return "f"
}
