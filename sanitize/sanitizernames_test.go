package sanitize

import (
	"testing"

	"github.com/htmlclean/htmlclean/policy/sanitizerapi"
)

// TestSanitizerConfigNamespacedNames: what a SanitizerConfig's names
// keep, as setHTML() keeps it. "xlink:href" without a namespace is the
// attribute <p xlink:href> has, in no namespace, and not the XLink href
// the parser gives <svg xlink:href>; {"name": "href", "namespace":
// XLink} is that one only. Names are case-sensitive: viewbox is not the
// SVG attribute the parser names viewBox. Without a comments member,
// setHTML() keeps no comment.
func TestSanitizerConfigNamespacedNames(t *testing.T) {
	const (
		svg   = `{"name": "svg", "namespace": "http://www.w3.org/2000/svg"}`
		use   = `{"name": "use", "namespace": "http://www.w3.org/2000/svg"}`
		xlink = `{"name": "href", "namespace": "http://www.w3.org/1999/xlink"}`
	)
	for _, c := range []struct{ name, cfg, in, want string }{
		{"bare xlink:href on HTML", `{"elements": ["p", ` + svg + `], "attributes": ["xlink:href"]}`,
			`<p xlink:href="https://x.example/a">a</p>`, `<p xlink:href="https://x.example/a">a</p>`},
		{"bare xlink:href URL checked", `{"elements": ["p"], "attributes": ["xlink:href"]}`,
			`<p xlink:href="javascript:alert(1)">a</p>`, `<p>a</p>`},
		{"bare xlink:href not on SVG", `{"elements": [` + svg + `, ` + use + `], "attributes": ["xlink:href"]}`,
			`<svg><use xlink:href="#a"></use></svg>`, `<svg><use></use></svg>`},
		{"XLink href not on HTML", `{"elements": ["p", ` + svg + `, ` + use + `], "attributes": [` + xlink + `]}`,
			`<p xlink:href="#a">a</p><svg><use xlink:href="#a"></use></svg>`, `<p>a</p><svg><use xlink:href="#a"></use></svg>`},
		{"bare xml:lang and xmlns on HTML", `{"elements": ["p"], "attributes": ["xml:lang", "xmlns"]}`,
			`<p xml:lang="en" xmlns="http://www.w3.org/1999/xhtml">a</p>`, `<p xml:lang="en" xmlns="http://www.w3.org/1999/xhtml">a</p>`},
		{"viewBox as the parser names it", `{"elements": [` + svg + `], "attributes": ["viewBox"]}`,
			`<svg viewbox="0 0 1 1"></svg>`, `<svg viewbox="0 0 1 1"></svg>`},
		{"viewbox matches nothing", `{"elements": [` + svg + `], "attributes": ["viewbox"]}`,
			`<svg viewbox="0 0 1 1"></svg>`, `<svg></svg>`},
		{"no comments member", `{"elements": ["p"]}`, `<p>a<!--x-->b</p>`, `<p>ab</p>`},
		{"empty dictionary", `{}`, `<p>a<!--x-->b</p>`, `<p>ab</p>`},
		{"comments true", `{"elements": ["p"], "comments": true}`, `<p>a<!--x-->b</p>`, `<p>a<!--x-->b</p>`},
		{"default preset", `"default"`, `<p lang="en">a<!--x--><b onclick="x()">b</b></p>`, `<p lang="en">a<b>b</b></p>`},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, err := sanitizerapi.Compile([]byte(c.cfg))
			if err != nil {
				t.Fatal(err)
			}
			got, err := String(c.in, p)
			if err != nil {
				t.Fatal(err)
			}
			if got != c.want {
				t.Errorf("%s with %s:\n got %s\nwant %s", c.in, c.cfg, got, c.want)
			}
		})
	}
}
