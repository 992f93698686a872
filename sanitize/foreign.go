package sanitize

import (
	"strings"

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

// foreignSet is the policy's SVG and MathML elements, by local name, for
// the pass.
type foreignSet struct {
	svg, math nameMap[allowed]
	any       bool // the policy allows some SVG or MathML element
	n         int  // how many
}

// useForeign enters the policy's SVG and MathML elements, numbering their
// slots after the n HTML ones; it returns how many it entered.
func (s *pass) useForeign(n int) int {
	svg, math := map[string]allowed{}, map[string]allowed{}
	for _, key := range s.r.Order {
		el := s.r.Elements[key]
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
	s.foreign = foreignSet{svg: newNameMap(svg), math: newNameMap(math), any: len(svg)+len(math) > 0, n: len(svg) + len(math)}
	return len(svg) + len(math)
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
// namespace a browser gives it here ([pass.startNS]).
func (s *pass) lookupNS(name string) (allowed, bool) {
	switch s.startNS(name) {
	case rules.NSSVG:
		return s.foreign.svg.get(name)
	case rules.NSMathML:
		return s.foreign.math.get(name)
	}
	return s.elements.get(name)
}

// startNS returns the namespace a browser creates the start tag name in,
// given the tree the pass has written: by the tree construction
// dispatcher (HTML §13.2.6) on the current node.
//   - Where the rules for foreign content apply (the current node is SVG
//     or MathML and no integration point), a breakout tag ends the
//     foreign content and is HTML (§13.2.6.5); any other tag is in the
//     current node's namespace, except <svg> in <annotation-xml>, which
//     is SVG.
//   - In a MathML text integration point (mi, mo, mn, ms, mtext), mglyph
//     and malignmark stay MathML.
//   - Elsewhere the rules for HTML content apply: <svg> is SVG, <math>
//     MathML, any other tag HTML.
func (s *pass) startNS(name string) rules.Namespace {
	n := len(s.tree.stack)
	cur := s.tree.current()
	if n == 0 || cur == nil {
		return htmlRulesNS(name)
	}
	if !s.tree.stack[n-1].inForeign {
		if cur.ns == rules.NSMathML && textIntegrationPoint(cur.name) && (name == "mglyph" || name == "malignmark") {
			return rules.NSMathML
		}
		return htmlRulesNS(name)
	}
	switch {
	case cur.ns == rules.NSMathML && cur.name == "annotation-xml" && name == "svg":
		return rules.NSSVG
	case elemInfos[name]&infoBreakout != 0:
		return rules.NSHTML
	case !cur.foreign:
		return htmlRulesNS(name) // a hidden frame's guess: no output depends on it
	}
	return cur.ns
}

// htmlRulesNS is the namespace of a start tag by the rules for HTML
// content (§13.2.6.4.7, "in body").
func htmlRulesNS(name string) rules.Namespace {
	switch name {
	case "svg":
		return rules.NSSVG
	case "math":
		return rules.NSMathML
	}
	return rules.NSHTML
}

// textIntegrationPoint reports whether the MathML element name is a
// MathML text integration point (HTML §13.2.6).
func textIntegrationPoint(name string) bool {
	switch name {
	case "mi", "mo", "mn", "ms", "mtext":
		return true
	}
	return false
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
		if root && (!s.tree.foreignContent() || name == "svg" && s.inAnnotation()) {
			return true, selfClosing, s.placeHTML(name, info)
		}
		return true, selfClosing, true
	}
	if s.tree.foreignContent() {
		s.closeForeign()
	}
	return false, info&infoVoid != 0 || name == "image", s.placeHTML(name, info)
}

// inAnnotation reports whether the current node is a MathML
// annotation-xml element.
func (s *pass) inAnnotation() bool {
	cur := s.tree.current()
	return cur != nil && cur.ns == rules.NSMathML && cur.name == "annotation-xml"
}

// foreignInForeign says whether the tokens after the start tag of the
// foreign element name, just written with the attributes in s.attrs.list,
// are read by the rules for foreign content: not after an SVG HTML
// integration point (foreignObject, desc, title), a MathML text
// integration point, or an annotation-xml whose encoding is text/html or
// application/xhtml+xml (HTML §13.2.6, "HTML integration point").
func (s *pass) foreignInForeign(name string, ns rules.Namespace) bool {
	switch {
	case ns == rules.NSSVG:
		return name != "foreignobject" && name != "desc" && name != "title"
	case textIntegrationPoint(name):
		return false
	case name == "annotation-xml":
		for _, at := range s.attrs.list {
			if at.key == "encoding" && (strings.EqualFold(at.val, "text/html") || strings.EqualFold(at.val, "application/xhtml+xml")) {
				return false
			}
		}
	}
	return true
}

// pushForeign pushes the frame of the foreign element name just written.
func (s *pass) pushForeign(a allowed) {
	s.pushFrame(open{name: a.el.Name, ns: a.el.NS, foreign: true, inForeign: s.foreignInForeign(a.el.Name, a.el.NS)})
}

// foreignSlot returns the slot of the foreign element name in ns, or -1.
func (s *pass) foreignSlot(ns rules.Namespace, name string) int32 {
	m := &s.foreign.svg
	if ns == rules.NSMathML {
		m = &s.foreign.math
	}
	if a, ok := m.get(name); ok {
		return a.slot
	}
	return -1
}

// openForeign returns the index of the innermost open element name in
// any namespace, given i, the innermost HTML one, or -1: an end tag in
// foreign content closes the element of its name whatever its namespace
// (§13.2.6.5, "any other end tag").
func (s *pass) openForeign(name string, i int) int {
	if a, ok := s.foreign.svg.get(name); ok {
		i = max(i, int(s.tree.lastOpen[a.slot]))
	}
	if a, ok := s.foreign.math.get(name); ok {
		i = max(i, int(s.tree.lastOpen[a.slot]))
	}
	return i
}

// frameNS returns the namespace of a foreign frame pushed without one (a
// hidden element): <svg> and <math> open their own, anything else is in
// the namespace of the node it goes in.
func (t *tree) frameNS(name string) rules.Namespace {
	if ns := htmlRulesNS(name); ns != rules.NSHTML {
		return ns
	}
	if c := t.current(); c != nil && c.ns != rules.NSHTML {
		return c.ns
	}
	return rules.NSSVG
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
func (s *pass) titleText() bool {
	cur := s.tree.current()
	return cur != nil && cur.ns != rules.NSHTML && rawText(cur.name) && !cur.hidden
}

// dropsContent is rules.DropsContent for the start tag name, in the
// namespace a browser gives it here when the policy names foreign
// elements.
func (s *pass) dropsContent(name string) bool {
	if s.foreign.any && s.r.DropsAny {
		return s.r.DropsContentIn(s.startNS(name), name)
	}
	return s.r.DropsContent(name)
}

// integrationUnwrapped reports whether the start tag name, which the
// policy does not allow and would unwrap, opens an SVG or MathML
// integration point (foreignObject, desc, title; mi, mo, mn, ms, mtext,
// annotation-xml), whose content a browser reads as HTML inside the
// foreign element. Unwrapped, that HTML would stand in the SVG itself,
// where a breakout tag (<table>, <b>) ends the SVG in the output but not
// in the input: what follows the integration point in the input, foreign
// content to the browser (an SVG <style> holding markup), would be read
// as HTML (raw text) by the pass. Such an element is dropped with its
// content instead, which keeps less than setHTML() does (its DOM has the
// HTML directly in the SVG, which no markup builds again).
func (s *pass) integrationUnwrapped(name string) bool {
	return htmlIntegrationPoint[name] && s.tree.foreignContent() && s.startNS(name) != rules.NSHTML
}
