package sanitize

import "github.com/htmlclean/htmlclean/internal/htmltree"

// The adoption agency (WHATWG HTML §13.2.6.4.7, "adoption agency
// algorithm"): the end tag of a formatting element with a block inside it
// (<b><div>x</b>y) makes a browser move the block (the furthest block)
// out of the formatting element, clone the formatting elements in
// between around it, and wrap what the block held in a clone of the
// formatting element: <b></b><div><b>x</b>y</div>. A page shows that
// tree, and setHTML() keeps it (it parses first and removes after); the
// pass, closing every element with an explicit end tag, would give
// <b><div>x</div></b>y.
//
// The pass writes the end tag as it is, so that the
// browser runs the agency on the output as it did on the input, and takes
// the formatting element out of its own stack as the agency does. It does
// so only where it can tell exactly what the browser's stack and list of
// active formatting elements hold, and otherwise closes the elements as
// before:
//   - nothing is dropped with its content, held for the link-text check
//     or waiting to be reopened, and the formatting element is not a or
//     nobr (the link and nobr rules have their own state);
//   - between the formatting element and the furthest block there are at
//     most three formatting elements the pass wrote (the agency clones
//     those; a fourth it would remove), none of them a or nobr;
//   - above the furthest block, only special elements, each the child of
//     the one before (the agency runs again for each, moving the clone of
//     the formatting element into it), at most seven in all with the
//     block (its outer loop runs eight times), then elements that are not
//     special, which the agency's last run pops: the pass closes those
//     first, and the formatting elements among them stay on the list to
//     be reopened (closeFollowed);
//   - the formatting element's parent is not table structure (the agency
//     would foster-parent the block);
//   - the formatting element, and each one between it and the furthest
//     block, is on the browser's list (carrying, which follows Noah's Ark,
//     §13.2.4.3), after its last marker: the agency finds them there.

// adopt runs the adoption agency for the end tag raw of the formatting
// element at index f, whose end tag found a special element above it,
// and reports whether it did; if not, nothing changed.
func (s *pass) adopt(f int, raw []byte) bool {
	t := &s.tree
	fe := t.At(f)
	if s.hid.at >= 0 || len(s.hid.pending) > 0 || len(s.link.held) > 0 || s.wrapped ||
		!adoptable(fe) || f > 0 && htmltree.FosterParent(t.At(f-1).Name) || !s.carried.listed(f, t.Marker()) {
		return false
	}
	fb := -1
	for j := f + 1; j < t.Len() && j <= f+4; j++ {
		e := t.At(j)
		if e.Dropped || e.Caller&frameHidden != 0 || e.Implied || e.Foreign {
			return false
		}
		if t.IsSpecial(j) {
			fb = j
			break
		}
		if !adoptable(e) || !s.carried.listed(j, t.Marker()) {
			return false
		}
	}
	if fb < 0 {
		return false
	}
	last := fb
	for last+1 < t.Len() && t.IsSpecial(last+1) {
		last++
	}
	// The agency runs at most eight times (its outer loop), once per
	// special in the chain and once more to pop the last clone: past
	// seven the clone stays open in the browser.
	if int(t.Special()) != last || last-fb+1 > maxAdoptedChain {
		return false
	}
	for j := fb + 1; j < t.Len(); j++ {
		if e := t.At(j); e.Dropped || e.Caller&frameHidden != 0 || e.Implied || e.Foreign {
			return false
		}
	}
	s.closeFollowed(last + 1)
	s.writeEndTag(fe.Name, raw)
	t.Cut(f)
	s.carried.cut(f)
	return true
}

// maxAdoptedChain is the longest chain of special elements above the
// furthest block, itself included, that the adoption agency's eight runs
// see through.
const maxAdoptedChain = 7

// adoptable reports whether e is a formatting element the pass wrote,
// other than a.
func adoptable(e *htmltree.Frame) bool {
	return htmltree.Formatting(e.Name) && e.Name != "a" &&
		!e.Dropped && e.Caller&(frameHidden|frameUnlisted) == 0 && !e.Implied && !e.Foreign
}

// writeEndTag writes the end tag of name, as raw wrote it where a browser
// reads it alike (closeTop's rule), without closing anything.
func (s *pass) writeEndTag(name string, raw []byte) {
	b := append(s.out.tagBuf[:0], '<', '/')
	b = append(b, name...)
	s.out.tagBuf = append(b, '>')
	s.out.dst.c.Write(s.out.tagBuf)
	s.out.hazard, s.out.run = noHazard, 0
	if plainEndTag(raw) {
		s.out.dst.f.Write(raw)
		s.out.endLen = len(raw)
		return
	}
	s.out.dst.f.Write(s.out.tagBuf)
	s.out.endLen = len(s.out.tagBuf)
	s.change(Change{Element: name, Action: RewroteTag, Reason: ReasonEndTagAttributes})
}
