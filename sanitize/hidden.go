package sanitize

// hiding is the part of the pass that drops elements with their content
// while the tree goes on: the frame the element hook dropped (its Drop),
// whose output goes to scratch sinks, and the elements the policy drops
// with their content (unlisted.go), with the formatting elements among
// them that a browser would reopen.
type hiding struct {
	// The frame the element hook dropped: its index on the stack, or -1;
	// the output it hides from, and the scratch sinks it writes to.
	at          int
	shown       twin
	shownHazard hazard
	shownLast   byte
	scratch     struct{ f, c sink }

	// The elements the policy does not allow and drops with their
	// content (rules.Rules.DropsContent) that this document opened, each
	// with its slot in the tree (htmltree.Builder.LastOpen) after the allowed ones.
	unlisted map[string]unlistedSlot
	// Formatting elements dropped with their content that a browser would
	// reopen (unlisted.go: pend, reopen, forget), oldest first.
	pending []reopening
}

// reset readies the part for a document.
func (h *hiding) reset() {
	clear(h.unlisted)
	h.pending = h.pending[:0]
	h.at, h.shown = -1, twin{}
}

// oversized reports whether a hostile document grew the part past what a
// pooled pass keeps.
func (h *hiding) oversized() bool {
	return len(h.unlisted) > maxPooledItems || cap(h.pending) > maxPooledItems
}

// hide starts dropping everything written to o while the frame about to
// be pushed at stack index at is open: the element hook's Drop. The pass
// goes on reading the tree, so that the element ends where the HTML
// parser ends it, and writes into scratch sinks emptied after each token
// (see walk). Nothing inside is reported or held as a link.
func (h *hiding) hide(o *output, at int) {
	h.at = at
	h.shown, h.shownHazard, h.shownLast = o.dst, o.hazard, o.last1
	h.scratch.f.Reset()
	h.scratch.c.Reset()
	o.dst = twin{&h.scratch.f, &h.scratch.c}
}

// unhide ends hide, once its frame is closed.
func (h *hiding) unhide(o *output) {
	h.at = -1
	o.dst, o.hazard, o.last1 = h.shown, h.shownHazard, h.shownLast
	h.shown = twin{}
	h.scratch.f.Reset()
	h.scratch.c.Reset()
	if h.scratch.f.Cap() > maxPooledBytes || h.scratch.c.Cap() > maxPooledBytes {
		h.scratch.f, h.scratch.c = sink{}, sink{}
	}
}
