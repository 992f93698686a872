package htmltree

// StartNS returns the namespace a browser creates the start tag name in,
// given the stack: by the tree construction dispatcher (HTML §13.2.6) on
// the current node.
//   - Where the rules for foreign content apply (the current node is SVG
//     or MathML and no integration point), a breakout tag ends the
//     foreign content and is HTML (§13.2.6.5); any other tag is in the
//     current node's namespace, except <svg> in <annotation-xml>, which
//     is SVG.
//   - In a MathML text integration point (mi, mo, mn, ms, mtext), mglyph
//     and malignmark stay MathML.
//   - Elsewhere the rules for HTML content apply: <svg> is SVG, <math>
//     MathML, any other tag HTML.
func (b *Builder) StartNS(name string) Namespace {
	n := len(b.stack)
	cur := b.Current()
	if n == 0 || cur == nil {
		return rulesNS(name)
	}
	if !b.stack[n-1].InForeign {
		if cur.NS == MathML && textIntegrationPoint(cur.Name) && (name == "mglyph" || name == "malignmark") {
			return MathML
		}
		return rulesNS(name)
	}
	switch {
	case cur.NS == MathML && cur.Name == "annotation-xml" && name == "svg":
		return SVG
	case breakout[name]:
		return HTML
	case !cur.Foreign:
		return rulesNS(name) // a dropped frame's guess: no output depends on it
	}
	return cur.NS
}

// FrameNS returns the namespace of a foreign frame pushed without one:
// <svg> and <math> open their own, anything else is in the namespace of
// the node it goes in.
func (b *Builder) FrameNS(name string) Namespace {
	if ns := rulesNS(name); ns != HTML {
		return ns
	}
	if c := b.Current(); c != nil && c.NS != HTML {
		return c.NS
	}
	return SVG
}

// InAnnotation reports whether the current node is a MathML
// annotation-xml element.
func (b *Builder) InAnnotation() bool {
	cur := b.Current()
	return cur != nil && cur.NS == MathML && cur.Name == "annotation-xml"
}

// OpensIntegrationPoint reports whether the start tag name, here, opens
// an SVG or MathML integration point (foreignObject, desc, title; mi, mo,
// mn, ms, mtext, annotation-xml) in foreign content, whose content a
// browser reads as HTML inside the foreign element.
func (b *Builder) OpensIntegrationPoint(name string) bool {
	return htmlIntegrationPoint[name] && b.ForeignContent() && b.StartNS(name) != HTML
}
