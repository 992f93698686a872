package sanitize

import (
	"errors"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/testing/jsonl"
	"github.com/htmlclean/htmlclean/internal/testing/safety"
	"github.com/htmlclean/htmlclean/policy"
)

// vector is one XSS corpus entry.
type vector struct {
	ID    string `json:"id"`
	Input string `json:"input"`
}

func loadVectors(tb testing.TB) []vector {
	tb.Helper()
	files, err := filepath.Glob(filepath.Join("..", "testdata", "corpus", "xss", "*.jsonl"))
	if err != nil || len(files) == 0 {
		tb.Fatalf("no corpus: %v", err)
	}
	var vs []vector
	for _, f := range files {
		more, err := jsonl.Read[vector](f)
		if err != nil {
			tb.Fatal(err)
		}
		vs = append(vs, more...)
	}
	return vs
}

// testPolicies are the presets and the test policies.
func testPolicies(tb testing.TB) map[string]*policy.Policy {
	tb.Helper()
	ps := map[string]*policy.Policy{}
	for _, name := range policy.Presets() {
		p, err := policy.Preset(name)
		if err != nil {
			tb.Fatal(err)
		}
		ps[name] = p
	}
	// The test policies, by the name of their golden folder: a permissive
	// one, and one with every setting for comment systems on (classes,
	// data-*, ids, rel on external links, styles, embeds).
	for name, file := range map[string]string{"permissive": "permissive.yaml", "comment-settings": "comment-settings.yaml",
		"foreign": "foreign.yaml"} {
		p, err := policy.LoadFile(filepath.Join("..", "testdata", "policies", file))
		if err != nil {
			tb.Fatal(err)
		}
		ps[name] = p
	}
	return ps
}

// TestCorpusSafety runs all 1,073 XSS vectors through every preset and the
// permissive policy, and checks the parsed output (html.Parse, as a
// browser builds it): nothing that runs script, no URL with a scheme
// outside the policy's list (WHATWG parse, per candidate for lists), no
// leak out of the output's container (safety.Leaks), idempotence, and that the policy's bluemonday stage had nothing left to
// remove.
func TestCorpusSafety(t *testing.T) {
	vectors := loadVectors(t)
	if len(vectors) != 1073 {
		t.Fatalf("corpus has %d vectors, want 1073", len(vectors))
	}
	for name, p := range testPolicies(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			for _, v := range vectors {
				t.Run(v.ID, func(t *testing.T) {
					out, err := String(v.Input, p)
					var le *LimitError
					if errors.As(err, &le) {
						t.Logf("refused: %v", err) // nothing is written: safe
						return
					}
					if err != nil {
						t.Fatalf("String: %v", err)
					}
					schemes, scheme := p.URLOptions().Schemes, safety.SchemeOf
					if p.Config().URLs.Relative == policy.RelativeFragment {
						schemes, scheme = append(schemes, safety.Fragment), safety.FragmentScheme(scheme)
					}
					for _, problem := range safety.ProblemsEmbeds(out, schemes, scheme, p.Config().Embeds.Hosts) {
						t.Errorf("%s\ninput:  %q\noutput: %q", problem, v.Input, out)
					}
					for _, leak := range safety.Leaks(out) {
						t.Errorf("leaks: %s\ninput:  %q\noutput: %q", leak, v.Input, out)
					}
					if again, err := String(out, p); err != nil || again != out {
						t.Errorf("not idempotent:\nonce:  %q\ntwice: %q (%v)", out, again, err)
					}
					if diff := policyStageDiff(t, v.Input, p); diff != "" {
						t.Errorf("the policy stage changed the pass's output: %s\ninput: %q", diff, v.Input)
					}
				})
			}
		})
	}
}

// TestSafetyCheckSensitivity shows the safety check can fail: on the raw,
// unsanitised corpus it must find something unsafe in most vectors.
func TestSafetyCheckSensitivity(t *testing.T) {
	flagged := 0
	for _, v := range loadVectors(t) {
		if len(safety.Problems(v.Input, []string{"http", "https", "mailto"})) > 0 {
			flagged++
		}
	}
	if flagged < 450 {
		t.Errorf("the safety check flags only %d of the raw vectors; it should flag at least 450", flagged)
	}
	t.Logf("the safety check flags %d of 1073 raw vectors", flagged)
}

// structuralPolicy allows every element that changes how a browser
// builds the tree and that no policy forbids, with the attributes that
// keep them (font's color makes it a breakout tag in SVG).
const structuralPolicy = `extends: ugc
add:
  elements: ["svg:svg", "svg:g", "svg:rect", "svg:desc", "svg:text", "svg:image", "svg:use",
             "svg:foreignobject", "svg:title", "svg:a",
             "math:math", "math:mi", "math:mtext", "math:mglyph", "math:malignmark",
             "math:annotation-xml", "math:semantics", "math:mrow",
             form, input, button, label, font,
             center, nav, nobr, option, optgroup, marquee, rb, rtc, menu, address,
             search, listing, dir, dialog, map, area, video, source, basefont]
  attributes:
    - {name: href, on: [a, "svg:image", "svg:use", "svg:a", area]}
    - {name: encoding, on: ["math:annotation-xml"], kind: text}
    - {name: color, on: [font]}
    - {name: class}
`

// TestNoLeakGenerated is the containment property over generated markup:
// random sequences of start, end and self-closing tags of the elements
// that change how a browser builds the tree (foreign content and its
// integration points, breakout tags, tables, lists, paragraphs,
// formatting elements, forms, headings, ruby), under the permissive
// policy, the ugc preset and a policy that allows them all. The output
// must stay in its container (safety.Leaks) and be a fixed point. The
// seed is fixed, so a failure reproduces.
func TestNoLeakGenerated(t *testing.T) {
	names := []string{"svg", "g", "rect", "desc", "text", "title", "foreignObject", "math",
		"a", "b", "i", "font", "span", "p", "div", "br", "img", "image", "hr", "li", "ul",
		"ol", "dd", "dt", "dl", "table", "caption", "colgroup", "col", "thead", "tbody",
		"tr", "td", "th", "form", "input", "button", "label", "h1", "h2", "pre", "section",
		"center", "nav", "video", "source", "map", "area", "ruby", "rt", "rp", "rb", "rtc",
		"details", "summary", "nobr", "option", "optgroup", "marquee", "address", "menu"}
	attrs := []string{"", "", ` href="/x"`, ` color="red"`, ` src="/i.png"`, ` class="c"`}
	rng := rand.New(rand.NewPCG(genSeed, 6))
	ps := testPolicies(t)
	ps["structural"] = mustPolicy(t, structuralPolicy)
	cases := 20000
	switch {
	case testing.Short():
		cases = 2000
	case !longTests():
		cases = 6000
	}
	var b strings.Builder
	for range cases {
		b.Reset()
		for range 1 + rng.IntN(14) {
			name := names[rng.IntN(len(names))]
			switch rng.IntN(5) {
			case 0:
				b.WriteString("</" + name + ">")
			case 1:
				b.WriteString("<" + name + attrs[rng.IntN(len(attrs))] + "/>")
			case 2:
				b.WriteString("x")
			default:
				b.WriteString("<" + name + attrs[rng.IntN(len(attrs))] + ">")
			}
		}
		in := b.String()
		for _, name := range []string{"permissive", "ugc", "structural"} {
			out, err := String(in, ps[name])
			if err != nil {
				t.Fatalf("%s: String(%q): %v", name, in, err)
			}
			if leaks := safety.Leaks(out); len(leaks) > 0 {
				t.Fatalf("%s: leaks: %s\ninput:  %q\noutput: %q", name, leaks[0], in, out)
			}
			if again, _ := String(out, ps[name]); again != out {
				t.Fatalf("%s: not idempotent:\ninput: %q\nonce:  %q\ntwice: %q", name, in, out, again)
			}
		}
	}
}

// genSeed seeds TestNoLeakGenerated.
var genSeed uint64 = 9

// TestNoLeakBreakouts pins each input found to leak out of the
// output's container (an SVG end tag br that breaks out, a self-closed
// element in an SVG integration point) and what the containment
// property found after them. The output must stay in its container and
// be exactly this.
func TestNoLeakBreakouts(t *testing.T) {
	tests := []struct{ name, policy, in, want string }{
		{"svg-end-br", "permissive", `<svg></br><a href="https://evil.example/"/>`,
			`<svg></svg><br><a href="https://evil.example/" rel="nofollow noopener ugc" target="_blank"></a>`},
		{"svg-desc-self-closing", "permissive", `<svg><desc><label/>`,
			`<svg><desc><label></label></desc></svg>`},
		// rect in desc is an HTML element, which the policy does not allow.
		{"svg-desc-html-rect", "permissive", `<svg><desc><rect/>`, `<svg><desc></desc></svg>`},
		{"svg-desc-breakout-stays", "permissive", `<svg><desc><p>x</desc><rect/><b>y`,
			`<svg><desc><p>x</p></desc><rect/></svg><b>y</b>`},
		{"svg-void-name-is-open", "permissive", `<svg><source><g>x</svg>`, `<svg><g>x</g></svg>`},
		{"table-in-foster-parented-div", "ugc", `<table><div><table></table></div></table>x`,
			`<table></table><table></table>x`},
		{"nested-button-and-cells-outside-table", "permissive",
			`<caption><button><br/><div>x<td><ul><button></button></ul></td></div></button></caption>`,
			`<button><br/><div>x<ul></ul></div></button><button></button>`},
		{"nested-form", "permissive", `<form action="/a"><li><form action="/b"></form>x</li></form>`,
			`<form action="/a"><li>x</li></form>`},
		{"heading-in-heading", "ugc", `<h1><h2>x</h2>y</h1>`, `<h1></h1><h2>x</h2>y`},
		{"link-beyond-table", "ugc", `<a href="/1"><table><a href="/2">x</a></table></a>`,
			`<a href="/1" rel="nofollow ugc"><table>x</table></a>`},
	}
	ps := testPolicies(t)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := String(tc.in, ps[tc.policy])
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("String(%q) = %q, want %q", tc.in, got, tc.want)
			}
			for _, leak := range safety.Leaks(got) {
				t.Errorf("leaks: %s", leak)
			}
		})
	}
}

// TestForeignContentPremise pins what the pass's model of foreign content
// rests on (htmltree.Builder.ForeignContent): no policy can allow <math>, so no
// output holds MathML (text integration points, annotation-xml), and the
// SVG integration points other than <desc> are refused too.
func TestForeignContentPremise(t *testing.T) {
	for _, name := range []string{"math", "foreignobject", "title"} {
		if _, err := policy.Compile(policy.Config{Elements: []string{name}}); err == nil {
			t.Errorf("policy.Compile allows <%s>", name)
		}
	}
}
