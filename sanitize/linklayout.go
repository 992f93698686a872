package sanitize

import (
	"strings"

	"github.com/htmlclean/htmlclean/internal/rules"
)

// A link's text as a person sees it is not one run of characters: the
// browser lays it out. "paypal.com<br>Log in" shows paypal.com on a line
// of its own; "pay<span hidden>x</span>pal.com" shows paypal.com; a
// <bdo dir=rtl> shows its text reversed; a title shows on hover and an
// aria-label is what a screen reader says. The pass records, for each
// text token of a held link, whether it is rendered, whether a line
// break comes before it, and whether it is shown right to left, and
// decides the link on every reading a person could have (see readings).
//
// The rules follow the HTML standard's rendering section (§15) and the
// innerText algorithm (§3.2.7.2, "rendered text collection steps"): a
// break where the default style sheet makes an element block-level, a
// list item, a table part or a line break (wordBreak); nothing of what
// it does not render (hiddenElements, attrReader.hides); SVG 2's never-rendered
// elements (§5 "Document structure"); MathML Core's semantics, which
// shows its first child only (§3.8). What style may hide (attrReader.styleHides,
// attrReader.mayBeStyled) is read both as shown and as hidden, since a sheet the
// pass does not read can decide it; what HTML never renders is not read
// as text, but where the document brings its own sheets (a mail), which
// can show it, as shown and as hidden too.

// A linkPiece is one text token of a held link: its end in
// linkState.text and how it is laid out.
type linkPiece struct {
	end   int32
	elem  int32 // the element it is in (linkScope.id; 0 for the link)
	flags pieceFlags
}

type pieceFlags uint8

const (
	pieceHidden pieceFlags = 1 << iota // not rendered, by HTML's rules
	// not rendered by its style, which a page's style sheet or the
	// pass's loose reading of it (styleUnrendered) could make wrong
	pieceStyledHidden
	pieceBreak // a line break comes before it
	pieceRTL   // under a right-to-left override
	// the element or void element before it was shown (or, dropped,
	// was in the input), though it is in the element the text before is
	pieceCut
	// shown on hover, not in the text: an SVG <title>, its element's
	// tooltip (SVG 2 §5.7)
	pieceTooltip
)

// A linkScope is an element open in a held link, until its frame at
// depth closes: text in two elements can look apart (another style),
// and an element can change how the text in it is laid out.
type linkScope struct {
	depth int
	id    int32      // one per element written in held links
	flags pieceFlags // what text in it is (hidden, rtl), whatever is above
	// firstChild is the kind of element whose first child alone is
	// rendered (a closed details' summary, a semantics' first child);
	// seen says that child came.
	firstChild uint8
	seen       bool
}

const (
	firstNone uint8 = iota
	firstSummary
	firstAny
)

// hiddenElements are the elements whose content is never rendered: HTML
// §15.3.1 (display: none), the fallback content of the replaced elements
// of §15.4 and §15.5 (audio, video, canvas, iframe, object, meter,
// progress), noscript (a page that runs scripts hides it), SVG 2's
// never-rendered elements, and MathML's annotations.
var hiddenElements = newNameMap(set(
	// HTML §15.3.1
	"area", "base", "basefont", "datalist", "head", "link", "meta", "noembed", "noframes", "param",
	"rp", "script", "style", "template", "title", "noscript",
	// replaced elements: their content is fallback
	"audio", "video", "canvas", "iframe", "object", "meter", "progress", "select",
	// SVG 2: never-rendered elements (title is a tooltip: see addAttrs)
	"clipPath", "defs", "desc", "linearGradient", "marker", "mask", "metadata", "pattern",
	"radialGradient", "symbol", "filter",
	// MathML Core §3.8
	"annotation", "annotation-xml",
))

// boxes are the elements a browser draws as a box of their own amid the
// text, replaced elements and widgets (HTML §15.4, §15.5), whose text
// does not join the text either side.
var boxes = newNameMap(set("audio", "button", "canvas", "embed", "iframe", "img", "input", "meter",
	"object", "progress", "select", "textarea", "video"))

// linkElement records how the element just written inside a held link
// lays out its text: a break before what follows, hidden content, a
// right-to-left override, tooltips. void says it has no content (no
// frame was pushed).
func (s *pass) linkElement(name string, ns rules.Namespace, void bool) {
	l := &s.link
	l.addAttrs(name, s.attrs.list)
	if wordBreak.at(name) != 0 && ns == rules.NSHTML {
		l.breakNext = true
	}
	if boxes.at(name) && ns == rules.NSHTML || name == "svg" || name == "math" {
		l.cutNext = true // a box of its own: the text before ends
	}
	if void {
		if !s.attrs.hides(name) {
			// An image, a control: it stands between; a <wbr> is
			// where the line breaks when it wraps.
			l.cutNext = true
		}
		return
	}
	l.serial++
	sc := linkScope{depth: s.tree.Len() - 1, id: l.serial, flags: l.flags()}
	if n := len(l.scopes); n > 0 {
		p := &l.scopes[n-1]
		if p.depth == sc.depth-1 && p.firstChild != firstNone {
			// A child of a closed details or of a semantics.
			first := !p.seen && (p.firstChild == firstAny || name == "summary")
			p.seen = p.seen || first
			if !first {
				sc.flags |= pieceHidden
			}
		}
	}
	switch {
	case name == "title" && ns == rules.NSSVG,
		name == "rt" && ns == rules.NSHTML: // drawn above the line, not in it
		sc.flags |= pieceTooltip
	case hiddenElements.at(name):
		sc.flags |= pieceHidden
	case s.attrs.hides(name):
		sc.flags |= pieceHidden
	case s.attrs.styleHides(), s.attrs.mayBeStyled(name):
		sc.flags |= pieceStyledHidden
	case name == "details" && ns == rules.NSHTML && !s.attrs.has("open"):
		sc.firstChild = firstSummary
	case name == "dialog" && ns == rules.NSHTML && !s.attrs.has("open"):
		sc.flags |= pieceHidden
	case name == "semantics" && ns == rules.NSMathML:
		sc.firstChild = firstAny
	}
	if dir, ok := s.attrs.value("dir"); ok && name == "bdo" {
		if strings.EqualFold(strings.TrimSpace(dir), "rtl") {
			sc.flags |= pieceRTL
		} else {
			sc.flags &^= pieceRTL
		}
	}
	if style, ok := s.attrs.value("style"); ok && styleOverridesRTL(style) {
		sc.flags |= pieceRTL
	}
	l.scopes = append(l.scopes, sc)
}

// frameClosed ends the layout scope of the frame at depth, if any;
// the end of a block written breaks the line, the end of an element
// unwrapped (its content kept) cuts the runs.
func (l *linkState) frameClosed(depth int, name string, written, foreign, unwrapped bool) {
	for n := len(l.scopes); n > 0 && l.scopes[n-1].depth >= depth; n-- {
		l.scopes = l.scopes[:n-1]
	}
	if written && !foreign && wordBreak.at(name) != 0 {
		l.breakNext = true
	}
	if unwrapped || written && (boxes.at(name) && !foreign || name == "svg" || name == "math") {
		l.cut()
	}
}

// cut notes, in held links, that an element was dropped here: the input
// showed the text either side of it as two runs, two lines, or one of
// them not at all, which the piece-by-piece reading keeps apart.
func (l *linkState) cut() {
	if len(l.held) > 0 {
		l.cutNext = true
	}
}

// flags returns how text at the current point of the held links is laid
// out.
func (l *linkState) flags() pieceFlags {
	if n := len(l.scopes); n > 0 {
		return l.scopes[n-1].flags
	}
	return 0
}

// elem returns the element text at the current point of the held links
// is in.
func (l *linkState) elem() int32 {
	if n := len(l.scopes); n > 0 {
		return l.scopes[n-1].id
	}
	return 0
}

// addAttrs adds what the reader sees or hears of list, the current tag's
// kept attributes, besides its content: a tooltip (title), the accessible name
// (aria-label), an image's alt text, a form control's value and
// placeholder, an option's label.
func (l *linkState) addAttrs(name string, list []attr) {
	for _, a := range list {
		switch a.key {
		case "title", "aria-label":
		case "alt":
			if name != "img" && name != "input" && name != "area" {
				continue
			}
		case "value", "placeholder":
			if name != "input" && name != "button" && name != "textarea" {
				continue
			}
		case "label":
			if name != "option" && name != "optgroup" && name != "track" {
				continue
			}
		default:
			continue
		}
		l.addExtra(a.val)
	}
}

// addExtra adds v to the held links' other readings (attributes).
func (l *linkState) addExtra(v string) {
	if len(l.alt) >= maxLinkHeld {
		l.truncated = true
		return
	}
	if len(v) > maxLinkHeld {
		v, l.truncated = v[:maxLinkHeld], true
	}
	l.alt = append(append(l.alt, '\n'), v...)
}

// hides reports whether the current tag's kept attributes hide its
// content: hidden (HTML §15.3.1, until-found included: the content is
// not rendered until found) or input type=hidden.
func (r *attrReader) hides(name string) bool {
	for _, a := range r.list {
		switch a.key {
		case "hidden":
			return true
		case "type":
			if name == "input" && strings.EqualFold(strings.TrimSpace(a.val), "hidden") {
				return true
			}
		}
	}
	return false
}

// mayBeStyled reports whether a style sheet, the element's style or its
// presentational attributes could hide the element's text or make it
// unreadable in ways the pass does not read: a class or id a sheet of
// the page or of a mail selects (.h{display:none}), a style, a font's
// colour or size. Its text is read as if it were hidden as well as
// shown: "paypal<span class=h>x</span>.com" shows paypal.com when .h
// hides.
func (r *attrReader) mayBeStyled(name string) bool {
	for _, a := range r.list {
		switch a.key {
		case "class", "id", "style":
			return true
		case "color", "size":
			if name == "font" {
				return true
			}
		}
	}
	return false
}

// styleHides reports whether the current tag's kept style attribute has
// a display, visibility, content-visibility or font size that hides its
// content, or its SVG presentation attributes do (SVG 2 §6.6: display,
// visibility and font-size are properties).
func (r *attrReader) styleHides() bool {
	for _, a := range r.list {
		v := strings.TrimSpace(a.val)
		switch a.key {
		case "style":
			if styleUnrendered(a.val) {
				return true
			}
		case "display":
			if strings.EqualFold(v, "none") {
				return true
			}
		case "visibility":
			if strings.EqualFold(v, "hidden") || strings.EqualFold(v, "collapse") {
				return true
			}
		case "font-size":
			if zeroLength(strings.ToLower(v)) {
				return true
			}
		}
	}
	return false
}

func (r *attrReader) has(key string) bool {
	_, ok := r.value(key)
	return ok
}

// value returns the value of the current tag's kept attribute key.
func (r *attrReader) value(key string) (string, bool) {
	for _, a := range r.list {
		if a.key == key {
			return a.val, true
		}
	}
	return "", false
}

// styleUnrendered reports whether a style attribute's declarations stop its
// element's content from being rendered. The reading is loose (no
// escapes, the last declaration of a property wins): a misjudged style
// makes only the layout reading wrong, and the link is decided on the
// reading without layout too.
func styleUnrendered(style string) bool {
	return styleHas(style, "display", "none") || styleHas(style, "visibility", "hidden") ||
		styleHas(style, "visibility", "collapse") || styleHas(style, "content-visibility", "hidden") ||
		zeroLength(styleValue(style, "font-size"))
}

// styleOverridesRTL reports whether a style shows its text right to left
// character by character (unicode-bidi: bidi-override, direction: rtl).
func styleOverridesRTL(style string) bool {
	return styleHas(style, "direction", "rtl") &&
		(styleHas(style, "unicode-bidi", "bidi-override") || styleHas(style, "unicode-bidi", "isolate-override"))
}

// styleHas reports whether the last declaration of prop in style has the
// keyword value (case-insensitive).
func styleHas(style, prop, value string) bool {
	return styleValue(style, prop) == value
}

// styleValue returns the value of the last declaration of prop in style,
// lower case, without "!important".
func styleValue(style, prop string) string {
	value := ""
	for decl := range strings.SplitSeq(style, ";") {
		p, v, ok := strings.Cut(decl, ":")
		if !ok || !strings.EqualFold(strings.TrimSpace(p), prop) {
			continue
		}
		v = strings.TrimSpace(v)
		if i := strings.IndexByte(v, '!'); i >= 0 {
			v = strings.TrimSpace(v[:i])
		}
		value = strings.ToLower(v)
	}
	return value
}
