package sanitize

// The tree builder's insertion modes, as far as they decide which tags a
// browser keeps where the pass writes them (WHATWG HTML §13.2.4.1, "reset
// the insertion mode appropriately", and §13.2.6.4.9–15, the table
// modes). Inside table structure a browser moves anything but table
// structure out of the table (foster parenting) and closes what is open
// when the next row arrives ("clear the stack back to a table context");
// the pass drops such tags instead, so nothing it wrote is ever closed
// behind its back. The text inside them is kept: a browser shows it
// before the table.

// mode is an insertion mode. A frame's mode is that of its nearest
// ancestor-or-self that sets one; the document's is modeBody.
type mode uint8

const (
	modeBody      mode = iota // in body (and in template, select: never written)
	modeTable                 // in table
	modeTableBody             // in table body: <tbody>, <thead>, <tfoot>
	modeRow                   // in row
	modeCell                  // in cell: in body, where table structure ends the cell
	modeCaption               // in caption: likewise
	modeColgroup              // in column group
	// modeTemplate is "in template": a template's contents, until the
	// first start tag in them decides the mode (templatecontents.go).
	// The modes above, with modeInTemplate set, are the one that start
	// tag decided: the template sets it, as a table element would.
	modeTemplate
	modeInTemplate mode = 0x80
)

// modeOf maps the HTML elements that set an insertion mode to it.
var modeOf = map[string]mode{
	"table": modeTable, "tbody": modeTableBody, "thead": modeTableBody, "tfoot": modeTableBody,
	"tr": modeRow, "td": modeCell, "th": modeCell, "caption": modeCaption, "colgroup": modeColgroup,
	"template": modeTemplate,
}

// tableStructure are the start tags a browser ignores in body, and that
// end an open cell or caption (§13.2.6.4.7, §13.2.6.4.11, §13.2.6.4.15).
var tableStructure = newNameMap(set("caption", "col", "colgroup", "tbody", "td", "tfoot", "th", "thead", "tr"))

// markers are the elements that put a marker on the list of active
// formatting elements (§13.2.4.3): a link outside one is not found when
// the next <a> arrives.
var markers = set("applet", "object", "marquee", "template", "td", "th", "caption", "html")

// mode returns the insertion mode for the next token.
func (s *pass) mode() mode {
	if n := len(s.tree.stack); n > 0 {
		return s.tree.stack[n-1].mode
	}
	return modeBody
}

// placeHTML applies the insertion mode's rules to an HTML start tag:
// it closes what a browser closes first, inserts what a browser implies
// (<tbody> before <tr>, <tr> before <td>), and reports whether the tag
// stays where the pass writes it. A tag it refuses is to be dropped.
func (s *pass) placeHTML(name string, info elemInfo) bool {
	for s.out.werr == nil {
		switch m := s.mode(); m {
		case modeBody:
			return s.inBody(name, info)
		case modeCell, modeCaption:
			if !tableStructure.at(name) {
				return s.inBody(name, info)
			}
			s.closeMode() // "close the cell", or the caption
		case modeColgroup:
			if name == "col" || name == "template" {
				return true
			}
			s.closeMode() // anything else ends the column group
		default:
			if m >= modeTemplate {
				// Only a template sets these (templatecontents.go).
				if m == modeTemplate {
					if s.decideTemplate(name) {
						continue
					}
					return true // a template or head element: the mode is still open
				}
				if m &^= modeInTemplate; m == modeBody || m == modeColgroup || tableRule(m, name) == "close" {
					return s.inTemplate(m, name, info)
				}
			}
			rule := tableRule(m, name)
			if rule != "" && s.hid.at >= 0 && s.tree.stack[s.hid.at].foster {
				// Table structure ends what the browser foster-parented
				// ("clear the stack back to a table context").
				for at := s.hid.at; len(s.tree.stack) > at; {
					s.closeTop(true)
				}
				continue
			}
			switch rule {
			case "":
				return false
			case "insert":
				return true
			case "close":
				s.closeMode()
			default:
				if !s.room() {
					break
				}
				if _, ok := s.elements.get(rule); !ok && s.r.DropsContent(rule) {
					// The browser inserts it, and setHTML() removes it
					// with what follows in it.
					s.change(Change{Element: rule, Action: RemovedContent, Reason: ReasonNotAllowed})
					s.pushHidden(rule, false, false)
					break
				}
				s.pushFrame(open{name: rule, implied: true})
			}
		}
	}
	return false
}

// tableRule is what a start tag does in the table, table body and row
// modes: "insert" it, "close" the current table element first, insert
// the implied parent it names first, or "" (drop it: a browser would
// foster-parent it out of the table).
func tableRule(m mode, name string) string {
	switch m {
	case modeTable:
		switch name {
		case "caption", "colgroup", "tbody", "thead", "tfoot":
			return "insert"
		case "col":
			return "colgroup"
		case "tr", "td", "th":
			return "tbody"
		case "table":
			return "close" // a table in a table ends the first
		case "template":
			return "insert" // by the "in head" rules, in every table mode
		}
	case modeTableBody:
		switch name {
		case "tr":
			return "insert"
		case "td", "th":
			return "tr"
		case "caption", "col", "colgroup", "tbody", "thead", "tfoot", "table":
			return "close"
		case "template":
			return "insert"
		}
	case modeRow:
		switch name {
		case "td", "th", "template":
			return "insert"
		case "caption", "col", "colgroup", "tbody", "thead", "tfoot", "tr", "table":
			return "close"
		}
	}
	return ""
}

// inBody applies the "in body" rules that drop a tag, then closes what
// the tag closes.
func (s *pass) inBody(name string, info elemInfo) bool {
	switch {
	case tableStructure.at(name):
		return false // ignored outside a table
	case name == "form" && s.tree.forms > 0:
		return false // ignored while a form is open (the form element pointer)
	case name == "a" && !s.closeLink():
		return false
	case info&infoItem != 0 && !s.itemFence():
		return false // an orphan item: see needsItemFence
	}
	s.impliedEndTags(name, info)
	if info&infoCurrent != 0 && s.tree.current() == nil {
		return false // it would close the page's element: see needsCurrent
	}
	return true
}

// needsItemFence reports whether name is a list or description item,
// whose start tag makes a browser search the stack of open elements for an
// open item of its kind, stopping only at a special element other than
// address, div and p (HTML §13.2.6.4.7, "li", "dd, dt"). Without such an
// element written by the pass, the search goes on into the page: in the
// common comment markup <ol><li>COMMENT</li></ol>, an <li> closes the
// page's item and shows as an entry of the page's list. Such an orphan
// loses its start tag and keeps its text, like an orphan table cell; an
// item inside its list (or any fence: a cell, a section) is kept.
func needsItemFence(name string) bool {
	return elemInfos[name]&infoItem != 0
}

// itemFence reports whether the pass has written an element where a
// browser's search for an open item stops: a list boundary (ul, ol, a
// table, a cell...), or the innermost special element that is not
// address, div or p, which the search passes (<dl><div><dt> keeps its
// dt, as in a browser; <div><dt> alone does not). The frames keep both
// indices, so this is O(1). A stop the browser does not see (a dropped
// or hidden frame) is none: the item goes.
func (s *pass) itemFence() bool {
	n := len(s.tree.stack)
	if n == 0 {
		return false
	}
	top := &s.tree.stack[n-1]
	if top.listFence >= 0 {
		return true
	}
	if top.item < 0 {
		return false
	}
	sp := &s.tree.stack[top.item]
	return !sp.dropped && !sp.hidden
}

// needsCurrent reports whether name is a ruby part or an option, whose
// start tag makes a browser close the current node if it is one of the
// elements whose end tag is implied ("generate implied end tags" when a
// <ruby> is in scope, for rb, rtc, rp and rt; an open <option> for option
// and optgroup; HTML §13.2.6.4.7). The pass closes its own such elements
// first (impliedEndTags), so the browser's current node is then the
// pass's, and not one of them, unless the pass has none open: then it is
// the page's container, which a ruby or select around it would close.
// Such a tag at the top of the output is dropped, its text kept.
func needsCurrent(name string) bool {
	return elemInfos[name]&infoCurrent != 0
}

// closeLink closes an open link before a new one: a browser runs the
// adoption agency for an <a> on the list of active formatting elements
// after its last marker. It reports false, to drop the new link, when the
// open one lies beyond a table or an SVG <desc>: the adoption agency
// finds it out of scope and takes it off the stack from the middle, which
// the pass cannot follow. The frames keep both indices, so this is O(1)
// plus the elements it closes.
func (s *pass) closeLink() bool {
	n := len(s.tree.stack)
	if n == 0 || s.tree.stack[n-1].link < 0 {
		return true
	}
	top := s.tree.stack[n-1]
	if top.fence > top.link || s.hid.at >= 0 && top.special > top.link {
		// With a special element inside the open link, the adoption
		// agency leaves it open, and what is dropped with its content
		// with it.
		return false
	}
	for len(s.tree.stack) > int(top.link) {
		s.closeTop(true)
	}
	return true
}

// closeMode closes the element that sets the current insertion mode, and
// everything inside it.
func (s *pass) closeMode() {
	for len(s.tree.stack) > 0 {
		top := s.tree.stack[len(s.tree.stack)-1]
		s.closeTop(true)
		if _, ok := modeOf[top.name]; ok && !top.foreign && !top.dropped {
			return
		}
	}
}

// room reports whether one more element fits under the depth limit, and
// sets the limit error if not. The wrapper of document: wrap is not
// counted: a pass writes one around every such document, and reads it
// back from its own output.
func (s *pass) room() bool {
	depth := len(s.tree.stack)
	if depth < s.r.Limits.MaxDepth || depth == s.r.Limits.MaxDepth && s.tree.stack[0].wrapper {
		return true
	}
	if s.out.werr == nil {
		s.in.locate()
		s.out.werr = &LimitError{Limit: "max_depth", Value: int64(s.r.Limits.MaxDepth), Line: s.in.line, Column: s.in.col}
	}
	return false
}
