package sanitize

import (
	"bytes"
	"slices"

	"golang.org/x/net/html"

	"github.com/htmlclean/htmlclean/internal/htmltree"
	"github.com/htmlclean/htmlclean/internal/rules"
)

// A link whose visible text names a site says where it goes twice, and
// the reader believes the text:
// <a href="https://evil.example/">https://bank.example/login</a>,
// <a href="https://evil.example/">Sign in at bank.example</a>.
// internal/linktext reads the text as a person does and finds the hosts
// it names.
// The pass holds back the content of every checked link until the link
// closes, collecting its text, and then applies the policy's
// Links.TextMismatch (reject, rewrite, mark, report) when the text names
// another host than the href.

// The bound on what is held back: markup past maxLinkHeld ends the wait,
// each open link is decided on what it showed so far (see overflow).
const maxLinkHeld = 256 << 10

// heldLink is a checked link whose end has not come yet.
type heldLink struct {
	fStart, cStart int    // where its start tag begins in buf.f and buf.c
	fTag, cTag     int    // the start tag's length in each
	before         hazard // the faithful form's hazard before its start tag
	runBefore      int    // and the length of the text it ends in (output.run)
	textStart      int    // where its text begins in linkState.text
	altStart       int    // where its attribute readings begin in linkState.alt
	pieceStart     int    // where its text tokens begin in linkState.pieces
	depth          int    // its frame's index on the stack
	hostAt, end    int    // its href is strs[hrefAt:hostAt], its host strs[hostAt:end]
	hrefAt         int
	// afterSame says the link follows links kept to the same href with
	// nothing between: a reader sees one link (linkState.prevStart).
	afterSame bool
	line, col int
	// The element and the attribute that holds its href: an HTML or SVG
	// a, or a MathML element with an href (navigates).
	name, key string
	// keeps says a mismatch costs the element its href, not its tags: a
	// MathML element unwrapped would change the formula, and could
	// leave its content outside <math> (<math href>). Its start tag
	// without href, rel and target is strs[bareAt:bareC] in the faithful
	// form, strs[bareC:bareEnd] in the canonical.
	keeps                  bool
	bareAt, bareC, bareEnd int
	// rewrites says its text can become its destination: not an SVG a
	// outside text, where text is not drawn (SVG 2 §11.2).
	rewrites bool
}

// linkState is the link-text check: the pass's held-back output, a
// stack of open checked links (nested ones are possible through table
// cells) sharing one buffer pair, and the readings that decide them. The
// pass holds one and calls it where a checked link starts (begin,
// tagWritten), where text (addText) and markup (element, frameClosed,
// cut) come inside one, and where one ends (end, overflow). It keeps no
// pointer to the walk: what a decision needs of it comes as a linkEnv.
type linkState struct {
	held []heldLink
	f, c sink
	text []byte // the text of every held link, the innermost's at the end
	// What the held links show in attributes (alt, title, aria-label,
	// values), each after a line break, likewise.
	alt    []byte
	pieces []linkPiece // the text tokens of l.text (linklayout.go)
	scopes []linkScope // open elements that lay out the text in them
	// breakNext says a line break comes before the next text; truncated
	// that a held link's text outgrew maxLinkHeld, so that it cannot be
	// read whole.
	breakNext, truncated bool
	cutNext              bool   // pieceCut for the next text
	serial               int32  // the last linkScope.id given
	read                 []byte // a reading being decided (reused)
	// The links kept just before, with nothing between them and the
	// next: their href and text, and where the last ended (input.pos).
	// Their text is l.text[prevStart:], before the next link's.
	prevHref         []byte
	prevStart        int
	prevEnd, prevTok [2]int
	// The hosts the text being decided names (reused).
	hosts []string
	// The hrefs and hosts of the held links (in one buffer, rather than
	// two strings copied per link).
	strs []byte
}

// hrefHost returns h's href and host. They point into l.strs: valid
// until the next link is held once none is.
func (l *linkState) hrefHost(h *heldLink) (href, host string) {
	return transient(l.strs[h.hrefAt:h.hostAt]), transient(l.strs[h.hostAt:h.end])
}

func (l *linkState) resetBuffers() {
	l.f.Reset()
	l.c.Reset()
}

func (l *linkState) oversized() bool {
	return l.f.Cap() > maxPooledBytes || l.c.Cap() > maxPooledBytes || cap(l.strs) > maxPooledBytes ||
		cap(l.alt) > maxPooledBytes || cap(l.read) > maxPooledBytes || cap(l.pieces) > maxPooledItems ||
		cap(l.scopes) > maxPooledItems
}

// reset readies the part for a document.
func (l *linkState) reset() {
	l.held, l.text, l.alt = l.held[:0], l.text[:0], l.alt[:0]
	l.pieces, l.scopes, l.breakNext, l.truncated, l.cutNext = l.pieces[:0], l.scopes[:0], false, false, false
	l.prevHref = l.prevHref[:0]
	l.resetBuffers()
}

// linkWalk is what a decision asks of the walk that holds the check:
// its report, its faithful text writer (see hazard) and whether a mark
// can stand where the link ends. *pass is one.
type linkWalk interface {
	change(c Change)
	writeTextF(b []byte)
	canMark() bool
}

// linkEnv is the walk around the check as a decision sees it: the
// walk's methods, the output the held links go to, the input (where the
// current token stands) and the rules. The pass makes one for each call
// that can decide a link; the check keeps none of it.
type linkEnv struct {
	walk linkWalk
	out  *output
	in   *input
	r    *rules.Rules
}

// begin starts holding back the output of el, a link going to dest,
// just before its start tag is written to o. depth is the index its
// frame will have on the stack; rewrites says its text is drawn
// (drawsText).
func (l *linkState) begin(el *rules.Element, dest linkDest, o *output, in *input, depth int, rewrites bool) {
	href, host := dest.href, dest.host
	if len(l.held) == 0 {
		start := in.tokenStart()
		if string(l.prevHref) != dest.href || start != l.prevEnd && start != l.prevTok {
			l.prevHref, l.text = l.prevHref[:0], l.text[:0]
		}
		o.dst = twin{&l.f, &l.c}
		l.resetBuffers()
		l.alt, l.strs = l.alt[:0], l.strs[:0]
		l.pieces, l.scopes, l.breakNext, l.truncated, l.cutNext = l.pieces[:0], l.scopes[:0], false, false, false
	}
	at := len(l.strs)
	l.strs = append(append(l.strs, href...), host...)
	l.held = append(l.held, heldLink{fStart: l.f.Len(), cStart: l.c.Len(), before: o.hazard, runBefore: o.run,
		textStart: len(l.text), altStart: len(l.alt), pieceStart: len(l.pieces), depth: depth,
		hrefAt: at, hostAt: at + len(href), end: len(l.strs), line: in.line, col: in.col,
		name: el.Name, key: dest.key, keeps: el.NS == rules.NSMathML, rewrites: rewrites, afterSame: len(l.held) == 0 && len(l.prevHref) > 0})
}

// drawsText reports whether text written in place of el's content is
// drawn: not for an SVG a outside SVG text content (text, tspan,
// textPath), whose character data SVG does not render. t is the tree
// the link is placed in.
func drawsText(el *rules.Element, t *tree) bool {
	if el.NS != rules.NSSVG {
		return true
	}
	cur := t.Current()
	return cur != nil && cur.NS == htmltree.SVG && (cur.Name == "text" || cur.Name == "tspan" || cur.Name == "textpath")
}

// tagWritten records the length of the start tag of the element name
// just written to o, with the attributes list (tag as read), what the
// link's own attributes show (a tooltip, an accessible name) and, for a
// link that keeps its element (keeps), the same tag without its href,
// rel and target.
func (l *linkState) tagWritten(o *output, name string, list []attr, tag []byte, foreign bool) {
	h := &l.held[len(l.held)-1]
	h.fTag, h.cTag = l.f.Len()-h.fStart, l.c.Len()-h.cStart
	l.addAttrs(name, list)
	if !h.keeps {
		return
	}
	bare := slices.DeleteFunc(slices.Clone(list), func(a attr) bool {
		return a.key == "href" || a.key == "xlink:href" || a.key == "rel" || a.key == "target"
	})
	o.writeTag(name, bare, tag, false, false, foreign)
	fAt, cAt := h.fStart+h.fTag, h.cStart+h.cTag
	h.bareAt = len(l.strs)
	l.strs = append(l.strs, l.f.Bytes()[fAt:]...)
	h.bareC = len(l.strs)
	l.strs = append(l.strs, l.c.Bytes()[cAt:]...)
	h.bareEnd = len(l.strs)
	l.f.Truncate(fAt)
	l.c.Truncate(cAt)
}

// addText adds a text token to the held links, as one piece laid out
// as the elements around it say (linklayout.go). ownSheets says the
// document brings sheets that can show what HTML hides (document: wrap).
func (l *linkState) addText(raw []byte, ownSheets bool) {
	if len(l.text) >= maxLinkHeld {
		l.truncated = true
		return
	}
	if len(raw) > maxLinkHeld {
		raw, l.truncated = raw[:maxLinkHeld], true
	}
	if bytes.IndexByte(raw, '&') >= 0 {
		l.text = append(l.text, html.UnescapeString(string(raw))...)
	} else {
		l.text = append(l.text, raw...)
	}
	p := linkPiece{end: int32(len(l.text)), elem: l.elem(), flags: l.flags()}
	if ownSheets && p.flags&pieceHidden != 0 {
		// The document's own sheet can show what HTML hides (rp{display:
		// inline}): read as shown and as hidden.
		p.flags = p.flags&^pieceHidden | pieceStyledHidden
	}
	if l.breakNext {
		p.flags |= pieceBreak
		l.breakNext = false
	}
	if l.cutNext {
		p.flags |= pieceCut
		l.cutNext = false
	}
	l.pieces = append(l.pieces, p)
}

// end is called when the frame at depth closes, after its end tag was
// written: if it is the innermost held link, decide it.
func (l *linkState) end(e linkEnv, depth int) {
	if n := len(l.held); n == 0 || l.held[n-1].depth != depth {
		return
	}
	h := l.held[len(l.held)-1]
	l.held = l.held[:len(l.held)-1]
	// l.text stays as it is while the link is decided; the report copies.
	kept := l.decide(e, h, transient(l.text[h.textStart:]), false)
	switch {
	case kept && len(l.held) == 0:
		// Its text stays where it is, for a link that follows it with
		// nothing between (keptBefore).
		l.keptBefore(h, e.in.tokenStart(), e.in.tokenEnd())
		l.alt, l.pieces = l.alt[:h.altStart], l.pieces[:h.pieceStart]
	case kept:
		// The text stays this link's: an enclosing link (through a table
		// cell) does not show it as its own. A link unwrapped leaves its
		// text to the enclosing one, as it will read the next time.
		l.text, l.alt, l.pieces = l.text[:h.textStart], l.alt[:h.altStart], l.pieces[:h.pieceStart]
	}
	if len(l.held) == 0 {
		l.release(e.out)
	}
}

// overflow decides every held link on what it showed so far, because too
// much is held: a link that showed no text yet cannot be checked, so the
// policy's action applies to it as to a mismatch (fail closed). One whose
// element goes is marked dropped in t, the open elements: its end tag
// will not be written.
func (l *linkState) overflow(e linkEnv, t *htmltree.Builder) {
	for i := len(l.held) - 1; i >= 0; i-- {
		h := l.held[i]
		if !l.decide(e, h, transient(l.text[h.textStart:]), true) && !h.keeps {
			t.MarkDropped(h.depth)
		}
	}
	l.held = l.held[:0]
	l.release(e.out)
}

// release writes what was held back to o's document and has o write
// there directly again.
func (l *linkState) release(o *output) {
	o.dst = o.main
	o.dst.f.Write(l.f.Bytes())
	o.dst.c.Write(l.c.Bytes())
	l.resetBuffers()
	if l.oversized() {
		l.f, l.c = sink{}, sink{}
	}
}

// decide applies the policy to the held link h with text text. The
// link's output is at the end of the buffers, from h.fStart and h.cStart. early says
// the link is still open (overflow): its end tag is not in the buffer.
// It reports whether the link is kept a link.
func (l *linkState) decide(e linkEnv, h heldLink, text string, early bool) bool {
	href, host := l.hrefHost(&h)
	if host == "" {
		// A relative link stays on the page's site, whatever its text.
		return true
	}
	// A link is decided on all of its text: one a limit stopped reading
	// loses its href, whatever the policy's action.
	unread := early || l.truncated
	if !unread && !l.readsOtherSite(e.r, h, text, host, href) {
		return true
	}
	action := e.r.Mismatch
	reason := ReasonLinkTextMismatch
	if unread {
		action, reason = rules.MismatchReject, ReasonLinkTextUnread
	}
	at := Change{Line: h.line, Column: h.col, Element: h.name, Attribute: h.key, Before: href}
	switch {
	case action == rules.MismatchReport && !early:
		at.Action, at.Reason = Flagged, ReasonLinkTextMismatch
		e.changeAt(at)
		return true
	case action == rules.MismatchMark && !early && e.walk.canMark():
		l.writeMark(e.out, host) // linkmark.go
		at.Action, at.Reason, at.After = MarkedLink, ReasonLinkTextMismatch, host
		e.changeAt(at)
		return true
	case action == rules.MismatchRewrite && !early && h.rewrites:
		l.rewriteText(e.out, h, href)
		at.Action, at.Reason, at.Attribute, at.Before, at.After = RewroteText, ReasonLinkTextMismatch, "", text, href
		e.changeAt(at)
		return true
	}
	if h.keeps {
		l.unlink(h)
		at.Action, at.Reason = RemovedAttribute, reason
		e.changeAt(at)
		return false
	}
	// reject (and any action on a link not yet closed, rewrite of a link
	// whose text would not be drawn, and mark where no mark can stand):
	// the link is only its content, as a link without href is (overflow
	// drops the element of one still open).
	l.unwrap(e, h, early)
	at.Action, at.Reason = RemovedAttribute, reason
	e.changeAt(at)
	at.Attribute, at.Before, at.Action, at.Reason = "", "", RemovedElement, ReasonNoAttributesLeft
	e.changeAt(at)
	return false
}

// rewriteText writes the held link h, just decided, with its href as
// its visible text in place of its content, in both forms: the text
// becomes the destination.
func (l *linkState) rewriteText(o *output, h heldLink, href string) {
	dest := appendEscaped(nil, href)
	for _, b := range [...]struct {
		buf        *sink
		start, tag int
	}{{&l.f, h.fStart, h.fTag}, {&l.c, h.cStart, h.cTag}} {
		tag := bytes.Clone(b.buf.Bytes()[b.start : b.start+b.tag])
		b.buf.Truncate(b.start)
		b.buf.Write(tag)
		b.buf.Write(dest)
		b.buf.WriteString("</")
		b.buf.WriteString(h.name)
		b.buf.WriteString(">")
	}
	o.hazard, o.run = noHazard, 0
}

// unwrap writes the held link h, just decided, as its content alone,
// without its start tag and, unless early (still open), its end tag.
func (l *linkState) unwrap(e linkEnv, h heldLink, early bool) {
	end := len("</") + len(h.name) + len(">") // in the canonical form
	fEnd := e.out.endLen
	if early {
		end, fEnd = 0, 0
	}
	content := bytes.Clone(l.c.Bytes()[h.cStart+h.cTag : l.c.Len()-end])
	l.c.Truncate(h.cStart)
	l.c.Write(content)
	content = bytes.Clone(l.f.Bytes()[h.fStart+h.fTag : l.f.Len()-fEnd])
	l.f.Truncate(h.fStart)
	// The content now follows what came before the link: its first text
	// must not join that (see hazard).
	// (Its length counts as text after the text before the link: more
	// than the run can be if the content holds tags, never less.)
	e.out.hazard, e.out.run = h.before, h.runBefore
	e.walk.writeTextF(content)
}

// keptBefore records the outermost link h just kept, whose end is the
// current token: the next link, if it follows with nothing between and
// goes to the same href, reads as one with it.
func (l *linkState) keptBefore(h heldLink, tok, end [2]int) {
	href, _ := l.hrefHost(&h)
	if !h.afterSame {
		l.prevStart = h.textStart
	}
	l.prevHref = append(l.prevHref[:0], href...)
	l.prevTok, l.prevEnd = tok, end
}

// unlink writes the held link h's start tag without its href, rel and
// target (tagWritten), keeping its content and its end tag, if
// written.
func (l *linkState) unlink(h heldLink) {
	for _, b := range [...]struct {
		buf        *sink
		start, tag int
		bare       []byte
	}{{&l.f, h.fStart, h.fTag, l.strs[h.bareAt:h.bareC]}, {&l.c, h.cStart, h.cTag, l.strs[h.bareC:h.bareEnd]}} {
		rest := bytes.Clone(b.buf.Bytes()[b.start+b.tag:])
		b.buf.Truncate(b.start)
		b.buf.Write(b.bare)
		b.buf.Write(rest)
	}
}

// changeAt reports c at the position it carries: the walk reports a
// change where the input stands.
func (e linkEnv) changeAt(c Change) {
	line, col := e.in.line, e.in.col
	e.in.line, e.in.col = c.Line, c.Column
	e.walk.change(c)
	e.in.line, e.in.col = line, col
}

// voidMisleads applies links.text_mismatch to a link with no content
// (an image map's area) whose attributes are attrs: what it shows or says is
// its alt, title and aria-label. A mismatch is reported under report;
// under every other action the link loses its href, rel and target
// (there is no text to rewrite, and no place for a mark a reader could
// tie to it). It reports whether the attributes changed.
func (l *linkState) voidMisleads(e linkEnv, name string, dest linkDest, attrs *attrReader) bool {
	if dest.host == "" {
		return false
	}
	text := l.read[:0]
	for _, a := range attrs.list {
		if a.key == "alt" || a.key == "title" || a.key == "aria-label" {
			text = append(append(text, '\n'), a.val...)
		}
	}
	l.read = text
	if !l.namesOtherSite(e.r, transient(text), dest.host, dest.href) {
		return false
	}
	c := Change{Element: name, Attribute: dest.key, Before: dest.href, Reason: ReasonLinkTextMismatch}
	if e.r.Mismatch == rules.MismatchReport {
		c.Action = Flagged
		e.walk.change(c)
		return false
	}
	attrs.list = slices.DeleteFunc(attrs.list, func(a attr) bool {
		return a.key == "href" || a.key == "xlink:href" || a.key == "rel" || a.key == "target" || a.key == "ping"
	})
	c.Action = RemovedAttribute
	e.walk.change(c)
	return true
}
