package sanitize

import "github.com/htmlclean/htmlclean/internal/htmltree"

// The tree builder's insertion modes, as far as they decide which tags a
// browser keeps where the pass writes them (WHATWG HTML §13.2.4.1, "reset
// the insertion mode appropriately", and §13.2.6.4.9–15, the table
// modes). Inside table structure a browser moves anything but table
// structure out of the table (foster parenting) and closes what is open
// when the next row arrives ("clear the stack back to a table context");
// the pass drops such tags instead, so nothing it wrote is ever closed
// behind its back. The text inside them is kept: a browser shows it
// before the table.

// The insertion modes (htmltree.Mode), by the names the pass's files
// use.
const (
	modeBody       = htmltree.ModeBody
	modeTable      = htmltree.ModeTable
	modeTableBody  = htmltree.ModeTableBody
	modeRow        = htmltree.ModeRow
	modeCell       = htmltree.ModeCell
	modeCaption    = htmltree.ModeCaption
	modeColgroup   = htmltree.ModeColgroup
	modeTemplate   = htmltree.ModeTemplate
	modeInTemplate = htmltree.ModeInTemplate
)

// placeHTML applies the insertion mode's rules to an HTML start tag:
// it closes what a browser closes first, inserts what a browser implies
// (<tbody> before <tr>, <tr> before <td>), and reports whether the tag
// stays where the pass writes it. A tag it refuses is to be dropped.
func (s *pass) placeHTML(name string, info elemInfo) bool {
	for s.out.werr == nil {
		switch m := s.tree.Mode(); m {
		case modeBody:
			return s.inBody(name, info)
		case modeCell, modeCaption:
			if !htmltree.TableStructure(name) {
				return s.inBody(name, info)
			}
			s.closeFollowed(s.tree.ModeFloor()) // "close the cell", or the caption
		case modeColgroup:
			if name == "col" || name == "template" {
				return true
			}
			s.closeTo(s.tree.ModeFloor()) // anything else ends the column group
		default:
			if m >= modeTemplate {
				// Only a template sets these (templatecontents.go).
				if m == modeTemplate {
					if s.tree.DecideTemplate(name) {
						continue
					}
					return true // a template or head element: the mode is still open
				}
				// The mode the template's first start tag decided, where
				// it differs from the same mode set by a table element: in
				// body the rules are those of body; in a column group
				// anything but col or template is ignored (the current
				// node is the template, not a colgroup); table structure
				// that would close the table, body or row is ignored, none
				// being in table scope.
				if m &^= modeInTemplate; m == modeBody {
					return s.inBody(name, info)
				} else if m == modeColgroup || htmltree.TableRule(m, name) == "close" {
					return m == modeColgroup && (name == "col" || name == "template")
				}
			}
			rule := htmltree.TableRule(m, name)
			if rule != "" && s.hid.at >= 0 && s.tree.At(s.hid.at).Caller&frameFoster != 0 {
				// Table structure ends what the browser foster-parented
				// ("clear the stack back to a table context").
				s.closeTo(s.hid.at)
				continue
			}
			switch rule {
			case "":
				return false
			case "insert":
				return true
			case "close":
				s.closeTo(s.tree.ModeFloor())
			default:
				if !s.room() {
					break
				}
				if _, ok := s.elements.get(rule); !ok && s.r.DropsContent(rule) {
					// The browser inserts it, and setHTML() removes it
					// with what follows in it.
					s.change(Change{Element: rule, Action: RemovedContent, Reason: ReasonNotAllowed})
					s.pushHidden(rule, false, false)
					break
				}
				s.pushFrame(htmltree.Frame{Name: rule, Implied: true})
			}
		}
	}
	return false
}

// inBody applies the "in body" rules that drop a tag, then closes what
// the tag closes.
func (s *pass) inBody(name string, info elemInfo) bool {
	switch {
	case htmltree.TableStructure(name):
		return false // ignored outside a table
	case name == "form" && s.tree.Forms() > 0:
		return false // ignored while a form is open (the form element pointer)
	case name == "a":
		// A browser runs the adoption agency for the open link, if any.
		depth, ok := s.tree.LinkClose(s.hid.at >= 0)
		if !ok {
			return false
		}
		s.closeTo(depth)
	case info&infoItem != 0 && !s.tree.ItemFence(frameHidden):
		return false // an orphan item: see needsItemFence
	}
	s.impliedEndTags(name, info)
	if info&infoCurrent != 0 && s.tree.Current() == nil {
		return false // it would close the page's element: see needsCurrent
	}
	return true
}

// needsItemFence reports whether name is a list or description item,
// whose start tag makes a browser search the stack of open elements for an
// open item of its kind, stopping only at a special element other than
// address, div and p (HTML §13.2.6.4.7, "li", "dd, dt"). Without such an
// element written by the pass, the search goes on into the page: in the
// common comment markup <ol><li>COMMENT</li></ol>, an <li> closes the
// page's item and shows as an entry of the page's list. Such an orphan
// loses its start tag and keeps its text, like an orphan table cell; an
// item inside its list (or any fence: a cell, a section) is kept.
func needsItemFence(name string) bool {
	return elemInfos[name]&infoItem != 0
}

// needsCurrent reports whether name is a ruby part or an option, whose
// start tag makes a browser close the current node if it is one of the
// elements whose end tag is implied ("generate implied end tags" when a
// <ruby> is in scope, for rb, rtc, rp and rt; an open <option> for option
// and optgroup; HTML §13.2.6.4.7). The pass closes its own such elements
// first (impliedEndTags), so the browser's current node is then the
// pass's, and not one of them, unless the pass has none open: then it is
// the page's container, which a ruby or select around it would close.
// Such a tag at the top of the output is dropped, its text kept.
func needsCurrent(name string) bool {
	return elemInfos[name]&infoCurrent != 0
}

// room reports whether one more element fits under the depth limit, and
// sets the limit error if not. The wrapper of document: wrap is not
// counted: a pass writes one around every such document, and reads it
// back from its own output.
func (s *pass) room() bool {
	depth := s.tree.Len()
	if depth < s.r.Limits.MaxDepth || depth == s.r.Limits.MaxDepth && s.tree.At(0).Caller&frameWrapper != 0 {
		return true
	}
	if s.out.werr == nil {
		s.in.locate()
		s.out.werr = &LimitError{Limit: "max_depth", Value: int64(s.r.Limits.MaxDepth), Line: s.in.line, Column: s.in.col}
	}
	return false
}
