package sanitize

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/net/html"

	"github.com/htmlclean/htmlclean/internal/rules"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/urlnorm"
)

// pass is one run of the tokenizer walk over a document. It enforces the
// whole policy (elements, attributes, URLs, links, structure, limits), so
// the policy's bluemonday stage that follows finds nothing to remove.
//
// It is made of parts, each with one job and a file of its own: the
// input (input.go), the two output forms (output.go, faithful.go), the
// element tree (tree.go, insert.go), the current tag's attributes
// (attrs.go), the hidden frames (hidden.go, unlisted.go) and the links
// held for the link-text check (linktext.go). The parts are values, not
// pointers: the walk reaches every field at a fixed offset from the pass.
type pass struct {
	in      input          // the tokenizer and where its token stands
	out     output         // where tokens are written, in both forms
	tree    tree           // the elements open, and what the tree's rules need
	drop    dropping       // what is dropped without a frame (tree.go)
	attrs   attrReader     // the current tag's attributes
	hid     hiding         // what is dropped with its content
	carried carrying       // the formatting elements a browser reopens (reconstruct.go)
	link    linkState      // links held back for the link-text check
	refs    idRefs         // the ids defined, for references under ids.prefix (idref.go)
	mail    *mailDoc       // document: wrap and remote_content, or nil (maildocument.go, mailremote.go)
	p       *policy.Policy // the policy r was read from
	r       rules.Rules
	// elements holds the policy's allowed elements with what the pass
	// needs to know about each, so a start tag costs one lookup.
	elements nameMap[allowed]
	foreign  foreignSet    // the SVG and MathML ones (foreign.go)
	embeds   bool          // the policy allows iframe (embeds.go)
	ignored  urlnorm.Flags // the flags the policy neither rejects nor reports
	report   func(Change)

	// templates says the policy allows template, whose contents the pass
	// follows as a browser does (templatecontents.go); wrapped that the
	// output goes inside a wrapper the pass writes, with the document's
	// own sheets (document: wrap).
	templates, wrapped bool
}

// allowed is an element the policy allows.
type allowed struct {
	el    *rules.Element
	info  elemInfo
	props frameProp // frameProps' entry for its name, for the builder
	slot  int32     // its slot in the tree (htmltree.Builder.LastOpen)
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
		s.use(p)
	}
	s.report = report
	s.in.reset(r, doc, report == nil, s.r.Limits)
	s.out.reset(out)
	s.out.maxToken = s.r.Limits.MaxTokenBytes
	s.tree.Reset(s.elements.len() + s.foreign.n)
	s.drop.reset()
	s.hid.reset()
	s.carried.reset()
	s.link.reset() // a document that failed inside a link left some
	s.refs.reset()
	return s
}

// use derives what the pass needs from p's rules, once per policy.
func (s *pass) use(p *policy.Policy) {
	s.p, s.r = p, p.Rules(rules.Key{})
	s.ignored = urlnorm.AllFlags &^ (s.r.Report | s.r.URL.Reject)
	elements := htmlOnly(&s.r)
	s.elements = newNameMap(elements)
	s.mail, s.wrapped = newMail(s.mail, &s.r, &s.elements), s.r.Mail.Wrap
	s.embeds = s.r.Elements[embedElement] != nil
	s.templates = s.r.Elements["template"] != nil
	s.foreign = newForeignSet(&s.r, len(elements))
}

// release returns the pass to the pool, keeping its buffers unless a
// hostile document grew them: a pooled pass holds at most a few hundred
// KiB, whatever the documents before it.
func (s *pass) release() {
	s.report = nil
	s.refs.reset() // lets go of the document
	s.in.release()
	s.out.release()
	keep := s.mail.release()
	if !keep || s.oversized() {
		return
	}
	// A document in memory is read where it stands, so the attributes
	// read and the names indexed point into it: a pooled
	// pass must not keep the caller's document alive.
	s.attrs.clear()
	s.in.sc.Reset(nil)
	passPool.Put(s)
}

// Caps on the buffers a pooled pass keeps.
const (
	maxPooledBytes = 64 << 10
	maxPooledItems = 1024
)

func (s *pass) oversized() bool {
	return s.in.oversized() || s.out.oversized() || s.tree.Oversized(maxPooledItems) || s.drop.oversized() ||
		s.attrs.oversized() || s.hid.oversized() || s.carried.oversized() || s.link.oversized() ||
		cap(s.link.text) > maxPooledBytes || cap(s.link.held) > maxPooledItems
}

// run walks the whole input, then releases the pass. marked says
// fragmentMark was written since the last segment; tail is what goes
// after the policy stage's output (document: wrap's sheets), or nil.
func (s *pass) run() (marked bool, tail []byte, err error) {
	defer s.release()
	if tail, err = s.walk(); err != nil {
		tail = nil
	}
	return s.out.marked, tail, err
}

// walk reads every token of the input; tail is what finish returns.
func (s *pass) walk() (tail []byte, err error) {
	for {
		tt := s.in.z.Next()
		raw := s.in.z.Raw()
		if s.in.doc != nil {
			s.in.at, s.in.off = s.in.off, s.in.off+len(raw)
		} else {
			s.in.line, s.in.col = s.in.nextLine, s.in.nextCol
			s.in.advance(raw)
		}
		switch tt {
		case html.ErrorToken:
			if len(raw) > 0 && s.drop.skip == "" {
				// A tag cut off by the end of input: browsers drop it too.
				s.change(Change{Element: s.in.tagName(raw, 1), Action: RemovedElement, Reason: ReasonUnterminated})
			}
			return s.finish(s.in.z.Err())
		case html.TextToken:
			s.text(raw)
		case html.StartTagToken, html.SelfClosingTagToken:
			s.startTag(raw, tt == html.SelfClosingTagToken)
		case html.EndTagToken:
			s.endTag(raw)
		case html.CommentToken:
			s.comment()
		case html.DoctypeToken:
			s.change(Change{Element: "#doctype", Action: RemovedComment, Reason: ReasonNotAllowed})
		}
		if s.hid.at >= 0 {
			s.hid.scratch.f.Reset()
			s.hid.scratch.c.Reset()
		}
		if len(s.link.held) > 0 && s.link.c.Len() > maxLinkHeld {
			// However long a link runs, what is held stays bounded.
			s.link.overflow(linkEnv{s, &s.out, &s.in, &s.r}, &s.tree)
		}
		if s.out.flush != nil && len(s.link.held) == 0 && s.out.main.c.Len() >= s.out.seg {
			if err := s.out.flush(); err != nil && s.out.werr == nil {
				s.out.werr = err
			}
		}
		if s.out.werr != nil {
			return nil, s.out.err(&s.in)
		}
	}
}

// finish handles the end of input: close what is open, or turn a reading
// error into the error to return. At the end of a document read whole,
// tail is what goes after the policy stage's output, or nil.
func (s *pass) finish(err error) (tail []byte, _ error) {
	s.in.locate()
	switch {
	case err == io.EOF:
		open := s.tree.Len() > 0
		s.closeTo(0)
		tail = s.mail.finish(open, &s.out, s) // mailsheet.go
		return tail, s.out.err(&s.in)
	case errors.Is(err, html.ErrBufferExceeded):
		return nil, &LimitError{Limit: "max_token_bytes", Value: int64(s.r.Limits.MaxTokenBytes), Line: s.in.line, Column: s.in.col}
	case errors.Is(err, errInputTooLarge):
		return nil, &LimitError{Limit: "max_input_bytes", Value: s.r.Limits.MaxInputBytes, Line: s.in.line, Column: s.in.col}
	}
	return nil, fmt.Errorf("sanitize: %d:%d: %w", s.in.line, s.in.col, err)
}

// change reports c. Every string in it but Reason (a constant) is copied
// here, whatever its origin: many point into the tokenizer's buffer or the
// pass's pooled buffers (see transient), which the next token or the next
// document overwrites, and a report outlives both.
func (s *pass) change(c Change) {
	if s.report == nil || s.hid.at >= 0 {
		return // nothing to report inside what an element hook dropped
	}
	c.Line, c.Column = s.in.line, s.in.col
	c.Element, c.Attribute = strings.Clone(c.Element), strings.Clone(c.Attribute)
	c.Before, c.After = strings.Clone(c.Before), strings.Clone(c.After)
	s.report(c)
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
	if s.drop.skip != "" {
		return
	}
	if s.mail.wraps() && s.hid.at < 0 && s.mail.text(raw, s.tree.Len(), &s.out, s) { // maildocument.go
		return
	}
	if s.inEmbed() {
		s.change(Change{Element: embedElement, Action: RemovedContent, Reason: ReasonEmbedContent})
		return
	}
	if len(s.hid.pending) > 0 {
		s.reopen("")
	}
	if s.carried.closed > 0 && !allNUL(raw) { // a browser ignores a NUL in body
		s.reconstruct("", len(raw))
	}
	if len(s.link.held) > 0 && s.hid.at < 0 {
		// Not Tokenizer.Text: it decodes in place, under raw.
		s.link.addText(raw, s.wrapped)
	}
	if s.out.gap != 0 {
		s.separate(raw[0])
	}
	s.out.last1 = raw[len(raw)-1]
	canon, why, decode := scanText(s.out.tagBuf[:0], raw)
	if why == "" {
		// Before Text() decodes in place, under raw.
		s.writeTextF(raw)
		switch {
		case decode:
		case canon == nil:
			s.out.dst.c.Write(raw)
			return
		default:
			s.out.tagBuf = canon
			s.out.dst.c.Write(canon)
			return
		}
	}
	text := s.in.z.Text()
	if !utf8.Valid(text) {
		text = bytes.ToValidUTF8(text, []byte("\uFFFD"))
	}
	s.out.tagBuf = appendEscaped(s.out.tagBuf[:0], transient(text))
	if why != "" {
		s.change(Change{Element: "#text", Action: ReencodedText, Reason: why})
		s.writeTextF(s.out.tagBuf)
	}
	s.out.dst.c.Write(s.out.tagBuf)
}
