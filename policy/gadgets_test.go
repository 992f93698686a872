package policy

import (
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/rules"
)

// gadgetName is an attribute name rules.Gadgets makes a trigger: the
// entry's name, or one under its prefix.
func gadgetName(g rules.GadgetEntry) string {
	if g.Prefix {
		return g.Name + "click"
	}
	return g.Name
}

// TestWildcardLeavesOutGadgets: data-* and a narrower wildcard allow no
// script-gadget trigger of rules.Gadgets, one test per entry.
func TestWildcardLeavesOutGadgets(t *testing.T) {
	p := mustParse(t, `
extends: basic
add:
  elements: [p]
  attributes:
    - {name: "data-*", on: [p]}
    - {name: "data-hx-*", on: [p]}
    - {name: "data-ng-*", on: [p]}
`)
	if r := p.r.Elements["p"].Attr("data-note"); r == nil {
		t.Fatal("data-note on p: not allowed, want allowed by data-*")
	}
	for _, g := range rules.Gadgets {
		name := gadgetName(g)
		t.Run(name, func(t *testing.T) {
			if r := p.r.Elements["p"].Attr(name); r != nil {
				t.Errorf("%s (%s) allowed on p by a wildcard", name, g.Library)
			}
		})
	}
	if s := p.String(); !strings.Contains(s, "# warning: data-hx-* admits nothing") ||
		!strings.Contains(s, "# warning: data-ng-* admits nothing") {
		t.Errorf("String() has no warning for the wildcards that admit nothing:\n%s", s)
	}
}

// TestNamedGadgetWarns: a trigger named by an exact entry is allowed,
// and String warns about it in a comment; a policy without one has no
// warning.
func TestNamedGadgetWarns(t *testing.T) {
	for _, g := range rules.Gadgets {
		name := gadgetName(g)
		t.Run(name, func(t *testing.T) {
			kind := "text"
			if rules.URLish(name) {
				kind = "url" // data-action: a name like a URL's takes a URL kind
			}
			p := mustParse(t, "extends: basic\nadd:\n  elements: [p]\n  attributes:\n    - {name: \""+name+"\", kind: "+kind+", on: [p]}\n")
			if r := p.r.Elements["p"].Attr(name); r == nil {
				t.Fatalf("%s named on p: not allowed", name)
			}
			want := "# warning: " + name + " is a " + g.Library + " script-gadget trigger"
			s := p.String()
			if !strings.Contains(s, want) {
				t.Errorf("String() lacks %q:\n%s", want, s)
			}
			if _, err := ParseConfig(strings.NewReader(s), "printed"); err != nil {
				t.Errorf("String() with the warning does not read back: %v", err)
			}
		})
	}
	for _, name := range Presets() {
		p, err := Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(p.String(), "script-gadget") {
			t.Errorf("preset %s: String() warns of a script gadget", name)
		}
	}
}

func mustParse(t *testing.T, yml string) *Policy {
	t.Helper()
	c, err := ParseConfig(strings.NewReader(yml), "test.yaml")
	if err != nil {
		t.Fatal(err)
	}
	p, err := Compile(c)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestPresetsHaveNoWildcardOrWholeStyle: the presets allow no data-*
// wildcard and no style attribute whole, so neither the script-gadget
// check nor the overlay check is on their path.
func TestPresetsHaveNoWildcardOrWholeStyle(t *testing.T) {
	for _, name := range Presets() {
		p, err := Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, el := range p.r.Elements {
			if len(el.Wild) > 0 {
				t.Errorf("preset %s: %s has data-* wildcards", name, el.Name)
			}
			if r := el.Attrs["style"]; r != nil && !r.PerProperty() {
				t.Errorf("preset %s: %s allows style whole", name, el.Name)
			}
		}
	}
}
