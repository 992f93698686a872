package sanitize

import (
	"strings"
	"unicode/utf8"

	"github.com/htmlclean/htmlclean/internal/linktext"
	"github.com/htmlclean/htmlclean/internal/rules"
)

// A held link is decided on every way a reader could read it
// (readsOtherSite): its text as one run, as laid out, piece by piece,
// and what its attributes show. internal/linktext finds the hosts each
// reading names; a host of the href's own site, or of the page's
// (internalSite), is no mismatch.

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
