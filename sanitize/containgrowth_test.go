package sanitize

import (
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/policy"
)

// TestGrowthContainment checks that what keeps items, ruby parts and SVG
// names in place costs time linear in the input: nesting of lists and
// items, many orphans over a deep stack, end tags with nothing open.
func TestGrowthContainment(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test; runs without -short")
	}
	c, err := policy.ParseConfig(strings.NewReader(containersPolicy+"    - {name: fill, on: [\"svg:textpath\"]}\n"), "containers.yaml")
	if err != nil {
		t.Fatal(err)
	}
	c.Add.Elements = append(c.Add.Elements, "svg:svg", "svg:text", "svg:textpath")
	c.Limits = policy.Limits{MaxDepth: 100_000, MaxTokenBytes: 64 << 20, MaxAttributeBytes: 32 << 20,
		MaxAttributes: 100_000, MaxInputBytes: 1 << 30}
	p, err := policy.Compile(c)
	if err != nil {
		t.Fatal(err)
	}
	checkGrowth(t, p, []growthCase{
		{"nested-lists", 1000, func(n int) string { return strings.Repeat("<ul><li>x", n) }},
		{"items-in-divs", 1000, func(n int) string {
			return "<ul>" + strings.Repeat("<li><div>", n) + strings.Repeat("<li>x", n)
		}},
		{"orphan-items", 2000, func(n int) string { return strings.Repeat("<li>x</li><dd>y</dd><dt>z", n) }},
		{"orphans-over-deep-stack", 1000, func(n int) string {
			return strings.Repeat("<div><b>", n) + strings.Repeat("<li>x<dd>y<dt>z", n)
		}},
		{"orphan-ruby-parts", 1000, func(n int) string {
			return strings.Repeat("<b>", n) + strings.Repeat("<rt>a<rp>b<rb>c<rtc>d", n) + strings.Repeat("<rt>x", n)
		}},
		{"nested-ruby", 1000, func(n int) string { return strings.Repeat("<ruby>a<rt>b", n) }},
		{"nested-description-lists", 1000, func(n int) string { return strings.Repeat("<dl><dt>t<dd>", n) }},
		{"orphan-end-tags", 2000, func(n int) string {
			return strings.Repeat("<b>", n) + strings.Repeat("</li></p></dd></form></body>", n)
		}},
		{"svg-camel-nesting", 1000, func(n int) string {
			return "<svg><text>" + strings.Repeat(`<textPath onclick="x" fill="red">a`, n)
		}},
	})
}
