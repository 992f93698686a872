// Package domtest is the tests' one way to compare HTML trees: parse
// markup as a browser does (x/net/html follows WHATWG HTML §13.2) or
// read a tree a browser built ([DecodeJSON]), write a tree in one
// canonical form ([Render]), and name the first place two trees differ
// ([Diff]). What a test does not count as a difference
// (attribute order, the split of a text run, namespaces, a value's
// spelling) it says through [Options]; the zero Options compares
// everything the parser builds.
package domtest

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Options says what a comparison ignores. The zero value ignores nothing.
type Options struct {
	// MergeText treats adjacent text nodes as one, as a browser's
	// serialisation and its text content read them.
	MergeText bool
	// AnyAttrOrder compares an element's attributes as a set keyed by
	// namespace and name; Render writes them sorted.
	AnyAttrOrder bool
	// NoNamespaces leaves element namespaces out, as html.Render does.
	NoNamespaces bool
	// NoDoctypeIDs leaves out a doctype's public and system identifiers.
	NoDoctypeIDs bool
	// SameValue, when set, decides whether the value got of the other
	// tree's attribute is the same as attribute want of element el (of
	// the first tree); else values must be equal. Render ignores it.
	SameValue func(el *html.Node, want html.Attribute, got string) bool
}

// Parse parses s as a document, as a browser loads a page. Its only
// error is x/net/html's: more than 512 elements open at once.
func Parse(s string) (*html.Node, error) {
	return html.Parse(strings.NewReader(s))
}

// Body parses s as a document and returns its body element.
func Body(s string) (*html.Node, error) {
	doc, err := Parse(s)
	if err != nil {
		return nil, err
	}
	return find(doc, "body"), nil
}

// find returns the first element named name in n's tree, or nil.
func find(n *html.Node, name string) *html.Node {
	if n.Type == html.ElementNode && n.Data == name {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f := find(c, name); f != nil {
			return f
		}
	}
	return nil
}

// Fragment parses s as the content of an HTML element named context (as
// innerHTML sets it, HTML §13.4) and returns that element holding the
// nodes. Its errors are Parse's.
func Fragment(s, context string) (*html.Node, error) {
	el := &html.Node{Type: html.ElementNode, Data: context, DataAtom: atom.Lookup([]byte(context))}
	nodes, err := html.ParseFragment(strings.NewReader(s), el)
	if err != nil {
		return nil, err
	}
	for _, n := range nodes {
		el.AppendChild(n)
	}
	return el, nil
}

// MergeText joins the adjacent text nodes of n's tree in place, as a
// parser builds them when nothing stands between them.
func MergeText(n *html.Node) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		for c.Type == html.TextNode && c.NextSibling != nil && c.NextSibling.Type == html.TextNode {
			next := c.NextSibling
			c.Data += next.Data
			n.RemoveChild(next)
		}
		MergeText(c)
	}
}

// SplitText cuts the first child of n, a text node, in two nodes after
// i bytes: a tree a parser never builds, but one a comparer that merges
// text must not tell from the whole.
func SplitText(n *html.Node, i int) {
	text := n.FirstChild
	n.InsertBefore(&html.Node{Type: html.TextNode, Data: text.Data[:i]}, text)
	text.Data = text.Data[i:]
}

// Render writes n's tree one node a line, each indented by two spaces a
// level: a document as #document, an element as <name attr="value">
// (<svg name> outside HTML), a namespaced attribute as ns name="value",
// a doctype as <!DOCTYPE name>, text and comments quoted. Two trees
// render alike exactly when [Diff] finds no difference, SameValue aside.
func Render(n *html.Node, o Options) string {
	var b strings.Builder
	render(&b, n, o, 0)
	return b.String()
}

func render(b *strings.Builder, n *html.Node, o Options, depth int) {
	b.WriteString(strings.Repeat("  ", depth))
	b.WriteString(Line(n, o))
	b.WriteByte('\n')
	for _, c := range children(n, o) {
		render(b, c, o, depth+1)
	}
}

// Line writes n alone, without its children, as [Render] writes it; a
// nil n is "nothing".
func Line(n *html.Node, o Options) string {
	switch {
	case n == nil:
		return "nothing"
	case n.Type == html.DocumentNode:
		return "#document"
	case n.Type == html.TextNode:
		return strconv.Quote(n.Data)
	case n.Type == html.CommentNode:
		return "<!-- " + strconv.Quote(n.Data) + " -->"
	case n.Type == html.DoctypeNode:
		if o.NoDoctypeIDs {
			return "<!DOCTYPE " + n.Data + ">"
		}
		return "<!DOCTYPE " + n.Data + attrs(n, o) + ">"
	case n.Type == html.ElementNode:
		return "<" + name(n, o) + attrs(n, o) + ">"
	}
	return "#node " + strconv.Itoa(int(n.Type)) + " " + strconv.Quote(n.Data) + attrs(n, o)
}

// name is an element's name, with its namespace unless it is HTML's or
// o leaves namespaces out.
func name(n *html.Node, o Options) string {
	if n.Namespace == "" || o.NoNamespaces {
		return n.Data
	}
	return n.Namespace + " " + n.Data
}

// attrs writes n's attributes, each after a space.
func attrs(n *html.Node, o Options) string {
	list := n.Attr
	if o.AnyAttrOrder {
		list = slices.SortedFunc(slices.Values(list), compareAttr)
	}
	var b strings.Builder
	for _, a := range list {
		b.WriteByte(' ')
		if a.Namespace != "" {
			b.WriteString(a.Namespace + " ")
		}
		b.WriteString(a.Key + "=" + strconv.Quote(a.Val))
	}
	return b.String()
}

// compareAttr orders attributes by namespace, name and value.
func compareAttr(x, y html.Attribute) int {
	return cmp.Or(cmp.Compare(x.Namespace, y.Namespace), cmp.Compare(x.Key, y.Key), cmp.Compare(x.Val, y.Val))
}

// children lists n's children, adjacent text as one new node under
// MergeText.
func children(n *html.Node, o Options) []*html.Node {
	var out []*html.Node
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if !o.MergeText || c.Type != html.TextNode || c.NextSibling == nil || c.NextSibling.Type != html.TextNode {
			out = append(out, c)
			continue
		}
		var text strings.Builder
		for ; c.NextSibling != nil && c.NextSibling.Type == html.TextNode; c = c.NextSibling {
			text.WriteString(c.Data)
		}
		text.WriteString(c.Data)
		out = append(out, &html.Node{Type: html.TextNode, Data: text.String()})
	}
	return out
}
