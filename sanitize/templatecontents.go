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

// pastTemplate reports whether the frame at index i lies outside the
// innermost open template, allowed or dropped with its content: a
// browser ignores the end tag of such an element (see the file comment).
func (s *pass) pastTemplate(i int) bool {
	if !s.templates && s.hid.at < 0 {
		return false // no template is open
	}
	at := -1
	if a, ok := s.elements.get("template"); ok {
		at = s.tree.LastOpen(a.slot)
	}
	if u, ok := s.hid.unlisted["template"]; ok {
		at = max(at, s.tree.LastOpen(u.slot))
	}
	return at > i
}

// unwrapsTemplate reports whether name is template and the policy unwraps
// it (replaceWithChildrenElements): its contents are kept in its place.
func unwrapsTemplate(r *rules.Rules, name string) bool {
	drop, ok := r.Removal[name]
	return ok && !drop && name == "template"
}
