package sanitize_test

import (
	"fmt"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
)

// An icon and a formula kept under svg: safe and mathml: core. The
// onclick goes, the use of another document goes, and the inner mi, which
// a browser makes an HTML element (mi is a text integration point), goes
// with its tags: the policy allows mi in MathML only.
func ExampleString_svgMathML() {
	c, err := policy.PresetConfig("ugc")
	if err != nil {
		panic(err)
	}
	c.SVG, c.MathML = policy.SVGSafe, policy.MathMLCore
	p, err := policy.Compile(c)
	if err != nil {
		panic(err)
	}
	out, err := sanitize.String(`<svg viewBox="0 0 2 2"><circle r="1" onclick="x()"/><use href="https://evil.example/i.svg#a"/></svg>`+
		`<math><mi>x</mi><mo>=</mo><mi><mi>y</mi></mi></math>`, p)
	fmt.Println(out, err)
	// Output:
	// <svg viewBox="0 0 2 2"><circle r="1"/><use/></svg><math><mi>x</mi><mo>=</mo><mi>y</mi></math> <nil>
}
