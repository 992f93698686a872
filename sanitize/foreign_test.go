package sanitize

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/htmlclean/htmlclean/internal/testing/growth"
	"github.com/htmlclean/htmlclean/internal/testing/safety"
	"github.com/htmlclean/htmlclean/policy"
)

// foreignPolicy is testdata/policies/foreign.yaml: the safe SVG subset,
// MathML Core, and the elements that switch back to HTML.
func foreignPolicy(tb testing.TB) *policy.Policy {
	tb.Helper()
	p, err := policy.LoadFile(filepath.Join("..", "testdata", "policies", "foreign.yaml"))
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// namespaceProblems parses out as a browser builds it (html.Parse) and
// lists every element in a namespace the policy does not allow it in, and
// every SVG reference (href on an element other than a link or an image)
// that leaves the document. The elements a parser inserts by itself
// (html, head, body, tbody) are not the output's.
func namespaceProblems(out string, p *policy.Policy) []string {
	doc, err := html.Parse(strings.NewReader(out))
	if err != nil {
		return []string{err.Error()}
	}
	allowed := map[string]bool{"html": true, "head": true, "body": true, "tbody": true}
	for _, e := range p.Config().Elements {
		allowed[e] = true
	}
	var problems []string
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			key := strings.ToLower(n.Data)
			if n.Namespace != "" {
				key = n.Namespace + ":" + key
			}
			if !allowed[key] {
				problems = append(problems, fmt.Sprintf("<%s> is not allowed", key))
			}
			for _, a := range n.Attr {
				name := a.Key
				if a.Namespace != "" {
					name = a.Namespace + ":" + a.Key
				}
				ref := n.Namespace == "svg" && (name == "href" || name == "xlink:href") &&
					key != "svg:a" && key != "svg:image" && key != "svg:feimage"
				if ref && !strings.HasPrefix(a.Val, "#") {
					problems = append(problems, fmt.Sprintf("<%s %s=%q> leaves the document", key, name, a.Val))
				}
				if strings.EqualFold(name, "attributename") && key != "svg:animatemotion" && !harmlessAnimated[a.Val] {
					problems = append(problems, fmt.Sprintf("<%s> animates %q", key, a.Val))
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return problems
}

// checkForeign runs in through p and checks the output: nothing that
// runs script (safety.Problems), nothing outside the namespace the policy
// allows it in, a fixed point, and nothing left for the policy stage.
func checkForeign(t *testing.T, in string, p *policy.Policy) string {
	t.Helper()
	got, err := String(in, p)
	if err != nil {
		t.Fatalf("String(%q): %v", in, err)
	}
	for _, pr := range safety.Problems(got, p.URLOptions().Schemes) {
		t.Errorf("String(%q) = %q: %s", in, got, pr)
	}
	for _, pr := range namespaceProblems(got, p) {
		t.Errorf("String(%q) = %q: %s", in, got, pr)
	}
	if again, err := String(got, p); err != nil || again != got {
		t.Errorf("not a fixed point: String(%q) = %q, again %q (%v)", in, got, again, err)
	}
	if d := policyStageDiff(t, in, p); d != "" {
		t.Errorf("policy stage found more to remove in %q: %s", in, d)
	}
	return got
}

// TestNamespaceConfusion runs one input per way of making a sanitiser and
// a browser disagree about an element's namespace (mutation XSS through
// foreign content), and the SVG and MathML bypasses published against
// DOMPurify, rebuilt from their descriptions. want is the exact output.
func TestNamespaceConfusion(t *testing.T) {
	p := foreignPolicy(t)
	tests := []struct{ name, in, want string }{
		// A table in a text integration point is HTML: mglyph in it is
		// an HTML element (foster-parented), and style in that is raw text.
		{"mglyph-in-table-in-mtext", `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
			`<math><mtext><table></table></mtext></math>`},
		{"mglyph-style-comment", `<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=alert(1)&gt;">`,
			`<math><mtext><table></table></mtext></math>`},
		// "</p>" in SVG breaks out: the style after it is HTML raw text,
		// where a DOM round trip reads SVG markup.
		{"end-p-breakout-style", `<svg></p><style><a title="</style><img src=x onerror=alert(1)>">`,
			"<svg></svg><p></p><img src=x>\">"},
		{"end-br-breakout", `<svg></br><style><a title="</style><img src=x onerror=alert(1)>">`,
			"<svg></svg><br><img src=x>\">"},
		{"annotation-xml-html-style", `<math><annotation-xml encoding="text/html"><style><img src=x onerror=alert(1)></style></annotation-xml></math>`,
			`<math><annotation-xml encoding="text/html"></annotation-xml></math>`},
		{"annotation-xml-html-markup", `<math><annotation-xml encoding="TEXT/HTML"><p>para</p></annotation-xml></math>`,
			`<math><annotation-xml encoding="TEXT/HTML"><p>para</p></annotation-xml></math>`},
		{"annotation-xml-no-encoding-style", `<math><annotation-xml><style><img src=x onerror=alert(1)></style></annotation-xml></math>`,
			`<math><annotation-xml></annotation-xml></math>`},
		{"annotation-xml-svg", `<math><annotation-xml><svg><circle r="1"/></svg></annotation-xml></math>`,
			`<math><annotation-xml><svg><circle r="1"/></svg></annotation-xml></math>`},
		{"foreignobject-html", `<svg><foreignobject><p>hi</p><style>x</style><img src=x onerror=alert(1)></foreignobject></svg>`,
			`<svg><foreignobject><p>hi</p><img src=x></foreignobject></svg>`},
		// Nested forms: the second form's end tag is ignored, so mglyph
		// lands in a form, HTML, and its style is raw text.
		{"nested-forms", `<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>`,
			`<form><math><mtext></mtext></math></form><form></form>`},
		{"noscript-in-svg", `<svg><noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript></svg>`,
			`<svg></svg><p></p>`},
		{"noscript-around-svg", `<noscript><svg><p title="</noscript><img src=x onerror=alert(1)>">`, ``},
		// The pass reads CDATA as a bogus comment, as in HTML content,
		// where a browser reads text up to "]]>": what follows the
		// comment's ">" is markup to the pass, checked and written anew,
		// so no reading of the output can differ from the pass's.
		{"cdata", `<svg><![CDATA[</svg><img src=x onerror=alert(1)>]]></svg>`,
			`<svg></svg><img src=x>]]>`},
		{"comment", `<svg><!--</svg><img src=x onerror=alert(1)>--></svg>`, `<svg></svg>`},
		{"svg-style", `<svg><style>@import url(https://evil.example/x.css);</style><circle r="1"/></svg>`,
			`<svg><circle r="1"/></svg>`},
		{"math-style", `<math><style><img src=x onerror=alert(1)></style></math>`, `<math></math>`},
		{"mglyph-svg-textarea", `<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=alert(1) src>"></path></textarea></mtext></svg></mglyph></mi></math>`,
			`<math><mi><mglyph></mglyph></mi></math>`},
		{"mi-in-mi-is-html", `<math><mi><mi>x</mi></mi></math>`, `<math><mi>x</mi></math>`},
		{"svg-in-math-is-mathml", `<math><svg><circle r="1"/></svg></math>`, `<math></math>`},
		{"math-in-svg-is-svg", `<svg><math><mi>x</mi></math></svg>`, `<svg></svg>`},
		{"font-breakout", `<svg><font color="red"><style><img src=x onerror=alert(1)></style></font></svg>`,
			`<svg></svg>`},
		{"desc-html-rect", `<svg><desc><rect/><b>x</b></desc></svg>`, `<svg><desc><b>x</b></desc></svg>`},
		{"title-text-only", `<svg><title>a<b>bold</b></title><title/>after</svg>`,
			`<svg><title>abold</title><title></title>after</svg>`},
		{"svg-a-javascript", `<svg><a href="javascript:alert(1)"><text>x</text></a></svg>`,
			`<svg><text>x</text></svg>`},
		{"svg-a-xlink-javascript", `<svg><a xlink:href="javascript:alert(1)" href="https://ok.example/"><text>x</text></a></svg>`,
			`<svg><a href="https://ok.example/" rel="nofollow ugc"><text>x</text></a></svg>`},
		{"use-external", `<svg><use href="https://evil.example/a.svg#x"/><use xlink:href="data:image/svg+xml,x#y"/><use href="#x"/></svg>`,
			`<svg><use/><use/><use href="#user-content-x"/></svg>`},
		{"use-data-uri-image-onerror", `<svg><use href="data:image/svg+xml,&lt;svg id='x' xmlns='http://www.w3.org/2000/svg'&gt;&lt;image href='1' onerror='alert(1)' /&gt;&lt;/svg&gt;#x"/></svg>`,
			`<svg><use/></svg>`},
		{"textpath-external", `<svg><text><textPath href="//evil.example/p.svg#p">t</textPath></text></svg>`,
			`<svg><text><textPath>t</textPath></text></svg>`},
		{"image-javascript", `<svg><image href="javascript:alert(1)"/><image href="https://ok.example/i.png"/></svg>`,
			`<svg><image/><image href="https://ok.example/i.png"/></svg>`},
		{"animate-href", `<svg><a href="https://ok.example/"><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a></svg>`,
			`<svg><a href="https://ok.example/" rel="nofollow ugc"><animate/><text>x</text></a></svg>`},
		{"set-href", `<svg><set attributeName="xlink:href" to="javascript:alert(1)"/></svg>`, `<svg><set/></svg>`},
		{"math-href-javascript", `<math><mi href="javascript:alert(1)">x</mi><mtext href="https://ok.example/">y</mtext></math>`,
			`<math><mi>x</mi><mtext href="https://ok.example/" rel="nofollow ugc">y</mtext></math>`},
		{"maction", `<math><maction actiontype="statusline"><mi>x</mi><mtext>https://evil.example</mtext></maction></math>`,
			`<math><mi>x</mi><mtext>https://evil.example</mtext></math>`},
		{"event-handlers", `<svg onload="alert(1)"><circle onclick="alert(1)" r="1"/></svg><math onmouseover="alert(1)"><mi>x</mi></math>`,
			`<svg><circle r="1"/></svg><math><mi>x</mi></math>`},
		{"svg-script", `<svg><script>alert(1)</script><script href="data:,alert(1)"/></svg>`, `<svg></svg>`},
		{"xml-base", `<svg xml:base="javascript:alert(1)//"><a href="x"><text>y</text></a></svg>`,
			`<svg><a href="x" rel="nofollow ugc"><text>y</text></a></svg>`},
		// A link around the foreignObject in SVG, a table in it, and a
		// comment in the style that would close elsewhere.
		{"a-foreignobject-table-style", `<svg><a><foreignobject><a><table><a></table><style><!--</style></svg><a id="-><img src onerror=alert(1)>">`,
			`<svg><foreignobject><table></table></foreignobject></svg>`},
		{"bare-names-are-html", `<circle r="1"></circle><mi>x</mi>`, `x`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := checkForeign(t, tc.in, p)
			if got != tc.want {
				t.Errorf("String(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// TestForeignKept: real content, as icon sets and TeX converters write
// it, comes out as it went in under the sets meant for it.
func TestForeignKept(t *testing.T) {
	p := foreignPolicy(t)
	for _, in := range []string{
		`<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M12 2L2 7l10 5 10-5-10-5z"/><polyline points="2 17 12 22 22 17"/><circle cx="12" cy="12" r="3"/></svg>`,
		`<svg viewBox="0 0 10 10"><defs><linearGradient id="user-content-g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient></defs><rect width="10" height="10" fill="url(#user-content-g)"/></svg>`,
		`<svg><symbol id="user-content-i" viewBox="0 0 2 2"><rect width="1" height="1"/></symbol><use href="#user-content-i"/><title>Icon</title></svg>`,
		`<math display="block"><semantics><mrow><mi>x</mi><mo>=</mo><mfrac><mrow><mo>−</mo><mi>b</mi></mrow><mrow><mn>2</mn><mi>a</mi></mrow></mfrac></mrow><annotation encoding="application/x-tex">x=\frac{-b}{2a}</annotation></semantics></math>`,
		`<math><msubsup><mi>x</mi><mn>1</mn><mn>2</mn></msubsup><mmultiscripts><mi>F</mi><mi>a</mi><mi>b</mi><mprescripts/><mi>c</mi><mi>d</mi></mmultiscripts><mspace width="1em"/><msqrt><mn>2</mn></msqrt></math>`,
		`<math><mtable columnalign="left"><mtr><mtd><mi mathvariant="bold">A</mi></mtd></mtr></mtable></math>`,
	} {
		if got := checkForeign(t, in, p); got != in {
			t.Errorf("String(%q) = %q, want it unchanged", in, got)
		}
	}
}

// TestForeignNamesRefused: a bare SVG or MathML name in a policy is an
// error that says how to write it; a prefixed name must exist in its
// namespace; obsolete animation, discard and script stay forbidden.
func TestForeignNamesRefused(t *testing.T) {
	tests := []struct {
		name, element string
		want          string // in the message
	}{
		{"bare-svg", "svg", "svg:svg"},
		{"bare-math", "math", "math:math"},
		{"bare-circle", "circle", "svg:circle"},
		{"bare-mi", "mi", "math:mi"},
		{"unknown-svg", "svg:div", "not an SVG element"},
		{"unknown-math", "math:p", "not a MathML element"},
		{"other-prefix", "xlink:a", "not an element name"},
		{"animatecolor", "svg:animatecolor", "never allowed"},
		{"discard", "svg:discard", "never allowed"},
		{"svg-script", "svg:script", "never allowed"},
		{"svg-style", "svg:style", "never allowed"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := policy.Compile(policy.Config{Elements: []string{tc.element}})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Compile(elements: [%s]) = %v, want an error saying %q", tc.element, err, tc.want)
			}
		})
	}
	for _, ok := range [][]string{{"svg:svg", "svg:circle", "svg:a", "a"}, {"math:math", "math:mi", "image", "font"}} {
		if _, err := policy.Compile(policy.Config{Elements: slices.Clone(ok)}); err != nil {
			t.Errorf("Compile(elements: %v) = %v", ok, err)
		}
	}
}

// TestNamespaceGenerated is the namespace property over generated
// markup: random sequences of the tags that switch namespaces (svg, math,
// their integration points, mglyph, annotation-xml with and without an
// HTML encoding, breakout tags, raw-text names, tables, forms) under the
// foreign policy. The parsed output must hold nothing that runs script,
// nothing outside the namespace the policy allows it in, nothing outside
// its container, be a fixed point, and leave the policy stage nothing to
// remove.
func TestNamespaceGenerated(t *testing.T) {
	names := []string{"svg", "math", "g", "rect", "desc", "title", "foreignObject", "text",
		"use", "mi", "mo", "mtext", "mglyph", "malignmark", "annotation-xml", "semantics",
		"mrow", "style", "noscript", "textarea", "xmp", "script", "p", "br", "b", "font",
		"div", "span", "table", "tr", "td", "form", "img", "a", "select", "template", "circle"}
	attrs := []string{"", "", ` encoding="text/html"`, ` encoding="application/xhtml+xml"`,
		` color="red"`, ` href="#x"`, ` href="/x"`, ` title="&lt;/style&gt;&lt;img src=x onerror=alert(1)&gt;"`}
	rng := rand.New(rand.NewPCG(genSeed, 23))
	p := foreignPolicy(t)
	cases := 5000
	if testing.Short() {
		cases = 500
	}
	var b strings.Builder
	for range cases {
		b.Reset()
		for range 1 + rng.IntN(14) {
			name := names[rng.IntN(len(names))]
			switch rng.IntN(6) {
			case 0:
				b.WriteString("</" + name + ">")
			case 1:
				b.WriteString("<" + name + attrs[rng.IntN(len(attrs))] + "/>")
			case 2:
				b.WriteString("x")
			case 3:
				b.WriteString([]string{"<!--</style>-->", "<![CDATA[</svg>]]>", "<img src=x onerror=alert(1)>"}[rng.IntN(3)])
			default:
				b.WriteString("<" + name + attrs[rng.IntN(len(attrs))] + ">")
			}
		}
		in := b.String()
		out, err := String(in, p)
		if err != nil {
			t.Fatalf("String(%q): %v", in, err)
		}
		problems := slices.Concat(safety.Problems(out, p.URLOptions().Schemes), namespaceProblems(out, p), safety.Leaks(out))
		if len(problems) > 0 {
			t.Fatalf("%s\ninput:  %q\noutput: %q", problems[0], in, out)
		}
		if again, _ := String(out, p); again != out {
			t.Fatalf("not idempotent:\ninput: %q\nonce:  %q\ntwice: %q", in, out, again)
		}
		if d := policyStageDiff(t, in, p); d != "" {
			t.Fatalf("policy stage found more to remove: %s\ninput: %q", d, in)
		}
	}
}

// TestForeignDropUnwrap: drop and unwrap name foreign elements by their
// prefix, and only in their namespace: an HTML <a> stays a link while
// svg:a goes with its content.
func TestForeignDropUnwrap(t *testing.T) {
	tests := []struct{ name, policy, in, want string }{
		{"drop-svg-a", "extends: ugc\nsvg: safe\ndrop: [\"svg:a\"]\n",
			`<svg><a><text>hi</text></a><circle r="1"/></svg><a href="/x">link</a>`,
			`<svg><circle r="1"/></svg><a href="/x" rel="nofollow ugc">link</a>`},
		{"unwrap-svg-a", "extends: ugc\nsvg: safe\nunlisted: drop\nunwrap: [\"svg:a\"]\n",
			`<svg><a><text>hi</text></a><image/></svg>`, `<svg><text>hi</text></svg>`},
		{"drop-math-mglyph", "extends: ugc\nmathml: core\ndrop: [\"math:maligngroup\"]\n",
			`<math><mrow><maligngroup><mi>x</mi></maligngroup><mi>y</mi></mrow></math>`,
			`<math><mrow><mi>y</mi></mrow></math>`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustPolicy(t, tc.policy)
			if got := checkForeign(t, tc.in, p); got != tc.want {
				t.Errorf("String(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// TestForeignGrowth checks the namespace rules cost linear time in every
// nesting shape they add: integration points of both namespaces, text
// integration points holding mglyph, annotation-xml with and without an
// HTML encoding, SVG in MathML, breakouts out of deep foreign content,
// and end tags a deep foreign stack does not hold. The cost at 8n must
// stay under 16x the cost at n (internal/testing/growth).
func TestForeignGrowth(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	f, err := os.ReadFile(filepath.Join("..", "testdata", "policies", "foreign.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := policy.ParseConfig(strings.NewReader(string(f)), "foreign.yaml")
	if err != nil {
		t.Fatal(err)
	}
	c.Limits = policy.Limits{MaxDepth: 100_000, MaxInputBytes: -1}
	p, err := policy.Compile(c)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, head, body, tail string // body repeats n times, after head; then tail n times
	}{
		{"svg-foreignobject", "", "<svg><foreignObject><div>", "<p>"},
		{"math-text-integration", "", "<math><mrow><mtext><span>", "</mrow>"},
		{"mglyph-in-mi", "<math>", "<mi><mglyph>", "</mi>"},
		{"annotation-xml-html", "<math>", `<semantics><annotation-xml encoding="text/html"><div>`, "<b>"},
		{"annotation-xml-svg", "<math>", "<annotation-xml><svg><g>", "</annotation-xml>"},
		{"svg-in-mtext", "", "<math><mtext><svg><desc>", "</svg>"},
		{"deep-svg-end-tags", "<svg>", "<g>", "</circle>"},
		{"deep-math-breakouts", "<div>", "<math><mrow><mi>x</mi>", "<br>"},
		{"svg-titles", "<svg>", "<title>a<b>", "</title>"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			gen := func(n int) string { return tc.head + strings.Repeat(tc.body, n) + strings.Repeat(tc.tail, n) }
			growth.Check(t, 2000, gen, func(in string) {
				if _, err := String(in, p); err != nil {
					t.Fatal(err)
				}
			})
		})
	}
}

// TestForeignHookSelfClosedTitle: an element hook that drops a
// self-closed SVG title drops only the title, which has no content.
func TestForeignHookSelfClosedTitle(t *testing.T) {
	c, err := policy.PresetConfig("ugc")
	if err != nil {
		t.Fatal(err)
	}
	c.SVG = policy.SVGSafe
	for _, action := range []policy.ElementAction{policy.Drop, policy.Unwrap} {
		c.Hooks.Element = func(e policy.ElementContext) policy.ElementAction {
			if e.Name == "svg:title" {
				return action
			}
			return policy.Keep
		}
		p, err := policy.Compile(c)
		if err != nil {
			t.Fatal(err)
		}
		in, want := `<svg><title/><circle r="1"/>x</svg>`, `<svg><circle r="1"/>x</svg>`
		if got, err := String(in, p); err != nil || got != want {
			t.Errorf("action %d: String(%q) = %q, %v, want %q", action, in, got, err, want)
		}
	}
}
