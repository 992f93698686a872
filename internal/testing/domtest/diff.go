package domtest

import (
	"strconv"

	"golang.org/x/net/html"
)

// Diff walks want's and got's trees together and returns the first
// difference, "" when there is none, as "PATH: want LINE, got LINE":
// PATH names the node from the roots down (/html/body/p[2]: the second
// p among its parent's children), a LINE is the node as [Line] writes
// it, or "nothing" where one tree has no node.
func Diff(want, got *html.Node, o Options) string {
	return diff("", want, got, o)
}

// DiffMarkup parses want and got as documents ([Parse]) and returns
// [Diff] of the two trees. Markup the parser refuses counts as its
// error: two alike errors are no difference, an error and a tree are.
func DiffMarkup(want, got string, o Options) string {
	w, errW := Parse(want)
	g, errG := Parse(got)
	switch {
	case errW == nil && errG == nil:
		return Diff(w, g, o)
	case errW != nil && errG != nil && errW.Error() == errG.Error():
		return ""
	}
	return "/: want " + parsed(w, errW, o) + ", got " + parsed(g, errG, o)
}

// parsed describes what Parse returned: the error, or the root's Line.
func parsed(n *html.Node, err error, o Options) string {
	if err != nil {
		return "parse error: " + err.Error()
	}
	return Line(n, o)
}

func diff(path string, want, got *html.Node, o Options) string {
	if !sameNode(want, got, o) {
		return at(path) + ": want " + Line(want, o) + ", got " + Line(got, o)
	}
	cw, cg := children(want, o), children(got, o)
	for i := range max(len(cw), len(cg)) {
		var w, g *html.Node
		if i < len(cw) {
			w = cw[i]
		}
		if i < len(cg) {
			g = cg[i]
		}
		if i >= len(cw) || i >= len(cg) {
			return at(path+step(cw, cg, i, o)) + ": want " + Line(w, o) + ", got " + Line(g, o)
		}
		if d := diff(path+step(cw, cg, i, o), w, g, o); d != "" {
			return d
		}
	}
	return ""
}

// at is the path of a root, "/".
func at(path string) string {
	if path == "" {
		return "/"
	}
	return path
}

// step names child i of a parent whose children are cw in one tree and
// cg in the other: its label and, past the first, its rank among the
// siblings of that label (read in the tree that has child i).
func step(cw, cg []*html.Node, i int, o Options) string {
	list := cw
	if i >= len(cw) {
		list = cg
	}
	l, k := label(list[i], o), 1
	for _, c := range list[:i] {
		if label(c, o) == l {
			k++
		}
	}
	if k == 1 {
		return "/" + l
	}
	return "/" + l + "[" + strconv.Itoa(k) + "]"
}

// label is a node's name in a path: an element's name, or #text,
// #comment, #doctype.
func label(n *html.Node, o Options) string {
	switch n.Type {
	case html.ElementNode:
		if n.Namespace == "" || o.NoNamespaces {
			return n.Data
		}
		return n.Namespace + ":" + n.Data
	case html.TextNode:
		return "#text"
	case html.CommentNode:
		return "#comment"
	case html.DoctypeNode:
		return "#doctype"
	}
	return "#node"
}

// sameNode compares two nodes without their children.
func sameNode(want, got *html.Node, o Options) bool {
	if want.Type != got.Type || want.Data != got.Data {
		return false
	}
	if !o.NoNamespaces && want.Namespace != got.Namespace {
		return false
	}
	if want.Type == html.DoctypeNode && o.NoDoctypeIDs {
		return true
	}
	if o.AnyAttrOrder {
		return sameAttrSet(want, got, o)
	}
	if len(want.Attr) != len(got.Attr) {
		return false
	}
	for i, a := range want.Attr {
		b := got.Attr[i]
		if a.Namespace != b.Namespace || a.Key != b.Key || !sameValue(want, a, b.Val, o) {
			return false
		}
	}
	return true
}

// sameAttrSet compares two nodes' attributes keyed by namespace and
// name: each of want's is got's too, with the same value, and got has no
// other.
func sameAttrSet(want, got *html.Node, o Options) bool {
	for _, a := range want.Attr {
		v, ok := attrVal(got, a)
		if !ok || !sameValue(want, a, v, o) {
			return false
		}
	}
	for _, b := range got.Attr {
		if _, ok := attrVal(want, b); !ok {
			return false
		}
	}
	return true
}

// attrVal returns the value of n's attribute of a's namespace and name.
func attrVal(n *html.Node, a html.Attribute) (string, bool) {
	for _, b := range n.Attr {
		if b.Namespace == a.Namespace && b.Key == a.Key {
			return b.Val, true
		}
	}
	return "", false
}

func sameValue(el *html.Node, want html.Attribute, got string, o Options) bool {
	if o.SameValue != nil {
		return o.SameValue(el, want, got)
	}
	return want.Val == got
}
