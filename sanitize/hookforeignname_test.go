package sanitize

import (
	"slices"
	"testing"

	"github.com/htmlclean/htmlclean/policy"
)

// TestElementHookForeignName: the element hook is told an SVG or MathML
// element's name as a policy names it, with its prefix ("svg:circle"),
// so that a hook written for svg:title does not act on an HTML title
// and the reverse.
func TestElementHookForeignName(t *testing.T) {
	t.Parallel()
	var seen []string
	c := policy.UGC().Config()
	c.SVG = policy.SVGSafe
	c.Hooks.Element = func(e policy.ElementContext) policy.ElementAction {
		seen = append(seen, e.Name)
		if e.Name == "svg:circle" {
			return policy.Drop
		}
		return policy.Keep
	}
	got, err := String(`<p>a</p><svg><circle r="1"></circle><rect></rect></svg>`, mustCompile(t, c))
	if err != nil {
		t.Fatal(err)
	}
	if want := `<p>a</p><svg><rect></rect></svg>`; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
	if want := []string{"p", "svg:svg", "svg:circle", "svg:rect"}; !slices.Equal(seen, want) {
		t.Errorf("hook saw %q, want %q", seen, want)
	}
}
