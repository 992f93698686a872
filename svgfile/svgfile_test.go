package svgfile_test

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
	"github.com/htmlclean/htmlclean/svgfile"
)

const decl = `<?xml version="1.0" encoding="UTF-8"?>` + "\n"

func TestString(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"html-syntax-to-xml", `<SVG VIEWBOX="0 0 2 2"><rect width=2 height=2 /></SVG>`,
			`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><rect width="2" height="2"/></svg>`},
		{"prolog-dropped", `<?xml version="1.0" encoding="utf-8" standalone="no"?>` + "\n" +
			`<!-- Generator: x -->` + "\n" + `<?xml-stylesheet href="a.css"?>` + "\n" +
			`<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">` + "\n" +
			`<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"/></svg>`,
			`<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"/></svg>`},
		{"entities-resolved", `<svg><text>a&nbsp;b &amp; &#x41;&#66; &lt;&gt; &quot;</text></svg>`,
			"<svg xmlns=\"http://www.w3.org/2000/svg\"><text>a\u00a0b &amp; AB &lt;&gt; \"</text></svg>"},
		{"svg-case", `<svg><lineargradient id="g" gradientunits="userSpaceOnUse"/><clippath id="c"/><rect fill="url(#g)" clip-path="url(#c)"/></svg>`,
			`<svg xmlns="http://www.w3.org/2000/svg"><linearGradient id="g" gradientUnits="userSpaceOnUse"/><clipPath id="c"/><rect fill="url(#g)" clip-path="url(#c)"/></svg>`},
		{"xlink-declared-where-used", `<svg xmlns:xlink="http://www.w3.org/1999/xlink"><path id="p" d="M0 0"/><use xlink:href="#p"/></svg>`,
			`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><path id="p" d="M0 0"/><use xlink:href="#p"/></svg>`},
		{"xlink-not-declared-unused", `<svg xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="http://evil.example/a.svg#p"/></svg>`,
			`<svg xmlns="http://www.w3.org/2000/svg"><use/></svg>`},
		{"script-handlers-foreignobject", `<svg onload="alert(1)"><script>alert(1)</script><foreignObject><img src=x onerror=alert(1)></foreignObject><rect onclick="alert(1)"/></svg>`,
			`<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>`},
		{"external-refs-dropped", `<svg><rect fill="url(http://evil.example/#g)" style="fill: url(other.svg#g)"/><use href="data:image/svg+xml,x"/><use href="other.svg#p"/></svg>`,
			`<svg xmlns="http://www.w3.org/2000/svg"><rect/><use/><use/></svg>`},
		{"style-element-dropped", `<svg><style>rect{fill:red}</style><rect style="fill:red;position:fixed"/></svg>`,
			`<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill: red"/></svg>`},
		// The pass unwraps the element the policy does not know; its
		// attribute with a prefix goes.
		{"undeclared-prefix-dropped", `<svg xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"><sodipodi:namedview><rect/></sodipodi:namedview><g inkscape:label="l"><rect/></g></svg>`,
			`<svg xmlns="http://www.w3.org/2000/svg"><rect/><g><rect/></g></svg>`},
		{"after-root-dropped", `<svg><rect/></svg><p>after</p><svg><rect/></svg>`,
			`<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>`},
		{"attribute-whitespace-kept", "<svg><path d=\"M0 0\nL1 1\tz\"/></svg>",
			`<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0&#10;L1 1&#9;z"/></svg>`},
		{"invalid-xml-chars", "<svg><text>a\x01b</text></svg>",
			"<svg xmlns=\"http://www.w3.org/2000/svg\"><text>a\ufffdb</text></svg>"},
		{"undeclared-entity-kept-as-text", `<svg><text>&ns_svg;</text></svg>`,
			`<svg xmlns="http://www.w3.org/2000/svg"><text>&amp;ns_svg;</text></svg>`},
		// The pass drops a CDATA section, as a comment.
		{"cdata-dropped", `<svg><text><![CDATA[a<b]]></text></svg>`,
			`<svg xmlns="http://www.w3.org/2000/svg"><text/></svg>`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := svgfile.String(tc.in, policy.SVGUpload())
			if err != nil {
				t.Fatalf("String(%q): %v", tc.in, err)
			}
			if want := decl + tc.want + "\n"; got != want {
				t.Errorf("String(%q) = %q, want %q", tc.in, got, want)
			}
			wellFormed(t, got)
		})
	}
}

// wellFormed fails t unless s reads as XML to its end, its root svg in
// the SVG namespace.
func wellFormed(t *testing.T, s string) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(s))
	root := true
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, s)
		}
		if se, ok := tok.(xml.StartElement); ok {
			if se.Name.Space != "http://www.w3.org/2000/svg" || root && se.Name.Local != "svg" {
				t.Fatalf("element %v not in the SVG namespace or not an svg root\n%s", se.Name, s)
			}
			root = false
		}
	}
}

func TestRefused(t *testing.T) {
	tests := []struct {
		name, in string
		reason   svgfile.Reason
	}{
		{"billion-laughs", `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><svg>&lol2;</svg>`, svgfile.ReasonEntity},
		{"xxe-system", `<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><svg><text>&xxe;</text></svg>`, svgfile.ReasonEntity},
		{"parameter-entity", `<!DOCTYPE svg [<!ENTITY % p SYSTEM "http://evil.example/x.dtd"> %p;]><svg/>`, svgfile.ReasonEntity},
		{"attlist-default", `<!DOCTYPE svg [<!ATTLIST svg onload CDATA "alert(1)">]><svg/>`, svgfile.ReasonInternalSubset},
		{"bracket-in-literal-then-subset", `<!DOCTYPE svg SYSTEM "a[b" [<!ENTITY x "y">]><svg/>`, svgfile.ReasonEntity},
		{"encoding-latin1", `<?xml version="1.0" encoding="ISO-8859-1"?><svg/>`, svgfile.ReasonEncoding},
		{"unterminated-comment", `<!-- <svg/>`, svgfile.ReasonProlog},
		{"unterminated-doctype", `<!DOCTYPE svg "a`, svgfile.ReasonProlog},
		{"html-root", `<html><svg/></html>`, svgfile.ReasonNotSVG},
		{"prefixed-root", `<svg:svg xmlns:svg="http://www.w3.org/2000/svg"/>`, svgfile.ReasonNotSVG},
		{"empty", ``, svgfile.ReasonNotSVG},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := svgfile.String(tc.in, policy.SVGUpload())
			var e *svgfile.Error
			if !errors.As(err, &e) || e.Reason != tc.reason {
				t.Fatalf("String(%q) = %q, %v; want reason %v", tc.in, got, err, tc.reason)
			}
			if got != "" {
				t.Errorf("String(%q) wrote %q with an error", tc.in, got)
			}
		})
	}
}

func TestRootRemovedByPolicy(t *testing.T) {
	_, err := svgfile.String(`<svg><rect/></svg>`, policy.UGC())
	var e *svgfile.Error
	if !errors.As(err, &e) || e.Reason != svgfile.ReasonRootRemoved {
		t.Fatalf("String under ugc: %v, want ReasonRootRemoved", err)
	}
}

// TestFixedPoint checks that cleaning an output again changes nothing.
func TestFixedPoint(t *testing.T) {
	in := `<?xml version="1.0"?><svg viewBox="0 0 4 4" xmlns:xlink="http://www.w3.org/1999/xlink"><defs><radialGradient id="r"><stop offset="1" stop-color="#fff"/></radialGradient></defs><circle r="2" fill="url(#r)" style="stroke: red; stroke-width: 2px"/><use xlink:href="#r"/><text x="1">a&amp;b</text></svg>`
	once, err := svgfile.String(in, policy.SVGUpload())
	if err != nil {
		t.Fatal(err)
	}
	twice, err := svgfile.String(once, policy.SVGUpload())
	if err != nil {
		t.Fatal(err)
	}
	if once != twice {
		t.Errorf("not a fixed point:\nonce  %q\ntwice %q", once, twice)
	}
}

// TestReportPositions: the report's lines and columns count from the
// start of the file, prolog included.
func TestReportPositions(t *testing.T) {
	in := "<?xml version=\"1.0\"?>\n<!-- c --><svg><rect onclick=\"x()\"/>\n<script>x()</script></svg>"
	var got []string
	err := svgfile.CleanWith(io.Discard, strings.NewReader(in), policy.SVGUpload(), sanitize.Options{Report: func(c sanitize.Change) {
		got = append(got, fmt.Sprintf("%d:%d %s %s", c.Line, c.Column, c.Element, c.Attribute))
	}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"2:16 rect onclick", "3:1 script "}
	if !slices.Equal(got, want) {
		t.Errorf("report = %q, want %q", got, want)
	}
}
