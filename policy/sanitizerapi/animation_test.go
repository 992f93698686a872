package sanitizerapi_test

import (
	"testing"
)

// TestSanitizerConfigAnimation: a dictionary that lists SVG animation
// elements keeps them, with attributeName only for a harmless attribute
// (setHTML() keeps less-checked names; htmlclean never more), and
// animateMotion's attributeName as text; animateColor and discard are
// dropped with a note. {} keeps them as svg: safe does.
func TestSanitizerConfigAnimation(t *testing.T) {
	const listed = `{"elements": [{"name": "svg", "namespace": "http://www.w3.org/2000/svg"},
		{"name": "set", "namespace": "http://www.w3.org/2000/svg"},
		{"name": "animateMotion", "namespace": "http://www.w3.org/2000/svg"},
		{"name": "animateColor", "namespace": "http://www.w3.org/2000/svg"},
		{"name": "discard", "namespace": "http://www.w3.org/2000/svg"}],
		"attributes": ["attributeName", "to", "begin"]}`
	tests := []configCase{
		{"set-href", listed, `<svg><set attributeName="href" to="javascript:alert(1)" begin="0s"/></svg>`,
			`<svg><set begin="0s"/></svg>`},
		{"set-fill", listed, `<svg><set attributeName="fill" to="red" begin="0s"/></svg>`,
			`<svg><set attributeName="fill" to="red" begin="0s"/></svg>`},
		{"animatemotion-name-inert", listed, `<svg><animateMotion attributeName="href"/></svg>`,
			`<svg><animateMotion attributeName="href"/></svg>`},
		{"animatecolor-discard-dropped", listed, `<svg><animateColor/><discard/></svg>`, `<svg></svg>`},
		{"empty-config", `{}`, `<svg><animate attributeName="xlink:href"/><animateTransform attributeName="transform" type="rotate"/></svg>`,
			`<svg><animate/><animateTransform attributeName="transform" type="rotate"/></svg>`},
	}
	runConfigCases(t, tests)
}
