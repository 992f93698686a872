package htmltree

// Builder keeps the stack of open elements as a browser's tree builder
// would hold it after the caller's output, with the indices the tree's
// rules look up, so that each answers in O(1) whatever the depth. The
// zero Builder is an empty tree without element slots (see Reset). A
// Builder is not safe for concurrent use.
type Builder struct {
	stack    []Frame
	last     [nScoped]int32 // index of the innermost of each scopedIndex element, or -1
	forms    int            // how many written <form> elements are open
	lastOpen []int32        // by slot: index of the innermost frame in it, or -1
	unopened []int32        // -1 for each slot Reset keeps: what it copies into lastOpen
}

// Frame is an element on the stack. The caller sets the exported fields
// before [Builder.Push]; the builder derives the rest from the frames
// below.
type Frame struct {
	Name string    // the local name, lower-cased
	NS   Namespace // its namespace, if Foreign (HTML: the builder decides, FrameNS)
	// Foreign says it is an SVG or MathML element.
	Foreign bool
	// InForeign says the tokens after its start tag are read by the rules
	// for foreign content (HTML §13.2.6): it is an SVG or MathML element
	// other than an HTML or MathML text integration point
	// ([ReadsForeign]), or a dropped element inside one.
	InForeign bool
	// Dropped says its start tag was not written: the browser never sees
	// it, and it is not the current node, a scope or a marker.
	Dropped bool
	// Implied says the browser inserts it (<tbody> before <tr>): it is
	// not a link, nor a marker.
	Implied bool
	// Caller is the caller's, copied with the frame and never read by
	// the builder but for a mask the caller hands it ([Builder.ItemFence]).
	Caller uint8
	// Spelled is the caller's, as Caller is (an SVG name as its start
	// tag spelled it).
	Spelled string

	mode Mode  // the insertion mode for its content
	cur  int32 // index of the browser's current node when it is on top
	link int32 // index of the open <a> a new <a> would find, or -1
	// fence is the index of the innermost <table> or foreign integration
	// point, or -1.
	fence int32
	// Indices of the innermost scope boundary (scopeBoundary, or any
	// foreign element), and list scope boundary, at or below it, or -1;
	// and of the element with its name below it, if scopedIndex numbers
	// that name.
	scopeFence, listFence, prevSame int32
	slot, prevOpen                  int32 // its slot (or -1), and lastOpen's value below it
	// Indices of the innermost special element (HTML §13.2.4.2, or any
	// foreign element) and marker element (§13.2.4.3) at or below it, or
	// -1.
	special, marker int32
	// item is the index of the innermost element at or below it where a
	// browser's search for an open list or description item stops (a
	// special element other than address, div and p), or -1.
	item int32
}

// Marker returns the index of the innermost marker element at or below
// f, or -1.
func (f *Frame) Marker() int32 { return f.marker }

// Reset empties the builder for a document with n element slots: the
// numbers a caller gives the names it looks up with [Builder.LastOpen].
func (b *Builder) Reset(n int) {
	if cap(b.lastOpen) < n {
		b.lastOpen = make([]int32, n)
	}
	b.lastOpen = b.lastOpen[:n]
	if len(b.unopened) < n {
		b.unopened = make([]int32, n)
		for i := range b.unopened {
			b.unopened[i] = -1
		}
	}
	// A copy, not a loop storing -1 in each slot: per document, that loop
	// cost more than a short comment's tags.
	copy(b.lastOpen, b.unopened)
	b.stack = b.stack[:0]
	b.last, b.forms = noneOpen, 0
}

// Oversized reports whether a hostile document grew the stack past max
// frames.
func (b *Builder) Oversized(max int) bool { return cap(b.stack) > max }

// AddSlot adds a slot, for a name the caller numbers while a document is
// read, and returns its number.
func (b *Builder) AddSlot() int32 {
	b.lastOpen = append(b.lastOpen, -1)
	return int32(len(b.lastOpen) - 1)
}

// LastOpen returns the index of the innermost open frame in slot, or -1.
func (b *Builder) LastOpen(slot int32) int { return int(b.lastOpen[slot]) }

// Len returns how many frames are open.
func (b *Builder) Len() int { return len(b.stack) }

// At returns the frame at index i, 0 being the outermost.
func (b *Builder) At(i int) *Frame { return &b.stack[i] }

// Top returns the innermost frame; the stack must not be empty.
func (b *Builder) Top() *Frame { return &b.stack[len(b.stack)-1] }

// Forms returns how many written <form> elements are open (the form
// element pointer).
func (b *Builder) Forms() int { return b.forms }

// MarkDropped marks the frame at depth, if there is one, as dropped: its
// end tag is not to be written. The indices the frames above it hold
// stay as they are.
func (b *Builder) MarkDropped(depth int) {
	if depth < len(b.stack) {
		b.stack[depth].Dropped = true
	}
}

// NoSlot is the slot of a frame whose name the caller numbers none for.
const NoSlot = -1

// Push pushes f, whose name has the properties p and whose slot is slot
// (or [NoSlot]), deriving what it inherits from the frame below: the
// insertion mode, the current node and the indices.
func (b *Builder) Push(f Frame, slot int32, p Props) {
	f.cur, f.mode, f.link, f.fence, f.scopeFence, f.listFence = -1, ModeBody, -1, -1, -1, -1
	f.special, f.marker, f.item = -1, -1, -1
	if n := len(b.stack); n > 0 {
		d := &b.stack[n-1]
		f.cur, f.mode, f.link, f.fence, f.scopeFence, f.listFence = d.cur, d.mode, d.link, d.fence, d.scopeFence, d.listFence
		f.special, f.marker, f.item = d.special, d.marker, d.item
	}
	i := int32(len(b.stack))
	if f.Foreign && f.NS == HTML {
		f.NS = b.FrameNS(f.Name)
	}
	if !f.Dropped {
		b.written(&f, i, p)
	}
	if k := scopedIndex(f.Name); k >= 0 {
		f.prevSame, b.last[k] = b.last[k], i
	}
	if p&propSpecial != 0 || f.Foreign {
		f.special = i
		if f.Foreign || f.Name != "address" && f.Name != "div" && f.Name != "p" {
			f.item = i
		}
	}
	if p&propMarker != 0 && !f.Dropped && !f.Foreign && !f.Implied {
		f.marker = i
	}
	f.slot = slot
	if slot >= 0 {
		f.prevOpen, b.lastOpen[slot] = b.lastOpen[slot], i
	}
	b.stack = append(b.stack, f)
}

// written sets the indices a frame the browser sees, at index i, holds
// of itself.
func (b *Builder) written(f *Frame, i int32, p Props) {
	f.cur = i
	if f.Foreign || p&propScope != 0 {
		f.scopeFence = i
	}
	if f.Foreign || p&propList != 0 {
		f.listFence = i
	}
	switch {
	case f.Foreign:
		if p&propIntegration != 0 {
			f.fence = i
		}
	case f.Name == "a" && !f.Implied:
		f.link = i
	case p&propMarker != 0:
		f.link = -1
	case f.Name == "table":
		f.fence = i
	}
	if p&propMode != 0 && !f.Foreign {
		f.mode = modeOf[f.Name]
	}
	if f.Name == "form" && !f.Foreign {
		b.forms++
	}
}

// Pop takes the innermost frame off the stack and returns it: the
// pointer stays valid until the next Push.
func (b *Builder) Pop() *Frame {
	top := &b.stack[len(b.stack)-1]
	b.stack = b.stack[:len(b.stack)-1]
	if k := scopedIndex(top.Name); k >= 0 {
		b.last[k] = top.prevSame
	}
	if top.slot >= 0 {
		b.lastOpen[top.slot] = top.prevOpen
	}
	if top.Name == "form" && !top.Foreign && !top.Dropped {
		b.forms--
	}
	return top
}

// Cut takes the frame at index f off the stack, as the adoption agency
// takes the formatting element off the browser's, and renumbers the
// indices the frames above it and the builder hold. Its caller leaves at
// most four frames above it, none of which holds f itself (f is not a
// scope, list, marker or special element, nor a link), so this costs a
// constant plus one pass over the slots.
func (b *Builder) Cut(f int) {
	st := b.stack
	fe := st[f]
	if fe.slot >= 0 {
		b.lastOpen[fe.slot] = fe.prevOpen
	}
	if k := scopedIndex(fe.Name); k >= 0 {
		b.last[k] = fe.prevSame
	}
	copy(st[f:], st[f+1:])
	st = st[:len(st)-1]
	b.stack = st
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
	for k := range b.last {
		shift(&b.last[k])
	}
	for k := range b.lastOpen {
		shift(&b.lastOpen[k])
	}
}
