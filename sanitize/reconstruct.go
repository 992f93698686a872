package sanitize

import (
	"hash/maphash"

	"github.com/htmlclean/htmlclean/internal/htmltree"
)

// A formatting element (b, i, em, font, ...) that a block closes without
// its end tag stays on the browser's list of active formatting elements
// (HTML §13.2.4.3), and the browser writes a copy of it before the next
// text or inline start tag ("reconstruct the active formatting
// elements"): <p><b>a</p><p>b is <p><b>a</b></p><p><b>b</b></p>. The
// pass closes every element with an explicit end tag, so the browser
// reading its output reopens nothing: the pass writes the copies itself,
// with the start tag it wrote for the element, where the input's tree has
// them. carrying mirrors the list for the formatting elements the pass
// wrote; those dropped with their content are hiding.pending's.
//
// Where the pass cannot tell what the browser builds, it writes no copy
// and forgets the element (reason not-reopened): keeping less, as when it
// closed them all. That is so inside a link held for the link-text check,
// in select, raw text or foreign content, and past the budget that keeps
// the output linear in the input (a few hundred open elements reopened
// before every word would write each of them again). a, a link the
// link-text check follows, is closed as before.
// Table modes, where a copy would be foster-parented, leave the list as
// it is, and the copy is written after the table if the browser writes
// one there.

// carried is a formatting element the pass wrote, on the list.
type carried struct {
	name   string // the policy's own string
	key    uint64 // the element's attributes as the input gave them (Noah's Ark)
	c, f   [2]int // its start tag as written, canonical and faithful, in carrying.buf
	depth  int32  // its index on the stack, or -1 once closed without its end tag
	marker int32  // the innermost marker element it was opened in (htmltree.Builder.Marker)
}

// carrying is the pass's mirror of the list of active formatting
// elements it wrote, oldest first.
type carrying struct {
	list   []carried
	buf    []byte
	closed int // entries with depth -1
	// credit is what reopening may still write: it grows with the tokens
	// that reopen and shrinks by what the copies write.
	credit int
	// follow says the elements being closed are closed by the browser
	// too (closeFollowed): they stay on its list, to be reopened. Other
	// closes are the pass's own, which the browser follows from its end
	// tags and never reopens from.
	follow bool
	// diverged says the pass dropped a start tag the browser places (an
	// orphan list item, a cell of an unwrapped table, an unwrapped special
	// element such as a button): the browser's stack holds an element the
	// pass's does not, and the pass no longer knows which end tags it
	// ignores, nor where its markers are. Nothing is reopened or adopted
	// after that.
	diverged bool
	// unsureP says the pass closed a p where the browser may keep it open
	// (a close not by the browser's rule): a later "</p>" may close it
	// there, and is not written as an empty paragraph (emptyParagraph).
	unsureP bool
}

// reopenCredit is the credit each token that reopens adds beyond its own
// length: the copies before one word of a paragraph that reopens a few
// formatting elements always fit.
const reopenCredit = 256

// reset readies the part for a document.
func (c *carrying) reset() {
	c.list, c.buf = c.list[:0], c.buf[:0]
	c.closed, c.credit = 0, 0
	c.follow, c.diverged, c.unsureP = false, false, false
}

// oversized reports whether a hostile document grew the part past what a
// pooled pass keeps.
func (c *carrying) oversized() bool {
	return cap(c.list) > maxPooledItems || cap(c.buf) > maxPooledBytes
}

// opened records the formatting element just written and pushed at the
// top of the stack, with key its attributes' (attrKey), its start tag
// canonical and faithful. A fourth element of the same name and
// attributes after the last marker takes the oldest of the three off the
// list (§13.2.4.3, "Noah's Ark"): it is not reopened.
func (c *carrying) opened(t *tree, name string, key uint64, canon, faithful []byte) {
	marker := t.Marker()
	same, first := 0, -1
	for i := len(c.list) - 1; i >= 0 && c.list[i].marker == marker; i-- {
		if e := &c.list[i]; e.name == name && e.key == key {
			same, first = same+1, i
		}
	}
	if same >= 3 {
		c.remove(first)
	}
	e := carried{name: name, key: key, depth: int32(t.Len() - 1), marker: marker}
	e.c = [2]int{len(c.buf), len(c.buf) + len(canon)}
	c.buf = append(c.buf, canon...)
	e.f = [2]int{len(c.buf), len(c.buf) + len(faithful)}
	c.buf = append(c.buf, faithful...)
	c.list = append(c.list, e)
}

// remove takes entry i off the list. The bytes of the last entry go with
// it; those of one in the middle stay until the entries after it go, so
// buf holds at most maxCarried entries' tags and the holes between them.
func (c *carrying) remove(i int) {
	if c.list[i].depth < 0 {
		c.closed--
	}
	c.list = append(c.list[:i], c.list[i+1:]...)
	if n := len(c.list); n == 0 {
		c.buf = c.buf[:0]
	} else if i == n {
		c.buf = c.buf[:c.list[n-1].f[1]]
	}
}

// popped handles the frame at stack index depth, just closed, if it is
// an entry's: with its end tag, the element leaves the list; without it,
// it stays there, closed, to be reopened. The open entries are in stack
// order, so only the last can be at the top of the stack.
func (c *carrying) popped(depth int, implicit bool) {
	i := len(c.list) - 1
	for i >= 0 && c.list[i].depth < 0 {
		i--
	}
	switch {
	case i < 0 || c.list[i].depth != int32(depth):
	case implicit:
		c.list[i].depth = -1
		c.closed++
	default:
		c.remove(i)
	}
}

// cut handles the frame at stack index depth, taken from the middle of
// the stack by the adoption agency: it left the list with its end tag.
func (c *carrying) cut(depth int) {
	for i := len(c.list) - 1; i >= 0; i-- {
		switch e := &c.list[i]; {
		case e.depth == int32(depth):
			c.remove(i)
		case e.depth > int32(depth):
			e.depth--
		}
	}
}

// listed reports whether the element open at stack index depth is on the
// list after the innermost marker, marker: one the pass wrote, not taken
// off by Noah's Ark, while the list is followed (not diverged).
func (c *carrying) listed(depth int, marker int32) bool {
	if c.diverged {
		return false
	}
	for i := len(c.list) - 1; i >= 0; i-- {
		if e := &c.list[i]; e.depth == int32(depth) {
			return e.marker == marker
		}
	}
	return false
}

// clearToMarker forgets the entries opened inside the marker element just
// closed at index at.
func (c *carrying) clearToMarker(at int32) {
	for n := len(c.list); n > 0 && c.list[n-1].marker >= at; n = len(c.list) {
		c.remove(n - 1)
	}
}

// forget handles the end tag of name: if the last entry of that name after
// the innermost marker is closed, the adoption agency takes it off the
// list and ignores the end tag, and forget reports true.
func (c *carrying) forget(name string, marker int32) bool {
	for i := len(c.list) - 1; i >= 0 && c.list[i].marker == marker; i-- {
		if e := &c.list[i]; e.name == name {
			if e.depth >= 0 {
				return false
			}
			c.remove(i)
			return true
		}
	}
	return false
}

// forgetLastClosed takes the last closed entry named name off the list.
func (c *carrying) forgetLastClosed(name string) {
	for i := len(c.list) - 1; i >= 0; i-- {
		if e := &c.list[i]; e.depth < 0 && e.name == name {
			c.remove(i)
			return
		}
	}
}

// reopenable returns the index of the first entry the browser would
// reopen now: the closed ones after the last open one and the innermost
// marker.
func (c *carrying) reopenable(marker int32) int {
	i := len(c.list)
	for i > 0 && c.list[i-1].marker == marker && c.list[i-1].depth < 0 {
		i--
	}
	return i
}

// attrSeed seeds attrKey.
var attrSeed = maphash.MakeSeed()

// attrKey is one attribute's share of an element's key: the sum over its
// attributes, so that their order does not matter, as it does not when
// a browser compares two elements' attributes (§13.2.4.3).
func attrKey(key, val string) uint64 {
	return maphash.String(attrSeed, key) ^ maphash.String(attrSeed, val)*0x9e3779b97f4a7c15
}

// maxCarried bounds the list: past it the pass stops reopening for the
// rest of the document, so that each step over the list stays constant
// time (the browser's list is not bounded, but no author nests 64
// formatting elements).
const maxCarried = 64

// carry records the formatting element name just written and pushed.
func (s *pass) carry(name string) {
	c := &s.carried
	if c.diverged {
		return
	}
	if len(c.list) == maxCarried {
		for _, e := range c.list {
			if e.depth < 0 {
				s.change(Change{Element: e.name, Action: ClosedElement, Reason: ReasonNotReopened})
			}
		}
		c.list, c.buf, c.closed, c.diverged = c.list[:0], c.buf[:0], 0, true
		return
	}
	c.opened(&s.tree, name, s.attrs.key, s.out.cBuf, s.out.lastF)
}

// reconstruct writes the copies of the closed formatting elements a
// browser reopens before text (name "") or the start tag name, whose
// raw bytes are n long.
func (s *pass) reconstruct(name string, n int) {
	c := &s.carried
	c.credit += n + reopenCredit
	if name != "" && !htmltree.Reconstructs(name) {
		return
	}
	if m := s.tree.BaseMode(); m == modeTable || m == modeTableBody || m == modeRow || m == modeColgroup {
		return // foster-parented, or dropped
	}
	start := c.reopenable(s.tree.Marker())
	if start == len(c.list) {
		return
	}
	switch {
	case s.tree.ForeignContent() || len(s.link.held) > 0 && s.hid.at < 0 || s.inRawText() ||
		s.tree.Len()+len(c.list)-start > s.r.Limits.MaxDepth:
		s.unreopened(start)
		return
	}
	need := 0
	for _, e := range c.list[start:] {
		need += e.c[1] - e.c[0] + e.f[1] - e.f[0]
	}
	if need > c.credit {
		s.unreopened(start)
		return
	}
	c.credit -= need
	for i := start; i < len(c.list); i++ {
		s.reopenCopy(i)
	}
}

// reopenCopy writes entry i's start tag again and pushes its frame.
func (s *pass) reopenCopy(i int) {
	c := &s.carried
	e := &c.list[i]
	a, _ := s.elements.get(e.name)
	s.out.dst.c.Write(c.buf[e.c[0]:e.c[1]])
	s.out.dst.f.Write(c.buf[e.f[0]:e.f[1]])
	s.out.hazard, s.out.run = noHazard, 0
	s.tree.Push(htmltree.Frame{Name: e.name}, a.slot, a.props)
	e.depth = int32(s.tree.Len() - 1)
	c.closed--
	s.change(Change{Element: e.name, Action: ReopenedElement, Reason: ReasonReconstructed})
}

// unreopened forgets the closed entries from start on, which the browser
// reopens where the pass cannot follow.
func (s *pass) unreopened(start int) {
	c := &s.carried
	for i := len(c.list) - 1; i >= start; i-- {
		s.change(Change{Element: c.list[i].name, Action: ClosedElement, Reason: ReasonNotReopened})
		c.remove(i)
	}
}

// allNUL reports whether raw is only NUL bytes, which a browser in body
// drops without reconstructing anything.
func allNUL(raw []byte) bool {
	for _, c := range raw {
		if c != 0 {
			return false
		}
	}
	return true
}

// inRawText reports whether the current element's text is raw text or
// RCDATA (a textarea, title, ...), which holds no elements.
func (s *pass) inRawText() bool {
	n := s.tree.Len()
	return n > 0 && rawText(s.tree.At(n-1).Name) || s.openAt("select") >= 0
}
