package sanitize

// An element the policy does not allow and drops with its content
// (policy.Policy.DropsContent: "unlisted: drop", or "drop: [...]") is
// dropped as the HTML Sanitizer API's setHTML() removes it: the element
// and its whole subtree as a browser builds the tree. The pass pushes a
// hidden frame for it (hide, as for the element hook's Drop), so the
// tree's rules decide where it ends, and indexes the frame by name in
// lastOpen after the allowed elements, so its end tag is found in O(1).
// Where the pass cannot follow the browser (an end tag the browser
// ignores past a special element, the adoption agency), it keeps the
// frame open: it may drop more than setHTML(), never less.

// unlistedSlot is the lastOpen slot of a name dropped with its content,
// and the name in memory the pass owns.
type unlistedSlot struct {
	name string
	slot int32
}

// reopening is a formatting element dropped with its content that the
// browser closed without its end tag: it stays on the list of active
// formatting elements (HTML §13.2.4.3), and the browser reopens a copy of
// it before the next text or inline start tag ("reconstruct the active
// formatting elements"). marker is the index of the innermost marker
// element it was opened in, or -1.
type reopening struct {
	name   string
	marker int32
}

// unlistedSlot returns name's slot, adding one if the document has not
// opened the name yet. name may be transient.
func (s *pass) unlistedSlot(name string) unlistedSlot {
	if u, ok := s.hid.unlisted[name]; ok {
		return u
	}
	if s.hid.unlisted == nil {
		s.hid.unlisted = map[string]unlistedSlot{}
	}
	u := unlistedSlot{ownName(name), int32(len(s.tree.lastOpen))}
	s.tree.lastOpen = append(s.tree.lastOpen, -1)
	s.hid.unlisted[u.name] = u
	return u
}

// dropContent drops the start tag name, which the policy does not allow,
// with the element's content. An element a browser does not create
// (table structure outside a table, a form inside a form) or a void one
// is just a dropped tag.
func (s *pass) dropContent(name string, selfClosing bool, reason Reason) {
	s.dropBreak(name)
	// An orphan item or ruby part is created by a browser too: hidden,
	// it writes nothing that could leave the output's container.
	foreign, void, placed := s.startContext(name, elemInfos[name]&^(infoItem|infoCurrent), selfClosing)
	m := s.baseMode()
	body := m == modeBody || m == modeCell || m == modeCaption
	if void || !placed && body && name != "a" && !s.unwrappedTable(name) {
		s.change(Change{Element: name, Action: RemovedElement, Reason: reason})
		if !void {
			s.droppedStartTag(name)
		}
		return
	}
	if s.out.werr != nil || !s.room() {
		return
	}
	s.change(Change{Element: name, Action: RemovedContent, Reason: reason})
	// Misplaced in a table, a browser foster-parents it: it holds what
	// follows until table structure arrives.
	s.pushHidden(name, foreign, !placed && !body)
}

// unwrappedTable reports whether name is table structure the pass finds
// outside a table while the policy does not keep tables: the table may be
// one the pass unwrapped, which a browser's parser still built (setHTML()
// parses first and removes after), so the dropped row or cell goes with
// its content, as it does there. A stray one loses its content too, which
// keeps less.
func (s *pass) unwrappedTable(name string) bool {
	if !tableStructure.at(name) {
		return false
	}
	_, ok := s.elements.get("table")
	return !ok
}

// pushHidden pushes a hidden frame for name, dropped with its content.
func (s *pass) pushHidden(name string, foreign, foster bool) {
	own := s.unlistedSlot(name).name
	if s.hid.at < 0 {
		s.hid.hide(&s.out, len(s.tree.stack))
	}
	s.pushFrame(open{name: own, foreign: foreign, inForeign: foreign && !htmlIntegrationPoint[own],
		hidden: true, unlisted: true, foster: foster})
}

// pend records a formatting element dropped with its content and closed
// without its end tag, once per name and marker: a browser keeps at most
// three copies on its list, and one hides as much as three.
func (s *pass) pend(name string, marker int32) {
	for i := len(s.hid.pending) - 1; i >= 0 && s.hid.pending[i].marker == marker; i-- {
		if s.hid.pending[i].name == name {
			return
		}
	}
	s.hid.pending = append(s.hid.pending, reopening{name, marker})
}

// clearToMarker forgets the reopenings inside the marker element just
// closed ("clear the list of active formatting elements up to the last
// marker", when a cell or caption closes).
func (s *pass) clearToMarker() {
	at := int32(len(s.tree.stack))
	for n := len(s.hid.pending); n > 0 && s.hid.pending[n-1].marker >= at; n-- {
		s.hid.pending = s.hid.pending[:n-1]
	}
}

// reopenable returns the index in pending of the first reopening after the innermost open marker: those
// the browser would reopen now.
func (s *pass) reopenable() int {
	marker := int32(-1)
	if n := len(s.tree.stack); n > 0 {
		marker = s.tree.stack[n-1].marker
	}
	start := len(s.hid.pending)
	for start > 0 && s.hid.pending[start-1].marker == marker {
		start--
	}
	return start
}

// reopen reopens the pending formatting elements, hidden, before text
// (name "") or the start tag name, where a browser reconstructs them. A
// new <a> or <nobr> first takes an open one of its name off the list
// (the adoption agency).
func (s *pass) reopen(name string) {
	start := s.reopenable()
	if name == "a" || name == "nobr" {
		kept := s.hid.pending[:start]
		for _, r := range s.hid.pending[start:] {
			if r.name != name {
				kept = append(kept, r)
			}
		}
		s.hid.pending = kept
	}
	if start == len(s.hid.pending) || s.tree.foreignContent() ||
		name != "" && (closesP[name] || tableStructure.at(name) || name == "table") {
		return
	}
	m := s.baseMode()
	foster := m == modeTable || m == modeTableBody || m == modeRow
	again := s.hid.pending[start:]
	s.hid.pending = s.hid.pending[:start]
	for _, r := range again {
		if !s.room() {
			return
		}
		if s.hid.at < 0 {
			s.change(Change{Element: r.name, Action: RemovedContent, Reason: ReasonReopened})
		}
		s.pushHidden(r.name, false, foster)
	}
}

// forget handles the end tag of a pending formatting element: the
// adoption agency takes it off the list, and nothing else. It reports
// whether there was one.
func (s *pass) forget(name string) bool {
	for i := len(s.hid.pending) - 1; i >= s.reopenable(); i-- {
		if s.hid.pending[i].name == name {
			s.hid.pending = append(s.hid.pending[:i], s.hid.pending[i+1:]...)
			return true
		}
	}
	return false
}

// endIgnored reports whether a browser ignores the end tag of name, open
// at index i, or leaves elements inside it open, while something is
// dropped with its content: an end tag of a block element out of scope,
// or of any other element with a special element inside it ("any other
// end tag" and the adoption agency's furthest block, HTML §13.2.6.4.7).
// A form's end tag takes the form off the stack and leaves what is inside
// it open.
func (s *pass) endIgnored(name string, i int) bool {
	top := &s.tree.stack[len(s.tree.stack)-1]
	switch {
	case tableStructure.at(name) || name == "table" || name == "template":
		return false // the table's rules close all inside it, and a template's
	case name == "form":
		// Closed only if what is inside it has implied end tags (a p).
		for j := len(s.tree.stack) - 1; j > i; j-- {
			if f := &s.tree.stack[j]; !impliedEnd[f.name] || f.foreign || len(s.tree.stack)-j > len(impliedEnd) {
				return true
			}
		}
		return false
	case name == "li":
		return int(top.listFence) > i
	case scopedEnd[name]:
		return int(top.scopeFence) > i
	}
	return int(top.special) > i
}

var (
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

	// Elements of contentDropped that are dropped through a frame when the
	// policy drops unlisted elements with their content: their content is
	// HTML, which ends them where the tree does, not at the next end tag
	// of their name.
	framed = set("audio", "video", "canvas", "map", "datalist")

	// Elements of contentDropped that are always dropped through a frame,
	// whatever the policy: their content is markup (noscript as setHTML()
	// and a parser with scripting off read it; svg and math as foreign
	// content), and a browser ignores their end tag with a special
	// element open inside them (<svg><foreignObject><p></svg>), or out of
	// scope, so the next end tag of their name need not end them.
	markupDropped = set("noscript", "object", "applet", "svg", "math")
)
