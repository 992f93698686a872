package svgfile_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/testing/growth"
	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/svgfile"
)

// TestGrowth checks that the dimensions svgfile adds to the pipeline's
// stay linear: the prolog (comments, processing instructions, a doctype's
// literals), nesting and attributes as the XML writer walks them, and the
// namespace scan.
func TestGrowth(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test; runs without -short")
	}
	c := policy.SVGUpload().Config()
	c.Limits = policy.Limits{MaxDepth: 100_000, MaxTokenBytes: 64 << 20, MaxAttributeBytes: 32 << 20, MaxAttributes: 100_000, MaxInputBytes: 1 << 30}
	p, err := policy.Compile(c)
	if err != nil {
		t.Fatal(err)
	}
	repeat := func(f string, n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, f, i)
		}
		return b.String()
	}
	tests := []struct {
		name string
		n    int
		gen  func(n int) string
	}{
		{"prolog-comments", 2000, func(n int) string { return strings.Repeat("<!-- c --><?pi x?>\n", n) + "<svg/>" }},
		{"doctype-literals", 2000, func(n int) string {
			return `<!DOCTYPE svg PUBLIC "` + strings.Repeat("a", n) + `" "` + strings.Repeat("'", n) + `">` + "<svg/>"
		}},
		{"unclosed-prolog", 4000, func(n int) string { return strings.Repeat("<?", n) }},
		{"nesting", 1000, func(n int) string { return "<svg>" + strings.Repeat("<g>", n) + strings.Repeat("</g>", n) + "</svg>" }},
		{"nesting-xlink-last", 1000, func(n int) string {
			return "<svg>" + strings.Repeat("<g>", n) + `<use xlink:href="#a"/>` + strings.Repeat("</g>", n) + "</svg>"
		}},
		{"attributes", 1000, func(n int) string { return "<svg><rect" + repeat(` id="a%d" x="1"`, n) + "/></svg>" }},
		{"elements", 2000, func(n int) string { return "<svg>" + repeat(`<rect id="r%d" fill="url(#r0)"/>`, n) + "</svg>" }},
		{"escaped-text", 4000, func(n int) string { return "<svg><text>" + strings.Repeat("&amp;<\x01", n) + "</text></svg>" }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			growth.Check(t, tc.n, tc.gen, func(in string) { _, _ = svgfile.String(in, p) })
		})
	}
}
