package sanitize

import (
	"strings"

	"github.com/htmlclean/htmlclean/internal/ascii"
	"github.com/htmlclean/htmlclean/internal/rules"
	"github.com/htmlclean/htmlclean/internal/stylesheet"
)

// This file holds the <style> sheets of document: wrap (maildocument.go).

// maxSheetBytes bounds the sheets of one document, all together: they
// are held until its end.
const maxSheetBytes = stylesheet.DefaultMaxBytes

// styleText collects the text of the <style> being read.
func (m *mailDoc) styleText(raw []byte) {
	if len(m.styleRaw)+len(raw) <= stylesheet.DefaultMaxBytes {
		m.styleRaw = append(m.styleRaw, raw...)
	} else {
		m.styleRaw, m.styleLarge = m.styleRaw[:0], true
	}
}

// styleIsCSS reports whether tag, the <style> start tag being read, holds a
// sheet a browser applies: its type is absent, empty or "text/css",
// ASCII case-insensitive and untrimmed (HTML "update a style block");
// any other ("text/x-foo", "text/css; x") a browser ignores, and so does
// the pass, with the element.
//
// Its media attribute is not read: the sheet goes into the one written
// for all media, so a sheet for print alone also styles the mail on
// screen; it stays under the scope all the same.
func styleIsCSS(tag []byte) bool {
	for _, a := range tokenizedAttrs(tag) {
		if a.Key == "type" {
			return a.Val == "" || strings.EqualFold(a.Val, "text/css")
		}
	}
	return true
}

// endStyle sanitises the <style> just read, when its end tag (raw, or nil
// at the end of input) ends it, and adds it to the sheets.
func (s *pass) endStyle(raw []byte) {
	m := &s.mail
	m.inStyle = false
	if m.styleOther {
		m.styleOther, m.styleLarge = false, false
		s.change(Change{Element: "style", Action: RemovedElement, Reason: sheetReason(stylesheet.ReasonType)})
		return
	}
	if m.styleLarge {
		m.styleLarge = false
		s.change(Change{Element: "style", Action: RemovedContent, Reason: sheetReason(stylesheet.ReasonLimit)})
		return
	}
	// As written: the first sheet, "<style>@scope{…}</style>" as such,
	// the last child of the input's own wrapper (an output read again),
	// unless content follows it (mailDoc.content).
	verbatim := m.plainStyle && string(raw) == "</style>" && m.nSheets == 0 &&
		m.recognised && !m.after && s.tree.Len() == 1
	sheet := string(m.styleRaw)
	out := m.addSheet(sheet, s.sheetOptions(), s.r.Limits.MaxTokenBytes, s)
	if verbatim && sheet == sheetOpen+out+sheetClose {
		m.sheetLast = true
		return
	}
	s.change(Change{Element: "style", Action: RewroteTag, Reason: ReasonStylesheetMoved})
}

// sheetOpen and sheetClose are written around the sheets: a prelude-less
// @scope rule, whose scoping root is the parent of the <style> element,
// the wrapper (CSS Cascade 6 §2.5.1). Every selector starts with
// ":scope" and the wrapper's class (sheetOptions), so that it matches
// only in this mail, not in another shown on the same page; a browser
// that does not know @scope drops the rule whole: the mail is unstyled.
const (
	sheetOpen  = "@scope{"
	sheetClose = "}"
)

// addSheet sanitises the sheet raw, reports what it removed, adds what
// is left to the sheets and returns it. The sheets are written as one,
// so one sheet's rule limit holds for them all: each is read with what
// the ones before it left, and once none is left a sheet goes whole,
// reported once. o are the sheet sanitiser's options (sheetOptions),
// maxTokenBytes the policy's max_token_bytes; what goes is reported to
// rep.
func (m *mailDoc) addSheet(raw string, o stylesheet.Options, maxTokenBytes int, rep changeReporter) string {
	o.MaxRules -= m.sheetRules
	if o.MaxRules <= 0 {
		o.MaxRules = 1 // to learn whether raw holds anything: it goes
		if out, removed, _, err := stylesheet.SanitizeCount(raw, o); err != nil || out != "" || len(removed) > 0 {
			rep.change(Change{Element: "style", Action: RemovedContent, Reason: sheetReason(stylesheet.ReasonLimit)})
		}
		return ""
	}
	out, removed, rules, err := stylesheet.SanitizeCount(raw, o)
	m.sheetRules += rules
	if err != nil {
		rep.change(Change{Element: "style", Action: RemovedContent, Reason: sheetReason(stylesheet.ReasonLimit)})
		return ""
	}
	for _, r := range removed {
		rep.change(Change{Element: "style", Action: RemovedContent, Reason: sheetReason(r.Reason), Before: r.What})
	}
	if len(m.sheets)+len(out) >= min(maxSheetBytes, maxTokenBytes)-len(sheetOpen+sheetClose) {
		// Held to the end of the document, a stream's sheets are bounded
		// as its tokens are; written in "@scope{…}", within the bound a
		// <style> is read with (mailDoc.styleText), and within
		// max_token_bytes, so that the output reads again however its
		// url()s grew (the proxy's, the URL hook's).
		rep.change(Change{Element: "style", Action: RemovedContent, Reason: sheetReason(stylesheet.ReasonLimit)})
		return ""
	}
	if out != "" {
		m.sheets = append(m.sheets, out...)
		m.nSheets++
	}
	return out
}

// sheetOptions are the sheet sanitiser's options under the policy: the
// wrapper's class as the scope, ids under ids.prefix, the policy's styles
// on div (the wrapper's element) for declarations, and every url()
// through the policy's URL rules and remote_content.
func (s *pass) sheetOptions() stylesheet.Options {
	o := stylesheet.Options{Scope: ":scope." + rules.WrapperClass, MaxRules: stylesheet.DefaultMaxRules}
	if s.r.IDPrefix != "" {
		o.ID = s.r.PrefixID
	}
	if a, ok := s.elements.get("div"); ok {
		if style := a.el.Attr("style"); style != nil && style.PerProperty() {
			o.Decl = style.AllowsDeclaration
		}
	}
	o.URL = func(raw string) (string, bool) {
		c := checking{element: "style", key: "url"}
		out, _, r := s.url(&c, raw)
		sheetURL(s, &c, raw, out, r) // mailremote.go
		return out, r == ""
	}
	return o
}

// mailFinish ends a document under document: wrap, once the pass has
// closed every element (open says some were left open): a <style> left
// open is read to the end, as a browser reads it; the wrapper is written
// if nothing opened it. It is closed in mailDoc.tail.
func (s *pass) mailFinish(open bool) {
	m := &s.mail
	if m.inStyle {
		s.endStyle(nil)
	}
	if !m.opened {
		s.openWrapper("")
	}
	if m.recognised && (open || !m.endPlain) {
		s.change(Change{Element: "div", Action: ClosedElement, Reason: ReasonMailWrapper})
	}
}

// tail returns what is written after the policy stage's output under
// document: wrap (wrap), or nil: the sheets, as one <style> element, and the
// wrapper's end tag. The policy stage sees the wrapper's start tag and
// none of this: the first stage's output inside the wrapper is balanced,
// and the policy stage only removes (TestMailSheetInWrapper), so the
// <style> element is the wrapper's last child and its end tag closes it.
func (m *mailDoc) tail(wrap bool) []byte {
	if !wrap {
		return nil
	}
	const end = "</div>"
	if len(m.sheets) == 0 {
		return []byte(end)
	}
	b := make([]byte, 0, len(m.sheets)+len("<style></style>")+len(sheetOpen+sheetClose+end))
	b = append(b, "<style>"+sheetOpen...)
	b = append(b, m.sheets...)
	return append(b, sheetClose+"</style>"+end...)
}

// wrapperBox drops from the wrapper's style, declarations as styles
// writes them ("padding: 20px; color: red"), the padding beyond the
// caps a sheet's body rule is held to (stylesheet.WrapperValue): the
// mail's body padding is its margin on the host page.
func wrapperBox(style string) string {
	decls := declarations(style) // maildocument.go
	var kept []string
	for _, d := range decls {
		prop, value, _ := strings.Cut(d, ":")
		if stylesheet.WrapperValue(ascii.Lower(strings.TrimSpace(prop)), value) {
			kept = append(kept, d)
		}
	}
	if len(kept) == len(decls) {
		return style
	}
	return strings.Join(kept, "; ")
}
