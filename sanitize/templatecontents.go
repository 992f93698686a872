package sanitize

import "github.com/htmlclean/htmlclean/internal/rules"

// A policy may allow <template> (policy.Forbidden does not name it): its
// contents are sanitised by the same policy as the rest, so a script that
// clones them into the page shows no more than the output already does.
// What would make a template more than inert markup, declarative shadow
// DOM (shadowrootmode and its companions, which a page parser attaches as
// a shadow root), is never allowed (policy's forbidden attributes).
//
// The pass follows the tree a browser builds in a template's contents
// (WHATWG HTML §13.2.6.4.18, "in template"):
//   - the first start tag in the contents decides their insertion mode:
//     <td> makes them a row, <tr> a table body, <col> a column group,
//     <caption>, <colgroup>, <tbody>... a table, anything else a body, so
//     <template><td> keeps its cell where <div><td> loses it;
//   - table structure in them that would close a table, a body or a row
//     outside is ignored, and foster parenting stays inside them: a
//     template is a table context ("clear the stack back to a table
//     context", "appropriate place for inserting a node");
//   - end tags of elements opened outside the template are ignored (it is
//     a marker, a special element and a boundary of every scope), and
//     "</template>" closes it whatever is open inside.
//
// A policy that unwraps template (replaceWithChildrenElements) keeps the
// contents where the template stood, as Chromium's setHTML() does; the
// pass reads them in the parent's context then, so table structure
// misplaced there is dropped, its text kept.

// decideTemplate applies the first start tag name in an undecided
// template's contents: it sets the mode the tag decides on the template's
// frame and the dropped frames above it, and reports true, or reports
// false for a template or head element, which the contents take without
// deciding ("in template": "process the token using the rules for in
// head").
func (s *pass) decideTemplate(name string) bool {
	m := modeBody
	switch name {
	case "base", "basefont", "bgsound", "link", "meta", "noframes", "script", "style", "template", "title":
		return false
	case "caption", "colgroup", "tbody", "tfoot", "thead":
		m = modeTable
	case "col":
		m = modeColgroup
	case "tr":
		m = modeTableBody
	case "td", "th":
		m = modeRow
	}
	m |= modeInTemplate
	for i := len(s.tree.stack) - 1; i >= 0 && s.tree.stack[i].mode == modeTemplate; i-- {
		f := &s.tree.stack[i]
		f.mode = m
		if f.name == "template" && !f.dropped && !f.foreign {
			break
		}
	}
	return true
}

// inTemplate applies the mode m, which a template's first start tag
// decided, to the start tag name where it differs from the same mode set
// by a table element: in body the rules are those of body; in a column
// group anything but col or template is ignored (its current node is the
// template, not a colgroup); table structure that would close the table,
// body or row is ignored, none being in table scope. It reports whether
// the tag stays.
func (s *pass) inTemplate(m mode, name string, info elemInfo) bool {
	switch m {
	case modeBody:
		return s.inBody(name, info)
	case modeColgroup:
		return name == "col" || name == "template"
	}
	return false
}

// baseMode is the insertion mode for the next token, a template's
// decided one as the same mode elsewhere.
func (s *pass) baseMode() mode {
	return s.mode() &^ modeInTemplate
}

// pastTemplate reports whether the frame at index i lies outside the
// innermost open template, allowed or dropped with its content: a
// browser ignores the end tag of such an element (see the file comment).
func (s *pass) pastTemplate(i int) bool {
	if !s.templates && s.hid.at < 0 {
		return false // no template is open
	}
	at := int32(-1)
	if a, ok := s.elements.get("template"); ok {
		at = s.tree.lastOpen[a.slot]
	}
	if u, ok := s.hid.unlisted["template"]; ok {
		at = max(at, s.tree.lastOpen[u.slot])
	}
	return int(at) > i
}

// unwrapsTemplate reports whether name is template and the policy unwraps
// it (replaceWithChildrenElements): its contents are kept in its place.
func unwrapsTemplate(r *rules.Rules, name string) bool {
	drop, ok := r.Removal[name]
	return ok && !drop && name == "template"
}
