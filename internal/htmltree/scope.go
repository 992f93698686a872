package htmltree

// The rules below are the parts of the HTML tree builder (WHATWG HTML
// §13.2.6) that decide where an element ends. Each answers from the
// indices the frames keep, in O(1) plus what it closes: a search down
// the stack would make a deep document quadratic. A rule that closes
// answers with a depth: the caller closes the innermost frame, writing
// its end tag, until the stack is that deep.

// Current returns the browser's current node: the innermost open frame
// that is not dropped, or nil.
func (b *Builder) Current() *Frame {
	n := len(b.stack)
	if n == 0 || b.stack[n-1].cur < 0 {
		return nil
	}
	return &b.stack[b.stack[n-1].cur]
}

// ForeignContent reports whether a browser reads the next token by the
// rules for foreign content (HTML §13.2.6, tree construction dispatcher):
// the current node is an SVG or MathML element and no integration point
// (mglyph and malignmark in a text integration point, and svg in
// annotation-xml, are the dispatcher's exceptions: StartNS).
func (b *Builder) ForeignContent() bool {
	n := len(b.stack)
	return n > 0 && b.stack[n-1].InForeign
}

// ForeignFloor returns the depth of the stack once the open SVG and
// MathML elements down to the nearest HTML element or integration point
// are closed, as a browser pops them before a breakout tag such as <p>,
// <img> or </br> (HTML §13.2.6.5).
func (b *Builder) ForeignFloor() int {
	n := len(b.stack)
	for n > 0 && b.stack[n-1].InForeign {
		n--
	}
	return n
}

// CurrentFloor returns the depth of the stack once the current node and
// the dropped frames above it are closed.
func (b *Builder) CurrentFloor() int {
	n := len(b.stack)
	if n == 0 {
		return 0
	}
	return max(int(b.stack[n-1].cur), 0)
}

// ImpliedEndFloor returns the depth of the stack once the current node is
// closed while it is one of the elements whose end tag is implied, except
// the one named except (HTML §13.2.6.3, "generate implied end tags").
func (b *Builder) ImpliedEndFloor(except string) int {
	n := len(b.stack)
	for n > 0 {
		c := b.stack[n-1].cur
		if c < 0 {
			break
		}
		f := &b.stack[c]
		if !impliedEnd[f.Name] || f.Name == except || f.Foreign {
			break
		}
		n = int(c)
	}
	return n
}

// OutOfScope reports whether the frame at index i, which the end tag of
// name would close, lies beyond an HTML scope boundary (a table, a cell,
// a caption...) above it: a browser ignores such an end tag ("has an
// element in scope", HTML §13.2.4.2), so "</div>" inside a cell does not
// close the div around the table. The table's own end tags follow the
// table's rules, and foreign content its own.
func (b *Builder) OutOfScope(name string, i int) bool {
	// The boundary first: most end tags have none above their frame, and
	// need no lookup of their name.
	fence := int(b.stack[len(b.stack)-1].scopeFence)
	if fence <= i || b.stack[fence].Foreign {
		return false
	}
	return !TableStructure(name) && name != "table"
}

// UpTo returns the depth of the stack once the open element name, and
// everything inside it, is closed, if it is open without a boundary
// element in between: one of scopeBoundary (or listBoundary, if list),
// or an SVG element; or -1. name is one scopedIndex numbers. hidden says
// the caller drops something with its content: then a special element
// in between stops the search too for names other than p and button (a
// browser stops there before an li, dd or dt, or runs the adoption
// agency for nobr).
func (b *Builder) UpTo(name string, list, hidden bool) int {
	at := b.last[scopedIndex(name)]
	if at < 0 {
		return -1
	}
	top := &b.stack[len(b.stack)-1]
	fence := top.scopeFence
	if list {
		fence = top.listFence
	}
	if fence > at || hidden && name != "p" && name != "button" && top.special > at {
		return -1
	}
	return int(at)
}

// LinkClose returns the depth of the stack once an open link is closed
// before a new one: a browser runs the adoption agency for an <a> on the
// list of active formatting elements after its last marker. ok is false,
// to drop the new link, when the open one lies beyond a table or an SVG
// <desc>: the adoption agency finds it out of scope and takes it off the
// stack from the middle, which a caller writing end tags cannot follow;
// or, if hidden (something is dropped with its content), when a special
// element is inside the open link: the adoption agency leaves it open,
// and what is dropped with it.
func (b *Builder) LinkClose(hidden bool) (depth int, ok bool) {
	n := len(b.stack)
	if n == 0 || b.stack[n-1].link < 0 {
		return n, true
	}
	top := &b.stack[n-1]
	if top.fence > top.link || hidden && top.special > top.link {
		return n, false
	}
	return int(top.link), true
}

// ItemFence reports whether the caller has written an element where a
// browser's search for an open list or description item stops (HTML
// §13.2.6.4.7, "li", "dd, dt"): a list boundary (ul, ol, a table, a
// cell...), or the innermost special element that is not address, div
// or p, which the search passes (<dl><div><dt> keeps its dt, as in a
// browser; <div><dt> alone does not). A stop the browser does not see (a
// dropped frame, or one whose Caller has a bit of unseen) is none.
func (b *Builder) ItemFence(unseen uint8) bool {
	n := len(b.stack)
	if n == 0 {
		return false
	}
	top := &b.stack[n-1]
	if top.listFence >= 0 {
		return true
	}
	if top.item < 0 {
		return false
	}
	sp := &b.stack[top.item]
	return !sp.Dropped && sp.Caller&unseen == 0
}

// EndIgnored reports whether a browser ignores the end tag of name, open
// at index i, or leaves elements inside it open: an end tag of a block
// element out of scope, or of any other element with a special element
// inside it ("any other end tag" and the adoption agency's furthest
// block, HTML §13.2.6.4.7). A form's end tag takes the form off the stack
// and leaves what is inside it open.
func (b *Builder) EndIgnored(name string, i int) bool {
	top := &b.stack[len(b.stack)-1]
	switch {
	case TableStructure(name) || name == "table" || name == "template":
		return false // the table's rules close all inside it, and a template's
	case name == "form":
		// Closed only if what is inside it has implied end tags (a p).
		for j := len(b.stack) - 1; j > i; j-- {
			if f := &b.stack[j]; !impliedEnd[f.Name] || f.Foreign || len(b.stack)-j > len(impliedEnd) {
				return true
			}
		}
		return false
	case name == "li":
		return int(top.listFence) > i
	case scopedEnd[name]:
		return int(top.scopeFence) > i
	}
	return int(top.special) > i
}

// Special returns the index of the innermost special element (or foreign
// element) on the stack, or -1.
func (b *Builder) Special() int32 { return b.stack[len(b.stack)-1].special }

// IsSpecial reports whether the frame at index i is a special element or
// a foreign one.
func (b *Builder) IsSpecial(i int) bool { return b.stack[i].special == int32(i) }

// ScopeFence returns the index of the innermost scope boundary (or
// foreign element) on the stack, or -1.
func (b *Builder) ScopeFence() int32 { return b.stack[len(b.stack)-1].scopeFence }

// Marker returns the index of the innermost marker element on the stack,
// or -1.
func (b *Builder) Marker() int32 {
	if n := len(b.stack); n > 0 {
		return b.stack[n-1].marker
	}
	return -1
}
