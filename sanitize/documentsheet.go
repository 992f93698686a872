package sanitize

import (
	"github.com/htmlclean/htmlclean/internal/rules"
	"github.com/htmlclean/htmlclean/internal/stylesheet"
)

// This file holds the <style> sheets of document: wrap (document.go).

// maxSheetBytes bounds the sheets of one document, all together: they
// are held until its end.
const maxSheetBytes = stylesheet.DefaultMaxBytes

// mailStyleText collects the text of the <style> being read.
func (s *pass) mailStyleText(raw []byte) {
	m := &s.mail
	if len(m.styleRaw)+len(raw) <= stylesheet.DefaultMaxBytes {
		m.styleRaw = append(m.styleRaw, raw...)
	} else {
		m.styleRaw, m.styleLarge = m.styleRaw[:0], true
	}
}

// endStyle sanitises the <style> just read, when its end tag (raw, or nil
// at the end of input) ends it, and adds it to the sheets.
func (s *pass) endStyle(raw []byte) {
	m := &s.mail
	m.inStyle = false
	if m.styleLarge {
		m.styleLarge = false
		s.change(Change{Element: "style", Action: RemovedContent, Reason: sheetReason(stylesheet.ReasonLimit)})
		return
	}
	verbatim := m.plainStyle && string(raw) == "</style>" && m.after && m.nSheets == 0
	sheet := string(m.styleRaw)
	out := s.addSheet(sheet)
	if !verbatim || out != sheet {
		s.change(Change{Element: "style", Action: RewroteTag, Reason: ReasonStylesheetMoved})
	}
}

// addSheet sanitises the sheet raw, reports what it removed, adds what
// is left to the sheets and returns it.
func (s *pass) addSheet(raw string) string {
	m := &s.mail
	out, removed, err := stylesheet.Sanitize(raw, s.sheetOptions())
	if err != nil {
		s.change(Change{Element: "style", Action: RemovedContent, Reason: sheetReason(stylesheet.ReasonLimit)})
		return ""
	}
	for _, r := range removed {
		s.change(Change{Element: "style", Action: RemovedContent, Reason: sheetReason(r.Reason), Before: r.What})
	}
	if len(m.sheets)+len(out) > maxSheetBytes {
		// Held to the end of the document, a stream's sheets are bounded
		// as its tokens are.
		s.change(Change{Element: "style", Action: RemovedContent, Reason: sheetReason(stylesheet.ReasonLimit)})
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
	o := stylesheet.Options{Scope: "." + rules.WrapperClass, MaxRules: stylesheet.DefaultMaxRules}
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
		return out, r == ""
	}
	return o
}

// mailFinish ends a document under document: wrap, once the pass has
// closed every element (open says some were left open): a <style> left
// open is read to the end, as a browser reads it; the wrapper is written
// if nothing opened it, and closed.
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
	s.out.writeString("</div>")
}

// mailTail returns what is written after the policy stage's output: the
// sheets, as one <style> element, or nil.
func (s *pass) mailTail() []byte {
	if len(s.mail.sheets) == 0 {
		return nil
	}
	b := make([]byte, 0, len(s.mail.sheets)+15)
	b = append(b, "<style>"...)
	b = append(b, s.mail.sheets...)
	return append(b, "</style>"...)
}
