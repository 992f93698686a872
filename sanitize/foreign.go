package sanitize

import (
	"strings"

	"github.com/htmlclean/htmlclean/internal/htmltree"
	"github.com/htmlclean/htmlclean/internal/rules"
)

// Foreign content: SVG and MathML elements, each kept only in the
// namespace a browser's tree builder gives it (HTML §13.2.6, "tree
// construction dispatcher" and "parsing tokens in foreign content"). The
// pass follows the dispatcher on the tree it writes, whose every closing
// is explicit, so a browser reading the output puts each element where
// the pass did: a start tag is looked up in the policy under the
// namespace it will have there, and dropped if the policy does not allow
// it in that namespace. An HTML-only policy never reaches this file: its
// lookups stay one nameMap probe.
//
// A start tag the policy does not allow and would unwrap, which opens an
// SVG or MathML integration point (htmltree.Builder.OpensIntegrationPoint:
// foreignObject, desc, title; mi, mo, mn, ms, mtext, annotation-xml), is
// dropped with its content instead (dropElement). Unwrapped, the HTML
// inside it would stand in the SVG itself, where a breakout tag (<table>,
// <b>) ends the SVG in the output but not in the input: what follows the
// integration point in the input, foreign content to the browser (an SVG
// <style> holding markup), would be read as HTML (raw text) by the pass.
// This keeps less than setHTML() does (its DOM has the HTML directly in
// the SVG, which no markup builds again).

// foreignSet is the policy's SVG and MathML elements, by local name, for
// the pass.
type foreignSet struct {
	svg, math nameMap[allowed]
	any       bool // the policy allows some SVG or MathML element
	n         int  // how many
}

// newForeignSet enters r's SVG and MathML elements, numbering their
// slots after the n HTML ones.
func newForeignSet(r *rules.Rules, n int) foreignSet {
	svg, math := map[string]allowed{}, map[string]allowed{}
	for _, key := range r.Order {
		el := r.Elements[key]
		switch el.NS {
		case rules.NSSVG:
			svg[el.Name] = allowed{el, elemInfos[el.Name], frameProps.at(el.Name), int32(n)}
		case rules.NSMathML:
			math[el.Name] = allowed{el, elemInfos[el.Name], frameProps.at(el.Name), int32(n)}
		default:
			continue
		}
		n++
	}
	return foreignSet{svg: newNameMap(svg), math: newNameMap(math), any: len(svg)+len(math) > 0, n: len(svg) + len(math)}
}

// htmlOnly returns the policy's HTML elements, by local name.
func htmlOnly(r *rules.Rules) map[string]allowed {
	m := map[string]allowed{}
	for _, key := range r.Order {
		if el := r.Elements[key]; el.NS == rules.NSHTML {
			m[el.Name] = allowed{el, elemInfos[el.Name], frameProps.at(el.Name), int32(len(m))}
		}
	}
	return m
}

// lookupNS returns the policy's rules for the start tag name in the
// namespace a browser gives it here (htmltree.Builder.StartNS).
func (s *pass) lookupNS(name string) (allowed, bool) {
	switch s.tree.StartNS(name) {
	case htmltree.SVG:
		return s.foreign.svg.get(name)
	case htmltree.MathML:
		return s.foreign.math.get(name)
	}
	return s.elements.get(name)
}

// placeForeign decides where the allowed element a goes, as startContext
// does for a policy without foreign elements: a foreign element created
// by the rules for foreign content goes in the current node; an <svg> or
// <math> root where an HTML element would go; an HTML element, if it is a
// breakout tag in foreign content, after the open SVG and MathML elements
// are closed (HTML §13.2.6.5).
func (s *pass) placeForeign(a allowed, selfClosing bool) (foreign, void, ok bool) {
	name, info := a.el.Name, a.info
	if a.el.NS != rules.NSHTML {
		root := name == "svg" || name == "math"
		if root && (!s.tree.ForeignContent() || name == "svg" && s.tree.InAnnotation()) {
			return true, selfClosing, s.placeHTML(name, info)
		}
		return true, selfClosing, true
	}
	if s.tree.ForeignContent() {
		s.closeTo(s.tree.ForeignFloor())
	}
	return false, info&infoVoid != 0 || name == "image", s.placeHTML(name, info)
}

// htmlEncoding reports whether the attributes list name an HTML
// encoding (text/html or application/xhtml+xml), which makes an
// annotation-xml an HTML integration point (HTML §13.2.6).
func htmlEncoding(list []attr) bool {
	for _, at := range list {
		if at.key == "encoding" && (strings.EqualFold(at.val, "text/html") || strings.EqualFold(at.val, "application/xhtml+xml")) {
			return true
		}
	}
	return false
}

// foreignFrame returns the frame of the foreign element a, written with
// the attributes list.
func foreignFrame(a allowed, list []attr) htmltree.Frame {
	ns := htmltree.Namespace(a.el.NS)
	inForeign := htmltree.ReadsForeign(a.el.Name, ns, a.el.Name == "annotation-xml" && htmlEncoding(list))
	return htmltree.Frame{Name: a.el.Name, NS: ns, Foreign: true, InForeign: inForeign}
}

// slot returns the slot of the foreign element name in ns, or -1.
func (f *foreignSet) slot(ns htmltree.Namespace, name string) int32 {
	m := &f.svg
	if ns == htmltree.MathML {
		m = &f.math
	}
	if a, ok := m.get(name); ok {
		return a.slot
	}
	return -1
}

// open returns the index of the innermost open element name in t in any
// namespace, given i, the innermost HTML one, or -1: an end tag in
// foreign content closes the element of its name whatever its namespace
// (§13.2.6.5, "any other end tag").
func (f *foreignSet) open(t *tree, name string, i int) int {
	if a, ok := f.svg.get(name); ok {
		i = max(i, t.LastOpen(a.slot))
	}
	if a, ok := f.math.get(name); ok {
		i = max(i, t.LastOpen(a.slot))
	}
	return i
}

// sameDocumentOnly reports whether an href on the SVG element name may
// only point into the same document ("#id"): every SVG element whose href
// names another element to use, paint, clip or follow. Only a link and
// the image elements load or navigate to what their href says.
func sameDocumentOnly(el *rules.Element) bool {
	if el.NS != rules.NSSVG {
		return false
	}
	switch el.Name {
	case "a", "image", "feimage":
		return false
	}
	return true
}

// sameDocument reports whether the URL v, as written, is a fragment of
// the same document: "#" and an id.
func sameDocument(v string) bool {
	v = strings.Trim(v, "\t\n\f\r ")
	return len(v) > 1 && v[0] == '#'
}

// titleText reports whether the current node is a foreign element
// written by the pass whose name the policy stage's tokenizer, which
// knows no namespaces, reads as raw text or RCDATA (an SVG title): the
// pass keeps its content as text only, since an element or a comment
// inside it would reach that stage as text.
func titleText(t *tree) bool {
	cur := t.Current()
	return cur != nil && cur.NS != htmltree.HTML && rawText(cur.Name) && cur.Caller&frameHidden == 0
}

// dropsContent is rules.DropsContent for the start tag name, in the
// namespace a browser gives it here when the policy names foreign
// elements.
func (s *pass) dropsContent(name string) bool {
	if s.foreign.any && s.r.DropsAny {
		return s.r.DropsContentIn(rules.Namespace(s.tree.StartNS(name)), name)
	}
	return s.r.DropsContent(name)
}
