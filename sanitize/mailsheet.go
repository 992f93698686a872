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
// at the end of input) ends it with depth elements open, and adds it to
// the sheets; h checks its URLs and takes the report.
func (m *mailDoc) endStyle(raw []byte, depth int, h mailHost) {
	m.inStyle = false
	if m.styleOther {
		m.styleOther, m.styleLarge = false, false
		h.change(Change{Element: "style", Action: RemovedElement, Reason: sheetReason(stylesheet.ReasonType)})
		return
	}
	if m.styleLarge {
		m.styleLarge = false
		h.change(Change{Element: "style", Action: RemovedContent, Reason: sheetReason(stylesheet.ReasonLimit)})
		return
	}
	// As written: the first sheet, "<style>@scope{…}</style>" as such,
	// the last child of the input's own wrapper (an output read again),
	// unless content follows it (mailDoc.content).
	verbatim := m.plainStyle && string(raw) == "</style>" && m.nSheets == 0 &&
		m.recognised && !m.after && depth == 1
	sheet := string(m.styleRaw)
	out := m.addSheet(sheet, m.sheetOptions(h), m.maxTokenBytes, h)
	if verbatim && sheet == sheetOpen+out+sheetClose {
		m.sheetLast = true
		return
	}
	h.change(Change{Element: "style", Action: RewroteTag, Reason: ReasonStylesheetMoved})
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

// sheetBase are the sheet sanitiser's options under the policy r: the
// wrapper's class as the scope, ids under ids.prefix, and divStyle, the
// policy's styles on div (the wrapper's element), for declarations.
func sheetBase(r *rules.Rules, divStyle *rules.Attr) stylesheet.Options {
	o := stylesheet.Options{Scope: ":scope." + rules.WrapperClass, MaxRules: stylesheet.DefaultMaxRules}
	if r.IDPrefix != "" {
		ids := *r // the policy's, kept: not the pass's copy
		o.ID = ids.PrefixID
	}
	if divStyle != nil {
		o.Decl = divStyle.AllowsDeclaration
	}
	return o
}

// sheetOptions are the sheet sanitiser's options: sheetBase, and every
// url() through the policy's URL rules and remote_content (h.url).
func (m *mailDoc) sheetOptions(h mailHost) stylesheet.Options {
	o := m.sheet
	o.URL = func(raw string) (string, bool) {
		c := m.checks("style", "url")
		out, _, r := h.url(c, raw)
		sheetURL(h, c, raw, out, r) // mailremote.go
		return out, r == ""
	}
	return o
}

// finish ends a document under document: wrap, if m is set, once the
// pass has closed every element (open says some were left open): a
// <style> left open is read to the end, as a browser reads it; the
// wrapper is written to out if nothing opened it. It returns what goes
// after the policy stage's output (tail), or nil. h takes the report.
func (m *mailDoc) finish(open bool, out *output, h mailHost) []byte {
	if !m.wraps() {
		return nil
	}
	if m.inStyle {
		m.endStyle(nil, 0, h)
	}
	if !m.opened {
		m.openWrapper("", nil, out, h)
	}
	if m.recognised && (open || !m.endPlain) {
		h.change(Change{Element: "div", Action: ClosedElement, Reason: ReasonMailWrapper})
	}
	return m.tail()
}

// tail returns what is written after the policy stage's output under
// document: wrap, or nil: the sheets, as one <style> element, and the
// wrapper's end tag. The policy stage sees the wrapper's start tag and
// none of this: the first stage's output inside the wrapper is balanced,
// and the policy stage only removes (TestMailSheetInWrapper), so the
// <style> element is the wrapper's last child and its end tag closes it.
func (m *mailDoc) tail() []byte {
	if !m.wraps() {
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
