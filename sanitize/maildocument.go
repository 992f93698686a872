package sanitize

import (
	"bytes"
	"regexp"
	"slices"
	"strings"

	"github.com/tdewolff/parse/v2"
	"github.com/tdewolff/parse/v2/css"
	"golang.org/x/net/html"

	"github.com/htmlclean/htmlclean/internal/htmltree"
	"github.com/htmlclean/htmlclean/internal/rules"
	"github.com/htmlclean/htmlclean/internal/stylesheet"
	"github.com/htmlclean/htmlclean/urlnorm"
)

// This file holds document: wrap (policy.Config.Document): a mail is read
// as a whole document, and what its body holds is written inside one
// wrapper element,
//
//	<div class="htmlclean-mail" style="position: relative; overflow: hidden; …">…<style>@scope{…}</style></div>
//
// The wrapper carries the body's style attribute, as far as the policy
// allows it there, and clips what the mail draws; what the body's
// presentational attributes (bgcolor, text, background, link) meant
// leads the sheet, below the mail's own rules as in a browser. The
// document's <style> sheets, from head and body, are sanitised with
// internal/stylesheet, every selector under
// ":scope.htmlclean-mail", and written as one sheet, the wrapper's last
// child, in a prelude-less @scope rule whose scoping root is the wrapper
// (mailsheet.go, docs/security.md): a mail's sheet styles nothing
// outside its wrapper, not even another mail's on the same page. The
// sheet and the wrapper's end tag are written after the policy stage
// (mailDoc.tail): the output is the same whether the document streams or
// not, a sheet met late in a stream needs nothing held back, and
// :first-child and the like count the mail's own elements. The wrapper is
// no element of the pass's tree: nothing in the mail can close it. An
// input that starts with a wrapper (an output sanitised again) is read
// with that div as its body and its last <style> as the sheet, so that
// sanitising again changes nothing.

// mailDoc is the part of the pass that reads a document under
// document: wrap, and what mailremote.go notes. A pass has one only
// under a policy with a setting for HTML e-mail (newMail).
type mailDoc struct {
	mailRules
	opened     bool // the wrapper's start tag is written
	recognised bool // it stands for the input's own wrapper, a dropped frame at the bottom of the tree
	after      bool // that frame has closed: what follows moves inside the wrapper
	endPlain   bool // it was closed by "</div>" as written
	moved      bool // moving content inside has been reported
	spaced     bool // white space before the body has been dropped and reported
	inStyle    bool // reading a <style> sheet
	plainStyle bool // its start tag is "<style>" as written
	sheetLast  bool // a sheet as written ended: content after it moves it
	styleLarge bool // it is over stylesheet.DefaultMaxBytes: it goes
	styleOther bool // its type is not CSS: it goes
	styleRaw   []byte
	sheets     []byte // the sanitised sheets, written at the wrapper's end
	nSheets    int
	sheetRules int      // the rules the sheets have read, against one sheet's limit
	imgRemote  bool     // the current img's src loads remote content (mailremote.go)
	check      checking // what a check asked of the pass reads and notes (checks)
}

// checks returns m.check, ready for a check of the attribute key of
// element asked of the pass (mailHost). A *checking passed through an
// interface escapes: held here, it is not allocated for each check. The
// checks run one after the other, never one inside another.
func (m *mailDoc) checks(element, key string) *checking {
	m.check = checking{element: element, key: key}
	return &m.check
}

// mailRules is what the mail part reads of the policy: set once per
// policy, it is kept between documents.
type mailRules struct {
	cfg           rules.Mail         // document: wrap and remote_content
	urls          urlnorm.Options    // the policy's, for the proxy's URLs
	sheet         stylesheet.Options // sheetBase: the sheet sanitiser's but for URL
	divStyle      *rules.Attr        // the policy's style on div, if it allows it per property
	maxTokenBytes int                // limits.max_token_bytes
}

// newMail returns the mail part of a pass under r, whose allowed
// elements are elements: nil if r has no setting for HTML e-mail, else
// m, reused with its buffers, or a new one.
func newMail(m *mailDoc, r *rules.Rules, elements *nameMap[allowed]) *mailDoc {
	if !mailURLs(&r.Mail) {
		return nil
	}
	if m == nil {
		m = new(mailDoc)
	}
	m.release()
	m.mailRules = mailRules{cfg: r.Mail, urls: r.URL, maxTokenBytes: r.Limits.MaxTokenBytes}
	if a, ok := elements.get("div"); ok {
		if style := a.el.Attr("style"); style != nil && style.PerProperty() {
			m.divStyle = style
		}
	}
	m.sheet = sheetBase(r, m.divStyle)
	return m
}

// mailHost is what the mail part asks of the pass it is part of: methods
// the pass has for its own walk. It is passed to each call that needs
// it, never kept.
type mailHost interface {
	changeReporter
	url(c *checking, v string) (string, urlnorm.Result, Reason)
	removedAttr(element, key, val string, reason Reason, flags urlnorm.Flags)
	cssURLToken(c *checking, raw string) (string, bool)
	pushFrame(f htmltree.Frame)
	openAt(name string) int
}

// release readies m, if any, for the pass's next document, keeping its
// buffers, and reports whether the pass may keep them in the pool: not
// if a document grew them past maxPooledBytes.
func (m *mailDoc) release() bool {
	if m == nil {
		return true
	}
	*m = mailDoc{mailRules: m.mailRules, styleRaw: m.styleRaw[:0], sheets: m.sheets[:0]}
	return cap(m.styleRaw) <= maxPooledBytes && cap(m.sheets) <= maxPooledBytes
}

// wraps reports whether the pass reads the document under document: wrap:
// what pass.wrapped holds for the walk's own checks.
func (m *mailDoc) wraps() bool { return m != nil && m.cfg.Wrap }

// headOnly are the elements a document's head holds: before the body
// they do not start it, and the pass drops them as it always does.
var headOnly = set("title", "meta", "link", "base", "script", "noscript", "template", "basefont", "bgsound")

// start handles a start tag under document: wrap before the pass does,
// and reports whether it is done with it. tag is the start tag as
// written; foreign says the pass reads it as foreign content, and depth
// how many elements are open. The wrapper is written to out.
func (m *mailDoc) start(name string, tag []byte, foreign bool, depth int, out *output, h mailHost) bool {
	switch name {
	case "html", "head":
		h.change(Change{Element: name, Action: RemovedElement, Reason: ReasonMailDocument})
		return true
	case "body":
		if !m.opened {
			m.openWrapper("body", tag, out, h)
			return true
		}
		h.change(Change{Element: name, Action: RemovedElement, Reason: ReasonMailDocument})
		return true
	case "style":
		if foreign {
			return false
		}
		m.startStyle(tag, depth)
		return true
	}
	if headOnly[name] {
		return false
	}
	if !m.opened {
		if name == "div" && wrapperTag(tag) {
			m.openWrapper("div", tag, out, h)
			return true
		}
		m.openWrapper("", nil, out, h)
		return false
	}
	m.content(depth, h)
	return false
}

// startStyle starts reading the <style> sheet whose start tag is tag,
// with depth elements open. Its content is raw text (HTML §13.2.5.3):
// the tokenizer gives it as text, up to its own end tag, the only tag it
// gives before the end of input (text and end take them).
func (m *mailDoc) startStyle(tag []byte, depth int) {
	if m.recognised && depth == 0 {
		m.after = true // a sheet after the wrapper (as written before @scope): it moves inside
	}
	m.inStyle, m.plainStyle = true, string(tag) == "<style>"
	m.styleOther = !m.plainStyle && !styleIsCSS(tag) // mailsheet.go
	m.styleRaw = m.styleRaw[:0]
}

// content notes content met outside the input's own wrapper, after it
// closed: it is written inside. depth is how many elements are open;
// what changed is reported to r.
func (m *mailDoc) content(depth int, r changeReporter) {
	if m.recognised && !m.after && depth == 0 {
		m.after = true
	}
	if m.after && !m.moved {
		m.moved = true
		r.change(Change{Element: "div", Action: RewroteTag, Reason: ReasonMailWrapper})
	}
	if m.sheetLast {
		m.sheetLast = false
		r.change(Change{Element: "style", Action: RewroteTag, Reason: ReasonStylesheetMoved})
	}
}

// text handles a text token under document: wrap before the pass writes
// it, with depth elements open, and reports whether it is dropped: the
// text of a <style> is read as its sheet; text that is not white space
// starts the body; white space before it (between the head's elements)
// goes.
func (m *mailDoc) text(raw []byte, depth int, out *output, h mailHost) bool {
	if m.inStyle {
		m.styleText(raw) // mailsheet.go
		return true
	}
	if m.opened {
		m.content(depth, h)
		return false
	}
	for _, c := range raw {
		if !spaces[c] {
			m.openWrapper("", nil, out, h)
			return false
		}
	}
	if !m.spaced {
		m.spaced = true
		h.change(Change{Element: "#text", Action: RemovedContent, Reason: ReasonMailDocument})
	}
	return true
}

// end handles the end tag raw, of name, under document: wrap before the
// pass does, with depth elements open, and reports whether it is done
// with it.
func (m *mailDoc) end(name string, raw []byte, depth int, out *output, h mailHost) bool {
	switch {
	case m.inStyle:
		// In raw text, the only end tag the tokenizer gives is the
		// element's own.
		if name == "style" {
			m.endStyle(raw, depth, h) // mailsheet.go
		}
		return true
	case name == "html" || name == "head" || name == "body":
		h.change(Change{Element: name, Action: RemovedEndTag, Reason: ReasonMailDocument})
		return true
	case name == "div":
		if m.recognised && !m.after && h.openAt("div") == 0 {
			m.endPlain = string(raw) == "</div>"
		}
	case name == "br":
		// "</br>" is written as a <br> (endBR): content, which starts the
		// body as a start tag does.
		if !m.opened {
			m.openWrapper("", nil, out, h)
		} else {
			m.content(depth, h)
		}
	}
	return false
}

// wrapperTag reports whether the start tag tag, a div, is a wrapper as
// the pass writes it: the wrapper's class and nothing but a style.
func wrapperTag(tag []byte) bool {
	class := false
	for _, a := range tokenizedAttrs(tag) {
		switch a.Key {
		case "class":
			class = a.Val == rules.WrapperClass
		case "style":
		default:
			return false
		}
	}
	return class
}

// tokenizedAttrs returns the attributes of tag, the current tag, read from its
// bytes by a tokenizer of their own: the pass's tokenizer gives each
// tag's attributes once (TagAttr), and attributes() reads them after
// this.
func tokenizedAttrs(tag []byte) []html.Attribute {
	z := html.NewTokenizer(bytes.NewReader(tag))
	z.Next()
	var out []html.Attribute
	for more := true; more; {
		var k, v []byte
		if k, v, more = z.TagAttr(); k == nil {
			break
		}
		if !slices.ContainsFunc(out, func(a html.Attribute) bool { return a.Key == string(k) }) {
			out = append(out, html.Attribute{Key: string(k), Val: string(v)}) // the first, as browsers read
		}
	}
	return out
}

// wrapperClip is the style every wrapper starts with: it is the
// containing block of what the mail positions, and clips it.
const wrapperClip = "position: relative; overflow: hidden"

// openWrapper writes the wrapper's start tag to out: from the attributes
// of tag, the current tag, if from is "body" or "div" (the input's own
// wrapper, which h's tree holds as a dropped frame), or bare around a
// fragment or a body without a tag.
func (m *mailDoc) openWrapper(from string, tag []byte, out *output, h mailHost) {
	m.opened = true
	style := wrapperClip
	if from != "" {
		if kept := m.wrapperStyle(from, m.bodyStyles(from, tag, h), h); kept != "" {
			style += "; " + kept
		}
	}
	attrs := []attr{{key: "class", val: rules.WrapperClass}, {key: "style", val: style}}
	if from == "div" {
		m.recognised = true
		out.writeTag("div", attrs, nil, false, false, false)
		if string(tag) != `<div class="`+rules.WrapperClass+`" style="`+string(appendEscaped(nil, style))+`">` {
			h.change(Change{Element: "div", Action: RewroteTag, Reason: ReasonMailWrapper})
		}
		h.pushFrame(htmltree.Frame{Name: "div", Dropped: true, Caller: frameWrapper})
		return
	}
	element := from
	if element == "" {
		element = "#document"
	}
	h.change(Change{Element: element, Action: RewroteTag, Reason: ReasonMailWrapper})
	out.writeTag("div", attrs, nil, false, false, false)
}

// bodyStyles returns the style attribute of tag, the current tag, and
// writes what its other attributes mean (bgcolor, text, background, link) as the
// first rules of the sheets (presentational hints, HTML §15.3.1): in a
// browser every author rule outranks them, and the mail's own, later
// with the same specificity, do here. Other attributes are reported as
// dropped, to h, which checks the URLs.
func (m *mailDoc) bodyStyles(from string, tag []byte, h mailHost) string {
	var hints []string
	style, link := "", ""
	for _, a := range tokenizedAttrs(tag) {
		switch {
		case a.Key == "bgcolor" && colorValue(a.Val):
			hints = append(hints, "background-color:"+a.Val)
		case a.Key == "text" && colorValue(a.Val):
			hints = append(hints, "color:"+a.Val)
		case a.Key == "link" && colorValue(a.Val):
			link = "body a{color:" + a.Val + "}"
		case a.Key == "background":
			c := m.checks("body", "background")
			u, _, r := h.url(c, a.Val)
			switch {
			case r != "":
				h.removedAttr(from, a.Key, a.Val, r, c.flags)
			case !strings.ContainsAny(u, "\"\\\n"):
				remoteProxied(h, c, a.Val, u)
				hints = append(hints, `background-image:url("`+u+`")`)
			}
		case a.Key == "style":
			style = a.Val
		case a.Key == "class" && from == "div":
		default:
			h.removedAttr(from, a.Key, a.Val, ReasonMailDocument, 0)
		}
	}
	if len(hints) > 0 {
		link = "body{" + strings.Join(hints, ";") + "}" + link
	}
	if link != "" {
		m.addFirstSheet(link, m.sheetOptions(h), m.maxTokenBytes, h)
	}
	return style
}

// addFirstSheet adds the sheet raw before the sheets read so far; o,
// maxTokenBytes and rep are addSheet's.
func (m *mailDoc) addFirstSheet(raw string, o stylesheet.Options, maxTokenBytes int, rep changeReporter) {
	out := m.addSheet(raw, o, maxTokenBytes, rep)
	if out == "" {
		return
	}
	n := len(m.sheets) - len(out)
	copy(m.sheets[len(out):], m.sheets[:n])
	copy(m.sheets, out)
}

// colorValue reports whether v can stand as a colour in a declaration:
// a name or a hex colour, nothing that could end one.
func colorValue(v string) bool {
	if v == "" || len(v) > 32 {
		return false
	}
	for i := 0; i < len(v); i++ {
		c := v[i]
		if !(c == '#' || '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'z') {
			return false
		}
	}
	return true
}

// wrapperStyle filters the declarations of the style attribute raw of
// the tag from for the wrapper: those the policy allows on div that a
// sheet may set on the wrapper (paint and text:
// stylesheet.WrapperProperty), each written anew. Each one dropped is
// reported to h, which checks the styles, but for the wrapper's own clip
// on the input's own wrapper.
func (m *mailDoc) wrapperStyle(from, raw string, h mailHost) string {
	var kept []string
	for _, d := range declarations(raw) {
		if k := m.wrapperDecl(from, d, h); k != "" {
			kept = append(kept, k)
		} else if from != "div" || !slices.Contains(strings.Split(wrapperClip, "; "), d) {
			h.change(Change{Element: from, Attribute: "style", Action: RewroteAttribute,
				Reason: ReasonCSSFiltered, Before: d})
		}
	}
	style := strings.Join(kept, "; ")
	c := m.checks(from, "style")
	url := func(u string) (string, Reason) { canon, _, r := h.url(c, u); return canon, r }
	if style != "" && checkCSS(style, url) != "" {
		// Read whole, as a browser reads it, the kept ones are refused.
		h.change(Change{Element: from, Attribute: "style", Action: RewroteAttribute,
			Reason: ReasonCSSFiltered, Before: style})
		return ""
	}
	return style
}

// wrapperDecl returns the declaration d of the style attribute of the
// tag from as written on the wrapper, or "" if it goes; h.styles checks
// it.
func (m *mailDoc) wrapperDecl(from, d string, h mailHost) string {
	div := m.divStyle
	if div == nil {
		return ""
	}
	props := map[string]*regexp.Regexp{}
	for p, re := range div.Styles.Props {
		if stylesheet.WrapperProperty(p) {
			props[p] = re
		}
	}
	rule := &rules.Attr{Kind: div.Kind, Patterns: div.Patterns, Styles: &rules.Styles{Props: props, Whole: div.Styles.Whole}}
	// A last declaration no rule allows makes styles write the kept one
	// anew, in its canonical spacing, whatever the input's.
	c := m.checks(from, "style")
	url := func(u string) (string, Reason) { canon, _, r := h.url(c, u); return canon, r }
	token := func(raw string) (string, bool) { return h.cssURLToken(c, raw) }
	out, _, reason := styles(rule, d+"; -htmlclean-end: 0", url, token)
	if reason != "" {
		return ""
	}
	return wrapperBox(out)
}

// declarations splits a declaration list where a browser splits it (not
// at a semicolon inside a string, function or block), each declaration
// trimmed, blank ones left out.
func declarations(list string) []string {
	var out []string
	l := css.NewLexer(parse.NewInputString(list))
	start, pos, depth := 0, 0, 0
	for {
		tt, raw := l.Next()
		switch tt {
		case css.FunctionToken, css.LeftParenthesisToken, css.LeftBracketToken, css.LeftBraceToken:
			depth++
		case css.RightParenthesisToken, css.RightBracketToken, css.RightBraceToken:
			depth = max(depth-1, 0)
		}
		if tt == css.ErrorToken || tt == css.SemicolonToken && depth == 0 {
			if d := strings.TrimSpace(list[start:pos]); d != "" {
				out = append(out, d)
			}
			if tt == css.ErrorToken {
				return out
			}
			start = pos + len(raw)
		}
		pos += len(raw)
	}
}
