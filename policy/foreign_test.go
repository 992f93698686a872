package policy

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/htmlclean/htmlclean/internal/rules"
)

// TestForeignSets: svg: safe and mathml: core allow their elements in
// their namespace only, with their attributes on them and nowhere else,
// and remove edits them like any list.
func TestForeignSets(t *testing.T) {
	p, err := Load(strings.NewReader("extends: ugc\nsvg: safe\nmathml: core\nremove:\n  elements: [\"svg:use\"]\n  attributes: [{name: fill, on: [\"svg:rect\"]}]\n"), "p.yaml")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		ns               rules.Namespace
		el, attr         string
		wantEl, wantAttr bool // want the element, the attribute
	}{
		{rules.NSSVG, "svg", "viewbox", true, true},
		{rules.NSSVG, "path", "fill", true, true},
		{rules.NSSVG, "rect", "fill", true, false},
		{rules.NSSVG, "use", "href", false, false},
		{rules.NSSVG, "textpath", "href", true, true},
		{rules.NSSVG, "circle", "onclick", true, false},
		{rules.NSSVG, "foreignobject", "", false, false},
		{rules.NSMathML, "mo", "stretchy", true, true},
		{rules.NSMathML, "math", "display", true, true},
		{rules.NSMathML, "mi", "href", true, false},
		{rules.NSMathML, "annotation-xml", "", false, false},
		{rules.NSHTML, "p", "fill", true, false},
		{rules.NSHTML, "circle", "", false, false},
		{rules.NSHTML, "mi", "", false, false},
	}
	for _, tc := range tests {
		el := p.r.ElementIn(tc.ns, tc.el)
		if (el != nil) != tc.wantEl {
			t.Errorf("%s %s allowed = %v, want %v", tc.ns, tc.el, el != nil, tc.wantEl)
			continue
		}
		if el != nil && tc.attr != "" && (el.Attr(tc.attr) != nil) != tc.wantAttr {
			t.Errorf("%s %s: %s allowed = %v, want %v", tc.ns, tc.el, tc.attr, el.Attr(tc.attr) != nil, tc.wantAttr)
		}
		if el != nil && (el.Name != tc.el || el.NS != tc.ns) {
			t.Errorf("ElementIn(%s, %s) = %s in %s", tc.ns, tc.el, el.Name, el.NS)
		}
	}
}

// TestForeignRoundTrip: a policy with the sets and prefixed names prints
// as a file that loads to the same policy.
func TestForeignRoundTrip(t *testing.T) {
	p, err := LoadFile(filepath.Join("..", "testdata", "policies", "foreign.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(p.String(), "svg: safe") || !strings.Contains(p.String(), "svg:foreignobject") {
		t.Errorf("String() lacks the SVG settings:\n%s", p)
	}
	again, err := Load(strings.NewReader(p.String()), "again.yaml")
	if err != nil {
		t.Fatalf("printed policy does not load: %v\n%s", err, p)
	}
	if diff := cmp.Diff(p.Config(), again.Config(), cmp.AllowUnexported(Config{})); diff != "" {
		t.Errorf("round trip changed the policy (-want +got):\n%s", diff)
	}
}

// TestForeignSettingErrors: the set names and the places names go are
// checked where they were written.
func TestForeignSettingErrors(t *testing.T) {
	tests := []struct{ name, file, field string }{
		{"svg-value", "svg: full\n", "svg"},
		{"mathml-value", "mathml: all\n", "mathml"},
		{"bare-on", "elements: [\"svg:svg\"]\nattributes: [{name: viewbox, on: [svg]}]\n", "attributes[0].on[0]"},
		{"bare-class-on", "elements: [\"svg:svg\"]\nclasses: [{on: [circle], tokens: [x]}]\n", "classes[0].on[0]"},
		{"bare-drop", "drop: [mi]\n", "drop[0]"},
		{"forbidden-drop", "drop: [\"svg:script\"]\n", "drop[0]"},
		{"unknown-prefixed", "elements: [\"svg:blink\"]\n", "elements[0]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(strings.NewReader(tc.file), "p.yaml")
			var ce *ConfigError
			if !errors.As(err, &ce) || ce.Field != tc.field {
				t.Errorf("Load(%q) = %v, want an error at %s", tc.file, err, tc.field)
			}
		})
	}
}
