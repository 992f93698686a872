package sanitize

import (
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/policy"
)

// harmlessAnimated are the attributeName values the tests accept on a
// kept animation: an independent, shorter list than the pass's.
var harmlessAnimated = map[string]bool{
	"fill": true, "stroke": true, "opacity": true, "transform": true, "r": true,
	"x": true, "y": true, "width": true, "height": true, "d": true, "stroke-dashoffset": true,
	"stroke-dasharray": true, "visibility": true,
}

func svgSafe(tb testing.TB, prefix string) *policy.Policy {
	tb.Helper()
	// Same-document references are relative: written out, as the
	// default refuses them.
	c := policy.Config{SVG: policy.SVGSafe, URLs: policy.URLs{Relative: "allow"}}
	c.IDs.Prefix = prefix
	p, err := policy.Compile(c)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// TestAnimationCannotTargetScript: an animation that names a link, an
// event handler, style or anything off the animatable list loses its
// attributeName and the values with it; it never writes script or a
// remote URL into an attribute.
func TestAnimationCannotTargetScript(t *testing.T) {
	p := svgSafe(t, "")
	tests := []struct{ name, in, want string }{
		{"animate-href-in-link", `<svg><a><animate attributeName=href values=javascript:alert(1) /><text>x</text></a></svg>`,
			`<svg><animate/><text>x</text></svg>`},
		{"set-xlink-href", `<svg><set attributeName=xlink:href to=javascript:alert(1) /></svg>`, `<svg><set/></svg>`},
		{"upper-case-href", `<svg><set attributeName=HREF to=javascript:alert(1) /></svg>`, `<svg><set/></svg>`},
		{"spaced-href", `<svg><set attributeName=" href " to="javascript:alert(1)"/></svg>`, `<svg><set/></svg>`},
		{"onbegin", `<svg><animate onbegin="alert(1)" attributeName="fill" to="red"/></svg>`,
			`<svg><animate attributeName="fill" to="red"/></svg>`},
		{"set-onclick", `<svg><set attributeName=onclick to=alert(1) /></svg>`, `<svg><set/></svg>`},
		{"values-before-name", `<svg><animate values="javascript:alert(1)" attributeName="href"/></svg>`, `<svg><animate/></svg>`},
		{"style", `<svg><set attributeName="style" to="background:url(https://evil.example/)"/></svg>`, `<svg><set/></svg>`},
		{"class", `<svg><animateTransform attributeName="class" from="a" to="b"/></svg>`, `<svg><animateTransform/></svg>`},
		{"remote-paint", `<svg><animate attributeName="fill" values="red;url(https://evil.example/p.svg#g)"/></svg>`,
			`<svg><animate attributeName="fill"/></svg>`},
		{"escaped-url", `<svg><set attributeName="fill" to="u\72l(https://evil.example/)"/></svg>`,
			`<svg><set attributeName="fill"/></svg>`},
		{"css-attribute-type", `<svg><set attributeName="fill" attributeType="CSS" to="red"/></svg>`,
			`<svg><set attributeName="fill" to="red"/></svg>`},
		{"href-other-document", `<svg><animate href="https://evil.example/x.svg#a" attributeName="fill" to="red"/></svg>`,
			`<svg><animate attributeName="fill" to="red"/></svg>`},
		{"animatecolor-dropped", `<svg><animateColor attributeName="fill" to="red"/></svg>`, `<svg></svg>`},
		{"discard-dropped", `<svg><discard href="#page"/></svg>`, `<svg></svg>`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := String(tc.in, p)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("String(%q) = %q, want %q", tc.in, got, tc.want)
			}
			for _, pr := range namespaceProblems(got, p) {
				t.Errorf("String(%q) = %q: %s", tc.in, got, pr)
			}
			if again, _ := String(got, p); again != got {
				t.Errorf("not a fixed point: %q, again %q", got, again)
			}
		})
	}
}

// TestAnimationKept: a loading spinner and a colour pulse, as icon sets
// write them, come out as they went in under svg: safe; animateMotion's
// attributeName, which it ignores, stays as text.
func TestAnimationKept(t *testing.T) {
	p := svgSafe(t, "")
	for _, in := range []string{
		`<svg viewBox="0 0 24 24"><path d="M12 2a10 10 0 0 1 10 10"><animateTransform attributeName="transform" type="rotate" from="0 12 12" to="360 12 12" dur="1s" repeatCount="indefinite"/></path></svg>`,
		`<svg><circle r="3"><animate attributeName="opacity" values="1;0.2;1" dur="2s" begin="0s" repeatCount="indefinite"/><set attributeName="fill" to="red" begin="click"/></circle></svg>`,
		`<svg><path d="M0 0L10 10"/><circle r="1"><animateMotion dur="3s" attributeName="href"><mpath href="#p"/></animateMotion></circle></svg>`,
		`<svg><rect width="1" height="1"><animate attributeName="fill" attributeType="XML" values="url(#a);url(&quot;#b&quot;)" dur="1s"/></rect></svg>`,
	} {
		got, err := String(in, p)
		if err != nil {
			t.Fatal(err)
		}
		if got != in {
			t.Errorf("String(%q) = %q, want it unchanged", in, got)
		}
	}
}

// TestAnimationUnderIDPrefix: a paint reference in an animated value is
// dropped where ids are prefixed, for the pass does not rename it; the
// target href is renamed as any SVG reference is.
func TestAnimationUnderIDPrefix(t *testing.T) {
	p := svgSafe(t, "user-content-")
	in := `<svg><set href="#c" attributeName="fill" to="url(#g)"/><set href="#c" attributeName="fill" to="red"/></svg>`
	want := `<svg><set href="#user-content-c" attributeName="fill"/><set href="#user-content-c" attributeName="fill" to="red"/></svg>`
	if got, err := String(in, p); err != nil || got != want {
		t.Errorf("String(%q) = %q, %v, want %q", in, got, err, want)
	}
}

// TestGrowthAnimation: the url( search over an animated value and the
// whole-tag check of an animation's attributes run in time linear in
// the value's length and the number of attributes.
func TestGrowthAnimation(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test; runs without -short")
	}
	c := policy.Config{SVG: policy.SVGSafe}
	c.Limits = policy.Limits{MaxTokenBytes: 64 << 20, MaxAttributeBytes: 32 << 20, MaxAttributes: 100_000, MaxInputBytes: 1 << 30}
	p := mustCompile(t, c)
	checkGrowth(t, p, []growthCase{
		{"same-document-paint", 2000, func(n int) string {
			return `<svg><animate attributeName="fill" values="` + strings.Repeat("url(#a);", n) + `"/></svg>`
		}},
		{"url-prefixes", 2000, func(n int) string {
			return `<svg><animate attributeName="fill" values="` + strings.Repeat("uRl", n) + `"/></svg>`
		}},
		{"dropped-values", 1000, func(n int) string {
			return `<svg><set` + repeatf(" a%06d=x", n) + strings.Repeat(` to=x`, n) + ` attributeName=href></svg>`
		}},
	})
}
