package sanitize

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/testing/growth"
	"github.com/htmlclean/htmlclean/policy"
)

// TestGrowth checks that the pipeline's cost is linear in every input
// dimension an attacker controls: for each, the cost at 8n stays under 16× the cost at n.
// The limits are raised so that the work is done, not refused.
func TestGrowth(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test; runs without -short")
	}
	p := wideLimits(t)
	checkGrowth(t, p, []growthCase{
		{"nesting", 1000, func(n int) string {
			return strings.Repeat("<div><b>", n/2) + "x" + strings.Repeat("</b></div>", n/2)
		}},
		{"unclosed-nesting", 1000, func(n int) string { return strings.Repeat("<div><span>", n/2) + "x" }},
		{"attributes-per-tag", 4000, func(n int) string { return "<b" + repeatf(" a%06d", n) + ">x</b>" }},
		{"allowed-attributes-per-tag", 1000, func(n int) string {
			return "<a href=/x" + strings.Repeat(" title=t", n) + repeatf(" data-%06d", n) + ">x</a>"
		}},
		{"attributes-per-tag-decoded", 2000, func(n int) string { return "<b" + repeatf(" a%06d=&amp;", n) + ">x</b>" }},
		{"attribute-length", 4000, func(n int) string {
			return `<a href="https://example.com/` + strings.Repeat("a", n) + `" title="` + strings.Repeat("&amp;", n/5) + `">x</a>`
		}},
		{"tags", 2000, func(n int) string { return strings.Repeat("<p>a<b>b</b>", n) }},
		{"runs-of-lt", 20000, func(n int) string { return strings.Repeat("<", n) }},
		{"runs-of-amp", 20000, func(n int) string { return "<p>" + strings.Repeat("&", n) + strings.Repeat("&amp;", n) }},
		{"percent-in-url", 4000, func(n int) string {
			return `<a href="https://example.com/` + strings.Repeat("%", n) + "?q=" + strings.Repeat("%25", n) + `">x</a>`
		}},
		{"dot-segments", 2000, func(n int) string {
			return `<a href="https://example.com/` + strings.Repeat("a/../", n) + strings.Repeat("%2e%2e/", n) + `">x</a>`
		}},
		{"srcset-candidates", 500, func(n int) string {
			return `<img src="/a.png" srcset="` + repeatf("/i%d.png 1x, ", n) + `/z.png 2x">`
		}},
		{"style-length", 500, func(n int) string {
			return `<span style="` + repeatf("color:red;margin:%dpx;", n) + `">s</span>`
		}},
		{"style-urls", 300, func(n int) string {
			return `<span style="` + repeatf("background:url(https://example.com/%d.png);", n) + `">s</span>`
		}},
		{"host-length", 1000, func(n int) string {
			return `<a href="https://` + strings.Repeat("a.", n) + `example/">x</a>`
		}},
		{"idn-label", 1000, func(n int) string {
			return `<a href="http://` + strings.Repeat("中", n) + `.example/">x</a>`
		}},
		{"query-parameters", 1000, func(n int) string {
			return `<a href="https://example.com/?` + repeatf("p%d=v&", n) + `">x</a>`
		}},
		{"nested-urls", 200, func(n int) string {
			return `<a href="https://example.com/?` + repeatf("u%d=https%%3A%%2F%%2Fexample.org%%2F&", n) + `">x</a>`
		}},
		{"deep-nested-url", 100, func(n int) string {
			return `<a href="` + strings.Repeat("https://example.com/?u=", n) + `https://example.org/">x</a>`
		}},
		{"deep-nested-sm-url", 100, func(n int) string {
			return `<a href="` + strings.Repeat("https://example.com/?TARGET=-SM-", n) + `https://example.org/">x</a>`
		}},
		{"comments", 2000, func(n int) string { return strings.Repeat("<!-- c -->x", n) }},
		{"dropped-content", 2000, func(n int) string { return strings.Repeat("<script>x</script><style>y</style>", n) }},
		{"end-tags-nothing-open", 2000, func(n int) string { return strings.Repeat("</div></b>", n) }},
		{"table-structure", 1000, func(n int) string { return "<table>" + strings.Repeat("<tr><td>x", n) }},
		{"svg-breakouts", 1000, func(n int) string { return strings.Repeat("<svg><desc><b></svg>", n) }},
	})
}

// TestGrowthFeatures is TestGrowth for the dimensions the settings for
// comment systems add, under that test policy (commentConfig): class tokens (kept, and filtered),
// data-* attributes per tag (kept, and refused for their URL-like names),
// and the length of an id and of a same-document link.
func TestGrowthFeatures(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test; runs without -short")
	}
	c := commentConfig(t)
	c.Limits = policy.Limits{MaxTokenBytes: 64 << 20, MaxAttributeBytes: 32 << 20, MaxAttributes: 100_000, MaxInputBytes: 1 << 30}
	p := mustCompile(t, c)
	checkGrowth(t, p, []growthCase{
		{"class-tokens-kept", 2000, func(n int) string { return `<p class="` + strings.Repeat("note spoiler ", n) + `">x</p>` }},
		{"class-tokens-filtered", 2000, func(n int) string { return `<p class="` + repeatf("note evil%d	", n) + `">x</p>` }},
		{"class-tokens-pattern", 2000, func(n int) string { return `<pre class="` + repeatf("lang-x%d ", n) + `">x</pre>` }},
		{"data-attributes-per-tag", 1000, func(n int) string { return "<p" + repeatf(" data-a%06d=x", n) + ">x</p>" }},
		{"url-named-data-attributes", 1000, func(n int) string { return "<p" + repeatf(" data-%06d-src=x", n) + ">x</p>" }},
		{"data-attribute-name-length", 4000, func(n int) string { return "<p data-" + strings.Repeat("a-", n) + "=x>x</p>" }},
		{"id-length", 4000, func(n int) string { return `<p id="` + strings.Repeat("fn:", n) + `">x</p>` }},
		{"fragment-length", 4000, func(n int) string { return `<a href="#` + strings.Repeat("%C3%BC", n) + `">x</a>` }},
	})
}

// wideLimits is the permissive test policy with nested URL inspection
// and limits high enough that the growth inputs are processed, not
// refused.
func wideLimits(t testing.TB) *policy.Policy {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", "policies", "permissive.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c, err := policy.ParseConfig(f, "permissive.yaml")
	if err != nil {
		t.Fatal(err)
	}
	c.URLs.Nested = new(true)
	c.Add.Attributes = append(c.Add.Attributes, policy.Attribute{Name: "title"})
	c.Limits = policy.Limits{MaxDepth: 100_000, MaxTokenBytes: 64 << 20, MaxAttributeBytes: 32 << 20,
		MaxAttributes: 100_000, MaxInputBytes: 1 << 30}
	p, err := policy.Compile(c)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// repeatf writes format n times, with the count as its argument.
func repeatf(format string, n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, format, i)
	}
	return b.String()
}

// TestGrowthUnlisted is TestGrowth for elements dropped with their
// content (unlisted: drop): deep nesting of dropped elements, of one
// name and of many; many end tags of dropped elements with nothing open,
// inside and outside what is dropped; end tags a browser ignores past a
// special element; and formatting elements reopened again and again.
func TestGrowthUnlisted(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test; runs without -short")
	}
	c := policy.SanitizerAPI().Config()
	c.Limits = policy.Limits{MaxDepth: 100_000, MaxTokenBytes: 64 << 20, MaxInputBytes: 1 << 30}
	p := mustCompile(t, c)
	checkGrowth(t, p, []growthCase{
		{"nesting-one-name", 1000, func(n int) string {
			return strings.Repeat("<foo><b>", n) + "x" + strings.Repeat("</b></foo>", n) + "y"
		}},
		{"nesting-many-names", 1000, func(n int) string { return repeatf("<x-%d>", n) + "x" + repeatf("</x-%d>", n) }},
		{"unclosed-nesting", 1000, func(n int) string { return strings.Repeat("<foo><span>", n) + "x" }},
		{"unmatched-end-tags", 2000, func(n int) string { return strings.Repeat("</foo></x-a>", n) + "x" }},
		{"unmatched-end-tags-inside", 2000, func(n int) string { return "<foo>" + repeatf("</x-%d>", n) + "</foo>x" }},
		{"unmatched-end-tags-deep", 500, func(n int) string {
			return strings.Repeat("<foo>", n) + strings.Repeat("</bar>", n) + strings.Repeat("</foo>", n)
		}},
		{"end-tags-past-special", 1000, func(n int) string { return strings.Repeat("<foo><div>", n) + strings.Repeat("</foo>", n) }},
		{"reopened", 1000, func(n int) string { return strings.Repeat("<p><font>x</p>y", n) }},
		{"reopened-in-cells", 500, func(n int) string {
			return "<table><tr>" + strings.Repeat("<td><p><font><big>x</p>y", n) + "</table>"
		}},
	})
}

// growthCase is one input dimension of a growth test: gen makes the input
// of size n.
type growthCase struct {
	name string
	n    int
	gen  func(n int) string
}

// checkGrowth checks, for each case, that sanitizing under p costs time
// linear in n (growth.Check).
func checkGrowth(t *testing.T, p *policy.Policy, cases []growthCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			growth.Check(t, tc.n, tc.gen, func(in string) {
				if _, err := String(in, p); err != nil {
					t.Fatalf("String: %v", err)
				}
			})
		})
	}
}

// TestGrowthDroppedFrames: noscript, object and applet are frames under
// every policy, and inside them every element the policy does not allow
// is one too (under ugc, which unwraps unlisted elements): deep nesting,
// many names, and end tags a browser ignores past a special element stay
// linear.
func TestGrowthDroppedFrames(t *testing.T) {
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
