package sanitize

import "github.com/htmlclean/htmlclean/internal/htmltree"

// An element the policy does not allow and drops with its content
// (policy.Policy.DropsContent: "unlisted: drop", or "drop: [...]") is
// dropped as the HTML Sanitizer API's setHTML() removes it: the element
// and its whole subtree as a browser builds the tree. The pass pushes a
// hidden frame for it (hide, as for the element hook's Drop), so the
// tree's rules decide where it ends, and indexes the frame by name in
// the tree (htmltree.Builder.LastOpen) after the allowed elements, so
// its end tag is found in O(1). Where the pass cannot follow the browser
// (an end tag the browser ignores past a special element, the adoption
// agency), it keeps the frame open: it may drop more than setHTML(),
// never less.

// unlistedSlot is the tree slot of a name dropped with its content,
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

// slot returns name's slot in t, adding one if the document has not
// opened the name yet. name may be transient.
func (h *hiding) slot(name string, t *tree) unlistedSlot {
	if u, ok := h.unlisted[name]; ok {
		return u
	}
	if h.unlisted == nil {
		h.unlisted = map[string]unlistedSlot{}
	}
	u := unlistedSlot{ownName(name), t.AddSlot()}
	h.unlisted[u.name] = u
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
	m := s.tree.BaseMode()
	body := m == modeBody || m == modeCell || m == modeCaption
	if void || !placed && body && name != "a" && !unwrappedTable(&s.elements, name) {
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
func unwrappedTable(elements *nameMap[allowed], name string) bool {
	if !htmltree.TableStructure(name) {
		return false
	}
	_, ok := elements.get("table")
	return !ok
}

// pushHidden pushes a hidden frame for name, dropped with its content.
func (s *pass) pushHidden(name string, foreign, foster bool) {
	own := s.hid.slot(name, &s.tree).name
	if s.hid.at < 0 {
		s.hid.hide(&s.out, s.tree.Len())
	}
	caller := frameHidden | frameUnlisted
	if foster {
		caller |= frameFoster
	}
	s.pushFrame(htmltree.Frame{Name: own, Foreign: foreign, InForeign: foreign && !htmltree.IntegrationPoint(own), Caller: caller})
}

// pend records a formatting element dropped with its content and closed
// without its end tag, once per name and marker: a browser keeps at most
// three copies on its list, and one hides as much as three.
func (h *hiding) pend(name string, marker int32) {
	for i := len(h.pending) - 1; i >= 0 && h.pending[i].marker == marker; i-- {
		if h.pending[i].name == name {
			return
		}
	}
	h.pending = append(h.pending, reopening{name, marker})
}

// clearToMarker forgets the reopenings inside the marker element just
// closed at index at ("clear the list of active formatting elements up to
// the last marker", when a cell or caption closes).
func (h *hiding) clearToMarker(at int32) {
	for n := len(h.pending); n > 0 && h.pending[n-1].marker >= at; n-- {
		h.pending = h.pending[:n-1]
	}
}

// reopenable returns the index in pending of the first reopening after
// marker, the innermost open marker element's index: those the browser
// would reopen now.
func (h *hiding) reopenable(marker int32) int {
	start := len(h.pending)
	for start > 0 && h.pending[start-1].marker == marker {
		start--
	}
	return start
}

// reopen reopens the pending formatting elements, hidden, before text
// (name "") or the start tag name, where a browser reconstructs them. A
// new <a> or <nobr> first takes an open one of its name off the list
// (the adoption agency).
func (s *pass) reopen(name string) {
	start := s.hid.reopenable(s.tree.Marker())
	if name == "a" || name == "nobr" {
		kept := s.hid.pending[:start]
		for _, r := range s.hid.pending[start:] {
			if r.name != name {
				kept = append(kept, r)
			}
		}
		s.hid.pending = kept
	}
	if start == len(s.hid.pending) || s.tree.ForeignContent() ||
		name != "" && (elemInfos[name]&infoClosesP != 0 || htmltree.TableStructure(name) || name == "table") {
		return
	}
	m := s.tree.BaseMode()
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

// forget handles the end tag of a pending formatting element after
// marker, the innermost open marker element's index: the adoption agency
// takes it off the list, and nothing else. It reports whether there was
// one.
func (h *hiding) forget(name string, marker int32) bool {
	for i := len(h.pending) - 1; i >= h.reopenable(marker); i-- {
		if h.pending[i].name == name {
			h.pending = append(h.pending[:i], h.pending[i+1:]...)
			return true
		}
	}
	return false
}

var (
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
