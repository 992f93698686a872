package sanitize

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/htmlclean/htmlclean/internal/htmlscan"
	"github.com/htmlclean/htmlclean/internal/rules"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/urlnorm"
)

// pass is one run of the tokenizer walk over a document. It enforces the
// whole policy (elements, attributes, URLs, links, structure, limits), so
// the policy's bluemonday stage that follows finds nothing to remove.
type pass struct {
	z        tokenizer
	sc       htmlscan.Scanner // z for a document in memory, kept with the pass
	inMemory bool             // z is &sc
	in       countingReader
	main     twin         // the document's two forms (faithful.go)
	dst      twin         // where tokens go now: main, or the held link's
	flush    func() error // hands main on as a segment, when streaming
	seg      int          // the size at which main is flushed
	werr     error
	p        *policy.Policy // the policy r was read from
	r        rules.Rules
	urlOpts  urlnorm.Options
	rel      string // the rel value every link gets (external ones only, with relExt)
	relExt   bool   // links.rel_on: external
	idPre    string // ids.prefix, or ""

	// elements holds the policy's allowed elements with what the pass
	// needs to know about each, so a start tag costs one lookup.
	elements nameMap[allowed]
	report   func(Change)

	line, col         int // position of the current token's "<"
	nextLine, nextCol int // position after it
	// A document in memory, with no report: line and col are only needed
	// for an error, so walk counts offsets (at, of the current token) and
	// locate finds the line and column from doc when one is.
	doc     []byte
	at, off int

	stack    []open         // elements written and not yet closed
	last     [nScoped]int32 // index of the innermost of each scopedIndex element on it, or -1
	forms    int            // how many written <form> elements are on it
	lastOpen []int32        // by allowed.slot, then unlisted slots: index of the innermost such element on it, or -1
	// The elements the policy does not allow and drops with their
	// content (policy.Policy.DropsContent) that this document opened, each
	// with its slot in lastOpen after the allowed ones.
	unlisted map[string]unlistedSlot
	// Formatting elements dropped with their content that a browser would
	// reopen (reopen.go), oldest first.
	pending   []reopening
	skip      string // element whose content is being dropped, or ""
	skipDepth int

	hazard  hazard         // how the faithful form's last text could join the next
	gap     byte           // what dropped elements left between texts (wordBreak), or 0
	last1   byte           // the last byte of text written, or 0
	breaks  bool           // the policy's WordBreaks
	embeds  bool           // the policy allows iframe (embeds.go)
	marked  bool           // fragmentMark was written since the last segment
	endRaw  []byte         // the end tag being matched, as written, or nil
	endLen  int            // the faithful length of the last end tag written
	dropped map[string]int // dropped start tags by name, when reporting

	tag     []byte // raw bytes of the current tag
	scratch []byte // a copy of them, when z decodes in place
	nameBuf []byte // the current tag's name, lower-cased, when it was not
	attrs   []attr // the current tag's attributes, as they will be written
	// attrsHigh is the most attrs has held in this document: release
	// clears that much.
	attrsHigh int
	scan      attrScan            // the current tag's attributes, as attrScan.scan found them
	spans     []htmlscan.AttrSpan // where they stand, when sc reads the document
	tagBuf    []byte              // a tag or escaped text being written (faithful)
	cBuf      []byte              // a tag being written (canonical)

	flags urlnorm.Flags // the flags of the attribute being checked (all its URLs)
	// What check did to the value when it changed it for another reason
	// than urlnorm's canonical form (class tokens dropped, an id
	// prefixed, CSS declarations dropped, bad UTF-8 repaired), or "".
	rewroteAction Action
	rewroteWhy    Reason
	ignored       urlnorm.Flags // the flags the policy neither rejects nor reports

	hooks        rules.Hooks
	attr, attrEl string         // the attribute being checked and its element
	hooked       urlnorm.Result // the URL hook's rewrite of the value being checked, as urlnorm read it; URL "" if none

	// An element the element hook dropped (hide): its frame's index on
	// the stack, or -1; the output it hides from and where it writes.
	hideAt      int
	shown       twin
	shownHazard hazard
	shownLast   byte
	hidden      struct{ f, c sink }

	href, hrefHost string    // the current link's canonical href and host (transient)
	link           linkState // links held back for the link-text check (linktext.go)
}

// tokenizer is what the pass reads tokens with: x/net/html's Tokenizer
// for a stream, htmlscan's Scanner for a document in memory. Both
// tokenize alike (htmlscan's differential tests).
type tokenizer interface {
	Next() html.TokenType
	Raw() []byte
	Err() error
	TagAttr() (key, val []byte, more bool)
	Text() []byte
	NextIsNotRawText()
}

// open is an element on the stack.
type open struct {
	name    string
	foreign bool // an SVG element
	// inForeign says the tokens after its start tag are read by the rules
	// for foreign content (HTML §13.2.6): it is an SVG element other than
	// an HTML integration point, or a dropped element inside one.
	inForeign bool
	dropped   bool  // its start tag was dropped: close it without a trace
	hidden    bool  // dropped with its content by the element hook (hide): a frame like any other, never written
	unlisted  bool  // hidden, as an element the policy drops with its content (unlisted.go)
	foster    bool  // unlisted, where a browser foster-parents it out of a table
	implied   bool  // a browser inserts it (<tbody> before <tr>): never written
	mode      mode  // the insertion mode for its content (insert.go)
	cur       int32 // index of the browser's current node when it is on top
	link      int32 // index of the open <a> a new <a> would find, or -1
	fence     int32 // index of the innermost <table> or SVG <desc>, or -1
	// Indices of the innermost scope boundary (scopeBoundary, or any SVG
	// element), and list scope boundary, at or below it, or -1; and of the
	// element with its name below it, if scopedIndex numbers that name.
	scopeFence, listFence, prevSame int32
	slot, prevOpen                  int32 // allowed.slot or unlistedSlot.slot (or -1), and lastOpen's value below it
	// Indices of the innermost special element (HTML §13.2.4.2, or any
	// SVG element) and marker element (§13.2.4.3) at or below it, or -1.
	special, marker int32
}

// allowed is an element the policy allows.
type allowed struct {
	el   *rules.Element
	info elemInfo
	slot int32 // its index in pass.lastOpen
}

// attr is an attribute to write. Strings taken from the tokenizer's
// buffer are only valid until the next token (see transient).
type attr struct {
	key, val string
	text     string // the attribute exactly as written, if val is unchanged
	// Where text starts and its value ends in the tag (s.tag), if
	// text is set.
	start, valEnd int
	mark          bool // val is a URL with an empty fragment: write fragmentMark after it
}

// passPool keeps passes, with their buffers and the values they derive
// from their last policy, between documents.
var passPool = sync.Pool{New: func() any { return new(pass) }}

// newPass returns a pass over r, read with x/net/html's Tokenizer (a
// stream), or over doc if r is nil, read with htmlscan's Scanner (a
// document in memory, within limits.max_input_bytes), which tokenizes
// exactly as the Tokenizer does at a fraction of its cost.
func newPass(out twin, r io.Reader, doc []byte, p *policy.Policy, report func(Change)) *pass {
	s := passPool.Get().(*pass)
	if s.p != p {
		s.p, s.r = p, p.Rules()
		s.urlOpts = s.r.URL
		s.ignored = urlnorm.AllFlags &^ (s.r.Report | s.urlOpts.Reject)
		s.rel = s.r.Rel
		s.breaks = s.r.WordBreaks
		s.hooks = s.r.Hooks
		s.relExt, s.idPre = s.r.RelOn == rules.RelExternal, s.r.IDPrefix
		elements := map[string]allowed{}
		for _, name := range s.r.Order {
			elements[name] = allowed{s.r.Elements[name], elemInfos[name], int32(len(elements))}
		}
		s.elements = newNameMap(elements)
		s.embeds = s.r.Elements[embedElement] != nil
		s.lastOpen = make([]int32, len(elements))
	}
	s.lastOpen = s.lastOpen[:s.elements.len()]
	for i := range s.lastOpen {
		s.lastOpen[i] = -1
	}
	clear(s.unlisted)
	s.pending = s.pending[:0]
	if r == nil {
		s.sc.Reset(doc)
		s.sc.SetMaxBuf(s.r.Limits.MaxTokenBytes)
		s.z = &s.sc
		s.inMemory = true
	} else {
		s.in.r, s.in.left = r, s.r.Limits.MaxInputBytes
		z := html.NewTokenizer(&s.in)
		z.SetMaxBuf(s.r.Limits.MaxTokenBytes)
		s.z = z
		s.inMemory = false
	}
	s.main, s.dst, s.werr, s.report = out, out, nil, report
	s.flush, s.seg = nil, 0
	s.hazard, s.endRaw, s.marked = 0, nil, false
	s.gap, s.last1 = 0, 0
	s.hideAt, s.shown = -1, twin{}
	clear(s.dropped)
	s.line, s.col, s.nextLine, s.nextCol = 1, 1, 1, 1
	s.doc, s.at, s.off = nil, 0, 0
	if r == nil && report == nil {
		s.doc = doc
	}
	s.stack, s.skip, s.skipDepth = s.stack[:0], "", 0
	s.last, s.forms = noneOpen, 0
	s.link.held, s.link.text = s.link.held[:0], s.link.text[:0]
	s.link.resetBuffers() // a document that failed inside a link left some
	return s
}

// resetAttrs empties s.attrs for the next tag.
func (s *pass) resetAttrs() {
	s.attrsHigh = max(s.attrsHigh, len(s.attrs))
	s.attrs = s.attrs[:0]
}

// release returns the pass to the pool, keeping its buffers unless a
// hostile document grew them: a pooled pass holds at most a few hundred
// KiB, whatever the documents before it.
func (s *pass) release() {
	s.z, s.in.r, s.report, s.flush = nil, nil, nil, nil
	s.main, s.dst, s.endRaw, s.doc, s.tag = twin{}, twin{}, nil, nil, nil
	if s.oversized() {
		return
	}
	// A document in memory is read where it stands, so the attributes
	// read (beyond the current length too: what an earlier, larger tag
	// left), the names indexed and the last href point into it: a pooled
	// pass must not keep the caller's document alive.
	clear(s.attrs[:max(s.attrsHigh, len(s.attrs))])
	s.scan.clear()
	s.attrsHigh = 0
	s.href, s.hrefHost, s.attr, s.attrEl = "", "", "", ""
	s.sc.Reset(nil)
	passPool.Put(s)
}

// Caps on the buffers a pooled pass keeps.
const (
	maxPooledBytes = 64 << 10
	maxPooledItems = 1024
)

func (s *pass) oversized() bool {
	return cap(s.scratch) > maxPooledBytes || cap(s.tagBuf) > maxPooledBytes || cap(s.cBuf) > maxPooledBytes ||
		cap(s.nameBuf) > maxPooledBytes || cap(s.scan.keys) > maxPooledBytes || s.sc.Retained() > maxPooledBytes ||
		cap(s.stack) > maxPooledItems || cap(s.attrs) > maxPooledItems ||
		cap(s.scan.attrs) > maxPooledItems || cap(s.scan.dups) > maxPooledItems || cap(s.spans) > maxPooledItems ||
		len(s.scan.seen) > maxSeen || len(s.unlisted) > maxPooledItems || cap(s.pending) > maxPooledItems ||
		s.link.oversized() || len(s.dropped) > maxPooledItems || cap(s.link.text) > maxPooledBytes || cap(s.link.held) > maxPooledItems
}

// transient returns b as a string without copying. The tokenizer reuses
// its buffer on the next token, so such a string must not outlive the
// token: the pass uses it for lookups and writes, and clones anything it
// keeps (report entries). This avoids an allocation per attribute on the
// hot path.
func transient(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// run walks the whole input, then releases the pass. marked says
// fragmentMark was written since the last segment.
func (s *pass) run() (marked bool, err error) {
	defer s.release()
	err = s.walk()
	return s.marked, err
}

func (s *pass) walk() error {
	for {
		tt := s.z.Next()
		raw := s.z.Raw()
		if s.doc != nil {
			s.at, s.off = s.off, s.off+len(raw)
		} else {
			s.line, s.col = s.nextLine, s.nextCol
			s.advance(raw)
		}
		switch tt {
		case html.ErrorToken:
			if len(raw) > 0 && s.skip == "" {
				// A tag cut off by the end of input: browsers drop it too.
				s.change(Change{Element: s.tagName(raw, 1), Action: RemovedElement, Reason: ReasonUnterminated})
			}
			return s.finish(s.z.Err())
		case html.TextToken:
			s.text(raw)
		case html.StartTagToken, html.SelfClosingTagToken:
			s.startTag(raw, tt == html.SelfClosingTagToken)
		case html.EndTagToken:
			s.endTag(raw)
		case html.CommentToken:
			s.change(Change{Element: "#comment", Action: RemovedComment, Reason: ReasonNotAllowed})
		case html.DoctypeToken:
			s.change(Change{Element: "#doctype", Action: RemovedComment, Reason: ReasonNotAllowed})
		}
		if s.hideAt >= 0 {
			s.hidden.f.Reset()
			s.hidden.c.Reset()
		}
		if len(s.link.held) > 0 && s.link.c.Len() > maxLinkHeld {
			// However long a link runs, what is held stays bounded.
			s.overflow()
		}
		if s.flush != nil && len(s.link.held) == 0 && s.main.c.Len() >= s.seg {
			if err := s.flush(); err != nil && s.werr == nil {
				s.werr = err
			}
		}
		if s.werr != nil {
			return s.werr
		}
	}
}

// advance moves the position past raw, hopping from newline to newline
// with IndexByte (bytes.LastIndexByte has no vectorised form).
func (s *pass) advance(raw []byte) {
	last := bytes.IndexByte(raw, '\n')
	if last < 0 {
		s.nextCol += len(raw)
		return
	}
	for {
		s.nextLine++
		next := bytes.IndexByte(raw[last+1:], '\n')
		if next < 0 {
			break
		}
		last += next + 1
	}
	s.nextCol = len(raw) - last
}

// locate sets line and col from the current token's offset, for an
// error, if walk counted offsets instead of them.
func (s *pass) locate() {
	if s.doc != nil {
		before := s.doc[:s.at]
		s.line = 1 + bytes.Count(before, []byte{'\n'})
		s.col = len(before) - bytes.LastIndexByte(before, '\n')
	}
}

// finish handles the end of input: close what is open, or turn a reading
// error into the error to return.
func (s *pass) finish(err error) error {
	s.locate()
	switch {
	case err == io.EOF:
		for len(s.stack) > 0 {
			s.closeTop(true)
		}
		return s.werr
	case errors.Is(err, html.ErrBufferExceeded):
		return &LimitError{Limit: "max_token_bytes", Value: int64(s.r.Limits.MaxTokenBytes), Line: s.line, Column: s.col}
	case errors.Is(err, errInputTooLarge):
		return &LimitError{Limit: "max_input_bytes", Value: s.r.Limits.MaxInputBytes, Line: s.line, Column: s.col}
	}
	return fmt.Errorf("sanitize: %d:%d: %w", s.line, s.col, err)
}

// change reports c. Every string in it but Reason (a constant) is copied
// here, whatever its origin: many point into the tokenizer's buffer or the
// pass's pooled buffers (see transient), which the next token or the next
// document overwrites, and a report outlives both.
func (s *pass) change(c Change) {
	if s.report == nil || s.hideAt >= 0 {
		return // nothing to report inside what an element hook dropped
	}
	c.Line, c.Column = s.line, s.col
	c.Element, c.Attribute = strings.Clone(c.Element), strings.Clone(c.Attribute)
	c.Before, c.After = strings.Clone(c.Before), strings.Clone(c.After)
	s.report(c)
}

// writeString writes markup to both forms.
func (s *pass) writeString(str string) {
	s.dst.f.WriteString(str)
	s.dst.c.WriteString(str)
	s.hazard = noHazard
}

// text writes a text token: as written in the faithful form where those
// bytes read the same wherever they land (see scanText), and in the
// canonical form escaped as x/net/html escapes, after the same decoding
// as the policy stage's tokenizer (character references, newlines).
// Text inside dropped elements is dropped; in text that is not UTF-8,
// each run of bad bytes becomes one U+FFFD (bytes.ToValidUTF8; a browser
// writes one per bad sequence), and a NUL becomes U+FFFD, which browsers
// show in its place.
func (s *pass) text(raw []byte) {
	if s.skip != "" {
		return
	}
	if s.inEmbed() {
		s.change(Change{Element: embedElement, Action: RemovedContent, Reason: ReasonEmbedContent})
		return
	}
	if len(s.pending) > 0 {
		s.reopen("")
	}
	if len(s.link.held) > 0 && s.hideAt < 0 {
		// Not Tokenizer.Text: it decodes in place, under raw.
		s.linkText(raw)
	}
	if s.gap != 0 {
		s.separate(raw[0])
	}
	s.last1 = raw[len(raw)-1]
	canon, why, decode := scanText(s.tagBuf[:0], raw)
	if why == "" {
		// Before Text() decodes in place, under raw.
		s.writeTextF(raw)
		switch {
		case decode:
		case canon == nil:
			s.dst.c.Write(raw)
			return
		default:
			s.tagBuf = canon
			s.dst.c.Write(canon)
			return
		}
	}
	text := s.z.Text()
	if !utf8.Valid(text) {
		text = bytes.ToValidUTF8(text, []byte("\uFFFD"))
	}
	s.tagBuf = appendEscaped(s.tagBuf[:0], transient(text))
	if why != "" {
		s.change(Change{Element: "#text", Action: ReencodedText, Reason: why})
		s.writeTextF(s.tagBuf)
	}
	s.dst.c.Write(s.tagBuf)
}

// startTag handles a start or self-closing tag.
func (s *pass) startTag(raw []byte, selfClosing bool) {
	if s.inMemory {
		s.tag = raw // htmlscan never writes to the document
	} else {
		// Text and TagAttr decode in place, under raw.
		s.scratch = append(s.scratch[:0], raw...)
		s.tag = s.scratch
	}
	// The tokenizer can call a tag self-closing that a browser leaves open
	// (see selfClosingTag); the browser is the judge.
	tokSelfClosing := selfClosing
	selfClosing = selfClosing && selfClosingTag(raw)
	name := s.tagName(raw, 1)
	switch {
	case name == "noscript":
		// Read what follows as markup, as setHTML() and any parser
		// with scripting off do, not as raw text to the first
		// "</noscript>", as a page with scripting on does. Dropped with
		// its content (noscript is forbidden), the element then ends at
		// its real end tag, which is never before the first
		// "</noscript>": the pass drops what either reading would hide
		// (<noscript><!-- </noscript><img src=x> --></noscript>).
		s.z.NextIsNotRawText()
	case s.foreignContent() && elemInfos[name]&infoBreakout == 0:
		// An SVG or MathML element's content is markup, whatever its
		// name (<svg><title><div></title>: the div is an element), as
		// a browser's tree builder tells its tokenizer (HTML §13.2.6.5).
		s.z.NextIsNotRawText()
	}
	if s.skip != "" {
		if name == s.skip && !selfClosing {
			s.skipDepth++
		}
		return
	}
	if len(s.pending) > 0 {
		s.reopen(name)
	}
	a, ok := s.elements.get(name)
	if !ok {
		s.dropElement(name, selfClosing)
		return
	}
	el, info := a.el, a.info
	name = el.Name // a string the policy owns, safe to keep on the stack
	if name == embedElement && s.foreignContent() {
		s.dropEmbed(ReasonMisplaced) // an SVG element whose content is markup
		return
	}
	foreign, void, placed := s.startContext(name, info, selfClosing)
	if !void && !s.room() {
		return
	}
	if !placed && name == embedElement {
		s.dropEmbed(ReasonMisplaced)
		return
	}
	if !placed {
		s.change(Change{Element: name, Action: RemovedElement, Reason: ReasonMisplaced})
		if !void {
			s.pushFrame(open{name: name, inForeign: s.foreignContent(), dropped: true})
		}
		return
	}
	changed := s.attributes(el, name)
	if name == embedElement && !s.hasSrc() {
		s.dropEmbed(ReasonEmbedNoSrc)
		return
	}
	if len(s.attrs) == 0 && info&infoNeedsAttributes != 0 && s.r.Bare != rules.BareKeep {
		// Like bluemonday: a link without href or an image without src is
		// only its content. Its end tag is consumed without a trace.
		s.change(Change{Element: name, Action: RemovedElement, Reason: ReasonNoAttributesLeft})
		if !void {
			s.pushFrame(open{name: name, inForeign: s.foreignContent(), dropped: true})
		}
		return
	}
	if selfClosing && !foreign && info&infoVoid == 0 {
		// An HTML element written "<div/>" is open, in a browser and in
		// x/net/html's parser alike: written so, it does not look closed
		// to a reader or a tool that reads it as XML.
		changed = true
		s.change(Change{Element: name, Action: RewroteTag, Reason: ReasonSelfClosingIgnored})
	} else if tokSelfClosing != selfClosing {
		// x/net/html reads "/>" where a browser does not (selfClosingTag):
		// written anew, the tag reads the same to both.
		changed = true
		s.change(Change{Element: name, Action: RewroteTag, Reason: ReasonAmbiguousSelfClosing})
	}
	if s.hooks.Element != nil && s.hideAt < 0 {
		action := s.elementHook(name)
		if action != rules.Keep {
			s.dropBreak(name)
		}
		switch action {
		case rules.Unwrap:
			s.change(Change{Element: name, Action: RemovedElement, Reason: ReasonElementHook})
			switch {
			case void:
			case tableStructure.at(name) || name == "table":
				// As if the policy did not allow it: the table's rules
				// then apply to what it held, as they do for a dropped
				// cell.
				s.droppedStartTag(name)
			default:
				s.pushFrame(open{name: name, inForeign: s.foreignContent(), dropped: true})
			}
			return
		case rules.Drop:
			s.change(Change{Element: name, Action: RemovedContent, Reason: ReasonElementHook})
			if !void {
				// A whole frame, for the tree's rules (a cell ends at the
				// next cell), with its output hidden.
				s.hide()
				s.pushFrame(open{name: name, foreign: foreign, inForeign: foreign && !htmlIntegrationPoint[name], hidden: true})
			}
			return
		}
	}
	check := name == "a" && s.href != "" && !void && s.r.Mismatch != rules.MismatchIgnore && s.hideAt < 0
	if check {
		s.beginLink(s.href, s.hrefHost)
	}
	if changed {
		s.writeTag(name, selfClosing && foreign, false)
	} else {
		// Written as it was: x/net/html reads "<br/>" as self-closing.
		s.writeTag(name, tokSelfClosing, true)
	}
	if check {
		s.linkTagWritten()
	}
	if !void {
		s.push(name, foreign)
	}
}

// tagName returns the lower-cased name of the tag in raw, which starts
// with "<" (skip 1) or "</" (skip 2): the bytes up to whitespace, "/" or
// ">", as the tokenizer reads it (readTagName). Unlike Tokenizer.TagName it
// does not copy: x/net/html v0.62 copies every name to replace NUL bytes,
// and a NUL never matches an allowed name anyway.
func (s *pass) tagName(raw []byte, skip int) string {
	i := skip
	for i < len(raw) && !tagNameEnds[raw[i]] {
		i++
	}
	s.nameBuf = s.nameBuf[:0]
	return transient(lowerInto(&s.nameBuf, raw[skip:i]))
}

// tagNameEnds are the bytes that end a tag name: whitespace, "/", ">".
var tagNameEnds = [256]bool{' ': true, '\n': true, '\r': true, '\t': true, '\f': true, '/': true, '>': true}

// dropElement drops a tag the policy does not allow, with its content if
// that content is not text a reader should see.
func (s *pass) dropElement(name string, selfClosing bool) {
	reason := ReasonNotAllowed
	if policy.Forbidden(name) != "" {
		reason = ReasonForbidden
	}
	// Inside what is dropped with its content, every element is a frame,
	// so that the tree's rules see the elements a browser sees there.
	_, cd := contentDroppedName.get(name)
	if s.hideAt >= 0 || cd && markupDropped[name] || (!cd || framed[name]) && s.r.DropsContent(name) {
		s.dropContent(name, selfClosing, reason)
		return
	}
	s.dropBreak(name)
	if canonical, ok := contentDroppedName.get(name); ok && (!selfClosing || rawText(name)) {
		s.skip, s.skipDepth = canonical, 1
		if s.report != nil {
			s.change(Change{Element: canonical, Action: RemovedContent, Reason: dropReason(name)})
		}
		return
	}
	if s.report != nil {
		s.change(Change{Element: name, Action: RemovedElement, Reason: dropReason(name)})
		if !selfClosing {
			s.droppedStartTag(name)
		}
	}
}

// dropReason is why an element the policy does not allow is dropped.
func dropReason(name string) Reason {
	if policy.Forbidden(name) != "" {
		return ReasonForbidden
	}
	return ReasonNotAllowed
}

// endTag closes the matching open element, and any left open inside it.
// An end tag with nothing to close is dropped: in a comment, "</div>"
// would close the page's own element.
func (s *pass) endTag(raw []byte) {
	name := s.tagName(raw, 2)
	if s.skip != "" {
		if name == s.skip {
			if s.skipDepth--; s.skipDepth == 0 {
				s.skip = ""
			}
		}
		return
	}
	if name == "br" && s.r.Elements["br"] != nil {
		// "</br>" is a line break in every browser (HTML §13.2.6.4.7), and
		// like <br> it ends foreign content (§13.2.6.5).
		s.closeForeign()
		if s.hooks.Element != nil && s.hideAt < 0 {
			// It is written as a <br>: the hook decides it as one.
			s.resetAttrs()
			if s.elementHook("br") != rules.Keep {
				s.dropBreak(name)
				s.change(Change{Element: name, Action: RemovedEndTag, Reason: ReasonElementHook})
				return
			}
		}
		if s.placeHTML("br", infoVoid) {
			s.change(Change{Element: name, Action: RewroteTag, Reason: ReasonEndTagBR})
			s.writeString("<br>")
		} else {
			s.dropBreak(name)
			s.change(Change{Element: name, Action: RemovedEndTag, Reason: ReasonMisplaced})
		}
		return
	}
	if len(s.pending) > 0 && s.forget(name) {
		s.dropBreak(name)
		s.droppedEndTag(name)
		return
	}
	// Only allowed elements, and those dropped with their content, are
	// ever pushed: their frames are indexed, so end tags that match
	// nothing do not search a deep stack.
	if i := s.openAt(name); i >= 0 && !s.outOfScope(name, i) {
		switch {
		case s.hideAt < 0:
		case headings[name] && s.innermostHeading() != int32(i):
			i = -1 // "</h2>" closes the innermost heading (closeHeading)
		case s.endIgnored(name, i):
			// The browser leaves the element open, so what was dropped
			// with its content goes on.
			s.dropBreak(name)
			s.droppedEndTag(name)
			return
		}
		if i >= 0 {
			for len(s.stack) > i+1 {
				s.closeTop(true)
			}
			s.endRaw = raw
			s.closeTop(false)
			s.endRaw = nil
			return
		}
	}
	if isHeading(name) && s.closeHeading(name) {
		return
	}
	s.dropBreak(name)
	s.droppedEndTag(name)
}

// closeHeading closes the innermost open heading for the end tag of
// another heading, name, as a browser does ("An end tag whose tag name is
// one of: h1, …, h6", HTML §13.2.6.4.7): "<h4>x</h2>" is a closed h4.
// The end tag is written as the heading's own ("</h4>"), so that the
// output reads as what the browser builds. It reports whether a heading
// was open.
func (s *pass) closeHeading(name string) bool {
	at := s.innermostHeading()
	if at < 0 || s.hideAt >= 0 && s.stack[len(s.stack)-1].scopeFence > at {
		return false
	}
	for len(s.stack) > int(at)+1 {
		s.closeTop(true)
	}
	s.change(Change{Element: name, Action: RewroteTag, Reason: ReasonOtherHeading, After: s.stack[at].name})
	s.closeTop(false)
	return true
}

// innermostHeading returns the index of the innermost open heading, or -1.
func (s *pass) innermostHeading() int32 {
	at := int32(-1)
	for h := range headings {
		at = max(at, int32(s.openAt(h)))
	}
	return at
}

// openAt returns the index of the innermost open element name, allowed or
// dropped with its content, or -1.
func (s *pass) openAt(name string) int {
	if a, ok := s.elements.get(name); ok {
		return int(s.lastOpen[a.slot])
	}
	// A frame dropped with its content is hidden: none is open unless
	// something is.
	if s.hideAt < 0 {
		return -1
	}
	if u, ok := s.unlisted[name]; ok {
		return int(s.lastOpen[u.slot])
	}
	return -1
}

// dropBreak notes what a dropped tag named name separated, if the policy
// keeps words apart (see wordBreak).
func (s *pass) dropBreak(name string) {
	if s.breaks {
		s.gap = max(s.gap, wordBreak.at(name))
	}
}

// separate writes the gap a dropped element left, before text starting
// with first, if the texts either side would otherwise run together.
func (s *pass) separate(first byte) {
	if s.last1 != 0 && !htmlSpace[s.last1] && !htmlSpace[first] {
		sep := " \n"[s.gap-1 : s.gap]
		s.writeTextF([]byte(sep))
		s.dst.c.WriteString(sep)
	}
	s.gap = 0
}

// wordBreak is what separates the text either side of an element in a
// browser's innerText (HTML §3.2.7.2, "rendered text collection steps")
// with the default style sheet (§15.3): a line break (2) for <br>,
// block-level elements and table rows, a space (1) for a table cell; max
// keeps the stronger.
var wordBreak = newNameMap(func() (m map[string]byte) {
	m = map[string]byte{"td": 1, "th": 1}
	for _, n := range strings.Fields(`address article aside blockquote body br caption center dd details
		dialog dir div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup
		hr html legend li listing main menu nav ol p plaintext pre search section summary table tbody
		tfoot thead tr ul xmp`) {
		m[n] = 2
	}
	return m
}())

// htmlSpace are HTML's ASCII whitespace bytes.
var htmlSpace = [256]bool{' ': true, '\t': true, '\n': true, '\f': true, '\r': true}

// outOfScope reports whether the frame at index i, which the end tag of
// name would close, lies beyond an HTML scope boundary (a table, a cell,
// a caption...) above it: a browser ignores such an end tag ("has an
// element in scope", HTML §13.2.4.2), so "</div>" inside a cell does not
// close the div around the table. The table's own end tags follow the
// table's rules (insert.go), and foreign content its own.
func (s *pass) outOfScope(name string, i int) bool {
	if tableStructure.at(name) || name == "table" {
		return false
	}
	fence := int(s.stack[len(s.stack)-1].scopeFence)
	return fence > i && !s.stack[fence].foreign
}

// droppedEndTag reports an end tag dropped, unless it closes a start tag
// dropped and reported before.
func (s *pass) droppedEndTag(name string) {
	if s.report == nil {
		return
	}
	if n := s.dropped[name]; n > 0 {
		s.dropped[ownName(name)] = n - 1
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
	if s.dropped == nil {
		s.dropped = map[string]int{}
	}
	s.dropped[ownName(name)]++
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

// writeTag writes the current start tag from s.attrs: in the faithful
// form as written if asRaw, or else with each attribute as written where
// it is unchanged and escaped where it is new; in the canonical form as
// x/net/html's Token.String writes it. selfClosing says the faithful form
// ends in "/>" as x/net/html reads it. Both forms carry fragmentMark after
// each empty fragment, inside the value (see fragmentMark).
func (s *pass) writeTag(name string, selfClosing, asRaw bool) {
	c := append(s.cBuf[:0], '<')
	c = append(c, name...)
	marks := false
	for _, a := range s.attrs {
		c = append(c, ' ')
		c = append(c, a.key...)
		c = append(c, '=', '"')
		c = appendEscaped(c, a.val)
		if a.mark {
			c = append(c, fragmentMark...)
			marks = true
		}
		c = append(c, '"')
	}
	if selfClosing {
		c = append(c, '/')
	}
	s.cBuf = append(c, '>')
	s.dst.c.Write(s.cBuf)
	s.hazard = noHazard
	s.marked = s.marked || marks
	switch {
	case asRaw && !marks:
		s.dst.f.Write(s.tag)
		return
	case asRaw:
		b, last := s.tagBuf[:0], 0
		for _, a := range s.attrs {
			if a.mark {
				b = append(b, s.tag[last:a.valEnd]...)
				b = append(b, fragmentMark...)
				last = a.valEnd
			}
		}
		s.tagBuf = append(b, s.tag[last:]...)
		s.dst.f.Write(s.tagBuf)
		return
	}
	b := append(s.tagBuf[:0], '<')
	b = append(b, name...)
	for _, a := range s.attrs {
		b = append(b, ' ')
		switch {
		case a.text != "" && a.mark:
			// As written, with the mark where the value ends.
			at := a.valEnd - a.start
			b = append(b, a.text[:at]...)
			b = append(b, fragmentMark...)
			b = append(b, a.text[at:]...)
		case a.text != "":
			// As written: a browser reads it as the pass did, since
			// attrScan.scan reads it as the tokenizer does.
			b = append(b, a.text...)
		default:
			b = append(b, a.key...)
			b = append(b, '=', '"')
			b = appendEscaped(b, a.val)
			if a.mark {
				b = append(b, fragmentMark...)
			}
			b = append(b, '"')
		}
	}
	if selfClosing {
		if n := len(s.attrs); n > 0 && s.attrs[n-1].unquotedEnd() {
			b = append(b, ' ') // or the "/" would join an unquoted value
		}
		b = append(b, '/')
	}
	s.tagBuf = append(b, '>')
	s.dst.f.Write(s.tagBuf)
}

// unquotedEnd reports whether the attribute is written as it was, ending
// in an unquoted value or a bare name: a "/" right after it would be read
// as part of it ("x=0/" is the value "0/").
func (a attr) unquotedEnd() bool {
	return a.text != "" && a.valEnd-a.start == len(a.text)
}

// appendEscaped appends v escaped for text or a double-quoted attribute,
// as x/net/html's EscapeString does, and with NUL as U+FFFD (browsers
// show it so; x/net/html keeps it).
func appendEscaped(b []byte, v string) []byte {
	last := 0
	for i := 0; i < len(v); i++ {
		i += plainValue(v[i:])
		if i == len(v) {
			break
		}
		b = append(b, v[last:i]...)
		b = append(b, escapes[v[i]]...)
		last = i + 1
	}
	return append(b, v[last:]...)
}

// escaped are the bytes appendEscaped escapes.
var escaped = [256]uint8{'&': 1, '"': 1, '\'': 1, '<': 1, '>': 1, '\r': 1, 0: 1}

// plainValue returns how many bytes at the start of v are not escaped.
// It is the loop most bytes of a document go through (text and attribute
// values): eight bytes a step, on a table of 0 and 1, in registers (not
// inlined: in a larger function the loop loses them to spills).
//
//go:noinline
func plainValue(v string) int {
	n := len(v)
	for len(v) >= 8 {
		if escaped[v[0]]|escaped[v[1]]|escaped[v[2]]|escaped[v[3]]|
			escaped[v[4]]|escaped[v[5]]|escaped[v[6]]|escaped[v[7]] != 0 {
			break
		}
		v = v[8:]
	}
	for len(v) > 0 && escaped[v[0]] == 0 {
		v = v[1:]
	}
	return n - len(v)
}

// escapes are what appendEscaped writes for the bytes it escapes.
var escapes = [256]string{'&': "&amp;", '"': "&#34;", '\'': "&#39;", '<': "&lt;", '>': "&gt;", '\r': "&#13;", 0: "\uFFFD"}

// countingReader stops with errInputTooLarge after left bytes (if left is
// not negative).
type countingReader struct {
	r    io.Reader
	left int64
}

var errInputTooLarge = errors.New("input too large")

func (c *countingReader) Read(b []byte) (int, error) {
	if c.left < 0 {
		return c.r.Read(b)
	}
	if c.left == 0 {
		// Only an error if there is more to read.
		var one [1]byte
		if n, err := c.r.Read(one[:]); n == 0 {
			return 0, err
		}
		return 0, errInputTooLarge
	}
	if int64(len(b)) > c.left {
		b = b[:c.left]
	}
	n, err := c.r.Read(b)
	c.left -= int64(n)
	return n, err
}
