package sanitize

// The pass keeps a stack of the elements it has written and not closed,
// so that its output is balanced: a comment can neither close the page's
// elements ("</div>") nor leave its own open ("<a href=…>" swallowing the
// rest of the page). The rules below are the parts of the HTML tree
// builder (WHATWG HTML §13.2.6) that decide where an element ends; the
// rest of the tree builder (foster parenting, adoption agency) changes
// where content goes, not whether markup is markup, and is left out.

func (s *pass) pushFrame(f open) {
	s.stack = append(s.stack, f)
	s.openCount[f.id]++
	if f.foreign {
		s.foreign++
	}
	if i := scopedIndex(f.name); i >= 0 {
		s.opened[i]++
	}
}

// scopedIndex numbers the elements impliedEndTags looks for, so that the
// pass can count them on the stack and skip the search when none is open.
func scopedIndex(name string) int {
	switch name {
	case "p":
		return 0
	case "li":
		return 1
	case "dt":
		return 2
	case "dd":
		return 3
	case "tr":
		return 4
	case "td":
		return 5
	case "th":
		return 6
	case "thead":
		return 7
	case "tbody":
		return 8
	case "tfoot":
		return 9
	case "rt":
		return 10
	case "rp":
		return 11
	case "a":
		return 12
	}
	return -1
}

// closeTop writes the end tag of the innermost open element. implicit
// says the input did not close it.
func (s *pass) closeTop(implicit bool) {
	top := s.stack[len(s.stack)-1]
	s.stack = s.stack[:len(s.stack)-1]
	s.openCount[top.id]--
	if top.foreign {
		s.foreign--
	}
	if i := scopedIndex(top.name); i >= 0 {
		s.opened[i]--
	}
	if top.dropped {
		return
	}
	b := append(s.tagBuf[:0], '<', '/')
	b = append(b, top.name...)
	s.tagBuf = append(b, '>')
	s.write(s.tagBuf)
	if implicit && !optionalEndTag(top.name) {
		s.change(Change{Element: top.name, Action: ClosedElement, Reason: "left-open"})
	}
}

// closeForeign closes the open SVG elements: an HTML element such as <p>
// or <img> inside <svg> ends it in a browser ("in foreign content" rule).
func (s *pass) closeForeign() {
	for s.foreign > 0 {
		s.closeTop(true)
	}
}

// impliedEndTags closes what a browser closes when the start tag name
// arrives: an open <p> before a block, an open <li> before the next <li>,
// and so on ("close a p element", "generate implied end tags").
func (s *pass) impliedEndTags(name string, info elemInfo) {
	switch {
	case info&infoClosesP != 0:
		s.closeUpTo("p", scopeBoundary)
	case name == "li":
		s.closeUpTo("li", listBoundary)
	case name == "dt" || name == "dd":
		s.closeUpTo("dt", listBoundary)
		s.closeUpTo("dd", listBoundary)
	case name == "tr":
		s.closeUpTo("tr", tableBoundary)
	case name == "td" || name == "th":
		s.closeUpTo("td", rowBoundary)
		s.closeUpTo("th", rowBoundary)
	case name == "thead" || name == "tbody" || name == "tfoot":
		s.closeUpTo("thead", tableBoundary)
		s.closeUpTo("tbody", tableBoundary)
		s.closeUpTo("tfoot", tableBoundary)
	case name == "rt" || name == "rp":
		s.closeUpTo("rt", scopeBoundary)
		s.closeUpTo("rp", scopeBoundary)
	case name == "a":
		s.closeUpTo("a", scopeBoundary) // links do not nest
	}
}

// closeUpTo closes the open element name, and everything inside it, if
// it is open without one of the boundary elements in between.
func (s *pass) closeUpTo(name string, boundary map[string]bool) {
	if s.opened[scopedIndex(name)] == 0 {
		return
	}
	for i := len(s.stack) - 1; i >= 0; i-- {
		switch n := s.stack[i].name; {
		case n == name:
			for len(s.stack) > i {
				s.closeTop(true)
			}
			return
		case boundary[n] || s.stack[i].foreign:
			return
		}
	}
}

func set(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

var (
	// Elements that close an open <p> (HTML §13.2.6.4.7, "in body").
	closesP = set("address", "article", "aside", "blockquote", "center", "details",
		"dialog", "dir", "div", "dl", "fieldset", "figcaption", "figure", "footer",
		"form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "main",
		"menu", "nav", "ol", "p", "pre", "section", "summary", "table", "ul", "listing")

	// Scope boundaries: an element outside one of these is not "in scope".
	scopeBoundary = set("applet", "caption", "html", "table", "td", "th", "marquee",
		"object", "template", "button")
	listBoundary  = set("applet", "caption", "html", "table", "td", "th", "marquee", "object", "template", "ol", "ul")
	tableBoundary = set("table", "html", "template")
	rowBoundary   = set("tr", "table", "html", "template")

	// Elements whose end tag may be left out: not worth a report.
	optionalEnd = set("p", "li", "dt", "dd", "tr", "td", "th", "thead", "tbody",
		"tfoot", "colgroup", "rt", "rp", "option", "optgroup", "caption")

	// Elements that mean nothing without one of their attributes.
	needsAttributes = set("a", "area", "img", "source", "track", "map", "font", "input", "embed")

	// Void elements (HTML §13.1.2): no content, no end tag.
	voidElements = set("area", "base", "br", "col", "embed", "hr", "img", "input",
		"link", "meta", "source", "track", "wbr", "param", "keygen", "frame")

	// HTML start tags that end foreign (SVG) content (HTML §13.2.6.5).
	breakout = set("b", "big", "blockquote", "body", "br", "center", "code", "dd",
		"div", "dl", "dt", "em", "embed", "h1", "h2", "h3", "h4", "h5", "h6", "head",
		"hr", "i", "img", "li", "listing", "menu", "meta", "nobr", "ol", "p", "pre",
		"ruby", "s", "small", "span", "strong", "strike", "sub", "sup", "table", "tt",
		"u", "ul", "var", "font")

	// Elements the tokenizer reads as raw text (x/net/html readStartTag):
	// their content is one text token, never markup.
	rawTextElements = set("iframe", "noembed", "noframes", "noscript", "plaintext",
		"script", "style", "textarea", "title", "xmp")

	// Elements dropped with their content: raw text, and containers whose
	// content is not text for the reader (head, templates, plugins, foreign
	// content the policy does not allow).
	contentDropped = set("iframe", "noembed", "noframes", "noscript", "plaintext",
		"script", "style", "textarea", "title", "xmp", "head", "template", "object",
		"applet", "frameset", "select", "datalist", "svg", "math", "portal", "audio",
		"video", "canvas", "map")
)

// elemInfo is what the pass needs to know about an allowed element's
// name, looked up once per start tag.
type elemInfo uint8

const (
	infoVoid elemInfo = 1 << iota
	infoClosesP
	infoNeedsAttributes
	infoBreakout
)

var elemInfos = func() map[string]elemInfo {
	m := map[string]elemInfo{}
	for flag, names := range map[elemInfo]map[string]bool{
		infoVoid: voidElements, infoClosesP: closesP,
		infoNeedsAttributes: needsAttributes, infoBreakout: breakout,
	} {
		for n := range names {
			m[n] |= flag
		}
	}
	return m
}()

func optionalEndTag(name string) bool { return optionalEnd[name] }
func rawText(name string) bool        { return rawTextElements[name] }

// contentDroppedName maps each name in contentDropped to itself, so that a
// pass can keep the name without copying the tokenizer's bytes.
var contentDroppedName = func() map[string]string {
	m := make(map[string]string, len(contentDropped))
	for n := range contentDropped {
		m[n] = n
	}
	return m
}()
