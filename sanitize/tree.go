package sanitize

import "github.com/htmlclean/htmlclean/internal/htmltree"

// The pass keeps a stack of the elements it has written and not closed
// (pass.tree, an htmltree.Builder), so that its output is balanced: a
// comment can neither close the page's elements ("</div>") nor leave its
// own open ("<a href=…>" swallowing the rest of the page). The builder
// decides where an element ends (WHATWG HTML §13.2.6); the pass writes
// an explicit end tag for every element a browser would close by itself,
// so that the browser's stack of open elements stays the pass's; where
// the browser would ignore a tag, move it (foster parenting) or take an
// element off the stack from the middle (adoption agency), the pass drops
// the tag instead (insert.go), keeping its text. The property test is
// safety.Leaks.

// tree is the pass's tree builder: the elements open, with the indices
// the tree's rules look up.
type tree = htmltree.Builder

// frameProp is what the builder needs to know about a frame's name.
type frameProp = htmltree.Props

// dropping is what the pass drops without a frame: an element skipped
// with its content to its end tag, and the start tags dropped, for the
// report of their end tags.
type dropping struct {
	skip      string // element whose content is being dropped, or ""
	skipDepth int
	dropped   map[string]int // dropped start tags by name, when reporting
}

// reset readies the part for a document.
func (d *dropping) reset() {
	d.skip, d.skipDepth = "", 0
	clear(d.dropped)
}

// oversized reports whether a hostile document grew the part past what a
// pooled pass keeps.
func (d *dropping) oversized() bool { return len(d.dropped) > maxPooledItems }

// Bits of htmltree.Frame.Caller: what the pass knows of a frame that the
// builder does not.
const (
	// frameHidden: dropped with its content by the element hook (hide),
	// or as unlisted: a frame like any other, never written.
	frameHidden   uint8 = 1 << iota
	frameUnlisted       // hidden, as an element the policy drops with its content (unlisted.go)
	frameFoster         // unlisted, where a browser foster-parents it out of a table
	frameWrapper        // the wrapper of document: wrap, read from the input: not counted under max_depth
)

// pushFrame pushes f, whose slot in the builder (allowed.slot, or
// unlistedSlot.slot) and frame properties the pass looks up here; an
// allowed element, whose entry holds both, is pushed with them
// directly.
func (s *pass) pushFrame(f htmltree.Frame) {
	if f.Foreign && f.NS == htmltree.HTML {
		f.NS = s.tree.FrameNS(f.Name)
	}
	slot := int32(htmltree.NoSlot)
	if f.Foreign && f.Caller&frameUnlisted == 0 { // an element hook's Drop keeps its slot: its end tag ends it
		slot = s.foreign.slot(f.NS, f.Name)
	} else if a, ok := s.elements.get(f.Name); ok {
		slot = a.slot
	} else if f.Caller&frameUnlisted != 0 {
		slot = s.hid.slot(f.Name, &s.tree).slot
	}
	s.tree.Push(f, slot, frameProps.at(f.Name))
}

// closeTo closes the innermost open element, with its end tag, until
// the stack is depth deep; a negative depth closes nothing.
func (s *pass) closeTo(depth int) {
	for depth >= 0 && s.tree.Len() > depth {
		s.closeTop(true)
	}
}

// closeFollowed is closeTo where the browser closes the same elements,
// by the same rule: the formatting elements closed stay on its list, to
// be reopened (reconstruct.go).
//
// A frame the pass keeps for an element whose tags it dropped is not in
// the browser's tree as the pass sees it: a special one there (an
// unwrapped button, a cell) may have stopped the browser's search, so a
// close across it is the pass's own.
func (s *pass) closeFollowed(depth int) {
	if depth < 0 {
		return // nothing to close
	}
	for i := depth; i < s.tree.Len(); i++ {
		if f := s.tree.At(i); f.Dropped && htmltree.Special(f.Name) {
			s.closeTo(depth)
			return
		}
	}
	s.carried.follow = true
	s.closeTo(depth)
	s.carried.follow = false
}

// closeItem closes the open list or description item name before a new
// item. The browser's search for it stops at a special element other
// than address, div and p; where the pass's goes further, it closes
// more, which the browser follows but does not reopen from.
func (s *pass) closeItem(name string) {
	at := s.tree.UpTo(name, true, s.hid.at >= 0)
	if at >= 0 && at == s.tree.UpTo(name, true, true) {
		s.closeFollowed(at)
		return
	}
	s.closeTo(at)
}

// closeNobr closes the open nobr before a new one: a browser runs the
// adoption agency for it, which, with no special element inside it, pops
// it and what is inside it, takes it off the list, and reopens the
// formatting elements that were inside it (HTML §13.2.6.4.7, "nobr").
// With a special element inside, the pass closes them all, which the
// browser follows from the end tags.
func (s *pass) closeNobr() {
	at := s.tree.UpTo("nobr", false, s.hid.at >= 0)
	if at < 0 || int(s.tree.Special()) > at || !s.carried.listed(at, s.tree.Marker()) {
		s.closeTo(at)
		return
	}
	s.closeFollowed(at)
	s.carried.forgetLastClosed("nobr")
	if s.carried.closed > 0 {
		s.reconstruct("", 0)
	}
}

// closeTop writes the end tag of the innermost open element. implicit
// says the input did not close it.
func (s *pass) closeTop(implicit bool) {
	// A pointer, not a copy of the frame: nothing below pushes one, so
	// the slot outlives the pop.
	top := s.tree.Pop()
	hidden := top.Caller&frameHidden != 0
	if top.Caller&frameUnlisted != 0 && implicit && htmltree.Formatting(top.Name) {
		s.hid.pend(top.Name, top.Marker())
	}
	if len(s.carried.list) > 0 {
		s.carried.popped(s.tree.Len(), implicit && !top.Dropped && !hidden && s.carried.follow && !s.carried.diverged)
	}
	if implicit && !s.carried.follow && top.Name == "p" && !top.Dropped {
		s.carried.unsureP = true
	}
	if int(top.Marker()) == s.tree.Len() {
		s.hid.clearToMarker(int32(s.tree.Len()))
		s.carried.clearToMarker(int32(s.tree.Len()))
	}
	if s.tree.Len() == s.hid.at {
		s.hid.unhide(&s.out)
	}
	if top.Dropped && !implicit {
		s.dropBreak(top.Name) // its end tag is gone too
	}
	if len(s.link.held) > 0 {
		s.link.frameClosed(s.tree.Len(), top.Name, !(top.Dropped || hidden), top.Foreign, top.Dropped && !hidden)
	}
	if top.Dropped || hidden || top.Implied && implicit {
		// Neither was written: a dropped element's end tag goes with
		// its start tag's report, and an implied one (a <tbody> the
		// browser inserts) is implied again. An implied element's own end
		// tag, from the input, is written: "</tbody>" closes it.
		return
	}
	b := append(s.out.tagBuf[:0], '<', '/')
	b = append(b, top.Name...)
	s.out.tagBuf = append(b, '>')
	s.out.dst.c.Write(s.out.tagBuf)
	if top.Foreign {
		s.out.tagBuf = svgEndTag(s.out.tagBuf, top.Name, top.Spelled)
	}
	s.out.hazard, s.out.run = noHazard, 0
	if !implicit && plainEndTag(s.out.endRaw) {
		s.out.dst.f.Write(s.out.endRaw)
		s.out.endLen = len(s.out.endRaw)
	} else {
		s.out.dst.f.Write(s.out.tagBuf)
		s.out.endLen = len(s.out.tagBuf)
	}
	switch {
	case !implicit && s.out.endRaw != nil && s.out.endLen != len(s.out.endRaw):
		s.change(Change{Element: top.Name, Action: RewroteTag, Reason: ReasonEndTagAttributes})
	case implicit && optionalEndTag(top.Name):
		// The browser would close it here too; the output says so.
		s.change(Change{Element: top.Name, Action: ClosedElement, Reason: ReasonImplied})
	case implicit:
		s.change(Change{Element: top.Name, Action: ClosedElement, Reason: ReasonLeftOpen})
	}
	if len(s.link.held) > 0 {
		// Any frame: an SVG a and a MathML element with href are held
		// links too (navigates); end matches the frame's depth.
		s.link.end(linkEnv{s, &s.out, &s.in, &s.r}, s.tree.Len())
	}
}

// plainEndTag reports whether raw is an end tag with nothing but its
// name and optional whitespace ("</p>", "</P >"), which the faithful form
// can keep as written. Anything else in an end tag (attributes, "/") is
// ignored by browsers; it is not kept for a reader or a later tool to
// misread.
func plainEndTag(raw []byte) bool {
	if len(raw) < 4 || raw[len(raw)-1] != '>' {
		return false
	}
	i := 2
	for i < len(raw) && !tagNameEnds[raw[i]] {
		i++
	}
	for i < len(raw)-1 && spaces[raw[i]] {
		i++
	}
	return i == len(raw)-1
}

// startContext decides where the allowed start tag name goes, as the
// tree builder does, and closes what a browser closes before it. In
// foreign content a breakout tag ends the SVG first; any other tag is an
// SVG element, whatever its name, and only "/>" makes it void (HTML
// §13.2.6.5). Elsewhere <svg> opens foreign content and every other tag
// is an HTML element, whose "/>" is ignored unless it is void; <image> is
// <img> there (§13.2.6.4.7). ok is false if the tag must be dropped.
func (s *pass) startContext(name string, info elemInfo, selfClosing bool) (foreign, void, ok bool) {
	if s.tree.ForeignContent() {
		if info&infoBreakout == 0 {
			return true, selfClosing, true
		}
		s.closeTo(s.tree.ForeignFloor())
	}
	if name == "svg" || name == "math" {
		return true, selfClosing, s.placeHTML(name, info)
	}
	return false, info&infoVoid != 0 || name == "image", s.placeHTML(name, info)
}

// impliedEndTags closes what a browser closes when the start tag name
// arrives in body: an open <p> before a block, an open <li> before the
// next <li>, a heading before a heading, and so on ("close a p element",
// "generate implied end tags", HTML §13.2.6.4.7). Where its search stops
// short of a browser's, it closes more, never less: every end tag it
// writes is explicit, so the browser follows. The browser generates
// implied end tags for <rb> and the like only inside a <ruby> in scope;
// doing it always closes more, which is safe, but without a ruby a
// browser closes nothing, so what is dropped with its content goes on.
func (s *pass) impliedEndTags(name string, info elemInfo) {
	if info&infoClosesP != 0 {
		s.closeFollowed(s.tree.UpTo("p", false, s.hid.at >= 0))
	}
	switch name {
	case "li":
		s.closeItem("li")
	case "dt", "dd":
		s.closeItem("dt")
		s.closeItem("dd")
	case "h1", "h2", "h3", "h4", "h5", "h6":
		if c := s.tree.Current(); c != nil && htmltree.IsHeading(c.Name) {
			s.closeTo(s.tree.CurrentFloor())
		}
	case "button":
		s.closeTo(s.tree.UpTo("button", false, s.hid.at >= 0)) // buttons do not nest
	case "nobr":
		s.closeNobr()
	case "option", "optgroup":
		if c := s.tree.Current(); c != nil && c.Name == "option" {
			s.closeTo(s.tree.CurrentFloor())
		}
	case "rb", "rtc":
		if s.hid.at < 0 {
			s.closeTo(s.tree.ImpliedEndFloor(""))
		}
	case "rt", "rp":
		s.closeTo(s.tree.UpTo("rt", false, s.hid.at >= 0))
		s.closeTo(s.tree.UpTo("rp", false, s.hid.at >= 0))
		if s.hid.at < 0 {
			s.closeTo(s.tree.ImpliedEndFloor("rtc"))
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
	// Elements whose end tag may be left out: not worth a report.
	optionalEnd = set("p", "li", "dt", "dd", "tr", "td", "th", "thead", "tbody",
		"tfoot", "colgroup", "rt", "rp", "option", "optgroup", "caption")

	// Elements that mean nothing without one of their attributes.
	needsAttributes = set("a", "area", "img", "source", "track", "map", "font", "input", "embed")

	// Void elements (HTML §13.1.2): no content, no end tag.
	voidElements = set("area", "base", "br", "col", "embed", "hr", "img", "input",
		"link", "meta", "source", "track", "wbr", "param", "keygen", "frame")

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
	infoItem    // needsItemFence
	infoCurrent // needsCurrent
	infoCarried // a formatting element the pass reopens (carries)
)

var elemInfos = func() map[string]elemInfo {
	m := map[string]elemInfo{}
	for flag, names := range map[elemInfo]map[string]bool{
		infoVoid: voidElements, infoClosesP: set(htmltree.ClosesPNames()...),
		infoNeedsAttributes: needsAttributes, infoBreakout: set(htmltree.BreakoutNames()...),
		infoItem: set("li", "dd", "dt"), infoCurrent: set("rb", "rp", "rt", "rtc", "option", "optgroup"),
		infoCarried: set("b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike", "strong", "tt", "u"),
	} {
		for n := range names {
			m[n] |= flag
		}
	}
	return m
}()

// frameProps is what the builder needs to know about a frame's name
// (htmltree.Props), in one lookup: a frame is pushed per element.
var frameProps = newNameMap(htmltree.PropTable())

func optionalEndTag(name string) bool { return optionalEnd[name] }

func rawText(name string) bool { return rawTextElements[name] }

// contentDroppedName maps each name in contentDropped to itself, so that a
// pass can keep the name without copying the tokenizer's bytes.
var contentDroppedName = newNameMap(func() map[string]string {
	m := make(map[string]string, len(contentDropped))
	for n := range contentDropped {
		m[n] = n
	}
	return m
}())

// svgEndTag returns the end tag b for the SVG element name, in the
// faithful form: spelled as its start tag was (spelled, if not ""), or
// else in camel case if a browser names the element so, as its start tag
// is usually written (<textPath>…</textPath>). A browser reads either
// case alike; the pair agrees for a reader or a tool that reads the
// output as XML.
func svgEndTag(b []byte, name, spelled string) []byte {
	c, ok := svgCamel[name]
	if spelled != "" {
		c, ok = spelled, true
	}
	if ok {
		b = append(b[:0], '<', '/')
		b = append(b, c...)
		b = append(b, '>')
	}
	return b
}

// startSpelling returns how the start tag tag spells the SVG element
// name, if a browser names it in camel case and tag spells it otherwise,
// or "" (see open.spelled).
func startSpelling(name string, tag []byte) string {
	c, ok := svgCamel[name]
	if !ok {
		return ""
	}
	w := writtenName(name, tag)
	if w == nil || string(w) == c {
		return ""
	}
	return string(w)
}

// svgCamel maps the lower-cased names of the SVG elements a browser
// writes in camel case to it (HTML §13.2.6.5, "adjust SVG tag name").
var svgCamel = map[string]string{
	"altglyph": "altGlyph", "altglyphdef": "altGlyphDef", "altglyphitem": "altGlyphItem",
	"animatecolor": "animateColor", "animatemotion": "animateMotion",
	"animatetransform": "animateTransform", "clippath": "clipPath", "feblend": "feBlend",
	"fecolormatrix": "feColorMatrix", "fecomponenttransfer": "feComponentTransfer",
	"fecomposite": "feComposite", "feconvolvematrix": "feConvolveMatrix",
	"fediffuselighting": "feDiffuseLighting", "fedisplacementmap": "feDisplacementMap",
	"fedistantlight": "feDistantLight", "fedropshadow": "feDropShadow", "feflood": "feFlood",
	"fefunca": "feFuncA", "fefuncb": "feFuncB", "fefuncg": "feFuncG", "fefuncr": "feFuncR",
	"fegaussianblur": "feGaussianBlur", "feimage": "feImage", "femerge": "feMerge",
	"femergenode": "feMergeNode", "femorphology": "feMorphology", "feoffset": "feOffset",
	"fepointlight": "fePointLight", "fespecularlighting": "feSpecularLighting",
	"fespotlight": "feSpotLight", "fetile": "feTile", "feturbulence": "feTurbulence",
	"foreignobject": "foreignObject", "glyphref": "glyphRef", "lineargradient": "linearGradient",
	"radialgradient": "radialGradient", "textpath": "textPath",
}
