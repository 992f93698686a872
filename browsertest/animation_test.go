//go:build browser

package browsertest

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/policy/sanitizerapi"
	"github.com/htmlclean/htmlclean/sanitize"
)

// animationVectors aim SVG animation at what runs script: href and
// xlink:href in every case and spacing, event handlers, and the
// animation's own event attributes, in links and aimed at other
// elements.
var animationVectors = []Vector{
	{ID: "animate-href-values", HTML: `<svg><a><animate attributeName=href values=javascript:alert(1) /><text x=20 y=20>x</text></a></svg>`},
	{ID: "set-xlink-href", HTML: `<svg><a><set attributeName=xlink:href to=javascript:alert(1) begin=0s /><text x=20 y=20>x</text></a></svg>`},
	{ID: "set-upper-href", HTML: `<svg><a><set attributeName=HREF to=javascript:alert(1) begin=0s /><text x=20 y=20>x</text></a></svg>`},
	{ID: "animate-onbegin", HTML: `<svg><animate onbegin=alert(1) attributeName=x dur=1s /></svg>`},
	{ID: "set-onclick", HTML: `<svg><rect width=100 height=100><set attributeName=onclick to=alert(1) begin=0s /></rect></svg>`},
	{ID: "set-onload", HTML: `<svg><set attributeName=onload to=alert(1) begin=0s /></svg>`},
	{ID: "animate-target-href", HTML: `<svg><animate href=#a attributeName=href to=javascript:alert(1) dur=1ms fill=freeze /><a id=a><text x=20 y=20>x</text></a></svg>`},
	{ID: "animatetransform-href", HTML: `<svg><a><animateTransform attributeName=href from=javascript:alert(1) to=javascript:alert(1) dur=1ms fill=freeze /><text x=20 y=20>x</text></a></svg>`},
	{ID: "set-style", HTML: `<svg><rect width=10 height=10><set attributeName=style to="background:url(javascript:alert(1))" begin=0s /></rect></svg>`},
}

// TestAnimationInChromium: the animation controls (which run script
// unsanitised, TestControls) and animationVectors, sanitised under the
// SVG test policies and a dictionary listing the animation elements and
// their attributes, never execute in Chromium.
func TestAnimationInChromium(t *testing.T) {
	cs, err := loadControls()
	if err != nil {
		t.Fatal(err)
	}
	vectors := append([]Vector(nil), animationVectors...)
	for _, c := range cs {
		if strings.Contains(c.HTML, "<animate") || strings.Contains(c.HTML, "<set") {
			vectors = append(vectors, Vector{ID: "control/" + c.ID, HTML: c.HTML})
		}
	}
	policies := map[string]*policy.Policy{}
	for _, name := range []string{"foreign", "svg"} {
		p, err := policy.LoadFile(filepath.Join("..", "testdata", "policies", name+".yaml"))
		if err != nil {
			t.Fatal(err)
		}
		policies[name] = p
	}
	p, err := sanitizerapi.Compile([]byte(`{"elements": [{"name": "svg", "namespace": "http://www.w3.org/2000/svg"},
		{"name": "a", "namespace": "http://www.w3.org/2000/svg"}, {"name": "rect", "namespace": "http://www.w3.org/2000/svg"},
		{"name": "text", "namespace": "http://www.w3.org/2000/svg"}, {"name": "animate", "namespace": "http://www.w3.org/2000/svg"},
		{"name": "set", "namespace": "http://www.w3.org/2000/svg"}, {"name": "animateTransform", "namespace": "http://www.w3.org/2000/svg"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	policies["dictionary"] = p
	for name, p := range policies {
		t.Run(name, func(t *testing.T) {
			runStage(t, name, func(s string) (string, error) { return sanitize.String(s, p) }, vectors)
		})
	}
}
