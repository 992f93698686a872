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
// document: wrap, and what mailremote.go notes.
type mailDoc struct {
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
	sheetRules int  // the rules the sheets have read, against one sheet's limit
	proxiedCSS bool // a style attribute's url() was rewritten into the proxy (mailremote.go)
	imgRemote  bool // the current img's src loads remote content (mailremote.go)
}

func (m *mailDoc) reset() {
	*m = mailDoc{styleRaw: m.styleRaw[:0], sheets: m.sheets[:0]}
}

func (m *mailDoc) oversized() bool {
	return cap(m.styleRaw) > maxPooledBytes || cap(m.sheets) > maxPooledBytes
}

// headOnly are the elements a document's head holds: before the body
// they do not start it, and the pass drops them as it always does.
var headOnly = set("title", "meta", "link", "base", "script", "noscript", "template", "basefont", "bgsound")

// mailStart handles a start tag under document: wrap before the pass
// does, and reports whether it is done with it.
func (s *pass) mailStart(name string) bool {
	m := &s.mail
	switch name {
	case "html", "head":
		s.change(Change{Element: name, Action: RemovedElement, Reason: ReasonMailDocument})
		return true
	case "body":
		if !m.opened {
			s.openWrapper("body")
			return true
		}
		s.change(Change{Element: name, Action: RemovedElement, Reason: ReasonMailDocument})
		return true
	case "style":
		if s.tree.ForeignContent() || s.hid.at >= 0 {
			return false
		}
		if m.recognised && s.tree.Len() == 0 {
			m.after = true // a sheet after the wrapper (as written before @scope): it moves inside
		}
		m.inStyle, m.plainStyle = true, string(s.in.tag) == "<style>"
		m.styleOther = !m.plainStyle && !styleIsCSS(s.in.tag) // mailsheet.go
		m.styleRaw = m.styleRaw[:0]
		s.drop.skip, s.drop.skipDepth = "style", 1
		return true
	}
	if headOnly[name] {
		return false
	}
	if !m.opened {
		if name == "div" && wrapperTag(s.in.tag) {
			s.openWrapper("div")
			return true
		}
		s.openWrapper("")
		return false
	}
	m.content(s.tree.Len(), s)
	return false
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

// mailText handles a text token under document: wrap before the pass
// writes it, and reports whether it is dropped: text that is not white
// space starts the body; white space before it (between the head's
// elements) goes.
func (s *pass) mailText(raw []byte) bool {
	m := &s.mail
	if m.opened {
		m.content(s.tree.Len(), s)
		return false
	}
	for _, c := range raw {
		if !spaces[c] {
			s.openWrapper("")
			return false
		}
	}
	if !m.spaced {
		m.spaced = true
		s.change(Change{Element: "#text", Action: RemovedContent, Reason: ReasonMailDocument})
	}
	return true
}

// mailEnd handles an end tag under document: wrap before the pass does,
// and reports whether it is done with it.
func (s *pass) mailEnd(name string, raw []byte) bool {
	switch name {
	case "html", "head", "body":
		s.change(Change{Element: name, Action: RemovedEndTag, Reason: ReasonMailDocument})
		return true
	case "div":
		if s.mail.recognised && !s.mail.after && s.openAt("div") == 0 {
			s.mail.endPlain = string(raw) == "</div>"
		}
	case "br":
		// "</br>" is written as a <br> (endBR): content, which starts the
		// body as a start tag does.
		if !s.mail.opened {
			s.openWrapper("")
		} else {
			s.mail.content(s.tree.Len(), s)
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

// openWrapper writes the wrapper's start tag: from the current tag's
// attributes if from is "body" or "div" (the input's own wrapper), or
// bare around a fragment or a body without a tag.
func (s *pass) openWrapper(from string) {
	m := &s.mail
	m.opened = true
	style := wrapperClip
	if from != "" {
		if kept := s.wrapperStyle(from, s.bodyStyles(from)); kept != "" {
			style += "; " + kept
		}
	}
	attrs := []attr{{key: "class", val: rules.WrapperClass}, {key: "style", val: style}}
	if from == "div" {
		m.recognised = true
		s.out.writeTag("div", attrs, nil, false, false, false)
		if string(s.in.tag) != `<div class="`+rules.WrapperClass+`" style="`+string(appendEscaped(nil, style))+`">` {
			s.change(Change{Element: "div", Action: RewroteTag, Reason: ReasonMailWrapper})
		}
		s.pushFrame(htmltree.Frame{Name: "div", Dropped: true, Caller: frameWrapper})
		return
	}
	element := from
	if element == "" {
		element = "#document"
	}
	s.change(Change{Element: element, Action: RewroteTag, Reason: ReasonMailWrapper})
	s.out.writeTag("div", attrs, nil, false, false, false)
}

// bodyStyles returns the current tag's style attribute, and writes what
// its other attributes mean (bgcolor, text, background, link) as the
// first rules of the sheets (presentational hints, HTML §15.3.1): in a
// browser every author rule outranks them, and the mail's own, later
// with the same specificity, do here. Other attributes are reported as
// dropped.
func (s *pass) bodyStyles(from string) string {
	var hints []string
	style, link := "", ""
	for _, a := range tokenizedAttrs(s.in.tag) {
		switch {
		case a.Key == "bgcolor" && colorValue(a.Val):
			hints = append(hints, "background-color:"+a.Val)
		case a.Key == "text" && colorValue(a.Val):
			hints = append(hints, "color:"+a.Val)
		case a.Key == "link" && colorValue(a.Val):
			link = "body a{color:" + a.Val + "}"
		case a.Key == "background":
			c := checking{element: "body", key: "background"}
			u, _, r := s.url(&c, a.Val)
			switch {
			case r != "":
				s.removedAttr(from, a.Key, a.Val, r, c.flags)
			case !strings.ContainsAny(u, "\"\\\n"):
				remoteProxied(s, &c, a.Val, u)
				hints = append(hints, `background-image:url("`+u+`")`)
			}
		case a.Key == "style":
			style = a.Val
		case a.Key == "class" && from == "div":
		default:
			s.removedAttr(from, a.Key, a.Val, ReasonMailDocument, 0)
		}
	}
	if len(hints) > 0 {
		link = "body{" + strings.Join(hints, ";") + "}" + link
	}
	if link != "" {
		s.mail.addFirstSheet(link, s.sheetOptions(), s.r.Limits.MaxTokenBytes, s)
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
// reported, but for the wrapper's own clip on the input's own wrapper.
func (s *pass) wrapperStyle(from, raw string) string {
	var kept []string
	for _, d := range declarations(raw) {
		if k := s.wrapperDecl(from, d); k != "" {
			kept = append(kept, k)
		} else if from != "div" || !slices.Contains(strings.Split(wrapperClip, "; "), d) {
			s.change(Change{Element: from, Attribute: "style", Action: RewroteAttribute,
				Reason: ReasonCSSFiltered, Before: d})
		}
	}
	style := strings.Join(kept, "; ")
	c := checking{element: from, key: "style"}
	if style != "" && s.css(&c, style) != "" {
		// Read whole, as a browser reads it, the kept ones are refused.
		s.change(Change{Element: from, Attribute: "style", Action: RewroteAttribute,
			Reason: ReasonCSSFiltered, Before: style})
		return ""
	}
	return style
}

// wrapperDecl returns the declaration d of the style attribute of the
// tag from as written on the wrapper, or "" if it goes.
func (s *pass) wrapperDecl(from, d string) string {
	a, ok := s.elements.get("div")
	if !ok {
		return ""
	}
	div := a.el.Attr("style")
	if div == nil || !div.PerProperty() {
		return ""
	}
	props := map[string]*regexp.Regexp{}
	for p, re := range div.Styles.Props {
		if stylesheet.WrapperProperty(p) {
			props[p] = re
		}
	}
	rule := &rules.Attr{Kind: div.Kind, Patterns: div.Patterns, Styles: &rules.Styles{Props: props, Whole: div.Styles.Whole}}
	c := checking{element: from, key: "style"}
	// A last declaration no rule allows makes styles write the kept one
	// anew, in its canonical spacing, whatever the input's.
	out, _, reason := s.styles(&c, rule, d+"; -htmlclean-end: 0")
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
