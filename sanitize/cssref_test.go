package sanitize

import (
	"strings"
	"testing"
)

// TestCSSReferencesUnderPrefix: under ids.prefix a url(#id) in an SVG
// presentation attribute or a style names the prefixed id, so an
// author's gradient or clip path still applies and none of the page's
// own can; a reference the rewrite cannot spell plainly drops the value.
func TestCSSReferencesUnderPrefix(t *testing.T) {
	p := mustPolicy(t, `extends: ugc
svg: safe
ids: {prefix: "u-"}
styles:
  - {property: fill, on: [span], match: "url\\(#[a-z0-9-]+\\)"}
`)
	for _, tc := range []struct{ in, want string }{
		{`<svg><rect fill="url(#g)"/></svg>`, `fill="url(#u-g)"`},
		{`<svg><rect clip-path="url( '#c' )"/></svg>`, `clip-path="url(#u-c)"`},
		{`<svg><rect mask="url(#u-m)"/></svg>`, `mask="url(#u-m)"`},
		{`<svg><rect stroke="url(#h\31)"/></svg>`, `stroke="url(#u-h1)"`},
		{`<svg><rect fill="url(#g) red"/></svg>`, `fill="url(#u-g) red"`},
		{`<svg><rect filter="url(&quot;#a b&quot;)"/></svg>`, `<rect/>`},
		{`<svg><rect fill="url(#caf%C3%A9)"/></svg>`, `<rect/>`},
		{`<svg><rect fill="red"/></svg>`, `fill="red"`},
		{`<span style="fill: url(#g)">x</span>`, `style="fill: url(#u-g)"`},
	} {
		got, err := String(tc.in, p)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(got, tc.want) {
			t.Errorf("String(%q) = %q, want it to hold %q", tc.in, got, tc.want)
		}
		if strings.Contains(got, "url(#") && !strings.Contains(got, "url(#u-") {
			t.Errorf("String(%q) = %q: a reference outside the prefix", tc.in, got)
		}
	}
}
