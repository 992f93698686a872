package sanitize

import (
	"bytes"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/publicsuffix"

	"github.com/htmlclean/htmlclean/internal/rules"
	"github.com/htmlclean/htmlclean/urlnorm"
)

// A link whose visible text is itself a URL or a host name says where it
// goes twice, and the reader believes the text:
// <a href="https://evil.example/">https://bank.example/login</a>.
// The pass holds back the content of every checked link until the link
// closes, collecting its text, and then applies the policy's
// Links.TextMismatch (reject, rewrite, report) when the text names
// another host than the href.

// Bounds on what is held back. A link's text longer than maxLinkText is
// not a URL anyone reads as one; markup past maxLinkHeld ends the wait:
// each open link is decided on what it showed so far (see overflow).
const (
	maxLinkText = 2 << 10
	maxLinkHeld = 256 << 10
)

// heldLink is a checked link whose end has not come yet.
type heldLink struct {
	fStart, cStart int    // where its start tag begins in buf.f and buf.c
	fTag, cTag     int    // the start tag's length in each
	before         hazard // the faithful form's hazard before its start tag
	textStart      int    // where its text begins in linkText
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
	return l.f.Cap() > maxPooledBytes || l.c.Cap() > maxPooledBytes || cap(l.strs) > maxPooledBytes
}

// reset readies the part for a document.
func (l *linkState) reset() {
	l.held, l.text = l.held[:0], l.text[:0]
	l.resetBuffers()
}

// beginLink starts holding back a link's output, just before its start
// tag is written. href and host are the canonical href and its host.
func (s *pass) beginLink(href, host string) {
	l := &s.link
	if len(l.held) == 0 {
		s.out.dst = twin{&l.f, &l.c}
		l.resetBuffers()
		l.text, l.strs = l.text[:0], l.strs[:0]
	}
	at := len(l.strs)
	l.strs = append(append(l.strs, href...), host...)
	l.held = append(l.held, heldLink{fStart: l.f.Len(), cStart: l.c.Len(), before: s.out.hazard,
		textStart: len(l.text), depth: len(s.tree.stack),
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
	s.decideLink(h, transient(l.text[h.textStart:]), false)
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
func (s *pass) decideLink(h heldLink, text string, early bool) {
	href, host := s.link.hrefHost(&h)
	if host == "" {
		// A relative link stays on the page's site, whatever its text.
		return
	}
	textHost, urlText := linkTextHost(text)
	mismatch := urlText && !sameHost(textHost, host)
	if early && strings.TrimSpace(text) == "" {
		mismatch = true // nothing to compare yet: cannot be checked
	}
	if !mismatch {
		return
	}
	action := s.r.Mismatch
	at := Change{Line: h.line, Column: h.col, Element: "a", Attribute: "href", Before: href}
	switch {
	case action == rules.MismatchReport:
		at.Action, at.Reason = Flagged, ReasonLinkTextMismatch
		s.changeAt(at)
		return
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
		return
	}
	// reject (and rewrite of a link not yet closed): the link is only its
	// content, as a link without href is.
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
}

// dropOpenLink marks the open link at depth as dropped: its end tag will
// not be written.
func (s *pass) dropOpenLink(depth int) {
	if depth < len(s.tree.stack) {
		s.tree.stack[depth].dropped = true
	}
}

// linkTextHost reads a link's visible text as a reader would: if it is a
// single URL ("https://bank.example/x", "//bank.example") or a host name
// with an optional path ("www.bank.example", "bank.com/login"), it
// returns the host a browser would go to, canonical. Text with spaces
// inside, or a word with a dot that ends in no known top-level domain
// ("Node.js", "e.g."), is not a URL.
func linkTextHost(text string) (string, bool) {
	t := strings.TrimSpace(text)
	if t == "" || len(t) > maxLinkText || strings.ContainsAny(t, " \t\n\r\f") {
		return "", false
	}
	opts := urlnorm.Options{Userinfo: urlnorm.UserinfoStrip}
	if i := strings.Index(t, "://"); i > 0 && isSchemeName(t[:i]) || strings.HasPrefix(t, "//") {
		r, err := urlnorm.Inspect(t, opts)
		if err != nil || r.Host == "" {
			return "", false
		}
		return r.Host, true
	}
	hostPart := t
	if i := strings.IndexAny(t, "/?#"); i >= 0 {
		hostPart = t[:i]
	}
	if !strings.Contains(strings.Trim(hostPart, "."), ".") || strings.ContainsAny(hostPart, "@:\\") {
		return "", false
	}
	last := hostPart[strings.LastIndexByte(strings.TrimSuffix(hostPart, "."), '.')+1:]
	if strings.Trim(last, "0123456789.") == "" && strings.Count(hostPart, ".") != 3 {
		return "", false // a number ("3.14", "1.2.3"), not an IPv4 address a reader would know
	}
	if last != strings.ToLower(last) && hostPart == t && !strings.HasPrefix(strings.ToLower(t), "www.") {
		// A bare name with an upper-case ending is a site's nickname on
		// Stack Exchange ("stats.SE", "AI.SE"), not a host typed out;
		// with "www." or a path it is a host again.
		return "", false
	}
	r, err := urlnorm.Inspect("http://"+t, opts)
	if err != nil || r.Host == "" || !knownTLD(r.Host) {
		return "", false
	}
	return r.Host, true
}

// isSchemeName reports whether s is a URL scheme (RFC 3986 §3.1).
func isSchemeName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20
		switch {
		case 'a' <= c && c <= 'z':
		case i > 0 && ('0' <= s[i] && s[i] <= '9' || s[i] == '+' || s[i] == '-' || s[i] == '.'):
		default:
			return false
		}
	}
	return s != ""
}

// specialTLDs are the reserved top-level names (RFC 2606, RFC 6761) that
// the public suffix list leaves out but documents and tests use.
var specialTLDs = set("example", "test", "invalid", "localhost", "local", "onion")

// knownTLD reports whether a canonical host ends in a top-level domain an
// ICANN registry runs (the public suffix list), or a reserved one, or is
// an IP address.
func knownTLD(host string) bool {
	if strings.HasPrefix(host, "[") || isIPv4(host) {
		return true
	}
	host = strings.TrimSuffix(host, ".")
	tld := host[strings.LastIndexByte(host, '.')+1:]
	if specialTLDs[tld] {
		return true
	}
	_, icann := publicsuffix.PublicSuffix(host)
	return icann
}

func isIPv4(host string) bool {
	dots := 0
	for i := 0; i < len(host); i++ {
		switch c := host[i]; {
		case c == '.':
			dots++
		case c < '0' || c > '9':
			return false
		}
	}
	return dots == 3
}

// sameHost compares canonical hosts as a reader does: "www." and a final
// dot make no difference.
func sameHost(a, b string) bool {
	trim := func(h string) string {
		return strings.TrimPrefix(strings.TrimSuffix(h, "."), "www.")
	}
	return trim(a) == trim(b)
}

// changeAt reports c at the position it carries.
func (s *pass) changeAt(c Change) {
	line, col := s.in.line, s.in.col
	s.in.line, s.in.col = c.Line, c.Column
	s.change(c)
	s.in.line, s.in.col = line, col
}
