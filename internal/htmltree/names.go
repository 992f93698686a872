package htmltree

// Namespace is the namespace the tree builder creates an element in (HTML
// §13.2.6). The zero Namespace is HTML. Its values are those of
// rules.Namespace, so a caller converts between the two with a type
// conversion.
type Namespace uint8

// The namespaces an HTML parser creates elements in.
const (
	HTML Namespace = iota
	SVG
	MathML
)

// Props is what the builder needs to know about a frame's name, in one
// lookup: a caller that resolves names once (per policy, per element)
// keeps an element's Props and hands them to [Builder.Push].
type Props uint8

// The bits of Props.
const (
	propScope       Props = 1 << iota // a scope boundary (scopeBoundary)
	propList                          // a list scope boundary (listBoundary)
	propIntegration                   // an HTML or MathML integration point
	propMarker                        // puts a marker on the list of active formatting elements
	propMode                          // sets an insertion mode (modeOf)
	propSpecial                       // the parser's special category
)

// PropTable returns the Props of every name that has some, in a new map
// the caller may keep or turn into a table of its own.
func PropTable() map[string]Props {
	m := map[string]Props{}
	for flag, names := range map[Props]map[string]bool{
		propScope: scopeBoundary, propList: listBoundary,
		propIntegration: htmlIntegrationPoint, propMarker: markers, propSpecial: special,
	} {
		for n := range names {
			m[n] |= flag
		}
	}
	for n := range modeOf {
		m[n] |= propMode
	}
	return m
}

// ClosesPNames returns the start tags that close an open <p> in body, in
// a new slice: a caller that looks names up once per tag folds them into
// its own table.
func ClosesPNames() []string { return keys(closesP) }

// BreakoutNames returns the HTML start tags that end foreign content
// (HTML §13.2.6.5), in a new slice.
func BreakoutNames() []string { return keys(breakout) }

func keys(m map[string]bool) []string {
	s := make([]string, 0, len(m))
	for k := range m {
		s = append(s, k)
	}
	return s
}

func set(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

var (
	// Elements that close an open <p> (HTML §13.2.6.4.7, "in body"). A
	// <table> does so only in no-quirks mode; closing the <p> always is
	// explicit, so both modes follow.
	closesP = set("address", "article", "aside", "blockquote", "center", "details",
		"dialog", "dir", "div", "dl", "fieldset", "figcaption", "figure", "footer",
		"form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "main",
		"menu", "nav", "ol", "p", "pre", "search", "section", "summary", "table", "ul",
		"listing", "li", "dd", "dt")

	// Elements "generate implied end tags" closes (HTML §13.2.6.3).
	impliedEnd = set("dd", "dt", "li", "optgroup", "option", "p", "rb", "rp", "rt", "rtc")

	// Scope boundaries: an element outside one of these is not "in scope".
	scopeBoundary = set("applet", "caption", "html", "table", "td", "th", "marquee",
		"object", "template", "button")
	listBoundary = set("applet", "caption", "html", "table", "td", "th", "marquee", "object", "template", "ol", "ul")

	// HTML start tags that end foreign (SVG) content (HTML §13.2.6.5).
	// <font> does only with a color, face or size attribute; ending the
	// SVG before any <font> is safe: a caller that writes the end tags
	// makes the browser do the same.
	breakout = set("b", "big", "blockquote", "body", "br", "center", "code", "dd",
		"div", "dl", "dt", "em", "embed", "h1", "h2", "h3", "h4", "h5", "h6", "head",
		"hr", "i", "img", "li", "listing", "menu", "meta", "nobr", "ol", "p", "pre",
		"ruby", "s", "small", "span", "strong", "strike", "sub", "sup", "table", "tt",
		"u", "ul", "var", "font")

	// SVG elements whose content is HTML (HTML §13.2.6, "HTML integration
	// point"), by their lower-cased tag names.
	htmlIntegrationPoint = set("foreignobject", "desc", "title",
		// MathML's text integration points and annotation-xml, whose
		// content a browser reads as HTML (annotation-xml only with an
		// HTML encoding: taking it always as HTML only ever keeps a
		// dropped math element open longer).
		"mi", "mo", "mn", "ms", "mtext", "annotation-xml")

	// Elements in the HTML parser's special category (HTML §13.2.4.2).
	special = set("address", "applet", "area", "article", "aside", "base", "basefont", "bgsound",
		"blockquote", "body", "br", "button", "caption", "center", "col", "colgroup", "dd", "details",
		"dir", "div", "dl", "dt", "embed", "fieldset", "figcaption", "figure", "footer", "form",
		"frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hgroup", "hr",
		"html", "iframe", "img", "input", "keygen", "li", "link", "listing", "main", "marquee",
		"menu", "meta", "nav", "noembed", "noframes", "noscript", "object", "ol", "p", "param",
		"plaintext", "pre", "script", "search", "section", "select", "source", "style", "summary",
		"table", "tbody", "td", "template", "textarea", "tfoot", "th", "thead", "title", "tr",
		"track", "ul", "wbr", "xmp")

	// Formatting elements (HTML §13.2.4.3): a browser reopens them.
	formatting = set("a", "b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike",
		"strong", "tt", "u")

	// End tags that close their element if it is in scope, whatever is
	// inside it (HTML §13.2.6.4.7).
	scopedEnd = set("address", "article", "aside", "blockquote", "button", "center", "details",
		"dialog", "dir", "div", "dl", "fieldset", "figcaption", "figure", "footer", "header",
		"hgroup", "listing", "main", "menu", "nav", "ol", "pre", "search", "section", "select",
		"summary", "ul", "p", "dd", "dt", "h1", "h2", "h3", "h4", "h5", "h6", "applet", "marquee",
		"object")

	// Start tags that a browser's "in body" insertion mode inserts without
	// first reconstructing the active formatting elements (HTML
	// §13.2.6.4.7): the ones read as in head, blocks, list items,
	// headings, tables and table parts, raw text and the ruby parts.
	// Every other start tag, like text, reconstructs them first.
	noReconstruct = set("html", "base", "basefont", "bgsound", "link", "meta", "noframes",
		"script", "style", "template", "title", "body", "frameset", "address", "article",
		"aside", "blockquote", "center", "details", "dialog", "dir", "div", "dl", "fieldset",
		"figcaption", "figure", "footer", "header", "hgroup", "main", "menu", "nav", "ol", "p",
		"search", "section", "summary", "ul", "h1", "h2", "h3", "h4", "h5", "h6", "pre",
		"listing", "form", "li", "dd", "dt", "plaintext", "table", "hr", "textarea", "iframe",
		"noembed", "rb", "rtc", "rp", "rt", "caption", "col", "colgroup", "frame", "head",
		"tbody", "td", "tfoot", "th", "thead", "tr", "param", "source", "track")

	// markers are the elements that put a marker on the list of active
	// formatting elements (§13.2.4.3): a link outside one is not found
	// when the next <a> arrives.
	markers = set("applet", "object", "marquee", "template", "td", "th", "caption", "html")
)

// Formatting reports whether name is a formatting element (HTML
// §13.2.4.3), which a browser reopens after a block that closed it.
func Formatting(name string) bool { return formatting[name] }

// Special reports whether name, lower-cased, is in the HTML parser's
// special category or puts a marker on the list of active formatting
// elements (HTML §13.2.4.2, §13.2.4.3): an element that stops the
// parser's searches of its stack.
func Special(name string) bool { return special[name] || markers[name] }

// Reconstructs reports whether the start tag name, lower-cased, makes a
// browser in body reconstruct the active formatting elements before it
// inserts the element (HTML §13.2.6.4.7), as text does.
func Reconstructs(name string) bool { return !noReconstruct[name] }

// IntegrationPoint reports whether the foreign element name, lower-cased,
// is an HTML integration point or a MathML text integration point, or
// annotation-xml: an element whose content a browser may read as HTML.
func IntegrationPoint(name string) bool { return htmlIntegrationPoint[name] }

// IsHeading reports whether name is one of h1 to h6.
func IsHeading(name string) bool {
	return len(name) == 2 && name[0] == 'h' && '1' <= name[1] && name[1] <= '6'
}

// Headings are the heading elements, innermost-first order aside: the
// names an end tag of any heading closes (HTML §13.2.6.4.7).
var Headings = [...]string{"h1", "h2", "h3", "h4", "h5", "h6"}

// TableStructure reports whether name is a start tag a browser ignores
// in body, and that ends an open cell or caption (§13.2.6.4.7,
// §13.2.6.4.11, §13.2.6.4.15).
func TableStructure(name string) bool {
	switch name {
	case "caption", "col", "colgroup", "tbody", "td", "tfoot", "th", "thead", "tr":
		return true
	}
	return false
}

// FosterParent reports whether a node inserted into the element name is
// foster-parented out of the table (§13.2.6.1, "appropriate place for
// inserting a node").
func FosterParent(name string) bool {
	switch name {
	case "table", "tbody", "tfoot", "thead", "tr":
		return true
	}
	return false
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

// rulesNS is the namespace of a start tag by the rules for HTML content
// (§13.2.6.4.7, "in body"): <svg> is SVG, <math> MathML, any other tag
// HTML.
func rulesNS(name string) Namespace {
	switch name {
	case "svg":
		return SVG
	case "math":
		return MathML
	}
	return HTML
}

// ReadsForeign says whether the tokens after the start tag of the foreign
// element name in ns are read by the rules for foreign content: not after
// an SVG HTML integration point (foreignObject, desc, title), a MathML
// text integration point, or an annotation-xml whose encoding is HTML
// (htmlEncoding: text/html or application/xhtml+xml; HTML §13.2.6, "HTML
// integration point").
func ReadsForeign(name string, ns Namespace, htmlEncoding bool) bool {
	switch {
	case ns == SVG:
		return name != "foreignobject" && name != "desc" && name != "title"
	case textIntegrationPoint(name):
		return false
	case name == "annotation-xml":
		return !htmlEncoding
	}
	return true
}

// scopedIndex numbers the elements the scope rules look for, so that the
// builder finds the innermost open one without a search (Builder.last).
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
	case "button":
		return 12
	case "nobr":
		return 13
	}
	return -1
}

// nScoped is how many names scopedIndex numbers.
const nScoped = 14

// noneOpen is Builder.last for an empty stack.
var noneOpen = func() (a [nScoped]int32) {
	for i := range a {
		a[i] = -1
	}
	return a
}()
