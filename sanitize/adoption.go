package sanitize

// The adoption agency (WHATWG HTML §13.2.6.4.7, "adoption agency
// algorithm"): the end tag of a formatting element with a block inside it
// (<b><div>x</b>y) makes a browser move the block (the furthest block)
// out of the formatting element, clone the formatting elements in
// between around it, and wrap what the block held in a clone of the
// formatting element: <b></b><div><b>x</b>y</div>. setHTML() parses
// first and removes after, so a policy that removes or unwraps elements
// keeps the tree the agency built; the pass, which closes every element
// with an explicit end tag, gave <b><div>x</div></b>y.
//
// Under such a policy the pass writes the end tag as it is, so that the
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
//   - above the furthest block, no special element (the agency would run
//     again for it): the pass closes what is there first, with end tags;
//   - the formatting element's parent is not table structure (the agency
//     would foster-parent the block);
//   - no formatting element was ever opened with three of its name open
//     (tree.crowded): "Noah's Ark" (§13.2.4.3) may then have taken one
//     off the browser's list, where the agency does not find it.
// Every other formatting element the pass wrote is on the browser's list
// and its stack alike, because the pass closes each with an end tag.

// adopt runs the adoption agency for the end tag raw of the formatting
// element at index f, whose end tag found a special element above it,
// and reports whether it did; if not, nothing changed.
func (s *pass) adopt(f int, raw []byte) bool {
	st := s.tree.stack
	fe := &st[f]
	if s.tree.crowded || s.hid.at >= 0 || len(s.hid.pending) > 0 || len(s.link.held) > 0 || s.mail.wraps() ||
		!adoptable(fe) || f > 0 && fosterParent(st[f-1].name) {
		return false
	}
	fb := -1
	for j := f + 1; j < len(st) && j <= f+4; j++ {
		e := &st[j]
		if e.dropped || e.hidden || e.implied || e.foreign {
			return false
		}
		if e.special == int32(j) {
			fb = j
			break
		}
		if !adoptable(e) {
			return false
		}
	}
	if fb < 0 || int(st[len(st)-1].special) != fb {
		return false
	}
	for j := fb + 1; j < len(st); j++ {
		if e := &st[j]; e.hidden || e.implied || e.foreign {
			return false
		}
	}
	for len(s.tree.stack) > fb+1 {
		s.closeTop(true)
	}
	s.writeEndTag(fe.name, raw)
	s.cut(f)
	return true
}

// adoptable reports whether e is a formatting element the pass wrote,
// other than a and nobr.
func adoptable(e *open) bool {
	return formatting[e.name] && e.name != "a" && e.name != "nobr" &&
		!e.dropped && !e.hidden && !e.implied && !e.foreign && !e.unlisted
}

// fosterParent reports whether a node inserted into the element name is
// foster-parented out of the table (§13.2.6.1, "appropriate place for
// inserting a node").
func fosterParent(name string) bool {
	switch name {
	case "table", "tbody", "tfoot", "thead", "tr":
		return true
	}
	return false
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

// cut takes the frame at index f off the stack, as the adoption agency
// takes the formatting element off the browser's, and renumbers the
// indices the frames above it and the tree hold. adopt leaves at most
// four frames above it, none of which holds f itself (f is not a scope,
// list, marker or special element, nor a link), so this costs a constant
// plus one pass over the name slots.
func (s *pass) cut(f int) {
	st := s.tree.stack
	fe := st[f]
	if fe.slot >= 0 {
		s.tree.lastOpen[fe.slot] = fe.prevOpen
	}
	if k := scopedIndex(fe.name); k >= 0 {
		s.tree.last[k] = fe.prevSame
	}
	copy(st[f:], st[f+1:])
	st = st[:len(st)-1]
	s.tree.stack = st
	at := int32(f)
	shift := func(x *int32) {
		if *x > at {
			*x--
		}
	}
	for j := f; j < len(st); j++ {
		e := &st[j]
		for _, x := range [...]*int32{&e.cur, &e.link, &e.fence, &e.scopeFence, &e.listFence,
			&e.prevSame, &e.prevOpen, &e.special, &e.marker, &e.item} {
			shift(x)
		}
	}
	for k := range s.tree.last {
		shift(&s.tree.last[k])
	}
	for k := range s.tree.lastOpen {
		shift(&s.tree.lastOpen[k])
	}
}

// noteCrowded sets tree.crowded if the formatting element just pushed has
// three others of its name open: the browser's list may then have lost
// one ("Noah's Ark" counts only identical attributes after the last
// marker; counting by name alone gives up more often, never less).
func (s *pass) noteCrowded() {
	n, j := 0, s.tree.stack[len(s.tree.stack)-1].prevOpen
	for ; j >= 0 && n < 3; n++ {
		j = s.tree.stack[j].prevOpen
	}
	if n >= 3 {
		s.tree.crowded = true
	}
}
