package sanitize

import "github.com/htmlclean/htmlclean/internal/htmltree"

// outsideContainer drops the start tag of an element the policy allows
// but its container does not admit (policy.Config.Container: a <div> or
// a list in a <p>, a link in an <a>), keeping what it holds: in the page's
// element, a browser would close that element for it (HTML §13.2.6.4.7:
// a block start tag closes an open p, an <a> runs the adoption agency on
// the page's link), and the output would leave its place. Like an
// element the hook unwraps, it leaves a dropped frame that its end tag
// closes without a trace, except the elements whose end tags find their
// own (table parts, list items, ruby parts, options): those leave none,
// and their end tags, matching nothing, go too.
func (s *pass) outsideContainer(name string, void bool) {
	s.change(Change{Element: name, Action: RemovedElement, Reason: ReasonContainer})
	s.dropBreak(name)
	switch {
	case void:
	case htmltree.TableStructure(name) || name == "table" || needsItemFence(name) || needsCurrent(name):
		s.droppedStartTag(name)
	default:
		s.pushFrame(htmltree.Frame{Name: name, InForeign: s.tree.ForeignContent(), Dropped: true})
	}
}
