package sanitize

import "github.com/htmlclean/htmlclean/internal/rules"

// tree is the part of the pass that follows the element tree a browser
// builds: the elements written and not yet closed, with the indices the
// tree's rules look up, and what is skipped.
type tree struct {
	stack    []open         // elements written and not yet closed
	last     [nScoped]int32 // index of the innermost of each scopedIndex element on it, or -1
	forms    int            // how many written <form> elements are on it
	lastOpen []int32        // by allowed.slot, then unlisted slots: index of the innermost such element on it, or -1
	unopened []int32        // -1 for each slot reset keeps: what it copies into lastOpen

	skip      string // element whose content is being dropped, or ""
	skipDepth int
	dropped   map[string]int // dropped start tags by name, when reporting
	crowded   bool           // a formatting element was opened with three of its name open (adoption.go)
}

// reset empties the tree for a document under a policy that allows n
// elements.
func (t *tree) reset(n int) {
	t.lastOpen = t.lastOpen[:n]
	if len(t.unopened) < n {
		t.unopened = make([]int32, n)
		for i := range t.unopened {
			t.unopened[i] = -1
		}
	}
	// A copy, not a loop storing -1 in each of the policy's slots: per
	// document, that loop cost more than a short comment's tags.
	copy(t.lastOpen, t.unopened)
	t.stack, t.skip, t.skipDepth = t.stack[:0], "", 0
	t.last, t.forms, t.crowded = noneOpen, 0, false
	clear(t.dropped)
}

// oversized reports whether a hostile document grew the tree past what a
// pooled pass keeps.
func (t *tree) oversized() bool {
	return cap(t.stack) > maxPooledItems || len(t.dropped) > maxPooledItems
}

// open is an element on the stack.
type open struct {
	name    string
	ns      rules.Namespace // its namespace (foreign.go), if foreign
	foreign bool            // an SVG or MathML element
	// inForeign says the tokens after its start tag are read by the rules
	// for foreign content (HTML §13.2.6): it is an SVG or MathML element
	// other than an HTML or MathML text integration point
	// (foreignInForeign), or a dropped element inside one.
	inForeign bool
	dropped   bool  // its start tag was dropped: close it without a trace
	hidden    bool  // dropped with its content by the element hook (hide): a frame like any other, never written
	unlisted  bool  // hidden, as an element the policy drops with its content (unlisted.go)
	foster    bool  // unlisted, where a browser foster-parents it out of a table
	implied   bool  // a browser inserts it (<tbody> before <tr>): never written
	wrapper   bool  // the wrapper of document: wrap, read from the input: not counted under max_depth
	mode      mode  // the insertion mode for its content (insert.go)
	cur       int32 // index of the browser's current node when it is on top
	link      int32 // index of the open <a> a new <a> would find, or -1
	fence     int32 // index of the innermost <table> or SVG <desc>, or -1
	// Indices of the innermost scope boundary (scopeBoundary, or any SVG
	// element), and list scope boundary, at or below it, or -1; and of the
	// element with its name below it, if scopedIndex numbers that name.
	scopeFence, listFence, prevSame int32
	slot, prevOpen                  int32 // allowed.slot or unlistedSlot.slot (or -1), and lastOpen's value below it
	// Indices of the innermost special element (HTML §13.2.4.2, or any
	// SVG element) and marker element (§13.2.4.3) at or below it, or -1.
	special, marker int32
	// item is the index of the innermost element at or below it where a
	// browser's search for an open list or description item stops (a
	// special element other than address, div and p), or -1 (itemFence).
	item int32
	// spelled is an SVG element's name as its start tag spelled it, if
	// not in the browser's camel case (<textpath>, <TEXTPATH>), or "":
	// an end tag the pass writes for it is spelled alike (svgEndTag).
	spelled string
}

// The pass keeps a stack of the elements it has written and not closed,
// so that its output is balanced: a comment can neither close the page's
// elements ("</div>") nor leave its own open ("<a href=…>" swallowing the
// rest of the page). The rules below are the parts of the HTML tree
// builder (WHATWG HTML §13.2.6) that decide where an element ends. The
// pass writes an explicit end tag for every element a browser would close
// by itself, so that the browser's stack of open elements stays the
// pass's; where the browser would ignore a tag, move it (foster
// parenting) or take an element off the stack from the middle (adoption
// agency), the pass drops the tag instead (insert.go), keeping its text.
// The property test is safety.Leaks.

func (s *pass) push(name string, foreign bool) {
	s.pushFrame(open{name: name, foreign: foreign, inForeign: foreign && !htmlIntegrationPoint[name]})
}

// pushAllowed pushes a, an HTML element the policy allows: its slot in
// lastOpen is a.slot, and its frame properties a.props, with no lookup
// of its name again.
func (s *pass) pushAllowed(a allowed) {
	s.pushFrameSlot(open{name: a.el.Name}, a.slot, a.props)
}

// pushFrame pushes f, deriving what it inherits from the frame below: the
// insertion mode and, for a dropped frame, the current node.
func (s *pass) pushFrame(f open) { s.pushFrameSlot(f, unknownSlot, 0) }

// unknownSlot is pushFrameSlot's slot for a frame whose slot and
// properties it looks up.
const unknownSlot = -2

// pushFrameSlot is pushFrame for a frame whose slot in lastOpen is slot
// and whose frameProps entry is fp, or whose slot is unknownSlot.
func (s *pass) pushFrameSlot(f open, slot int32, fp frameProp) {
	f.cur, f.mode, f.link, f.fence, f.scopeFence, f.listFence = -1, modeBody, -1, -1, -1, -1
	f.special, f.marker, f.item = -1, -1, -1
	if n := len(s.tree.stack); n > 0 {
		b := &s.tree.stack[n-1]
		f.cur, f.mode, f.link, f.fence, f.scopeFence, f.listFence = b.cur, b.mode, b.link, b.fence, b.scopeFence, b.listFence
		f.special, f.marker, f.item = b.special, b.marker, b.item
	}
	i := int32(len(s.tree.stack))
	if f.foreign && f.ns == rules.NSHTML {
		f.ns = s.tree.frameNS(f.name)
	}
	if slot == unknownSlot {
		fp = frameProps.at(f.name)
	}
	if !f.dropped {
		f.cur = i
		if f.foreign || fp&propScope != 0 {
			f.scopeFence = i
		}
		if f.foreign || fp&propList != 0 {
			f.listFence = i
		}
		switch {
		case f.foreign:
			if fp&propIntegration != 0 {
				f.fence = i
			}
		case f.name == "a" && !f.implied:
			f.link = i
		case fp&propMarker != 0:
			f.link = -1
		case f.name == "table":
			f.fence = i
		}
		if fp&propMode != 0 && !f.foreign {
			f.mode = modeOf[f.name]
		}
		if f.name == "form" && !f.foreign {
			s.tree.forms++
		}
	}
	if k := scopedIndex(f.name); k >= 0 {
		f.prevSame, s.tree.last[k] = s.tree.last[k], i
	}
	if fp&propSpecial != 0 || f.foreign {
		f.special = i
		if f.foreign || f.name != "address" && f.name != "div" && f.name != "p" {
			f.item = i
		}
	}
	if fp&propMarker != 0 && !f.dropped && !f.foreign && !f.implied {
		f.marker = i
	}
	f.slot = -1
	if slot != unknownSlot {
		f.slot = slot
	} else if f.foreign && !f.unlisted { // an element hook's Drop keeps its slot: its end tag ends it
		f.slot = s.foreignSlot(f.ns, f.name)
	} else if a, ok := s.elements.get(f.name); ok {
		f.slot = a.slot
	} else if f.unlisted {
		f.slot = s.unlistedSlot(f.name).slot
	}
	if f.slot >= 0 {
		f.prevOpen, s.tree.lastOpen[f.slot] = s.tree.lastOpen[f.slot], i
	}
	s.tree.stack = append(s.tree.stack, f)
}

// scopedIndex numbers the elements impliedEndTags looks for, so that the
// pass finds the innermost open one without a search (pass.last).
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

// noneOpen is pass.last for an empty stack.
var noneOpen = func() (a [nScoped]int32) {
	for i := range a {
		a[i] = -1
	}
	return a
}()

// closeTop writes the end tag of the innermost open element. implicit
// says the input did not close it.
func (s *pass) closeTop(implicit bool) {
	// A pointer, not a copy of the frame: nothing below pushes one, so
	// the slot outlives the pop.
	top := &s.tree.stack[len(s.tree.stack)-1]
	s.tree.stack = s.tree.stack[:len(s.tree.stack)-1]
	if k := scopedIndex(top.name); k >= 0 {
		s.tree.last[k] = top.prevSame
	}
	if top.slot >= 0 {
		s.tree.lastOpen[top.slot] = top.prevOpen
	}
	if top.name == "form" && !top.foreign && !top.dropped {
		s.tree.forms--
	}
	if top.unlisted && implicit && formatting[top.name] {
		s.pend(top.name, top.marker)
	}
	if int(top.marker) == len(s.tree.stack) {
		s.clearToMarker()
	}
	if len(s.tree.stack) == s.hid.at {
		s.hid.unhide(&s.out)
	}
	if top.dropped && !implicit {
		s.dropBreak(top.name) // its end tag is gone too
	}
	if len(s.link.held) > 0 {
		s.link.frameClosed(len(s.tree.stack), top.name, !(top.dropped || top.hidden), top.foreign, top.dropped && !top.hidden)
	}
	if top.dropped || top.hidden || top.implied && implicit {
		// Neither was written: a dropped element's end tag goes with
		// its start tag's report, and an implied one (a <tbody> the
		// browser inserts) is implied again. An implied element's own end
		// tag, from the input, is written: "</tbody>" closes it.
		return
	}
	b := append(s.out.tagBuf[:0], '<', '/')
	b = append(b, top.name...)
	s.out.tagBuf = append(b, '>')
	s.out.dst.c.Write(s.out.tagBuf)
	if top.foreign {
		s.out.tagBuf = svgEndTag(s.out.tagBuf, top.name, top.spelled)
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
		s.change(Change{Element: top.name, Action: RewroteTag, Reason: ReasonEndTagAttributes})
	case implicit && optionalEndTag(top.name):
		// The browser would close it here too; the output says so.
		s.change(Change{Element: top.name, Action: ClosedElement, Reason: ReasonImplied})
	case implicit:
		s.change(Change{Element: top.name, Action: ClosedElement, Reason: ReasonLeftOpen})
	}
	if len(s.link.held) > 0 {
		// Any frame: an SVG a and a MathML element with href are held
		// links too (navigates); end matches the frame's depth.
		s.link.end(linkEnv{s, &s.out, &s.in, &s.r}, len(s.tree.stack))
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

// foreignContent reports whether a browser reads the next token by the
// rules for foreign content (HTML §13.2.6, tree construction dispatcher):
// the current node is an SVG or MathML element and no integration point
// (mglyph and malignmark in a text integration point, and svg in
// annotation-xml, are the dispatcher's exceptions: startNS).
func (t *tree) foreignContent() bool {
	n := len(t.stack)
	return n > 0 && t.stack[n-1].inForeign
}

// outOfScope reports whether the frame at index i, which the end tag of
// name would close, lies beyond an HTML scope boundary (a table, a cell,
// a caption...) above it: a browser ignores such an end tag ("has an
// element in scope", HTML §13.2.4.2), so "</div>" inside a cell does not
// close the div around the table. The table's own end tags follow the
// table's rules (insert.go), and foreign content its own.
func (t *tree) outOfScope(name string, i int) bool {
	// The boundary first: most end tags have none above their frame, and
	// need no lookup of their name.
	fence := int(t.stack[len(t.stack)-1].scopeFence)
	if fence <= i || t.stack[fence].foreign {
		return false
	}
	return !tableStructure.at(name) && name != "table"
}

// closeForeign closes the open SVG and MathML elements down to the
// nearest HTML element or integration point, as a browser pops them
// before a breakout tag such as <p>, <img> or </br> (HTML §13.2.6.5).
func (s *pass) closeForeign() {
	for s.tree.foreignContent() {
		s.closeTop(true)
	}
}

// startContext decides where the allowed start tag name goes, as the
// tree builder does, and closes what a browser closes before it. In
// foreign content a breakout tag ends the SVG first; any other tag is an
// SVG element, whatever its name, and only "/>" makes it void (HTML
// §13.2.6.5). Elsewhere <svg> opens foreign content and every other tag
// is an HTML element, whose "/>" is ignored unless it is void; <image> is
// <img> there (§13.2.6.4.7). ok is false if the tag must be dropped.
func (s *pass) startContext(name string, info elemInfo, selfClosing bool) (foreign, void, ok bool) {
	if s.tree.foreignContent() {
		if info&infoBreakout == 0 {
			return true, selfClosing, true
		}
		s.closeForeign()
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
// writes is explicit, so the browser follows.
func (s *pass) impliedEndTags(name string, info elemInfo) {
	if info&infoClosesP != 0 {
		s.closeUpTo("p", false)
	}
	switch name {
	case "li":
		s.closeUpTo("li", true)
	case "dt", "dd":
		s.closeUpTo("dt", true)
		s.closeUpTo("dd", true)
	case "h1", "h2", "h3", "h4", "h5", "h6":
		if c := s.tree.current(); c != nil && isHeading(c.name) {
			s.closeCurrent()
		}
	case "button":
		s.closeUpTo("button", false) // buttons do not nest
	case "nobr":
		s.closeUpTo("nobr", false)
	case "option", "optgroup":
		if c := s.tree.current(); c != nil && c.name == "option" {
			s.closeCurrent()
		}
	case "rb", "rtc":
		s.generateImpliedEndTags("")
	case "rt", "rp":
		s.closeUpTo("rt", false)
		s.closeUpTo("rp", false)
		s.generateImpliedEndTags("rtc")
	}
}

// generateImpliedEndTags closes the current node while it is one of the
// elements whose end tag is implied, except the one named except (HTML
// §13.2.6.3). The browser does so for <rb> and the like only inside a
// <ruby> in scope; doing it always closes more, which is safe.
func (s *pass) generateImpliedEndTags(except string) {
	if s.hid.at >= 0 {
		return // without a ruby in scope a browser closes nothing: keep dropping
	}
	for c := s.tree.current(); c != nil && impliedEnd[c.name] && c.name != except && !c.foreign; c = s.tree.current() {
		s.closeCurrent()
	}
}

// current returns the browser's current node: the innermost open element
// the pass wrote or implied, or nil.
func (t *tree) current() *open {
	n := len(t.stack)
	if n == 0 || t.stack[n-1].cur < 0 {
		return nil
	}
	return &t.stack[t.stack[n-1].cur]
}

// closeCurrent closes the current node and the dropped frames above it.
func (s *pass) closeCurrent() {
	for len(s.tree.stack) > 0 {
		dropped := s.tree.stack[len(s.tree.stack)-1].dropped
		s.closeTop(true)
		if !dropped {
			return
		}
	}
}

// closeUpTo closes the open element name, and everything inside it, if
// it is open without a boundary element in between: one of scopeBoundary
// (or listBoundary, if list), or an SVG element. The frames keep the
// indices, so this is O(1) plus the elements it closes: a search down the
// stack would make a deep document quadratic.
func (s *pass) closeUpTo(name string, list bool) {
	at := s.tree.last[scopedIndex(name)]
	if at < 0 {
		return
	}
	top := &s.tree.stack[len(s.tree.stack)-1]
	fence := top.scopeFence
	if list {
		fence = top.listFence
	}
	if fence > at {
		return
	}
	if s.hid.at >= 0 && name != "p" && name != "button" && top.special > at {
		// A browser stops at a special element before an li, dd or dt
		// (or runs the adoption agency for nobr): the pass, which cannot
		// follow it, leaves what is dropped with its content open.
		return
	}
	for len(s.tree.stack) > int(at) {
		s.closeTop(true)
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
	// Elements that close an open <p> (HTML §13.2.6.4.7, "in body"). A
	// <table> does so only in no-quirks mode; closing the <p> always is
	// explicit, so both modes follow.
	closesP = set("address", "article", "aside", "blockquote", "center", "details",
		"dialog", "dir", "div", "dl", "fieldset", "figcaption", "figure", "footer",
		"form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "main",
		"menu", "nav", "ol", "p", "pre", "search", "section", "summary", "table", "ul",
		"listing", "li", "dd", "dt")

	headings = set("h1", "h2", "h3", "h4", "h5", "h6")

	// Elements "generate implied end tags" closes (HTML §13.2.6.3).
	impliedEnd = set("dd", "dt", "li", "optgroup", "option", "p", "rb", "rp", "rt", "rtc")

	// Scope boundaries: an element outside one of these is not "in scope".
	scopeBoundary = set("applet", "caption", "html", "table", "td", "th", "marquee",
		"object", "template", "button")
	listBoundary = set("applet", "caption", "html", "table", "td", "th", "marquee", "object", "template", "ol", "ul")

	// Elements whose end tag may be left out: not worth a report.
	optionalEnd = set("p", "li", "dt", "dd", "tr", "td", "th", "thead", "tbody",
		"tfoot", "colgroup", "rt", "rp", "option", "optgroup", "caption")

	// Elements that mean nothing without one of their attributes.
	needsAttributes = set("a", "area", "img", "source", "track", "map", "font", "input", "embed")

	// Void elements (HTML §13.1.2): no content, no end tag.
	voidElements = set("area", "base", "br", "col", "embed", "hr", "img", "input",
		"link", "meta", "source", "track", "wbr", "param", "keygen", "frame")

	// HTML start tags that end foreign (SVG) content (HTML §13.2.6.5).
	// <font> does only with a color, face or size attribute; the pass
	// ends the SVG before any <font>, which is safe: the end tags it
	// writes make the browser do the same.
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
)

var elemInfos = func() map[string]elemInfo {
	m := map[string]elemInfo{}
	for flag, names := range map[elemInfo]map[string]bool{
		infoVoid: voidElements, infoClosesP: closesP,
		infoNeedsAttributes: needsAttributes, infoBreakout: breakout,
		infoItem: set("li", "dd", "dt"), infoCurrent: set("rb", "rp", "rt", "rtc", "option", "optgroup"),
	} {
		for n := range names {
			m[n] |= flag
		}
	}
	return m
}()

// frameProp is what pushFrame needs to know about a frame's name, from
// the sets above, in one lookup (a frame is pushed per element).
type frameProp uint8

const (
	propScope frameProp = 1 << iota
	propList
	propIntegration
	propMarker
	propMode    // modeOf has it
	propSpecial // the parser's special category (unlisted.go)
)

var frameProps = newNameMap(func() map[string]frameProp {
	m := map[string]frameProp{}
	for flag, names := range map[frameProp]map[string]bool{
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
}())

// isHeading is headings[name], without a map lookup.
func isHeading(name string) bool {
	return len(name) == 2 && name[0] == 'h' && '1' <= name[1] && name[1] <= '6'
}

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
