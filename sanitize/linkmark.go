package sanitize

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"

	"golang.org/x/net/html"

	"github.com/htmlclean/htmlclean/internal/htmltree"
)

// links.text_mismatch: mark keeps a link whose text names another site
// and writes where it really goes right after it, as text a reader sees,
// copies and pastes with the link's:
//
//	<a href="https://evil.example/login">bank.example</a><span class="htmlclean-link-host"> [evil.example]</span>
//
// The host is the href's canonical host, as urlnorm writes it: an
// internationalised name in its ASCII (punycode) form, "xn--bnk-sna.example"
// rather than "bаnk.example", because the Unicode form is what a
// look-alike deceives with. The class lets the host page style the mark
// (docs/policy.md); nothing else carries it (reservedClass).
//
// The span is written after the policy stage, as an empty fragment is
// (fragmentMark): the pass writes hostMarkOpen, the host as text and
// hostMarkClose, which the stage reads as text and keeps under every
// policy, and the unmarker turns the two marks into the span's tags. So
// the stage's allowlist stays the policy's own (a policy without span or
// class does not gain them), and no input can reach the output as a
// mark: the marks are random for each process and never leave it.

// LinkHostClass is the class of the element the sanitiser writes after a
// link under links.text_mismatch: mark, holding the host the link goes
// to. It is reserved: an element of the input carrying it is removed
// with its content ([ReasonReservedClass]).
const LinkHostClass = "htmlclean-link-host"

// The span's tags, as the unmarker writes them for the marks.
const (
	linkHostOpen  = `<span class="` + LinkHostClass + `">`
	linkHostClose = `</span>`
)

// hostMarkOpen and hostMarkClose stand for the span's tags until the
// policy stage has run. Like fragmentMark they are "htmlclean-" and 32
// hex digits (markPrefixAtEnd relies on it).
var hostMarkOpen, hostMarkClose = newMark(), newMark()

func newMark() string {
	var b [16]byte
	rand.Read(b[:]) // never fails (crypto/rand, Go 1.24+)
	return "htmlclean-" + hex.EncodeToString(b[:])
}

// canMark reports whether a mark can be written where the pass stands,
// just after a link's end tag: where a browser would read <span> as a
// phrasing element in the current node. In SVG or MathML content a span
// would end the foreign content (HTML §13.2.6.5), and in table
// structure it would be moved out of the table (foster parenting). Under
// a policy that lets content colour, size or hide text (StylesText), a
// mark is no proof the reader sees it: <font color=white> around the
// link leaves the link its own colour and the mark white on white.
func (s *pass) canMark() bool {
	if s.r.StylesText || s.tree.ForeignContent() || s.hid.at >= 0 {
		return false
	}
	m := s.tree.BaseMode()
	return m == modeBody || m == modeCell || m == modeCaption
}

// writeMark writes the mark of host after the held link just decided,
// at the end of the held buffers, in both forms alike, and tells o.
func (l *linkState) writeMark(o *output, host string) {
	for _, b := range [...]*sink{&l.f, &l.c} {
		b.WriteString(hostMarkOpen)
		b.WriteString(" [")
		b.Write(appendEscaped(nil, host))
		b.WriteString("]")
		b.WriteString(hostMarkClose)
	}
	o.hazard, o.run = noHazard, 0 // it ends in hex digits, after no "&"
	o.marked = true               // the unmarker runs over this segment
}

// reservedClass reports whether the start tag raw has a class attribute
// with the token LinkHostClass, read without regard to ASCII case (as a
// page in quirks mode matches classes) and with its character
// references decoded: such an element would pass for a mark. Any class
// attribute counts, a repeated one too. Cheap for a tag without "-" or
// "&", which a class naming the token needs.
func reservedClass(raw []byte) bool {
	if len(raw) < len(LinkHostClass) || bytes.IndexByte(raw, '&') < 0 && !containsFold(raw, "-host") {
		return false
	}
	for t := range tagAttrs(raw) {
		if t.keyEnd-t.start != len("class") || !bytes.EqualFold(raw[t.start:t.keyEnd], []byte("class")) {
			continue
		}
		if classReserved(raw[t.valStart:t.valEnd]) {
			return true
		}
	}
	return false
}

// classReserved reports whether the class value v (as written, or
// decoded) names LinkHostClass, in any case.
func classReserved(v []byte) bool {
	if bytes.IndexByte(v, '&') < 0 && !containsFold(v, "-host") {
		return false // most classes: no token could be it
	}
	if bytes.IndexByte(v, '&') >= 0 {
		v = []byte(html.UnescapeString(string(v)))
	}
	for _, tok := range bytes.FieldsFunc(v, func(r rune) bool { return r < 0x80 && isSpace(byte(r)) }) {
		if bytes.EqualFold(tok, []byte(LinkHostClass)) {
			return true
		}
	}
	return false
}

// reserved reports whether the scanned attributes of the current tag,
// repeated ones too, hold a class that names LinkHostClass.
func (a *attrScan) reserved() bool {
	return classesReserved(a.attrs) || len(a.dups) > 0 && classesReserved(a.dups)
}

func classesReserved(attrs []rawAttr) bool {
	for i := range attrs {
		if r := &attrs[i]; len(r.key) == len("class") && string(r.key) == "class" && classReserved(r.val) {
			return true
		}
	}
	return false
}

// dropReserved drops the allowed element name, placed and not yet
// written, whose class names LinkHostClass (reservedClass), with its
// content, as the element hook's Drop does: a mark of the input (an
// output sanitised again) goes, and the pass writes its own again after
// the link, so that sanitising the output again gives the same bytes.
func (s *pass) dropReserved(name string, void, foreign bool) {
	s.dropBreak(name)
	s.change(Change{Element: name, Action: RemovedContent, Reason: ReasonReservedClass})
	if !void {
		s.hid.hide(&s.out, s.tree.Len())
		s.pushFrame(htmltree.Frame{Name: name, Foreign: foreign, InForeign: foreign && !htmltree.IntegrationPoint(name), Caller: frameHidden})
	}
}

// containsFold reports whether b holds s (lower case ASCII letters after
// a first byte that is no letter) in any case.
func containsFold(b []byte, s string) bool {
	for i := bytes.IndexByte(b, s[0]); i >= 0 && i+len(s) <= len(b); {
		j := 1
		for j < len(s) && b[i+j]|0x20 == s[j] {
			j++
		}
		if j == len(s) {
			return true
		}
		k := bytes.IndexByte(b[i+1:], s[0])
		if k < 0 {
			return false
		}
		i += 1 + k
	}
	return false
}
