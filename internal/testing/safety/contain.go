package safety

import (
	"fmt"
	"strings"

	"golang.org/x/net/html"
)

// The page a comment is pasted into: the comment's container (#a), a
// sibling after it (#b), and both inside an outer element (#o) that has a
// sibling of its own (#c). Output that swallows the rest of the page puts
// #b inside #a, or (a formatting element left in the list of active
// formatting elements, §13.2.4.3) reopens itself around the page's text
// in #b; output that closes its container early puts its tail beside #a
// or closes #o, moving #b or #c. The markers use attributes no
// sanitised output can forge an element into: the check finds them by
// position, and then checks they are the page's own.
const (
	pageHead = `<div data-page="o"><div data-page="a">`
	pageTail = `</div><p data-page="b">page</p></div><p data-page="c">page</p>`
)

// Leaks parses out as a browser parses a page that embeds it in a <div>
// (html.Parse follows WHATWG HTML §13.2 tree construction), once in
// no-quirks mode (with a doctype) and once in quirks mode (without), and
// describes each way out leaks out of that <div>: an element left open
// that swallows the page after it, or an end tag that closes the page's
// own elements. An empty answer means the output stays in its container.
func Leaks(out string) []string {
	var problems []string
	for _, mode := range []struct{ name, doctype string }{
		{"no-quirks", "<!DOCTYPE html>"},
		{"quirks", ""},
	} {
		doc, err := html.Parse(strings.NewReader(mode.doctype + "<body>" + pageHead + out + pageTail))
		if err != nil {
			return []string{fmt.Sprintf("page does not parse: %v", err)}
		}
		if p := pageShape(doc); p != "" {
			problems = append(problems, mode.name+": "+p)
		}
	}
	return problems
}

// pageShape checks the parsed page is the page written around the output:
// html holds an empty head and a body; body holds #o then #c; #o holds #a
// then #b; #b and #c hold only their text. Everything else then lies
// inside #a.
func pageShape(doc *html.Node) string {
	root := children(doc)
	if len(root) != 1 && !(len(root) == 2 && root[0].Type == html.DoctypeNode) {
		return fmt.Sprintf("document has %d top-level nodes", len(root))
	}
	htmlEl := root[len(root)-1]
	top := children(htmlEl)
	if len(top) != 2 || !isElement(top[0], "head", "") || !isElement(top[1], "body", "") ||
		len(htmlEl.Attr) != 0 || top[0].FirstChild != nil {
		return "something left the body: " + describe(top)
	}
	body := children(top[1])
	if len(body) != 2 || !isElement(body[0], "div", "o") || !isElement(body[1], "p", "c") {
		return "the container's parent was closed early, or never closed: body holds " + describe(body)
	}
	outer := children(body[0])
	if len(outer) != 2 || !isElement(outer[0], "div", "a") || !isElement(outer[1], "p", "b") {
		return "the output did not stay in its container: the container's parent holds " + describe(outer)
	}
	for _, n := range []*html.Node{outer[1], body[1]} {
		if c := children(n); len(c) != 1 || c[0].Type != html.TextNode || c[0].Data != "page" {
			return "the output reached the page after its container: it holds " + describe(c)
		}
	}
	return ""
}

// isElement reports whether n is the HTML element name with exactly the
// marker attribute data-page=mark, or no attribute if mark is "".
func isElement(n *html.Node, name, mark string) bool {
	if n.Type != html.ElementNode || n.Namespace != "" || n.Data != name {
		return false
	}
	if mark == "" {
		return len(n.Attr) == 0
	}
	return len(n.Attr) == 1 && n.Attr[0].Namespace == "" && n.Attr[0].Key == "data-page" && n.Attr[0].Val == mark
}

func children(n *html.Node) []*html.Node {
	var cs []*html.Node
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		cs = append(cs, c)
	}
	return cs
}

// describe lists nodes for a problem report, shortly.
func describe(ns []*html.Node) string {
	parts := make([]string, 0, len(ns))
	for _, n := range ns {
		switch n.Type {
		case html.ElementNode:
			s := "<" + n.Data
			if n.Namespace != "" {
				s = "<" + n.Namespace + " " + n.Data
			}
			for _, a := range n.Attr {
				s += " " + a.Key + "=" + fmt.Sprintf("%q", a.Val)
			}
			parts = append(parts, s+">")
		case html.TextNode:
			parts = append(parts, fmt.Sprintf("text %q", n.Data))
		default:
			parts = append(parts, fmt.Sprintf("node type %d", n.Type))
		}
	}
	return "[" + strings.Join(parts, " ") + "]"
}
