package htmltree

// Mode is an insertion mode, as far as it decides which tags a browser
// keeps where the caller writes them (WHATWG HTML §13.2.4.1, "reset the
// insertion mode appropriately", and §13.2.6.4.9–15, the table modes). A
// frame's mode is that of its nearest ancestor-or-self that sets one;
// the document's is ModeBody.
type Mode uint8

// The insertion modes the builder follows.
const (
	ModeBody      Mode = iota // in body (and in template, select: never written)
	ModeTable                 // in table
	ModeTableBody             // in table body: <tbody>, <thead>, <tfoot>
	ModeRow                   // in row
	ModeCell                  // in cell: in body, where table structure ends the cell
	ModeCaption               // in caption: likewise
	ModeColgroup              // in column group
	// ModeTemplate is "in template": a template's contents, until the
	// first start tag in them decides the mode (DecideTemplate). The
	// modes above, with ModeInTemplate set, are the one that start tag
	// decided: the template sets it, as a table element would.
	ModeTemplate
	ModeInTemplate Mode = 0x80
)

// modeOf maps the HTML elements that set an insertion mode to it.
var modeOf = map[string]Mode{
	"table": ModeTable, "tbody": ModeTableBody, "thead": ModeTableBody, "tfoot": ModeTableBody,
	"tr": ModeRow, "td": ModeCell, "th": ModeCell, "caption": ModeCaption, "colgroup": ModeColgroup,
	"template": ModeTemplate,
}

// Mode returns the insertion mode for the next token.
func (b *Builder) Mode() Mode {
	if n := len(b.stack); n > 0 {
		return b.stack[n-1].mode
	}
	return ModeBody
}

// BaseMode is the insertion mode for the next token, a template's
// decided one as the same mode elsewhere.
func (b *Builder) BaseMode() Mode { return b.Mode() &^ ModeInTemplate }

// TableRule is what a start tag does in the table, table body and row
// modes: "insert" it, "close" the current table element first, insert
// the implied parent it names first, or "" (a browser would
// foster-parent it out of the table).
func TableRule(m Mode, name string) string {
	switch m {
	case ModeTable:
		switch name {
		case "caption", "colgroup", "tbody", "thead", "tfoot":
			return "insert"
		case "col":
			return "colgroup"
		case "tr", "td", "th":
			return "tbody"
		case "table":
			return "close" // a table in a table ends the first
		case "template":
			return "insert" // by the "in head" rules, in every table mode
		}
	case ModeTableBody:
		switch name {
		case "tr":
			return "insert"
		case "td", "th":
			return "tr"
		case "caption", "col", "colgroup", "tbody", "thead", "tfoot", "table":
			return "close"
		case "template":
			return "insert"
		}
	case ModeRow:
		switch name {
		case "td", "th", "template":
			return "insert"
		case "caption", "col", "colgroup", "tbody", "thead", "tfoot", "tr", "table":
			return "close"
		}
	}
	return ""
}

// DecideTemplate applies the first start tag name in an undecided
// template's contents (HTML §13.2.6.4.18, "in template"): it sets the
// mode the tag decides on the template's frame and the dropped frames
// above it, and reports true, or reports false for a template or head
// element, which the contents take without deciding ("process the token
// using the rules for in head").
func (b *Builder) DecideTemplate(name string) bool {
	m := ModeBody
	switch name {
	case "base", "basefont", "bgsound", "link", "meta", "noframes", "script", "style", "template", "title":
		return false
	case "caption", "colgroup", "tbody", "tfoot", "thead":
		m = ModeTable
	case "col":
		m = ModeColgroup
	case "tr":
		m = ModeTableBody
	case "td", "th":
		m = ModeRow
	}
	m |= ModeInTemplate
	for i := len(b.stack) - 1; i >= 0 && b.stack[i].mode == ModeTemplate; i-- {
		f := &b.stack[i]
		f.mode = m
		if f.Name == "template" && !f.Dropped && !f.Foreign {
			break
		}
	}
	return true
}

// ModeFloor returns the depth the stack has once the element that sets
// the current insertion mode, and everything inside it, is closed: 0 if
// none does.
func (b *Builder) ModeFloor() int {
	for i := len(b.stack) - 1; i >= 0; i-- {
		if f := &b.stack[i]; !f.Foreign && !f.Dropped {
			if _, ok := modeOf[f.Name]; ok {
				return i
			}
		}
	}
	return 0
}
