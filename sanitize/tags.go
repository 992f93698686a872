package sanitize

import (
	"bytes"
	"strings"

	"golang.org/x/net/html/atom"

	"github.com/htmlclean/htmlclean/internal/htmltree"
	"github.com/htmlclean/htmlclean/internal/rules"
)

// This file holds what the pass does with start and end tags: which
// element each opens or closes, and what is dropped.

// startTag handles a start or self-closing tag: it tells the tokenizer
// how to read what follows, then drops the tag or, for an element the
// policy allows, places it (startAllowed).
func (s *pass) startTag(raw []byte, selfClosing bool) {
	s.in.takeTag(raw)
	// The tokenizer can call a tag self-closing that a browser leaves open
	// (see selfClosingTag); the browser is the judge.
	tokSelfClosing := selfClosing
	selfClosing = selfClosing && selfClosingTag(raw)
	name := s.in.tagName(raw, 1)
	switch {
	case name == "noscript":
		// Read what follows as markup, as setHTML() and any parser
		// with scripting off do, not as raw text to the first
		// "</noscript>", as a page with scripting on does. Dropped with
		// its content (noscript is forbidden), the element then ends at
		// its real end tag, which is never before the first
		// "</noscript>": the pass drops what either reading would hide
		// (<noscript><!-- </noscript><img src=x> --></noscript>).
		s.in.z.NextIsNotRawText()
	case s.tree.ForeignContent() && elemInfos[name]&infoBreakout == 0:
		// An SVG or MathML element's content is markup, whatever its
		// name (<svg><title><div></title>: the div is an element), as
		// a browser's tree builder tells its tokenizer (HTML §13.2.6.5).
		s.in.z.NextIsNotRawText()
	}
	if s.drop.skip != "" {
		if name == s.drop.skip && !selfClosing {
			s.drop.skipDepth++
		}
		return
	}
	if s.mail.wraps() && s.hid.at < 0 && s.mail.start(name, s.in.tag, s.tree.ForeignContent(), s.tree.Len(), &s.out, s) {
		return
	}
	if len(s.hid.pending) > 0 {
		s.reopen(name)
	}
	if s.carried.closed > 0 {
		s.reconstruct(name, len(raw))
	}
	a, ok := s.elements.get(name)
	if s.foreign.any && (name != embedElement || !s.embeds) {
		a, ok = s.lookupNS(name)
		ok = ok && !titleText(&s.tree)
	}
	if !ok {
		s.dropElement(name, selfClosing)
		return
	}
	if s.r.Outside[a.el.Name] && (!s.tree.ForeignContent() || elemInfos[name]&infoBreakout != 0) {
		s.outsideContainer(a.el.Name, a.info&infoVoid != 0) // container.go
		return
	}
	s.startAllowed(a, selfClosing, tokSelfClosing)
}

// startAllowed places the start tag of an element the policy allows,
// checks its attributes and writes it, unless the tree's rules, the
// attributes left or the element hook drop it. tokSelfClosing is what
// the tokenizer read, selfClosing what a browser reads.
func (s *pass) startAllowed(a allowed, selfClosing, tokSelfClosing bool) {
	el, info := a.el, a.info
	name := el.Name // a string the policy owns, safe to keep on the stack
	if name == embedElement && s.tree.ForeignContent() {
		s.dropEmbed(ReasonMisplaced) // an SVG element whose content is markup
		return
	}
	var foreign, void, placed bool
	if s.foreign.any {
		foreign, void, placed = s.placeForeign(a, selfClosing)
	} else {
		foreign, void, placed = s.startContext(name, info, selfClosing)
	}
	rawSelfClosed := foreign && void && rawText(name)
	if rawSelfClosed {
		// <title/> in SVG: the policy stage's tokenizer would read what
		// follows as its text. Written <title></title>.
		void = false
	}
	if !void && !s.room() {
		return
	}
	if !placed && name == embedElement {
		s.dropEmbed(ReasonMisplaced)
		return
	}
	if !placed {
		if needsItemFence(name) || needsCurrent(name) || unwrappedTable(&s.elements, name) {
			s.carried.diverged = true // the browser places it
		}
		s.change(Change{Element: name, Action: RemovedElement, Reason: ReasonMisplaced})
		// An orphan item or ruby part leaves no frame: a dropped <li>
		// open would make the next item close what was written after it
		// (htmltree.Builder.UpTo), which a browser, not seeing it, leaves open. Its
		// end tag then matches nothing, and is dropped too.
		s.unwrapped(name, void || needsItemFence(name) || needsCurrent(name))
		return
	}
	s.attrs.keyed = info&infoCarried != 0
	changed, dest := s.attributes(el, name)
	if s.attrs.reserved {
		s.dropReserved(name, void || rawSelfClosed, foreign) // linkmark.go
		return
	}
	if foreign && el.NS == rules.NSSVG && animatesAttribute(name) {
		changed = s.animation(name) || changed // animation.go
	}
	if name == embedElement && !s.attrs.hasSrc() {
		s.dropEmbed(ReasonEmbedNoSrc)
		return
	}
	if void && dest.href != "" && s.r.Mismatch != rules.MismatchIgnore && s.hid.at < 0 && s.link.voidMisleads(linkEnv{s, &s.out, &s.in, &s.r}, name, dest, &s.attrs) {
		changed = true // linkmark.go
	}
	if len(s.attrs.list) == 0 && info&infoNeedsAttributes != 0 && s.r.Bare != rules.BareKeep {
		// Like bluemonday: a link without href or an image without src is
		// only its content. Its end tag is consumed without a trace.
		s.change(Change{Element: name, Action: RemovedElement, Reason: ReasonNoAttributesLeft})
		s.unwrapped(name, void)
		return
	}
	if tokSelfClosing && s.selfClosingRewrite(name, info, foreign, selfClosing) {
		changed = true
	}
	if rawSelfClosed {
		changed, selfClosing = true, false
	}
	if s.r.Hooks.Element != nil && s.hid.at < 0 && !s.hookKeeps(name, rules.ElementKey(el.NS, name), void || rawSelfClosed, foreign) {
		return
	}
	// Every element that navigates, in any namespace (navigates), is
	// held for the link-text check; one with no content (an area) was
	// decided on its attributes above (voidMisleads).
	check := dest.href != "" && !void && s.r.Mismatch != rules.MismatchIgnore && s.hid.at < 0
	if check {
		s.link.begin(el, dest, &s.out, &s.in, s.tree.Len(), drawsText(el, &s.tree))
	}
	if changed {
		s.out.writeTag(name, s.attrs.list, s.in.tag, selfClosing && foreign, false, foreign)
	} else {
		// Written as it was: x/net/html reads "<br/>" as self-closing.
		s.out.writeTag(name, s.attrs.list, s.in.tag, tokSelfClosing, true, foreign)
	}
	if check {
		s.link.tagWritten(&s.out, name, s.attrs.list, s.in.tag, foreign)
	}
	switch {
	case void:
	case foreign && s.foreign.any:
		s.tree.Push(foreignFrame(a, s.attrs.list), a.slot, a.props)
		s.tree.Top().Spelled = startSpelling(name, s.in.tag)
		if rawSelfClosed {
			s.closeTop(true)
		}
	case !foreign && el.NS == rules.NSHTML:
		// a is s.elements' entry for name: push would look it up again.
		s.tree.Push(htmltree.Frame{Name: name}, a.slot, a.props)
		if info&infoCarried != 0 && s.hid.at < 0 {
			s.carry(name)
		}
	default:
		s.pushFrame(htmltree.Frame{Name: name, Foreign: foreign, InForeign: foreign && !htmltree.IntegrationPoint(name)})
		if foreign {
			s.tree.Top().Spelled = startSpelling(name, s.in.tag)
		}
	}
	if len(s.link.held) > 0 && s.hid.at < 0 && !check {
		s.link.element(name, el.NS, void, &s.attrs, s.tree.Len()) // linklayout.go
	}
}

// selfClosingRewrite reports, for a start tag the tokenizer read as
// self-closing, whether its "/>" makes it be written anew, and reports
// why. selfClosing is what a browser reads.
func (s *pass) selfClosingRewrite(name string, info elemInfo, foreign, selfClosing bool) bool {
	switch {
	case selfClosing && !foreign && info&infoVoid == 0:
		// An HTML element written "<div/>" is open, in a browser and in
		// x/net/html's parser alike: written so, it does not look closed
		// to a reader or a tool that reads it as XML.
		s.change(Change{Element: name, Action: RewroteTag, Reason: ReasonSelfClosingIgnored})
		return true
	case !selfClosing:
		// x/net/html reads "/>" where a browser does not (selfClosingTag):
		// written anew, the tag reads the same to both.
		s.change(Change{Element: name, Action: RewroteTag, Reason: ReasonAmbiguousSelfClosing})
		return true
	}
	return false
}

// unwrapped drops the start tag of an allowed element, keeping its
// content: a frame that closes without a trace, unless it is void.
func (s *pass) unwrapped(name string, void bool) {
	s.link.cut()
	if !void {
		s.pushFrame(htmltree.Frame{Name: name, InForeign: s.tree.ForeignContent(), Dropped: true})
	}
}

// hookKeeps asks the element hook about the allowed element name, which
// a policy names key ("svg:circle" for an SVG circle), and carries out an
// Unwrap or a Drop; it reports whether the element is kept.
func (s *pass) hookKeeps(name, key string, void, foreign bool) bool {
	action := s.elementHook(key)
	if action != rules.Keep {
		s.dropBreak(name)
	}
	switch action {
	case rules.Unwrap:
		s.change(Change{Element: name, Action: RemovedElement, Reason: ReasonElementHook})
		switch {
		case void:
		case htmltree.TableStructure(name) || name == "table":
			// As if the policy did not allow it: the table's rules
			// then apply to what it held, as they do for a dropped
			// cell.
			s.droppedStartTag(name)
		default:
			s.pushFrame(htmltree.Frame{Name: name, InForeign: s.tree.ForeignContent(), Dropped: true})
		}
		return false
	case rules.Drop:
		s.change(Change{Element: name, Action: RemovedContent, Reason: ReasonElementHook})
		if !void {
			// A whole frame, for the tree's rules (a cell ends at the
			// next cell), with its output hidden.
			s.hid.hide(&s.out, s.tree.Len())
			s.pushFrame(htmltree.Frame{Name: name, Foreign: foreign, InForeign: foreign && !htmltree.IntegrationPoint(name), Caller: frameHidden})
		}
		return false
	}
	return true
}

// dropElement drops a tag the policy does not allow, with its content if
// that content is not text a reader should see.
func (s *pass) dropElement(name string, selfClosing bool) {
	void := elemInfos[name]&infoVoid != 0
	if void && !bytes.Contains(bytes.ToLower(s.in.tag), []byte("hidden")) {
		s.link.cut() // an image, a control: it showed between the runs
	}
	if s.templates && s.tree.Mode() == modeTemplate {
		s.tree.DecideTemplate(name) // the browser built it, in the contents
	}
	reason := dropReason(&s.r, name)
	// Inside what is dropped with its content, every element is a frame,
	// so that the tree's rules see the elements a browser sees there.
	_, cd := contentDroppedName.get(name)
	reserved := (!cd || framed[name]) && s.hid.at < 0 && reservedClass(s.in.tag) // linkmark.go
	if reserved {
		reason = ReasonReservedClass
	}
	if s.hid.at >= 0 || cd && markupDropped[name] || (!cd || framed[name]) && s.dropsContent(name) ||
		s.foreign.any && s.tree.OpensIntegrationPoint(name) || reserved {
		s.dropContent(name, selfClosing, reason)
		return
	}
	s.dropBreak(name)
	if canonical, ok := contentDroppedName.get(name); ok && (!selfClosing || rawText(name)) && !unwrapsTemplate(&s.r, canonical) {
		// Dropped with its content: the text either side joins in the
		// output, as it did in the input where the element showed
		// nothing.
		s.drop.skip, s.drop.skipDepth = canonical, 1
		if s.report != nil {
			s.change(Change{Element: canonical, Action: RemovedContent, Reason: dropReason(&s.r, name)})
		}
		return
	}
	if !void {
		s.link.cut() // unwrapped: its content stood apart
		if htmltree.Special(name) {
			// The browser has it on its stack, where it stops searches
			// and may be a marker, and the pass has no frame for it.
			s.carried.diverged = true
		}
	}
	if s.report != nil {
		s.change(Change{Element: name, Action: RemovedElement, Reason: dropReason(&s.r, name)})
		if !selfClosing {
			s.droppedStartTag(name)
		}
	}
}

// dropReason is why an element the policy does not allow is dropped.
func dropReason(r *rules.Rules, name string) Reason {
	if r.Forbidden[name] != "" {
		return ReasonForbidden
	}
	return ReasonNotAllowed
}

// endTag closes the matching open element, and any left open inside it.
// An end tag with nothing to close is dropped: in a comment, "</div>"
// would close the page's own element.
func (s *pass) endTag(raw []byte) {
	name := s.in.tagName(raw, 2)
	if s.drop.skip != "" {
		if name == s.drop.skip {
			if s.drop.skipDepth--; s.drop.skipDepth == 0 {
				s.drop.skip = ""
			}
		}
		return
	}
	if (name == "p" || name == "br") && s.tree.ForeignContent() {
		// "</p>" and "</br>" end foreign content, allowed or not
		// (HTML §13.2.6.5), as a breakout start tag does.
		s.closeTo(s.tree.ForeignFloor())
	}
	if s.mail.wraps() && s.hid.at < 0 && s.mail.end(name, raw, s.tree.Len(), &s.out, s) {
		return
	}
	if name == "br" && s.r.Elements["br"] != nil {
		s.endBR()
		return
	}
	if len(s.hid.pending) > 0 && s.hid.forget(name, s.tree.Marker()) ||
		s.carried.closed > 0 && s.carried.forget(name, s.tree.Marker()) {
		s.dropBreak(name)
		s.droppedEndTag(name)
		return
	}
	// Only allowed elements, and those dropped with their content, are
	// ever pushed: their frames are indexed, so end tags that match
	// nothing do not search a deep stack.
	if i := s.openAt(name); i >= 0 && (!s.tree.OutOfScope(name, i) || s.templates && name == "template") {
		switch {
		case s.hid.at < 0 && !s.templates:
		case s.pastTemplate(i):
			// Opened outside the template the end tag is in: ignored.
			s.dropBreak(name)
			s.droppedEndTag(name)
			return
		case s.hid.at < 0:
		case htmltree.IsHeading(name) && s.innermostHeading() != int32(i):
			i = -1 // "</h2>" closes the innermost heading (closeHeading)
		case s.tree.EndIgnored(name, i):
			// The browser leaves the element open, so what was dropped
			// with its content goes on.
			s.dropBreak(name)
			s.droppedEndTag(name)
			return
		}
		if i >= 0 {
			// The agency finds only formatting elements on the list.
			if len(s.carried.list) > 0 && s.tree.Special() > int32(i) && s.adopt(i, raw) {
				return
			}
			// A frame whose start tag was dropped is not in the
			// browser's tree, and an end tag a browser ignores closes
			// nothing there: what the pass closes then, the browser
			// leaves open, and does not reopen.
			switch {
			case i+1 == s.tree.Len(): // nothing inside it is open
			case s.tree.At(i).Dropped || s.tree.EndIgnored(name, i):
				s.closeTo(i + 1)
			default:
				s.closeFollowed(i + 1)
			}
			s.out.endRaw = raw
			s.closeTop(false)
			s.out.endRaw = nil
			return
		}
	}
	if htmltree.IsHeading(name) && s.closeHeading(name) {
		return
	}
	if name == "p" && s.emptyParagraph() {
		return
	}
	s.dropBreak(name)
	s.droppedEndTag(name)
}

// emptyParagraph writes "</p>" with no paragraph open in button scope as
// the empty paragraph a browser makes of it, and reports whether it did:
// where the policy keeps p in body, outside a link held for its text,
// where no element hook would judge it, and unless the pass closed a p
// the browser may still have open (carrying.unsureP).
func (s *pass) emptyParagraph() bool {
	if _, ok := s.elements.get("p"); !ok || s.carried.unsureP || s.r.Outside["p"] || s.hid.at >= 0 || len(s.link.held) > 0 ||
		s.r.Hooks.Element != nil || s.tree.ForeignContent() {
		return false
	}
	// Not inside an SVG or MathML integration point (a title, which the
	// policy stage reads as raw text): any foreign element is a scope
	// boundary, so the innermost one tells.
	if s.tree.Len() > 0 && s.tree.ScopeFence() >= 0 && s.tree.At(int(s.tree.ScopeFence())).Foreign {
		return false
	}
	if m := s.tree.BaseMode(); m != modeBody && m != modeCell && m != modeCaption {
		return false
	}
	s.change(Change{Element: "p", Action: RewroteTag, Reason: ReasonEndTagP})
	s.out.writeString("<p></p>")
	return true
}

// endBR handles "</br>", which is a line break in every browser (HTML
// §13.2.6.4.7) and, like <br>, ends foreign content (§13.2.6.5), when the
// policy allows br.
func (s *pass) endBR() {
	const name = "br"
	s.closeTo(s.tree.ForeignFloor())
	if s.carried.closed > 0 {
		s.reconstruct(name, len(name)+3)
	}
	if s.r.Hooks.Element != nil && s.hid.at < 0 {
		// It is written as a <br>: the hook decides it as one.
		s.attrs.reset()
		if s.elementHook(name) != rules.Keep {
			s.dropBreak(name)
			s.change(Change{Element: name, Action: RemovedEndTag, Reason: ReasonElementHook})
			return
		}
	}
	if s.placeHTML(name, infoVoid) {
		s.change(Change{Element: name, Action: RewroteTag, Reason: ReasonEndTagBR})
		s.out.writeString("<br>")
		s.link.breakNext = len(s.link.held) > 0
	} else {
		s.dropBreak(name)
		s.change(Change{Element: name, Action: RemovedEndTag, Reason: ReasonMisplaced})
	}
}

// closeHeading closes the innermost open heading for the end tag of
// another heading, name, as a browser does ("An end tag whose tag name is
// one of: h1, …, h6", HTML §13.2.6.4.7): "<h4>x</h2>" is a closed h4.
// The end tag is written as the heading's own ("</h4>"), so that the
// output reads as what the browser builds. It reports whether a heading
// was open.
func (s *pass) closeHeading(name string) bool {
	at := s.innermostHeading()
	if at < 0 || s.hid.at >= 0 && s.tree.ScopeFence() > at || s.pastTemplate(int(at)) {
		return false
	}
	if s.tree.ScopeFence() > at {
		s.closeTo(int(at) + 1) // out of scope: the browser ignores the end tag
	} else {
		s.closeFollowed(int(at) + 1)
	}
	s.change(Change{Element: name, Action: RewroteTag, Reason: ReasonOtherHeading, After: s.tree.At(int(at)).Name})
	s.closeTop(false)
	return true
}

// innermostHeading returns the index of the innermost open heading, or -1.
func (s *pass) innermostHeading() int32 {
	at := int32(-1)
	for _, h := range htmltree.Headings {
		at = max(at, int32(s.openAt(h)))
	}
	return at
}

// openAt returns the index of the innermost open element name, allowed or
// dropped with its content, or -1.
func (s *pass) openAt(name string) int {
	if s.foreign.any {
		i := -1
		if a, ok := s.elements.get(name); ok {
			i = s.tree.LastOpen(a.slot)
		}
		if i = s.foreign.open(&s.tree, name, i); i >= 0 {
			return i
		}
	} else if a, ok := s.elements.get(name); ok {
		return s.tree.LastOpen(a.slot)
	}
	// A frame dropped with its content is hidden: none is open unless
	// something is.
	if s.hid.at < 0 {
		return -1
	}
	if u, ok := s.hid.unlisted[name]; ok {
		return s.tree.LastOpen(u.slot)
	}
	return -1
}

// dropBreak notes what a dropped tag named name separated, if the policy
// keeps words apart (see wordBreak).
func (s *pass) dropBreak(name string) {
	if s.r.WordBreaks {
		s.out.gap = max(s.out.gap, wordBreak.at(name))
	}
}

// droppedEndTag reports an end tag dropped, unless it closes a start tag
// dropped and reported before.
func (s *pass) droppedEndTag(name string) {
	s.link.cut()
	if s.report == nil {
		return
	}
	if n := s.drop.dropped[name]; n > 0 {
		s.drop.dropped[ownName(name)] = n - 1
		return
	}
	reason := ReasonNothingOpen
	if s.r.Elements[name] == nil {
		reason = ReasonNotAllowed
	}
	s.change(Change{Element: name, Action: RemovedEndTag, Reason: reason})
}

// droppedStartTag counts a start tag dropped, whose end tag may follow.
func (s *pass) droppedStartTag(name string) {
	if s.report == nil {
		return
	}
	if s.drop.dropped == nil {
		s.drop.dropped = map[string]int{}
	}
	s.drop.dropped[ownName(name)]++
}

// ownName returns name in memory of its own: a map assignment stores the
// key it is given, even over an equal one, and name is transient (it
// points into the tokenizer's buffer, which the next token overwrites).
// Known element names come from x/net/html's static table, without a
// copy.
func ownName(name string) string {
	if a := atom.Lookup(stringBytes(name)); a != 0 && a.String() == name {
		return a.String()
	}
	return strings.Clone(name)
}
