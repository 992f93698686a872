package sanitize

import (
	"bytes"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"

	"github.com/htmlclean/htmlclean/internal/htmltree"
	"github.com/htmlclean/htmlclean/internal/linktext"
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

// linkState is the pass's held-back output: a stack of open checked links
// (nested ones are possible through table cells) sharing one buffer pair.
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

// beginLink starts holding back the output of el, a link going to dest,
// just before its start tag is written.
func (s *pass) beginLink(el *rules.Element, dest linkDest) {
	href, host := dest.href, dest.host
	l := &s.link
	if len(l.held) == 0 {
		start := s.in.tokenStart()
		if string(l.prevHref) != dest.href || start != l.prevEnd && start != l.prevTok {
			l.prevHref, l.text = l.prevHref[:0], l.text[:0]
		}
		s.out.dst = twin{&l.f, &l.c}
		l.resetBuffers()
		l.alt, l.strs = l.alt[:0], l.strs[:0]
		l.pieces, l.scopes, l.breakNext, l.truncated, l.cutNext = l.pieces[:0], l.scopes[:0], false, false, false
	}
	at := len(l.strs)
	l.strs = append(append(l.strs, href...), host...)
	l.held = append(l.held, heldLink{fStart: l.f.Len(), cStart: l.c.Len(), before: s.out.hazard, runBefore: s.out.run,
		textStart: len(l.text), altStart: len(l.alt), pieceStart: len(l.pieces), depth: s.tree.Len(),
		hrefAt: at, hostAt: at + len(href), end: len(l.strs), line: s.in.line, col: s.in.col,
		name: el.Name, key: dest.key, keeps: el.NS == rules.NSMathML, rewrites: drawsText(el, &s.tree), afterSame: len(l.held) == 0 && len(l.prevHref) > 0})
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

// linkTagWritten records the length of the start tag of the element
// name just written, what the link's own attributes show (a tooltip, an
// accessible name) and, for a link that keeps its element (keeps), the
// same tag without its href, rel and target.
func (s *pass) linkTagWritten(name string, foreign bool) {
	l := &s.link
	h := &l.held[len(l.held)-1]
	h.fTag, h.cTag = l.f.Len()-h.fStart, l.c.Len()-h.cStart
	l.addAttrs(name, s.attrs.list)
	if !h.keeps {
		return
	}
	bare := slices.DeleteFunc(slices.Clone(s.attrs.list), func(a attr) bool {
		return a.key == "href" || a.key == "xlink:href" || a.key == "rel" || a.key == "target"
	})
	s.out.writeTag(name, bare, s.in.tag, false, false, foreign)
	fAt, cAt := h.fStart+h.fTag, h.cStart+h.cTag
	h.bareAt = len(l.strs)
	l.strs = append(l.strs, l.f.Bytes()[fAt:]...)
	h.bareC = len(l.strs)
	l.strs = append(l.strs, l.c.Bytes()[cAt:]...)
	h.bareEnd = len(l.strs)
	l.f.Truncate(fAt)
	l.c.Truncate(cAt)
}

// linkText adds a text token to the held links, as one piece laid out
// as the elements around it say (linklayout.go).
func (s *pass) linkText(raw []byte) {
	l := &s.link
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
	if s.r.Mail.Wrap && p.flags&pieceHidden != 0 {
		// A mail's own sheet can show what HTML hides (rp{display:
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

// endLink is called when the frame at depth closes, after its end tag
// was written: if it is the innermost held link, decide it.
func (s *pass) endLink(depth int) {
	l := &s.link
	if n := len(l.held); n == 0 || l.held[n-1].depth != depth {
		return
	}
	h := l.held[len(l.held)-1]
	l.held = l.held[:len(l.held)-1]
	// l.text stays as it is while the link is decided; the report copies.
	kept := s.decideLink(h, transient(l.text[h.textStart:]), false)
	switch {
	case kept && len(l.held) == 0:
		// Its text stays where it is, for a link that follows it with
		// nothing between (keptBefore).
		l.keptBefore(h, s.in.tokenStart(), s.in.tokenEnd())
		l.alt, l.pieces = l.alt[:h.altStart], l.pieces[:h.pieceStart]
	case kept:
		// The text stays this link's: an enclosing link (through a table
		// cell) does not show it as its own. A link unwrapped leaves its
		// text to the enclosing one, as it will read the next time.
		l.text, l.alt, l.pieces = l.text[:h.textStart], l.alt[:h.altStart], l.pieces[:h.pieceStart]
	}
	if len(l.held) == 0 {
		s.releaseLinks()
	}
}

// overflow decides every held link on what it showed so far, because too
// much is held: a link that showed no text yet cannot be checked, so the
// policy's action applies to it as to a mismatch (fail closed).
func (s *pass) overflow() {
	l := &s.link
	for i := len(l.held) - 1; i >= 0; i-- {
		h := l.held[i]
		s.decideLink(h, transient(l.text[h.textStart:]), true)
	}
	l.held = l.held[:0]
	s.releaseLinks()
}

// releaseLinks writes what was held back and writes directly again.
func (s *pass) releaseLinks() {
	l := &s.link
	s.out.dst = s.out.main
	s.out.dst.f.Write(l.f.Bytes())
	s.out.dst.c.Write(l.c.Bytes())
	l.resetBuffers()
	if l.oversized() {
		l.f, l.c = sink{}, sink{}
	}
}

// decideLink applies the policy to the held link h with text text. The
// link's output is at the end of the buffers, from h.fStart and h.cStart. early says
// the link is still open (overflow): its end tag is not in the buffer.
// It reports whether the link is kept a link.
func (s *pass) decideLink(h heldLink, text string, early bool) bool {
	href, host := s.link.hrefHost(&h)
	if host == "" {
		// A relative link stays on the page's site, whatever its text.
		return true
	}
	// A link is decided on all of its text: one a limit stopped reading
	// loses its href, whatever the policy's action.
	unread := early || s.link.truncated
	if !unread && !s.link.readsOtherSite(&s.r, h, text, host, href) {
		return true
	}
	action := s.r.Mismatch
	reason := ReasonLinkTextMismatch
	if unread {
		action, reason = rules.MismatchReject, ReasonLinkTextUnread
	}
	at := Change{Line: h.line, Column: h.col, Element: h.name, Attribute: h.key, Before: href}
	switch {
	case action == rules.MismatchReport && !early:
		at.Action, at.Reason = Flagged, ReasonLinkTextMismatch
		s.changeAt(at)
		return true
	case action == rules.MismatchMark && !early && s.canMark():
		s.writeLinkMark(host) // linkmark.go
		at.Action, at.Reason, at.After = MarkedLink, ReasonLinkTextMismatch, host
		s.changeAt(at)
		return true
	case action == rules.MismatchRewrite && !early && h.rewrites:
		// The visible text becomes the destination.
		dest := appendEscaped(nil, href)
		for _, b := range [...]struct {
			buf        *sink
			start, tag int
		}{{&s.link.f, h.fStart, h.fTag}, {&s.link.c, h.cStart, h.cTag}} {
			tag := bytes.Clone(b.buf.Bytes()[b.start : b.start+b.tag])
			b.buf.Truncate(b.start)
			b.buf.Write(tag)
			b.buf.Write(dest)
			b.buf.WriteString("</")
			b.buf.WriteString(h.name)
			b.buf.WriteString(">")
		}
		s.out.hazard, s.out.run = noHazard, 0
		at.Action, at.Reason, at.Attribute, at.Before, at.After = RewroteText, ReasonLinkTextMismatch, "", text, href
		s.changeAt(at)
		return true
	}
	if h.keeps {
		s.link.unlink(h)
		at.Action, at.Reason = RemovedAttribute, reason
		s.changeAt(at)
		return false
	}
	// reject (and any action on a link not yet closed, rewrite of a link
	// whose text would not be drawn, and mark where no mark can stand):
	// the link is only its content, as a link without href is.
	end := len("</") + len(h.name) + len(">") // in the canonical form
	fEnd := s.out.endLen
	if early {
		end, fEnd = 0, 0
		s.tree.MarkDropped(h.depth)
	}
	content := bytes.Clone(s.link.c.Bytes()[h.cStart+h.cTag : s.link.c.Len()-end])
	s.link.c.Truncate(h.cStart)
	s.link.c.Write(content)
	content = bytes.Clone(s.link.f.Bytes()[h.fStart+h.fTag : s.link.f.Len()-fEnd])
	s.link.f.Truncate(h.fStart)
	// The content now follows what came before the link: its first text
	// must not join that (see hazard).
	// (Its length counts as text after the text before the link: more
	// than the run can be if the content holds tags, never less.)
	s.out.hazard, s.out.run = h.before, h.runBefore
	s.writeTextF(content)
	at.Action, at.Reason = RemovedAttribute, reason
	s.changeAt(at)
	at.Attribute, at.Before, at.Action, at.Reason = "", "", RemovedElement, ReasonNoAttributesLeft
	s.changeAt(at)
	return false
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

// readsOtherSite reports whether a reader of the held link h, whose text
// tokens together are text, could take it to name another site than
// host. The link is read in every way a person could read it:
//
//   - as one run, without what HTML never renders (a reader whose page
//     styles nothing);
//   - as laid out (linklayout.go): without what its style hides too,
//     with line breaks, right-to-left runs as shown;
//   - piece by piece: the shown text of each element alone (a run the
//     eye takes apart: "<b>paypal.com</b><i>secure</i>"; text either
//     side of what is not shown, in one element, reads as one), and each
//     attribute a reader sees or hears (alt, title, aria-label, values).
//
// A link whose text is one fediverse handle of the account its href
// shows is not.
func (l *linkState) readsOtherSite(r *rules.Rules, h heldLink, text, host, href string) bool {
	return l.readingNamesOtherSite(r, h, text, host, href) && !handlePage(text, href)
}

// readingNamesOtherSite reports whether any reading of readsOtherSite
// names another site than host.
func (l *linkState) readingNamesOtherSite(r *rules.Rules, h heldLink, text, host, href string) bool {
	if h.afterSame && l.prevStart < h.textStart {
		if l.namesOtherSite(r, transient(l.text[l.prevStart:]), host, href) {
			return true
		}
	}
	pieces, extra := l.pieces[h.pieceStart:], l.alt[h.altStart:]
	var all pieceFlags
	for _, p := range pieces {
		all |= p.flags
	}
	if all&(pieceHidden|pieceTooltip) == 0 && l.namesOtherSite(r, text, host, href) {
		return true
	}
	if len(extra) > 0 && l.namesOtherSite(r, transient(extra), host, href) {
		return true
	}
	if len(pieces) <= 1 && all&(pieceRTL|pieceHidden|pieceTooltip) == 0 {
		return false // one run, read above
	}
	b := l.read[:0]
	if all&(pieceHidden|pieceTooltip) != 0 {
		b = l.appendReading(b, h, pieceHidden|pieceTooltip, false)
	}
	run := len(b)
	b = l.appendReading(b, h, pieceHidden|pieceStyledHidden|pieceTooltip, true)
	laidOut := len(b)
	b = l.appendRuns(b, h)
	l.read = b
	// Each reading once: most links read the same in several ways.
	one, laid, runs := b[:run], b[run:laidOut], b[laidOut+1:]
	return run > 0 && l.namesOtherSite(r, transient(one), host, href) ||
		string(laid) != text && string(laid) != string(one) && l.namesOtherSite(r, transient(laid), host, href) ||
		string(runs) != string(laid) && l.namesOtherSite(r, transient(runs), host, href)
}

// appendRuns appends to b, each after a line break, the shown text of
// each element of the held link h: runs that style, an element or an
// image the input showed set apart read apart.
func (l *linkState) appendRuns(b []byte, h heldLink) []byte {
	start := len(b)
	prev, elem, cut := h.textStart, int32(-1), false
	for _, p := range l.pieces[h.pieceStart:] {
		piece := l.text[prev:p.end]
		prev = int(p.end)
		if p.flags&pieceHidden != 0 {
			continue
		}
		styled := p.flags&pieceStyledHidden != 0
		if p.elem != elem || cut || styled || p.flags&(pieceBreak|pieceCut) != 0 {
			// Text hidden by style, or styled so, stands alone: it may be
			// shown, or take its place unseen (visibility: hidden), and
			// the runs either side stay apart.
			b = append(b, '\n')
			elem = p.elem
		}
		cut = styled
		if p.flags&pieceRTL != 0 {
			b = utf8.AppendRune(append(utf8.AppendRune(b, rlo), piece...), pdf)
		} else {
			b = append(b, piece...)
		}
	}
	if len(b) == start {
		b = append(b, '\n') // no run: the reading starts past a break too
	}
	return b
}

// appendReading appends to b the text of the held link h without the
// pieces flagged skip; laidOut adds its line breaks and right-to-left
// overrides.
func (l *linkState) appendReading(b []byte, h heldLink, skip pieceFlags, laidOut bool) []byte {
	prev, rtl := h.textStart, false
	for _, p := range l.pieces[h.pieceStart:] {
		piece := l.text[prev:p.end]
		prev = int(p.end)
		if p.flags&skip != 0 {
			continue
		}
		if !laidOut {
			b = append(b, piece...)
			continue
		}
		if p.flags&pieceBreak != 0 {
			b = append(b, '\n')
		}
		if on := p.flags&pieceRTL != 0; on != rtl {
			mark := pdf
			if on {
				mark = rlo
			}
			b, rtl = utf8.AppendRune(b, mark), on
		}
		b = append(b, piece...)
	}
	return b
}

// Bidi formatting characters (UAX #9 §2): internal/linktext reads text
// after a RIGHT-TO-LEFT OVERRIDE both as stored and as shown, up to its
// POP DIRECTIONAL FORMATTING.
const (
	rlo = '\u202e'
	pdf = '\u202c'
)

// unlink writes the held link h's start tag without its href, rel and
// target (linkTagWritten), keeping its content and its end tag, if
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

// namesOtherSite reports whether the text of a link to href (canonical,
// on host) names a host of another site than host (linktext.HostsFor,
// compared by registrable domain). Two hosts of the site's own
// (urls.base, links.internal_hosts) are one site.
func (l *linkState) namesOtherSite(r *rules.Rules, text, host, href string) bool {
	l.hosts = linktext.HostsFor(l.hosts[:0], text, href)
	for _, h := range l.hosts {
		if !linktext.SameSite(h, host) && !(internalSite(r, h) && internalSite(r, host)) {
			return true
		}
	}
	return false
}

// handlePage reports whether text is one fediverse handle ("@user@host")
// and href a page for that account: its path names it, as an instance's
// page for a remote account does ("https://write.as/@/user@host").
func handlePage(text, href string) bool {
	acct, ok := linktext.Handle(text)
	if !ok {
		return false
	}
	path := href
	if i := strings.Index(path, "//"); i >= 0 {
		path = path[i+2:]
	}
	i := strings.IndexByte(path, '/')
	if i < 0 {
		return false
	}
	path = path[i:]
	if j := strings.IndexAny(path, "?#"); j >= 0 {
		path = path[:j]
	}
	return len(acct) <= len(path) && strings.Contains(strings.ToLower(path), strings.ToLower(acct))
}

// internalSite reports whether the canonical host h is on a site of
// urls.base or links.internal_hosts.
func internalSite(r *rules.Rules, h string) bool {
	if r.Internal[h] {
		return true
	}
	for i := range r.Internal {
		if linktext.SameSite(h, i) {
			return true
		}
	}
	return false
}

// changeAt reports c at the position it carries.
func (s *pass) changeAt(c Change) {
	line, col := s.in.line, s.in.col
	s.in.line, s.in.col = c.Line, c.Column
	s.change(c)
	s.in.line, s.in.col = line, col
}

// voidLinkMisleads applies links.text_mismatch to a link with no content
// (an image map's area): what it shows or says is its alt, title and
// aria-label. A mismatch is reported under report; under every other
// action the link loses its href, rel and target (there is no text to
// rewrite, and no place for a mark a reader could tie to it). It reports
// whether the attributes changed.
func (s *pass) voidLinkMisleads(name string, dest linkDest) bool {
	if dest.host == "" {
		return false
	}
	l := &s.link
	text := l.read[:0]
	for _, a := range s.attrs.list {
		if a.key == "alt" || a.key == "title" || a.key == "aria-label" {
			text = append(append(text, '\n'), a.val...)
		}
	}
	l.read = text
	if !s.link.namesOtherSite(&s.r, transient(text), dest.host, dest.href) {
		return false
	}
	c := Change{Element: name, Attribute: dest.key, Before: dest.href, Reason: ReasonLinkTextMismatch}
	if s.r.Mismatch == rules.MismatchReport {
		c.Action = Flagged
		s.change(c)
		return false
	}
	s.attrs.list = slices.DeleteFunc(s.attrs.list, func(a attr) bool {
		return a.key == "href" || a.key == "xlink:href" || a.key == "rel" || a.key == "target" || a.key == "ping"
	})
	c.Action = RemovedAttribute
	s.change(c)
	return true
}
