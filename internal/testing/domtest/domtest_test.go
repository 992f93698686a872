package domtest

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// split returns s's body with the text of its first p cut in two nodes
// after n bytes, a tree a parser never builds but a test may.
func split(s string, n int) *html.Node {
	body := Body(s)
	p := find(body, "p")
	text := p.FirstChild
	p.InsertBefore(&html.Node{Type: html.TextNode, Data: text.Data[:n]}, text)
	text.Data = text.Data[n:]
	return body
}

// namespaced returns the body of s with every element's namespace set
// to ns.
func namespaced(s, ns string) *html.Node {
	body := Body(s)
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
		{"same", Parse(`<p class=a>x</p>`), Parse(`<p class=a>x</p>`), Options{}, ""},
		{"attribute value", Parse(`<p class=a>x</p>`), Parse(`<p class=b>x</p>`), Options{},
			`/html/body/p: want <p class="a">, got <p class="b">`},
		{"attribute order", Body(`<p class=a id=b>`), Body(`<p id=b class=a>`), Options{},
			`/p: want <p class="a" id="b">, got <p id="b" class="a">`},
		{"attribute order, any order", Body(`<p class=a id=b>`), Body(`<p id=b class=a>`), Options{AnyAttrOrder: true}, ""},
		{"attribute added, any order", Body(`<p class=a>`), Body(`<p id=b class=a>`), Options{AnyAttrOrder: true},
			`/p: want <p class="a">, got <p class="a" id="b">`},
		{"attribute lost, any order", Body(`<p class=a id=b>`), Body(`<p class=a>`), Options{AnyAttrOrder: true},
			`/p: want <p class="a" id="b">, got <p class="a">`},
		{"attribute namespace", Body(`<svg xlink:href=a>`), Body(`<svg><a xlink:href=a>`), Options{},
			`/svg:svg: want <svg svg xlink href="a">, got <svg svg>`},
		{"text split", Body(`<p>ab</p>`), split(`<p>ab</p>`, 1), Options{},
			`/p/#text: want "ab", got "a"`},
		{"text split, merged", Body(`<p>ab</p>`), split(`<p>ab</p>`, 1), Options{MergeText: true}, ""},
		{"text split and changed, merged", Body(`<p>ab</p>`), split(`<p>ac</p>`, 1), Options{MergeText: true},
			`/p/#text: want "ab", got "ac"`},
		{"element namespace", Body(`<svg></svg>`), namespaced(`<svg></svg>`, ""), Options{},
			`/svg:svg: want <svg svg>, got <svg>`},
		{"element namespace ignored", Body(`<svg></svg>`), namespaced(`<svg></svg>`, ""), Options{NoNamespaces: true}, ""},
		{"element name, namespaces ignored", Body(`<svg></svg>`), namespaced(`<math></math>`, "svg"), Options{NoNamespaces: true},
			`/svg: want <svg>, got <math>`},
		{"doctype ids", Parse(`<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN">`), Parse(`<!DOCTYPE html>`), Options{},
			`/#doctype: want <!DOCTYPE html public="-//W3C//DTD HTML 4.01//EN">, got <!DOCTYPE html>`},
		{"doctype ids ignored", Parse(`<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN">`), Parse(`<!DOCTYPE html>`), Options{NoDoctypeIDs: true}, ""},
		{"doctype name, ids ignored", Parse(`<!DOCTYPE html>`), Parse(`<!DOCTYPE htm>`), Options{NoDoctypeIDs: true},
			`/#doctype: want <!DOCTYPE html>, got <!DOCTYPE htm>`},
		{"value as read", Body(`<a href=HTTP://A/>x</a>`), Body(`<a href=http://a/>x</a>`), Options{SameValue: foldURL}, ""},
		{"value as read, other", Body(`<a href=http://a/>x</a>`), Body(`<a href=http://b/>x</a>`), Options{SameValue: foldURL},
			`/a: want <a href="http://a/">, got <a href="http://b/">`},
		{"value as read, any order", Body(`<a href=HTTP://A/ id=x>`), Body(`<a id=x href=http://a/>`), Options{SameValue: foldURL, AnyAttrOrder: true}, ""},
		{"child lost", Body(`<p>a<b>b</b></p>`), Body(`<p>a</p>`), Options{},
			`/p/b: want <b>, got nothing`},
		{"child added", Body(`<p>a</p>`), Body(`<p>a</p><!--c-->`), Options{},
			`/#comment: want nothing, got <!-- "c" -->`},
		{"comment", Body(`<p>x</p><!--a-->`), Body(`<p>x</p><!--b-->`), Options{}, `/#comment: want <!-- "a" -->, got <!-- "b" -->`},
		{"text for element", Body(`<p>a</p>`), Body(`<p><i>a</i></p>`), Options{}, `/p/#text: want "a", got <i>`},
		{"second of its name", Body(`<p>a</p><p>b</p>`), Body(`<p>a</p><p>c</p>`), Options{}, `/p[2]/#text: want "b", got "c"`},
		{"root", Fragment(`x`, "body"), Fragment(`x`, "div"), Options{}, `/: want <body>, got <div>`},
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
		{"document", Parse(`<!DOCTYPE html><title>t</title><!--c--><p id=x class=y>a&amp;b<svg><a xlink:href=u></a></svg>`), Options{},
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
		{"without namespaces", Body(`<svg><title>t</title></svg>`), Options{NoNamespaces: true},
			`<body>
  <svg>
    <title>
      "t"
`},
		{"doctype", Parse(`<!DOCTYPE html SYSTEM "about:legacy-compat">`), Options{},
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
		if got := Render(Fragment(tc.in, tc.context), Options{}); got != tc.want {
			t.Errorf("Fragment(%q, %q) =\n%s\nwant\n%s", tc.in, tc.context, got, tc.want)
		}
	}
}

func TestMergeText(t *testing.T) {
	body := split(`<p>abc</p><div><p>x</p></div>`, 1)
	p := find(find(body, "div"), "p")
	p.AppendChild(&html.Node{Type: html.TextNode, Data: "y"})
	MergeText(body)
	want := Render(Body(`<p>abc</p><div><p>xy</p></div>`), Options{})
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
