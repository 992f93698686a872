package sanitize

import (
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/policy"
)

// TestReview13MarkupEndTagIgnored: an element dropped with its content
// whose content is markup (noscript read with scripting off, object,
// applet) ends where the browser's tree builder ends it, not at the next
// end tag of its name: a browser ignores "</noscript>" with a special
// element open inside it, and "</object>" out of scope, and setHTML()
// then removes what follows with the element.
func TestReview13MarkupEndTagIgnored(t *testing.T) {
	ps := map[string]*policy.Policy{"sanitizer-api": policy.SanitizerAPI()}
	for _, name := range []string{"ugc", "strict"} {
		p, err := policy.Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		ps[name] = p
	}
	tests := []struct{ name, in, want string }{
		{"noscript-p", `<noscript><p></noscript>HID<img src=x>`, ``},
		{"noscript-div", `<noscript><div></noscript>HID</div>HID2`, ``},
		{"noscript-table", `<noscript><table><tr><td></noscript>HID</td></tr></table>HID2`, ``},
		{"noscript-closed", `<noscript><p>x</p></noscript>shown`, `shown`},
		{"noscript-nested", `<noscript><noscript></noscript>HID</noscript>shown`, `shown`},
		{"noscript-self-closing", `<noscript/>HID</noscript>shown`, `shown`},
		{"noscript-comment", `<noscript><!-- </noscript>HID --></noscript>shown`, `shown`},
		{"object-cell", `<object><table><tr><td></object>HID</td></tr></table>HID2`, ``},
		{"object-closed", `<object><div>x</div></object>shown`, `shown`},
		{"applet-cell", `<applet><table><tr><td></applet>HID`, ``},
	}
	for pname, p := range ps {
		for _, tc := range tests {
			t.Run(pname+"/"+tc.name, func(t *testing.T) {
				got, err := String(tc.in, p)
				if err != nil {
					t.Fatal(err)
				}
				if strings.Contains(got, "HID") || strings.Contains(got, "<img") {
					t.Errorf("String(%q) = %q: shows what the browser hides", tc.in, got)
				}
				if !strings.Contains(got, tc.want) {
					t.Errorf("String(%q) = %q, want it to hold %q", tc.in, got, tc.want)
				}
				if why := faithfulProblem(t, tc.in, p); why != "" {
					t.Errorf("faithful output: %s", why)
				}
			})
		}
	}
}

// TestReview13ForeignEndTagIgnored: under a SanitizerConfig with an
// elements list (unlisted: drop), setHTML() removes an <svg> or <math>
// with its subtree; a browser ignores "</svg>" and "</math>" while an
// HTML element is open inside an integration point, so what follows is
// in the subtree too. svg and math are frames (markupDropped), MathML's
// text integration points are integration points, and the content of
// a foreign element is markup whatever its name (<svg><title>).
func TestReview13ForeignEndTagIgnored(t *testing.T) {
	p, err := policy.FromSanitizerConfig([]byte(`{"elements":["p","div","b","img"],"attributes":["src"]}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []string{
		`<svg><desc><div></svg>HID`,
		`<svg><foreignObject><p></svg>HID<img src=x>`,
		`<svg><title><div></title></svg>HID`,
		`<math><mi><b></math>HID`,
		`<math><mtext><p></math>HID`,
		`<math><annotation-xml encoding=text/html><div></math>HID`,
	} {
		got, err := String(in, p)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(got, "HID") || strings.Contains(got, "<img") {
			t.Errorf("String(%q) = %q: shows what setHTML() removes", in, got)
		}
	}
	// What follows a foreign element that did end is kept.
	for _, in := range []string{
		`<svg><desc>x</desc></svg><p>SHOWN</p>`,
		`<svg><foreignObject><p>x</p></foreignObject></svg>SHOWN`,
		`<svg><title>x</title></svg>SHOWN`,
		`<math><mi>x</mi></math>SHOWN`,
		`<svg><p>SHOWN`, // a breakout tag ends the svg
	} {
		got, err := String(in, p)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(got, "SHOWN") {
			t.Errorf("String(%q) = %q: drops what follows the foreign element", in, got)
		}
	}
}

// TestReview13Growth: noscript, object and applet are frames under every
// policy, and inside them every element the policy does not allow is one
// too (under ugc, which unwraps unlisted elements): deep nesting, many
// names, and end tags a browser ignores past a special element stay
// linear.
func TestReview13Growth(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test; runs without -short")
	}
	c := preset(t, "ugc").Config()
	c.Limits = policy.Limits{MaxDepth: 100_000, MaxTokenBytes: 64 << 20, MaxInputBytes: 1 << 30}
	checkGrowth(t, mustCompile(t, c), []growthCase{
		{"nested-noscript", 1000, func(n int) string {
			return strings.Repeat("<noscript><object><div>", n) + "x" + strings.Repeat("</noscript></object>", n)
		}},
		{"many-names-inside", 1000, func(n int) string { return "<noscript>" + repeatf("<x-%d>", n) + repeatf("</x-%d>", n) }},
		{"end-tags-past-special", 1000, func(n int) string {
			return "<noscript>" + strings.Repeat("<foo><div>", n) + strings.Repeat("</foo></noscript>", n)
		}},
		{"nested-svg-integration-points", 1000, func(n int) string {
			return strings.Repeat("<svg><foreignObject><p>", n) + "x" + strings.Repeat("</svg>", n)
		}},
		{"nested-math-text-points", 1000, func(n int) string {
			return strings.Repeat("<math><mi><b>", n) + "x" + strings.Repeat("</math>", n)
		}},
		{"foreign-raw-names", 1000, func(n int) string {
			return "<svg>" + strings.Repeat("<title><style><div>", n) + strings.Repeat("</title></svg>", n)
		}},
	})
}
