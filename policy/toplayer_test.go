package policy

import (
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/rules"
)

// TestTopLayerRules: a policy that lists a top-layer attribute compiles
// its rule marked to be dropped, and String notes it; allow_top_layer
// leaves the rule unmarked, String warns, and the setting survives a
// round trip through String.
func TestTopLayerRules(t *testing.T) {
	base := "extends: basic\nadd:\n  elements: [button, div]\n  attributes:\n"
	for _, e := range rules.TopLayer {
		if KindOf(e.Name) == KindUnknown {
			base += "    - {name: " + e.Name + ", kind: text}\n"
		} else {
			base += "    - {name: " + e.Name + "}\n"
		}
	}
	for _, allow := range []bool{false, true} {
		src := base
		if allow {
			src += "allow_top_layer: true\n"
		}
		p, err := Load(strings.NewReader(src), "t.yaml")
		if err != nil {
			t.Fatal(err)
		}
		s := p.String()
		for _, e := range rules.TopLayer {
			r := p.r.Elements["button"].Attrs[e.Name]
			if r == nil || r.TopLayer == allow {
				t.Errorf("allow=%v: %s rule %+v", allow, e.Name, r)
			}
			want := "# note: " + e.Name
			if allow {
				want = "# warning: allow_top_layer keeps "
			}
			if !strings.Contains(s, want) || !strings.Contains(s, e.Does) {
				t.Errorf("allow=%v: String lacks %q for %s:\n%s", allow, want, e.Name, s)
			}
		}
		again, err := Load(strings.NewReader(s), "again.yaml")
		if err != nil {
			t.Fatal(err)
		}
		if again.Config().AllowTopLayer != allow {
			t.Errorf("allow=%v lost in String:\n%s", allow, s)
		}
	}
}

// TestTopLayerSanitizerConfig: a dictionary that keeps the top-layer
// attributes maps to a Config that lists them, with a note that each is
// dropped, and compiles to rules that drop them unless AllowTopLayer is
// set; the dictionary a policy exports leaves them out unless it is.
// The per-element lists of a dictionary are held to the same rule
// (TestTopLayerSanitizerElements).
func TestTopLayerSanitizerConfig(t *testing.T) {
	sc, err := ParseSanitizerConfig([]byte(`{"elements":["div","button"],"attributes":["popover","popovertarget","popovertargetaction","command","commandfor","interestfor"]}`))
	if err != nil {
		t.Fatal(err)
	}
	c, notes := sc.Config()
	joined := strings.Join(notes, "\n")
	for _, name := range []string{"popover", "popovertarget", "popovertargetaction", "interestfor", "command"} {
		if !strings.Contains(joined, `"`+name+`"`) || !strings.Contains(joined, "AllowTopLayer") {
			t.Errorf("no top-layer note for %s in %q", name, joined)
		}
	}
	for _, allow := range []bool{false, true} {
		c.AllowTopLayer = allow
		p, err := Compile(c)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"popover", "popovertarget", "interestfor", "command"} {
			if r := p.r.Elements["button"].Attrs[name]; r == nil || r.TopLayer == allow {
				t.Errorf("allow=%v: %s rule %+v", allow, name, r)
			}
		}
		if r := p.r.Elements["button"].Attrs["commandfor"]; r == nil || r.TopLayer {
			t.Errorf("commandfor rule %+v", r)
		}
		out := p.SanitizerConfig()
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
		p, err := FromSanitizerConfig([]byte(js))
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, el := range p.r.Elements {
			for name, r := range el.Attrs {
				if isTopLayer(name) {
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
