package sanitizerapi_test

import (
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/rules"
	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/policy/sanitizerapi"
)

// TestTopLayerSanitizerConfig: a dictionary that keeps the top-layer
// attributes maps to a Config that lists them, with a note that each is
// dropped, and compiles to rules that drop them unless AllowTopLayer is
// set; the dictionary a policy exports leaves them out unless it is.
// The per-element lists of a dictionary are held to the same rule
// (TestTopLayerSanitizerElements).
func TestTopLayerSanitizerConfig(t *testing.T) {
	sc, err := sanitizerapi.Parse([]byte(`{"elements":["div","button"],"attributes":["popover","popovertarget","popovertargetaction","command","commandfor","interestfor"]}`))
	if err != nil {
		t.Fatal(err)
	}
	c, notes := sc.PolicyConfig()
	joined := strings.Join(notes, "\n")
	for _, name := range []string{"popover", "popovertarget", "popovertargetaction", "interestfor", "command"} {
		if !strings.Contains(joined, `"`+name+`"`) || !strings.Contains(joined, "AllowTopLayer") {
			t.Errorf("no top-layer note for %s in %q", name, joined)
		}
	}
	for _, allow := range []bool{false, true} {
		c.AllowTopLayer = allow
		p, err := policy.Compile(c)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"popover", "popovertarget", "interestfor", "command"} {
			if r := rulesOf(p).Elements["button"].Attrs[name]; r == nil || r.TopLayer == allow {
				t.Errorf("allow=%v: %s rule %+v", allow, name, r)
			}
		}
		if r := rulesOf(p).Elements["button"].Attrs["commandfor"]; r == nil || r.TopLayer {
			t.Errorf("commandfor rule %+v", r)
		}
		out := sanitizerapi.Export(p)
		var kept []string
		for _, n := range out.Attributes {
			kept = append(kept, n.Name)
		}
		for _, e := range out.Elements {
			for _, n := range e.Attributes {
				kept = append(kept, n.Name)
			}
		}
		all := "," + strings.Join(kept, ",") + ","
		for _, name := range []string{"popover", "popovertarget", "popovertargetaction", "interestfor"} {
			if strings.Contains(all, ","+name+",") != allow {
				t.Errorf("allow=%v: exported attributes %v", allow, kept)
			}
		}
	}
}

// TestTopLayerSanitizerElements: top-layer attributes a dictionary
// allows on one element, or on every element without an attributes
// list, compile to rules that drop them.
func TestTopLayerSanitizerElements(t *testing.T) {
	for _, js := range []string{
		`{"elements":[{"name":"div","attributes":["popover"]},{"name":"button","attributes":["popovertarget","command","interestfor"]}]}`,
		`{"elements":["div","button"]}`,
		`{}`,
	} {
		p, err := sanitizerapi.Compile([]byte(js))
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, el := range rulesOf(p).Elements {
			for name, r := range el.Attrs {
				if _, top := rules.TopLayerAttr(name); top {
					n++
					if !r.TopLayer {
						t.Errorf("%s: %s on %s is kept", js, name, el.Name)
					}
				}
			}
		}
		if n == 0 {
			t.Errorf("%s: no top-layer attribute allowed: the test checks nothing", js)
		}
	}
}
