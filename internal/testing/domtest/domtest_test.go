package domtest

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// mustParse, mustBody and mustFragment are Parse, Body and Fragment for
// markup that parses.
func mustParse(s string) *html.Node { return must(Parse(s)) }

func mustBody(s string) *html.Node { return must(Body(s)) }

func mustFragment(s, context string) *html.Node { return must(Fragment(s, context)) }

func must(n *html.Node, err error) *html.Node {
	if err != nil {
		panic(err)
	}
	return n
}

// split returns s's body with the text of its first p cut in two nodes
// after n bytes, a tree a parser never builds but a test may.
func split(s string, n int) *html.Node {
	body := mustBody(s)
	SplitText(find(body, "p"), n)
	return body
}

// namespaced returns the body of s with every element's namespace set
// to ns.
func namespaced(s, ns string) *html.Node {
	body := mustBody(s)
	var set func(n *html.Node)
	set = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode {
				c.Namespace = ns
			}
			set(c)
		}
	}
	set(body)
	return body
}

func TestDiff(t *testing.T) {
	foldURL := func(_ *html.Node, want html.Attribute, got string) bool { return strings.EqualFold(want.Val, got) }
	tests := []struct {
		name      string
		want, got *html.Node
		opts      Options
		diff      string
	}{
		{"same", mustParse(`<p class=a>x</p>`), mustParse(`<p class=a>x</p>`), Options{}, ""},
		{"attribute value", mustParse(`<p class=a>x</p>`), mustParse(`<p class=b>x</p>`), Options{},
			`/html/body/p: want <p class="a">, got <p class="b">`},
		{"attribute order", mustBody(`<p class=a id=b>`), mustBody(`<p id=b class=a>`), Options{},
			`/p: want <p class="a" id="b">, got <p id="b" class="a">`},
		{"attribute order, any order", mustBody(`<p class=a id=b>`), mustBody(`<p id=b class=a>`), Options{AnyAttrOrder: true}, ""},
		{"attribute added, any order", mustBody(`<p class=a>`), mustBody(`<p id=b class=a>`), Options{AnyAttrOrder: true},
			`/p: want <p class="a">, got <p class="a" id="b">`},
		{"attribute lost, any order", mustBody(`<p class=a id=b>`), mustBody(`<p class=a>`), Options{AnyAttrOrder: true},
			`/p: want <p class="a" id="b">, got <p class="a">`},
		{"attribute namespace", mustBody(`<svg xlink:href=a>`), mustBody(`<svg><a xlink:href=a>`), Options{},
			`/svg:svg: want <svg svg xlink href="a">, got <svg svg>`},
		{"text split", mustBody(`<p>ab</p>`), split(`<p>ab</p>`, 1), Options{},
			`/p/#text: want "ab", got "a"`},
		{"text split, merged", mustBody(`<p>ab</p>`), split(`<p>ab</p>`, 1), Options{MergeText: true}, ""},
		{"text split and changed, merged", mustBody(`<p>ab</p>`), split(`<p>ac</p>`, 1), Options{MergeText: true},
			`/p/#text: want "ab", got "ac"`},
		{"element namespace", mustBody(`<svg></svg>`), namespaced(`<svg></svg>`, ""), Options{},
			`/svg:svg: want <svg svg>, got <svg>`},
		{"element namespace ignored", mustBody(`<svg></svg>`), namespaced(`<svg></svg>`, ""), Options{NoNamespaces: true}, ""},
		{"element name, namespaces ignored", mustBody(`<svg></svg>`), namespaced(`<math></math>`, "svg"), Options{NoNamespaces: true},
			`/svg: want <svg>, got <math>`},
		{"doctype ids", mustParse(`<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN">`), mustParse(`<!DOCTYPE html>`), Options{},
			`/#doctype: want <!DOCTYPE html public="-//W3C//DTD HTML 4.01//EN">, got <!DOCTYPE html>`},
		{"doctype ids ignored", mustParse(`<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN">`), mustParse(`<!DOCTYPE html>`), Options{NoDoctypeIDs: true}, ""},
		{"doctype name, ids ignored", mustParse(`<!DOCTYPE html>`), mustParse(`<!DOCTYPE htm>`), Options{NoDoctypeIDs: true},
			`/#doctype: want <!DOCTYPE html>, got <!DOCTYPE htm>`},
		{"value as read", mustBody(`<a href=HTTP://A/>x</a>`), mustBody(`<a href=http://a/>x</a>`), Options{SameValue: foldURL}, ""},
		{"value as read, other", mustBody(`<a href=http://a/>x</a>`), mustBody(`<a href=http://b/>x</a>`), Options{SameValue: foldURL},
			`/a: want <a href="http://a/">, got <a href="http://b/">`},
		{"value as read, any order", mustBody(`<a href=HTTP://A/ id=x>`), mustBody(`<a id=x href=http://a/>`), Options{SameValue: foldURL, AnyAttrOrder: true}, ""},
		{"child lost", mustBody(`<p>a<b>b</b></p>`), mustBody(`<p>a</p>`), Options{},
			`/p/b: want <b>, got nothing`},
		{"child added", mustBody(`<p>a</p>`), mustBody(`<p>a</p><!--c-->`), Options{},
			`/#comment: want nothing, got <!-- "c" -->`},
		{"comment", mustBody(`<p>x</p><!--a-->`), mustBody(`<p>x</p><!--b-->`), Options{}, `/#comment: want <!-- "a" -->, got <!-- "b" -->`},
		{"text for element", mustBody(`<p>a</p>`), mustBody(`<p><i>a</i></p>`), Options{}, `/p/#text: want "a", got <i>`},
		{"second of its name", mustBody(`<p>a</p><p>b</p>`), mustBody(`<p>a</p><p>c</p>`), Options{}, `/p[2]/#text: want "b", got "c"`},
		{"root", mustFragment(`x`, "body"), mustFragment(`x`, "div"), Options{}, `/: want <body>, got <div>`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Diff(tc.want, tc.got, tc.opts); got != tc.diff {
				t.Errorf("Diff() = %q, want %q", got, tc.diff)
			}
			if tc.opts.SameValue != nil {
				return
			}
			if same := Render(tc.want, tc.opts) == Render(tc.got, tc.opts); same != (tc.diff == "") {
				t.Errorf("Render alike: %v, Diff: %q\n%s\n%s", same, tc.diff, Render(tc.want, tc.opts), Render(tc.got, tc.opts))
			}
		})
	}
}

func TestRender(t *testing.T) {
	tests := []struct {
		name string
		in   *html.Node
		opts Options
		want string
	}{
		{"document", mustParse(`<!DOCTYPE html><title>t</title><!--c--><p id=x class=y>a&amp;b<svg><a xlink:href=u></a></svg>`), Options{},
			`#document
  <!DOCTYPE html>
  <html>
    <head>
      <title>
        "t"
      <!-- "c" -->
    <body>
      <p id="x" class="y">
        "a&b"
        <svg svg>
          <svg a xlink href="u">
`},
		{"sorted and merged", split(`<p id=x class=y>ab</p>`, 1), Options{AnyAttrOrder: true, MergeText: true},
			`<body>
  <p class="y" id="x">
    "ab"
`},
		{"without namespaces", mustBody(`<svg><title>t</title></svg>`), Options{NoNamespaces: true},
			`<body>
  <svg>
    <title>
      "t"
`},
		{"doctype", mustParse(`<!DOCTYPE html SYSTEM "about:legacy-compat">`), Options{},
			`#document
  <!DOCTYPE html system="about:legacy-compat">
  <html>
    <head>
    <body>
`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Render(tc.in, tc.opts); got != tc.want {
				t.Errorf("Render() =\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

func TestFragment(t *testing.T) {
	for _, tc := range []struct{ in, context, want string }{
		{`<td>x`, "body", "<body>\n  \"x\"\n"},
		{`<td>x`, "tr", "<tr>\n  <td>\n    \"x\"\n"},
		{`</p>`, "div", "<div>\n  <p>\n"},
	} {
		if got := Render(mustFragment(tc.in, tc.context), Options{}); got != tc.want {
			t.Errorf("Fragment(%q, %q) =\n%s\nwant\n%s", tc.in, tc.context, got, tc.want)
		}
	}
}

func TestMergeText(t *testing.T) {
	body := split(`<p>abc</p><div><p>x</p></div>`, 1)
	p := find(find(body, "div"), "p")
	p.AppendChild(&html.Node{Type: html.TextNode, Data: "y"})
	MergeText(body)
	want := Render(mustBody(`<p>abc</p><div><p>xy</p></div>`), Options{})
	if got := Render(body, Options{}); got != want {
		t.Errorf("MergeText:\n%s\nwant\n%s", got, want)
	}
}

func TestDecodeJSON(t *testing.T) {
	const xhtml = "http://www.w3.org/1999/xhtml"
	tests := []struct {
		name, in, want string
	}{
		{"empty", `[]`, "#document\n"},
		{"nodes", `["a", {"comment": "c"}, ["` + xhtml + ` p", [[" class", "x"], ["http://www.w3.org/1999/xlink href", "/u"]], ["b", "c"]]]`,
			"#document\n  \"a\"\n  <!-- \"c\" -->\n  <" + xhtml + " p class=\"x\" http://www.w3.org/1999/xlink href=\"/u\">\n    \"b\"\n    \"c\"\n"},
		{"name without namespace", `[["p", [], []]]`, "#document\n  <p>\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n, err := DecodeJSON([]byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if got := Render(n, Options{}); got != tc.want {
				t.Errorf("DecodeJSON(%s) =\n%s\nwant\n%s", tc.in, got, tc.want)
			}
		})
	}
	for _, in := range []string{`{}`, `[{}]`, `[{"other": 1}]`, `[1]`, `[["p", [], [1]]]`, `[["p", "x", []]]`, `[["p", []]]`} {
		if _, err := DecodeJSON([]byte(in)); err == nil {
			t.Errorf("DecodeJSON(%s): no error", in)
		}
	}
}

func TestDiffMarkup(t *testing.T) {
	deep := strings.Repeat("<div>", 600)
	tests := []struct{ name, want, got, diff string }{
		{"same", `<p>a`, `<p>a</p>`, ""},
		{"text", `<p>a`, `<p>b`, `/html/body/p/#text: want "a", got "b"`},
		{"both refused", deep, deep + "x", ""},
		{"one refused", deep, `<p>a`, "/: want parse error: html: open stack of elements exceeds 512 nodes, got #document"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := DiffMarkup(tc.want, tc.got, Options{}); got != tc.diff {
				t.Errorf("DiffMarkup() = %q, want %q", got, tc.diff)
			}
		})
	}
}

func TestParseRefused(t *testing.T) {
	deep := strings.Repeat("<div>", 600)
	if _, err := Parse(deep); err == nil {
		t.Error("Parse: no error past 512 open elements")
	}
	if _, err := Body(deep); err == nil {
		t.Error("Body: no error past 512 open elements")
	}
	if _, err := Fragment(deep, "body"); err == nil {
		t.Error("Fragment: no error past 512 open elements")
	}
}
