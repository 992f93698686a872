package htmltree

import "golang.org/x/net/html"

// documentLevel are the tags a document's head, body or frameset take,
// which the builder leaves to its caller.
var documentLevel = set("html", "head", "body", "frameset", "frame", "base", "basefont", "bgsound",
	"link", "meta", "noframes", "script", "style", "title", "template", "noscript")

// notModelled are the elements with insertion modes of their own, or
// rules, that the builder does not follow.
var notModelled = map[string]string{
	"select": "select (its own insertion mode)", "option": "select (its own insertion mode)",
	"optgroup": "select (its own insertion mode)", "datalist": "select (its own insertion mode)",
	"isindex": "isindex", "menuitem": "menuitem",
	"input": "input in a table", "form": "form in a table",
	"plaintext": "plaintext (the rest of the document is text)",
}

// start handles a start tag.
func (d *treeDriver) start(tok html.Token, selfClosing bool) {
	name := tok.Data
	if !d.started && documentLevel[name] || name == "html" || name == "body" || name == "head" || name == "frameset" {
		d.skip = "document-level head, body or frameset"
		return
	}
	if why := notModelled[name]; why != "" && (name != "input" && name != "form" || d.b.BaseMode() != ModeBody) {
		d.skip = why
		return
	}
	if ns := d.b.StartNS(name); ns != HTML {
		// The namespace the pass looks the tag up in.
		f := Frame{Name: name, NS: ns, Foreign: true, InForeign: ReadsForeign(name, ns, encodesHTML(tok))}
		root := name == "svg" || name == "math"
		if root && (!d.b.ForeignContent() || name == "svg" && d.b.InAnnotation()) && !d.placeHTML(name) {
			if d.skip == "" {
				d.skip = "a start tag the builder drops (foster parenting, an ignored tag)"
			}
			return
		}
		if d.reconstructs() {
			d.skip = "formatting elements reconstructed"
			return
		}
		d.place(f, selfClosing)
		return
	}
	if d.b.ForeignContent() {
		if name == "font" && !fontBreaks(tok) {
			d.skip = "font without color, face or size in foreign content"
			return
		}
		d.closeTo(d.b.ForeignFloor())
	}
	switch {
	case name == "table" && d.b.UpTo("p", false, false) >= 0:
		d.skip = "a table in a p in quirks mode (the builder closes the p)"
		return
	case name == "xmp":
		d.skip = "xmp (raw text the builder's caller drops, with no p closed)"
		return
	}
	if !d.placeHTML(name) {
		if d.skip == "" {
			d.skip = "a start tag the builder drops (foster parenting, an ignored tag)"
		}
		return
	}
	if d.reconstructs() {
		d.skip = "formatting elements reconstructed"
		return
	}
	if name == "image" {
		name = "img"
	}
	d.place(Frame{Name: name}, voidNames[name])
	if Formatting(name) && d.openNamed(name) > 3 {
		d.skip = "three formatting elements of a name open (Noah's Ark)"
	}
}

// openNamed counts the open elements named name.
func (d *treeDriver) openNamed(name string) int {
	n := 0
	for i := range d.b.Len() {
		if d.b.At(i).Name == name {
			n++
		}
	}
	return n
}

// place inserts f, and pushes its frame unless it is void.
func (d *treeDriver) place(f Frame, void bool) {
	d.started = true
	d.push(f)
	d.strip = f.Name == "pre" || f.Name == "listing" || f.Name == "textarea"
	if void {
		d.pop(false)
	}
}

func encodesHTML(tok html.Token) bool {
	for _, a := range tok.Attr {
		if a.Key == "encoding" && (equalFold(a.Val, "text/html") || equalFold(a.Val, "application/xhtml+xml")) {
			return true
		}
	}
	return false
}

func fontBreaks(tok html.Token) bool {
	for _, a := range tok.Attr {
		if a.Key == "color" || a.Key == "face" || a.Key == "size" {
			return true
		}
	}
	return false
}

func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// placeHTML applies the insertion modes to an HTML start tag, as the
// sanitiser's pass does: it closes and implies what the builder's rules
// say, and reports whether the tag is placed.
func (d *treeDriver) placeHTML(name string) bool {
	for d.skip == "" {
		switch m := d.b.Mode(); m {
		case ModeBody:
			return d.inBody(name)
		case ModeCell, ModeCaption:
			if !TableStructure(name) {
				return d.inBody(name)
			}
			d.closeTo(d.b.ModeFloor())
		case ModeColgroup:
			if name == "col" || name == "template" {
				return true
			}
			d.closeTo(d.b.ModeFloor())
		default:
			if m >= ModeTemplate {
				if m == ModeTemplate {
					if d.b.DecideTemplate(name) {
						continue
					}
					return true
				}
				if m &^= ModeInTemplate; m == ModeBody {
					return d.inBody(name)
				} else if m == ModeColgroup || TableRule(m, name) == "close" {
					return m == ModeColgroup && (name == "col" || name == "template")
				}
			}
			switch rule := TableRule(m, name); rule {
			case "":
				d.skip = "foster parenting"
				return false
			case "insert":
				return true
			case "close":
				d.closeTo(d.b.ModeFloor())
			default:
				d.push(Frame{Name: rule, Implied: true})
			}
		}
	}
	return false
}

// inBody applies the "in body" rules the builder models.
func (d *treeDriver) inBody(name string) bool {
	switch {
	case TableStructure(name):
		return false // ignored outside a table, as in a browser
	case name == "form" && d.b.Forms() > 0:
		return false // the form element pointer
	case name == "a":
		depth, ok := d.b.LinkClose(false)
		if !ok || depth < d.b.Len() && d.specialAbove(depth, true) {
			d.skip = "adoption agency for a nested link"
			return false
		}
		d.closeTo(depth)
	case name == "li" || name == "dd" || name == "dt":
		if !d.b.ItemFence(0) {
			d.skip = "a list item outside a list (the builder drops it)"
			return false
		}
	}
	d.impliedEnd(name)
	return d.skip == ""
}

// impliedEnd closes what the start tag name closes in body.
func (d *treeDriver) impliedEnd(name string) {
	if closesP[name] {
		d.closeTo(d.b.UpTo("p", false, false))
	}
	switch name {
	case "li":
		d.closeItem("li")
	case "dt", "dd":
		d.closeItem("dt")
		d.closeItem("dd")
	case "h1", "h2", "h3", "h4", "h5", "h6":
		if c := d.b.Current(); c != nil && IsHeading(c.Name) {
			d.closeTo(d.b.CurrentFloor())
		}
	case "button":
		d.closeTo(d.b.UpTo("button", false, false))
	case "nobr":
		at := d.b.UpTo("nobr", false, false)
		if at >= 0 && d.specialAbove(at, true) {
			d.skip = "adoption agency for nobr"
		}
		d.closeTo(at)
	case "rb", "rtc", "rt", "rp":
		d.skip = "ruby parts (the builder closes them without a ruby)"
	}
}

// closeItem closes an open list item name, where the browser's search
// for one would find it.
func (d *treeDriver) closeItem(name string) {
	at := d.b.UpTo(name, true, false)
	if at >= 0 && d.specialAbove(at, false) {
		d.skip = "an item past a special element (the builder closes it)"
		return
	}
	d.closeTo(at)
}

// open returns the index of the innermost open element name in any
// namespace, or -1.
func (d *treeDriver) open(name string) int {
	i := -1
	for _, ns := range [...]Namespace{HTML, SVG, MathML} {
		if s, ok := d.slots[string(rune('0'+ns))+name]; ok {
			i = max(i, d.b.LastOpen(s))
		}
	}
	return i
}

// end handles an end tag.
func (d *treeDriver) end(name string) {
	switch name {
	case "html", "body", "head", "p", "br", "form", "frameset", "template", "li", "dd", "dt":
		d.skip = "an end tag with rules of its own (</p>, </br>, </form>, </li>, document level)"
		return
	}
	if IsHeading(name) {
		d.skip = "heading end tags (any heading closes)"
		return
	}
	i := d.open(name)
	for j := i + 1; i >= 0 && j < d.b.Len(); j++ {
		if f := d.b.At(j); f.Foreign != d.b.At(i).Foreign || f.Name == "button" {
			d.skip = "an end tag past a button or across namespaces (the builder's scope differs)"
			return
		}
	}
	if i < 0 || d.b.OutOfScope(name, i) {
		return // ignored, as in a browser
	}
	if !d.b.At(i).Foreign && !scopedEnd[name] && !TableStructure(name) && name != "table" && d.specialAbove(i, true) {
		d.skip = "an end tag past a special element (the browser ignores it or runs the adoption agency)"
		return
	}
	if d.b.ForeignContent() && d.b.At(i).Foreign == false {
		d.skip = "an HTML end tag in foreign content"
		return
	}
	d.closeTo(i + 1)
	d.pop(false)
}
