package sanitize

import (
	"bytes"
	"context"
	"strings"

	"golang.org/x/net/html"
)

// idRefAttr is an attribute whose value names other elements by their id:
// a browser looks the id up in the whole document (getElementById), so
// under ids.prefix an unprefixed reference would bind to the page around
// the output (a button's form, a label's control, a popover's target).
type idRefAttr struct {
	name string
	// elements are those the spec defines it on; nil is every element.
	// On any other element the attribute is still rewritten (fail
	// closed: a custom element may read it).
	elements []string
	list     bool   // a set of space-separated ids, else one id
	spec     string // where the spec defines it
	// draft: not (yet) in the spec snapshots of testdata/idref, but
	// implemented by a browser or a current draft.
	draft bool
}

// idRefAttrs is every attribute the HTML Standard's attribute index
// (values "ID" and "set of space-separated tokens consisting of IDs") and
// WAI-ARIA's states and properties (values "ID reference" and "ID
// reference list") define, checked against testdata/idref/spec.txt by
// TestIDRefTable. href="#x" and usemap="#m" are URLs, written by
// pass.fragment. Sorted by name.
var idRefAttrs = []idRefAttr{
	{name: "aria-actions", list: true, spec: "WAI-ARIA 1.3 draft, aria-actions", draft: true},
	{name: "aria-activedescendant", spec: "WAI-ARIA 1.2 §6.7 aria-activedescendant"},
	{name: "aria-controls", list: true, spec: "WAI-ARIA 1.2 §6.7 aria-controls"},
	{name: "aria-describedby", list: true, spec: "WAI-ARIA 1.2 §6.7 aria-describedby"},
	{name: "aria-details", list: true, spec: "WAI-ARIA 1.3 §6.7 aria-details (one ID reference in 1.2)"},
	{name: "aria-errormessage", list: true, spec: "WAI-ARIA 1.3 §6.7 aria-errormessage (one ID reference in 1.2)"},
	{name: "aria-flowto", list: true, spec: "WAI-ARIA 1.2 §6.7 aria-flowto"},
	{name: "aria-labelledby", list: true, spec: "WAI-ARIA 1.2 §6.7 aria-labelledby"},
	{name: "aria-owns", list: true, spec: "WAI-ARIA 1.2 §6.7 aria-owns"},
	{name: "commandfor", elements: []string{"button"}, spec: "HTML §4.10.6 the button element, commandfor"},
	{name: "for", elements: []string{"label"}, spec: "HTML §4.10.4 the label element, for"},
	{name: "for", elements: []string{"output"}, list: true, spec: "HTML §4.10.12 the output element, for"},
	{name: "form", elements: []string{"button", "fieldset", "input", "object", "output", "select", "textarea"},
		spec: "HTML §4.10.17.3 association of controls and forms, form"},
	{name: "headers", elements: []string{"td", "th"}, list: true, spec: "HTML §4.9.11 attributes common to td and th elements, headers"},
	{name: "interestfor", elements: []string{"a", "area", "button"}, spec: "HTML interest invokers, interestfor", draft: true},
	{name: "itemref", list: true, spec: "HTML §5.2.2 items, itemref"},
	{name: "list", elements: []string{"input"}, spec: "HTML §4.10.5.3.9 the list attribute"},
	{name: "popovertarget", elements: []string{"button", "input"}, spec: "HTML §6.12.2 the popover target attributes, popovertarget"},
}

// idRefKind says how an attribute of an element names ids: not at all,
// as one id, or as a set of them. An attribute listed for other elements
// than el is a set if any of its rows is (fail closed: every token is
// checked).
func idRefKind(el, key string) (ref, list bool) {
	for i := range idRefAttrs {
		a := &idRefAttrs[i]
		if a.name != key {
			continue
		}
		if a.elements == nil || containsName(a.elements, el) {
			return true, a.list
		}
		ref, list = true, list || a.list
	}
	return ref, list
}

func containsName(names []string, name string) bool {
	for _, n := range names {
		if n == name {
			return true
		}
	}
	return false
}

// Bounds on the ids a streamed document's pass remembers: past them an
// id is not remembered, and references to it are removed.
const (
	maxStreamIDs      = 1 << 16
	maxStreamIDBytes  = 4 << 20
	idScanCheckBytes  = 64 << 10 // how much the id scan reads between looks at ctx
	maxPooledIDMapLen = 1024
)

// idRefs is what the pass knows of the ids a document defines, to decide
// which references it keeps under ids.prefix. A reference must name an
// id the document defines: one written before it (seen), or, for a
// document in memory, one anywhere in it (later, filled by one scan of
// doc the first time a reference names an id not seen yet). A streamed
// document cannot be read ahead: its references keep only ids defined
// before them. Either way the work is linear in the document.
type idRefs struct {
	seen      map[string]struct{} // prefixed ids written so far
	seenBytes int
	doc       []byte          // the document, when in memory, or nil
	ctx       context.Context // stops the scan of doc; nil: never
	later     map[string]struct{}
	scanned   bool // later holds what doc defines
}

// reset forgets the last document, keeping small maps for the next.
func (r *idRefs) reset() {
	for _, m := range []*map[string]struct{}{&r.seen, &r.later} {
		if len(*m) > maxPooledIDMapLen {
			*m = nil
		} else {
			clear(*m)
		}
	}
	r.seenBytes, r.doc, r.ctx, r.scanned = 0, nil, nil, false
}

// define notes an id written (prefixed). It is copied: it may point into
// the tokenizer's buffer.
func (r *idRefs) define(id string) {
	if _, ok := r.seen[id]; ok || len(r.seen) >= maxStreamIDs || r.seenBytes+len(id) > maxStreamIDBytes {
		return
	}
	if r.seen == nil {
		r.seen = map[string]struct{}{}
	}
	r.seen[strings.Clone(id)] = struct{}{}
	r.seenBytes += len(id)
}

// defined reports whether the document defines the prefixed id, as far
// as r can tell: false when unsure.
func (r *idRefs) defined(id string, idOf func(tag, id string) (string, bool)) bool {
	if _, ok := r.seen[id]; ok {
		return true
	}
	if r.doc == nil {
		return false
	}
	if !r.scanned {
		r.scanned = true
		r.later = scanIDs(r.later, r.doc, r.ctx, idOf)
	}
	_, ok := r.later[id]
	return ok
}

// scanIDs adds to ids what idOf makes of each start tag's id attribute
// in doc, read as the Tokenizer reads it. It stops, with what it found,
// when ctx is done: references to ids it did not reach are then removed.
func scanIDs(ids map[string]struct{}, doc []byte, ctx context.Context, idOf func(tag, id string) (string, bool)) map[string]struct{} {
	if ids == nil {
		ids = map[string]struct{}{}
	}
	z := html.NewTokenizer(bytes.NewReader(doc))
	read := 0
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return ids
		}
		if read += len(z.Raw()); read >= idScanCheckBytes {
			read = 0
			if ctx != nil && ctx.Err() != nil {
				return ids
			}
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		tag, more := z.TagName()
		name := string(tag)
		for more {
			var k, v []byte
			k, v, more = z.TagAttr()
			if string(k) == "id" {
				if id, ok := idOf(name, string(v)); ok {
					ids[id] = struct{}{}
				}
				break // a browser keeps the first
			}
		}
	}
}

// idRef checks the value of an attribute that names ids (idRefKind)
// under ids.prefix: each id is written prefixed, as the element it
// names is, and one that is not an id, or that the document does not
// define (idRefs.defined), is removed, so that no reference reaches the
// page around the output. A value with nothing left is removed.
func (s *pass) idRef(c *checking, el, v string) (string, Reason) {
	ref, list := idRefKind(el, c.key)
	if !ref || s.r.IDPrefix == "" {
		return v, ""
	}
	if !list {
		out, why := s.oneIDRef(v)
		if why != "" {
			return "", why
		}
		if out != v {
			c.rewrote(RewroteAttribute, ReasonIDPrefix)
		}
		return out, ""
	}
	var b strings.Builder
	removed := Reason("")
	for tok := range strings.FieldsFuncSeq(v, isHTMLSpace) {
		out, why := s.oneIDRef(tok)
		if why != "" {
			if removed != ReasonUndefinedID {
				removed = why
			}
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(out)
	}
	switch {
	case b.Len() == 0 && removed == "":
		return "", ReasonBadID // nothing but spaces
	case b.Len() == 0:
		return "", removed
	case b.String() == v:
		return v, ""
	case removed != "":
		c.rewrote(RewroteAttribute, removed)
	default:
		c.rewrote(RewroteAttribute, ReasonIDPrefix)
	}
	return b.String(), ""
}

// oneIDRef returns the prefixed id a reference names, or why it goes.
func (s *pass) oneIDRef(tok string) (string, Reason) {
	out, ok := s.r.PrefixID(tok)
	if !ok {
		return "", ReasonBadID
	}
	if !s.refs.defined(out, s.writtenID) {
		return "", ReasonUndefinedID
	}
	return out, ""
}

// writtenID returns the id an element named tag with the attribute
// id="v" would have in the output: none if the policy does not allow the
// element.
func (s *pass) writtenID(tag, v string) (string, bool) {
	if _, ok := s.elements.get(tag); !ok {
		return "", false
	}
	return s.r.PrefixID(v)
}

// isHTMLSpace reports ASCII whitespace as HTML splits tokens on it
// (HTML §2.3.8 "split a string on ASCII whitespace").
func isHTMLSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\f' || r == '\r'
}
