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
