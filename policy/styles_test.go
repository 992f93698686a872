package policy

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/htmlclean/htmlclean/internal/rules"
)

// TestStylesRoundTrip: a policy with styles prints as YAML that loads back
// to the same policy, with style kept out of the attribute list.
func TestStylesRoundTrip(t *testing.T) {
	p, err := LoadFile(filepath.Join("..", "testdata", "policies", "comment-settings.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	c := p.Config()
	if len(c.Styles) == 0 {
		t.Fatal("Config() lost the styles")
	}
	for _, a := range c.Attributes {
		if a.Name == "style" {
			t.Errorf("style written back as an attribute: %+v", a)
		}
	}
	again, err := Load(strings.NewReader(p.String()), "printed.yaml")
	if err != nil {
		t.Fatalf("printed policy does not load: %v\n%s", err, p.String())
	}
	if diff := cmp.Diff(c, again.Config()); diff != "" {
		t.Errorf("round trip changed the policy (-first +again):\n%s", diff)
	}
}

// TestStyleRules: the value grammars and the per-element lists, through
// the Go API.
func TestStyleRules(t *testing.T) {
	p, err := Compile(Config{
		Elements: []string{"p", "span"},
		Styles: []Style{
			{Property: "color", Values: "color"},
			{Property: "margin", Values: "lengths", On: []string{"p"}},
			{Property: "width", Values: "length"},
			{Property: "line-height", Values: "number"},
			{Property: "text-align", Keywords: []string{"left", "center"}},
			{Property: "text-align", Keywords: []string{"right"}}, // a second rule: either
			{Property: "font-family", Match: `[a-z ,]+`},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	style := func(el string) *rules.Attr { return p.r.Elements[el].Attr("style") }
	for _, c := range []struct {
		el, prop, value string
		want            bool
	}{
		{"p", "color", "red", true},
		{"p", "color", "#abc", true},
		{"p", "color", "#abcd", true},
		{"p", "color", "#aabbcc80", true},
		{"p", "color", "rgb(1, 2, 3)", true},
		{"p", "color", "rgb(1 2 3 / 50%)", true},
		{"p", "color", "hsla(120, 50%, 50%, 0.5)", true},
		{"p", "color", "INHERIT", true},
		{"p", "color", "#abcde", false},
		{"p", "color", "url(x)", false},
		{"p", "color", "expression(alert(1))", false},
		{"p", "color", "red blue", false},
		{"p", "margin", "0", true},
		{"p", "margin", "1px 2em 3% 4rem", true},
		{"p", "margin", "1px 2px 3px 4px 5px", false},
		{"p", "margin", "1", false},
		{"span", "margin", "0", false},
		{"p", "width", "-1.5em", true},
		{"p", "width", "1e3px", false},
		{"p", "line-height", "1.5", true},
		{"p", "line-height", "1.5px", false},
		{"p", "text-align", "LEFT", true},
		{"p", "text-align", "right", true},
		{"p", "text-align", "justify", false},
		{"p", "font-family", "arial, serif", true},
		{"p", "font-family", "Arial", false}, // match is as written: case counts
		{"p", "position", "static", false},
	} {
		if got := style(c.el).AllowsDeclaration(c.prop, c.value); got != c.want {
			t.Errorf("%s %s: %q: got %v, want %v", c.el, c.prop, c.value, got, c.want)
		}
	}
	// The second stage's pattern: the whole attribute.
	for v, want := range map[string]bool{
		"color: red; text-align: left":   true,
		" COLOR : red ; ; margin: 0 ;  ": true,
		"":                               true,
		"color: red; position: fixed":    false,
		"color: red !important":          false,
		"color: red; margin: 0":          true,
	} {
		if got := style("p").Allows(v); got != want {
			t.Errorf("p style %q: Allows = %v, want %v", v, got, want)
		}
	}
	if style("span").Allows("margin: 0") {
		t.Error("span allows margin")
	}
	if !style("p").PerProperty() || p.r.Elements["span"].Attr("title") != nil {
		t.Error("PerProperty or the attribute list is wrong")
	}
}

// TestStyleErrorsGoAPI: Compile names the field of each mistake.
func TestStyleErrorsGoAPI(t *testing.T) {
	_, err := Compile(Config{Elements: []string{"p"}, Styles: []Style{
		{Property: "color"},
		{Property: "behavior", Match: ".*"},
		{Property: "color", Values: "color", On: []string{"b"}},
	}})
	for _, field := range []string{"styles[0]", "styles[1].property", "styles[2].on[0]"} {
		if err == nil || !strings.Contains(err.Error(), field+":") {
			t.Errorf("no error naming %s in %v", field, err)
		}
	}
}
