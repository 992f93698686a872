package sanitize

import (
	"bytes"
	"strings"

	"golang.org/x/net/html"

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
	textStart      int    // where its text begins in linkState.text
	altStart       int    // where its images' alt text begins in linkState.alt
	depth          int    // its frame's index on the stack
	hostAt, end    int    // its href is strs[hrefAt:hostAt], its host strs[hostAt:end]
	hrefAt         int
	line, col      int
}

// linkState is the pass's held-back output: a stack of open checked links
// (nested ones are possible through table cells) sharing one buffer pair.
type linkState struct {
	held []heldLink
	f, c sink
	text []byte // the text of every held link, the innermost's at the end
	alt  []byte // the alt text of the images in held links, likewise
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
		cap(l.alt) > maxPooledBytes
}

// reset readies the part for a document.
func (l *linkState) reset() {
	l.held, l.text, l.alt = l.held[:0], l.text[:0], l.alt[:0]
	l.resetBuffers()
}

// beginLink starts holding back a link's output, just before its start
// tag is written. href and host are the canonical href and its host.
func (s *pass) beginLink(href, host string) {
	l := &s.link
	if len(l.held) == 0 {
		s.out.dst = twin{&l.f, &l.c}
		l.resetBuffers()
		l.text, l.alt, l.strs = l.text[:0], l.alt[:0], l.strs[:0]
	}
	at := len(l.strs)
	l.strs = append(append(l.strs, href...), host...)
	l.held = append(l.held, heldLink{fStart: l.f.Len(), cStart: l.c.Len(), before: s.out.hazard,
		textStart: len(l.text), altStart: len(l.alt), depth: len(s.tree.stack),
		hrefAt: at, hostAt: at + len(href), end: len(l.strs), line: s.in.line, col: s.in.col})
}

// linkTagWritten records the length of the start tag just written.
func (s *pass) linkTagWritten() {
	h := &s.link.held[len(s.link.held)-1]
	h.fTag, h.cTag = s.link.f.Len()-h.fStart, s.link.c.Len()-h.cStart
}

// linkText adds a text token's visible text to the held links.
func (s *pass) linkText(raw []byte) {
	if len(s.link.text) >= maxLinkHeld {
		return
	}
	raw = raw[:min(len(raw), maxLinkHeld)]
	if bytes.IndexByte(raw, '&') >= 0 {
		s.link.text = append(s.link.text, html.UnescapeString(string(raw))...)
		return
	}
	s.link.text = append(s.link.text, raw...)
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
	if s.decideLink(h, transient(l.text[h.textStart:]), false) {
		// The text stays this link's: an enclosing link (through a table
		// cell) does not show it as its own. A link unwrapped leaves its
		// text to the enclosing one, as it will read the next time.
		l.text, l.alt = l.text[:h.textStart], l.alt[:h.altStart]
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
	read := text
	if strings.TrimSpace(text) == "" {
		read = transient(s.link.alt[h.altStart:]) // an image is the link
	}
	mismatch := s.namesOtherSite(read, host) && !handlePage(read, href)
	if early && strings.TrimSpace(read) == "" {
		mismatch = true // nothing to compare yet: cannot be checked
	}
	if !mismatch {
		return true
	}
	action := s.r.Mismatch
	at := Change{Line: h.line, Column: h.col, Element: "a", Attribute: "href", Before: href}
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
	case action == rules.MismatchRewrite && !early:
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
			b.buf.WriteString("</a>")
		}
		s.out.hazard = noHazard
		at.Action, at.Reason, at.Attribute, at.Before, at.After = RewroteText, ReasonLinkTextMismatch, "", text, href
		s.changeAt(at)
		return true
	}
	// reject (and any action on a link not yet closed, and mark where no
	// mark can stand): the link is only its content, as a link without
	// href is.
	end := len("</a>") // in the canonical form
	fEnd := s.out.endLen
	if early {
		end, fEnd = 0, 0
		s.dropOpenLink(h.depth)
	}
	content := bytes.Clone(s.link.c.Bytes()[h.cStart+h.cTag : s.link.c.Len()-end])
	s.link.c.Truncate(h.cStart)
	s.link.c.Write(content)
	content = bytes.Clone(s.link.f.Bytes()[h.fStart+h.fTag : s.link.f.Len()-fEnd])
	s.link.f.Truncate(h.fStart)
	// The content now follows what came before the link: its first text
	// must not join that (see hazard).
	s.out.hazard = h.before
	s.writeTextF(content)
	at.Action, at.Reason = RemovedAttribute, ReasonLinkTextMismatch
	s.changeAt(at)
	at.Attribute, at.Before, at.Action, at.Reason = "", "", RemovedElement, ReasonNoAttributesLeft
	s.changeAt(at)
	return false
}

// dropOpenLink marks the open link at depth as dropped: its end tag will
// not be written.
func (s *pass) dropOpenLink(depth int) {
	if depth < len(s.tree.stack) {
		s.tree.stack[depth].dropped = true
	}
}

// namesOtherSite reports whether text names a host of another site than
// host (linktext.Hosts, compared by registrable domain). Two hosts of
// the site's own (urls.base, links.internal_hosts) are one site.
func (s *pass) namesOtherSite(text, host string) bool {
	l := &s.link
	l.hosts = linktext.Hosts(l.hosts[:0], text)
	for _, h := range l.hosts {
		if !linktext.SameSite(h, host) && !(s.internalSite(h) && s.internalSite(host)) {
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
func (s *pass) internalSite(h string) bool {
	if s.r.Internal[h] {
		return true
	}
	for i := range s.r.Internal {
		if linktext.SameSite(h, i) {
			return true
		}
	}
	return false
}

// linkImage adds the alt text of an image inside held links: the text
// a link whose only content is the image shows when the image does not
// load, and a screen reader reads.
func (s *pass) linkImage() {
	l := &s.link
	for _, a := range s.attrs.list {
		if a.key == "alt" && len(l.alt) < maxLinkHeld {
			l.alt = append(append(l.alt, ' '), a.val[:min(len(a.val), maxLinkHeld)]...)
		}
	}
}

// changeAt reports c at the position it carries.
func (s *pass) changeAt(c Change) {
	line, col := s.in.line, s.in.col
	s.in.line, s.in.col = c.Line, c.Column
	s.change(c)
	s.in.line, s.in.col = line, col
}
