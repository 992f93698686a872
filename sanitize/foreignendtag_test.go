package sanitize

import "testing"

// TestForeignEndTagBreakout: "</p>" and "</br>" in SVG or MathML end the
// foreign content, as a breakout start tag does (HTML §13.2.6.5), so what
// follows is HTML: a <title> after them is the HTML title (raw text,
// dropped), never an SVG title kept in place.
func TestForeignEndTagBreakout(t *testing.T) {
	runCases(t, preset(t, "sanitizer-api"), []sanitizeCase{
		{"p-then-title", `<svg></p><title>x</title></svg>`, `<svg></svg><p></p>`}, // "</p>" then in body: an empty p
		{"br-not-allowed", `<svg></br><title>x</title>`, `<svg></svg><br>`},
		{"nested", `<svg><g></p><circle r="1"/></g></svg>`, `<svg><g></g></svg><p></p>`},
		{"closes-p", `<p><svg></p>x</svg>`, `<p><svg></svg></p>x`},
		{"math", `<math><mi>x</mi></p><mtext>y</mtext></math>`, `<math><mi>x</mi></math><p></p>`}, // an HTML mtext: unlisted, dropped
		{"integration-point", `<svg><desc></p>d</desc></svg>`, `<svg><desc>d</desc></svg>`},
	})
}

// TestForbiddenForeignDropped: a forbidden MathML or SVG element goes
// with its content where unlisted elements do (the sanitizer-api
// preset, as setHTML() removes it), and loses only its tags where they
// are unwrapped.
func TestForbiddenForeignDropped(t *testing.T) {
	in := `<math><maction>x<mtext>y</mtext></maction><mi>z</mi></math>`
	runCases(t, preset(t, "sanitizer-api"), []sanitizeCase{{"drop", in, `<math><mi>z</mi></math>`}})
	runCases(t, mustPolicy(t, "extends: ugc\nmathml: core\n"), []sanitizeCase{{"unwrap", in, `<math>x<mtext>y</mtext><mi>z</mi></math>`}})
}
