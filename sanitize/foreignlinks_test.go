package sanitize

import (
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/htmlclean/htmlclean/policy"
)

// foreignLinkSeeds are FuzzStages seeds: links in SVG and MathML held
// for the link-text check, decided at their end tag, implicitly, and at
// the end of the input.
var foreignLinkSeeds = []string{
	`<svg><a xlink:href="https://evil.example/" href="https://x.example/"><text>bank.example</text></a></svg>`,
	`<svg><text><a href="https://evil.example/">bank.example</a></text><p>x`,
	`<svg><a href="https://evil.example/"><title>bank.example</title><circle r="3"/>`,
	`<math><mrow href="https://evil.example/" rel="me" target="_top"><mi>bank.example</mi></mrow></math>`,
	`<math href="https://evil.example/"><mi href="https://bank.example/">bank.example</mi><mtext>evil.example</mtext>`,
}

// foreignLinkPolicies are the policies that keep an SVG a or a MathML
// href: the test policies, and ugc with svg: safe plus svg:a under each
// links.text_mismatch.
func foreignLinkPolicies(t *testing.T) map[string]*policy.Policy {
	const svgLinks = "extends: ugc\nsvg: safe\nmathml: core\nadd:\n  elements: [\"svg:a\"]\n" +
		"  attributes:\n    - {name: href, on: [\"svg:a\", \"math:mi\", \"math:mrow\", \"math:math\"]}\n" +
		"    - {name: xlink:href, on: [\"svg:a\"]}\n"
	return map[string]*policy.Policy{
		"foreign.yaml":    foreignPolicy(t),
		"permissive.yaml": permissive(t),
		"ugc-svg-reject":  mustPolicy(t, svgLinks),
		"ugc-svg-rewrite": mustPolicy(t, svgLinks+"links: {text_mismatch: rewrite, target_blank: true}\n"),
	}
}

// navigating returns the elements of the parsed document s that a reader
// can follow: an href or xlink:href in any namespace, as "ns:name href".
func navigating(t *testing.T, s string) []string {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for n := range doc.Descendants() {
		if n.Type != html.ElementNode {
			continue
		}
		for _, a := range n.Attr {
			if a.Key == "href" && (a.Namespace == "" || a.Namespace == "xlink") {
				out = append(out, n.Namespace+":"+n.Data+" "+a.Val)
			}
		}
	}
	return out
}

// relOf returns the rel of the first element with an href in the parsed
// document s.
func relOf(t *testing.T, s string) (string, bool) {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	for n := range doc.Descendants() {
		var rel, href bool
		var v string
		for _, a := range n.Attr {
			rel = rel || a.Key == "rel"
			href = href || a.Key == "href"
			if a.Key == "rel" {
				v = a.Val
			}
		}
		if href {
			return v, rel
		}
	}
	return "", false
}

// checkForeignLink runs the properties every case shares: the faithful
// form is the stage's output and a fixed point, streaming writes the same.
func checkForeignLink(t *testing.T, in string, p *policy.Policy) string {
	t.Helper()
	if problem := faithfulProblem(t, in, p); problem != "" {
		t.Error(problem)
	}
	got, err := String(in, p)
	if err != nil {
		t.Fatal(err)
	}
	sameStreamed(t, in, got, p)
	return got
}

// TestForeignLinkTextMismatch: an SVG a (href, xlink:href, both) and a
// MathML element with href whose text, or SVG tooltip, names another
// host than where it goes is no link any more, under every policy that
// keeps them.
func TestForeignLinkTextMismatch(t *testing.T) {
	tests := []struct{ name, in string }{
		{"svg-xlink-href", `<svg><a xlink:href="https://evil.example/"><text>https://bank.example/</text></a></svg>`},
		{"svg-href", `<svg><a href="https://evil.example/"><text>https://bank.example/</text></a></svg>`},
		// SVG 2 §16.2.1: with both, the browser follows href.
		{"svg-both-href-deceives", `<svg><a xlink:href="https://bank.example/" href="https://evil.example/"><text>bank.example</text></a></svg>`},
		{"svg-tspan", `<svg><a href="https://evil.example/"><text>Sign in at <tspan>bank.example</tspan></text></a></svg>`},
		{"svg-inside-text", `<svg><text><a href="https://evil.example/">bank.example</a></text></svg>`},
		{"svg-title-tooltip", `<svg><a href="https://evil.example/"><title>https://bank.example/</title><circle r="3"/></a></svg>`},
		{"svg-unclosed", `<svg><a href="https://evil.example/"><text>bank.example</text>`},
		{"mathml-mi", `<math><mi href="https://evil.example/">bank.example</mi></math>`},
		{"mathml-mrow", `<math><mrow href="https://evil.example/"><mi>bank</mi><mo>.</mo><mi>example</mi></mrow></math>`},
	}
	for pname, p := range foreignLinkPolicies(t) {
		for _, tc := range tests {
			t.Run(pname+"/"+tc.name, func(t *testing.T) {
				got := checkForeignLink(t, tc.in, p)
				for _, l := range navigating(t, got) {
					// The text is gone (permissive.yaml keeps no SVG title), or
					// is the destination (rewrite): nothing deceives.
					if strings.Contains(l, "evil.example") && strings.Contains(got, "bank") {
						t.Errorf("String(%q) = %q: %s still goes to evil.example behind text naming bank.example", tc.in, got, l)
					}
				}
			})
		}
	}
}

// TestForeignLinkKept: diagrams and formulas whose links' text names
// their own host, or none, keep their href and get the policy's rel.
func TestForeignLinkKept(t *testing.T) {
	tests := []struct{ name, in, href string }{
		{"svg-own-host", `<svg><a href="https://bank.example/login"><text>bank.example</text></a></svg>`, "https://bank.example/login"},
		{"svg-xlink-own-host", `<svg><a xlink:href="https://bank.example/"><text>https://bank.example/</text></a></svg>`, "https://bank.example/"},
		{"svg-no-host", `<svg><a href="https://docs.example/fig1"><rect width="4" height="4"/><text>Figure 1</text></a></svg>`, "https://docs.example/fig1"},
		{"svg-title-no-host", `<svg><a href="https://docs.example/"><title>Open the docs</title><circle r="3"/></a></svg>`, "https://docs.example/"},
		{"svg-relative", `<svg><a href="/wiki/Node"><text>example.com</text></a></svg>`, "/wiki/Node"},
		{"mathml-own-host", `<math><mi href="https://en.wikipedia.org/wiki/Pi">π</mi></math>`, "https://en.wikipedia.org/wiki/Pi"},
	}
	for pname, p := range foreignLinkPolicies(t) {
		for _, tc := range tests {
			t.Run(pname+"/"+tc.name, func(t *testing.T) {
				if pname == "permissive.yaml" && strings.HasPrefix(tc.name, "mathml") {
					t.Skip("permissive.yaml keeps no MathML")
				}
				got := checkForeignLink(t, tc.in, p)
				if !strings.Contains(strings.Join(navigating(t, got), "\n"), " "+tc.href) {
					t.Errorf("String(%q) = %q: the link to %s is gone", tc.in, got, tc.href)
				}
				if rel, ok := relOf(t, got); !ok || !strings.Contains(rel, "nofollow") {
					t.Errorf("String(%q) = %q: rel %q, want the policy's tokens", tc.in, got, rel)
				}
			})
		}
	}
}

// TestForeignLinkForms pins the output: reject unwraps an SVG a (its
// content is SVG, at home where the a stood) but keeps a MathML element,
// less its href, rel and target; rewrite writes the destination as the
// text where SVG draws text, and rejects where it does not; the ignored
// xlink:href beside an href goes even when the href is refused.
func TestForeignLinkForms(t *testing.T) {
	ps := foreignLinkPolicies(t)
	reject, rewrite := ps["ugc-svg-reject"], ps["ugc-svg-rewrite"]
	tests := []struct {
		name string
		p    *policy.Policy
		in   string
		want string
	}{
		{"reject-svg-unwrapped", reject, `<svg><g><a xlink:href="https://evil.example/"><text>bank.example</text></a></g></svg>`,
			`<svg><g><text>bank.example</text></g></svg>`},
		{"reject-mathml-keeps-element", reject, `<math><mi href="https://evil.example/" rel="me">bank.example</mi><mo>+</mo></math>`,
			`<math><mi>bank.example</mi><mo>+</mo></math>`},
		{"reject-mathml-root-keeps-element", reject, `<math href="https://evil.example/"><mi>bank.example</mi></math>`,
			`<math><mi>bank.example</mi></math>`},
		{"rewrite-svg-in-text", rewrite, `<svg><text><a href="https://evil.example/">bank.example</a></text></svg>`,
			`<svg><text><a href="https://evil.example/" rel="nofollow noopener ugc" target="_blank">https://evil.example/</a></text></svg>`},
		{"rewrite-svg-outside-text-rejects", rewrite, `<svg><a href="https://evil.example/"><text>bank.example</text></a></svg>`,
			`<svg><text>bank.example</text></svg>`},
		{"rewrite-mathml", rewrite, `<math><mi href="https://evil.example/">bank.example</mi></math>`,
			`<math><mi href="https://evil.example/" rel="nofollow noopener ugc" target="_blank">https://evil.example/</mi></math>`},
		{"both-href-wins", reject, `<svg><a xlink:href="https://evil.example/" href="https://bank.example/"><text>bank.example</text></a></svg>`,
			`<svg><a href="https://bank.example/" rel="nofollow ugc"><text>bank.example</text></a></svg>`},
		{"refused-href-takes-xlink", reject, `<svg><a href="javascript:alert(1)" xlink:href="https://bank.example/"><text>x</text></a></svg>`,
			`<svg><text>x</text></svg>`},
		{"svg-target-blank", rewrite, `<svg><a xlink:href="https://docs.example/" target="_top"><text>docs</text></a></svg>`,
			`<svg><a xlink:href="https://docs.example/" target="_blank" rel="nofollow noopener ugc"><text>docs</text></a></svg>`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := checkForeignLink(t, tc.in, tc.p); got != tc.want {
				t.Errorf("String(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// TestForeignLinkReports: the report names the foreign element and the
// attribute its href was in.
func TestForeignLinkReports(t *testing.T) {
	p := foreignLinkPolicies(t)["ugc-svg-reject"]
	tests := []struct{ name, in, element, attr string }{
		{"svg-xlink", `<svg><a xlink:href="https://evil.example/"><text>bank.example</text></a></svg>`, "a", "xlink:href"},
		{"svg-href", `<svg><a href="https://evil.example/"><text>bank.example</text></a></svg>`, "a", "href"},
		{"mathml", `<math><mi href="https://evil.example/">bank.example</mi></math>`, "mi", "href"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, changes, err := stringReport(tc.in, p)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range changes {
				if c.Reason == ReasonLinkTextMismatch && c.Element == tc.element && c.Attribute == tc.attr && c.Before == "https://evil.example/" {
					return
				}
			}
			t.Errorf("stringReport(%q): no %s mismatch on %s %s in %v", tc.in, ReasonLinkTextMismatch, tc.element, tc.attr, changes)
		})
	}
}

// TestForeignLinkUnrenderedText: what an SVG link holds but does not
// draw (desc, text inside defs) is not its text: it names no host the
// reader sees.
func TestForeignLinkUnrenderedText(t *testing.T) {
	tests := []struct{ name, in string }{
		{"desc", `<svg><a href="https://docs.example/"><desc>see bank.example</desc><text>Docs</text></a></svg>`},
		{"defs", `<svg><a href="https://docs.example/"><defs><text id="t">bank.example</text></defs><text>Docs</text></a></svg>`},
	}
	for _, pname := range []string{"foreign.yaml", "ugc-svg-reject"} {
		p := foreignLinkPolicies(t)[pname]
		for _, tc := range tests {
			t.Run(pname+"/"+tc.name, func(t *testing.T) {
				got := checkForeignLink(t, tc.in, p)
				if !strings.Contains(strings.Join(navigating(t, got), "\n"), " https://docs.example/") {
					t.Errorf("String(%q) = %q: the link is gone", tc.in, got)
				}
			})
		}
	}
}
