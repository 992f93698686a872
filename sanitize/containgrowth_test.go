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
		{"svg-lower-case-nesting", 1000, func(n int) string {
			return "<svg><text>" + strings.Repeat(`<TEXTPATH onclick="x" fill="red">a`, n)
		}},
		{"items-past-divs", 1000, func(n int) string {
			return "<dl>" + strings.Repeat("<div>", n) + strings.Repeat("<dt>t<dd>d", n)
		}},
	})
	// Under a container, what it does not admit is unwrapped: nested
	// blocks, lists and tables, and links in a link.
	for _, el := range []string{"p", "a"} {
		c.Container = el
		pc, err := policy.Compile(c)
		if err != nil {
			t.Fatal(err)
		}
		checkGrowth(t, pc, []growthCase{
			{"container-" + el + "-nested-blocks", 1000, func(n int) string {
				return strings.Repeat("<div><ul><li><table><tr><td>x", n)
			}},
			{"container-" + el + "-links", 1000, func(n int) string {
				return strings.Repeat(`<b><a href="/x">l`, n)
			}},
		})
	}
}
