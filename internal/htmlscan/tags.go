package htmlscan

import (
	"bytes"
	"hash/maphash"

	"golang.org/x/net/html"
)

// readStartTag reads a start tag; "<" and the first letter of its name are
// read. A few elements make the next token raw text (WHATWG HTML 13.2.2,
// as the Tokenizer applies it without tree construction).
func (z *Scanner) readStartTag() html.TokenType {
	z.readTag(true)
	if z.err != nil {
		return html.ErrorToken
	}
	z.rawTag = rawTextTag(z.doc[z.data.start:z.data.end])
	// "/>" closes the tag, unless that "/" ends the last attribute's
	// unquoted value (<p a=/>). The Tokenizer looks at the last attribute
	// it kept, after dropping repeated keys.
	if z.doc[z.pos-2] != '/' {
		return html.StartTagToken
	}
	if len(z.attrs) > 0 {
		z.dedupe()
		if z.pos-2 == z.attrs[len(z.attrs)-1].val.end-1 {
			return html.StartTagToken
		}
	}
	return html.SelfClosingTagToken
}

// rawTextTag returns the lower-case name of an element whose content the
// Tokenizer reads as raw text, RCDATA, script data or plaintext, or "".
func rawTextTag(name []byte) string {
	var tags []string
	switch len(name) {
	case 3:
		tags = []string{"xmp"}
	case 5:
		tags = []string{"style", "title"}
	case 6:
		tags = []string{"iframe", "script"}
	case 7:
		tags = []string{"noembed"}
	case 8:
		tags = []string{"noframes", "noscript", "textarea"}
	case 9:
		tags = []string{"plaintext"}
	}
	for _, t := range tags {
		if lowerByte(name[0]) == t[0] && equalFold(name, t) {
			return t
		}
	}
	return ""
}

// equalFold reports whether b is s with ASCII letters in either case.
func equalFold(b []byte, s string) bool {
	if len(b) != len(s) {
		return false
	}
	for i := range len(b) {
		if lowerByte(b[i]) != lowerByte(s[i]) {
			return false
		}
	}
	return true
}

func lowerByte(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// readTag reads a tag's name and attributes, keeping those with a key if
// save (start tags); the Tokenizer drops an end tag's attributes.
// WHATWG HTML 13.2.5.8 tag name state to 13.2.5.40 self-closing start
// tag state, as the Tokenizer implements them.
func (z *Scanner) readTag(save bool) {
	z.attrs, z.nAttr, z.dups, z.dropped = z.attrs[:0], 0, false, false
	z.readTagName()
	if z.skipWhiteSpace(); z.err != nil {
		return
	}
	for {
		if z.pos >= z.lim {
			z.fail()
			return
		}
		if z.doc[z.pos] == '>' {
			z.pos++
			return
		}
		var a attrSpan
		a.key = z.readAttrKey()
		a.val = z.readAttrVal()
		if save && a.key.start != a.key.end {
			z.dups = z.dups || len(z.attrs) > 0
			z.attrs = append(z.attrs, a)
		}
		if z.skipWhiteSpace(); z.err != nil {
			return
		}
	}
}

// readTagName sets z.data to the tag name, whose first byte is read.
func (z *Scanner) readTagName() {
	z.data.start = z.pos - 1
	for i := z.pos; i < z.lim; i++ {
		if class[z.doc[i]]&clName != 0 {
			z.data.end = i
			if isSpace(z.doc[i]) {
				i++
			}
			z.pos = i
			return
		}
	}
	z.fail()
	z.data.end = z.pos
}

// readAttrKey reads an attribute key, which may start with "=" and is
// empty when it starts with "/".
func (z *Scanner) readAttrKey() span {
	start, i := z.pos, z.pos
	if z.doc[i] == '=' {
		i++
	}
	for ; i < z.lim; i++ {
		if class[z.doc[i]]&clKey != 0 {
			z.pos = i
			return span{start, i}
		}
	}
	z.fail()
	return span{start, z.pos}
}

// readAttrVal reads what follows an attribute key: white space, then "="
// and a value, or a "/", which it consumes.
func (z *Scanner) readAttrVal() span {
	v := span{z.pos, z.pos}
	if z.skipWhiteSpace(); z.err != nil {
		return v
	}
	c, ok := z.read()
	if !ok || c == '/' {
		return v
	}
	if c != '=' {
		z.pos--
		return v
	}
	if z.skipWhiteSpace(); z.err != nil {
		return v
	}
	q, ok := z.read()
	switch {
	case !ok:
		return v
	case q == '>':
		z.pos--
		return v
	case q == '"' || q == '\'':
		v.start = z.pos
		i := bytes.IndexByte(z.doc[z.pos:z.lim], q)
		if i < 0 {
			z.fail()
			v.end = z.pos
			return v
		}
		v.end = z.pos + i
		z.pos = v.end + 1
		return v
	}
	v.start = z.pos - 1
	for i := z.pos; i < z.lim; i++ {
		if class[z.doc[i]]&clValue != 0 {
			v.end = i
			if isSpace(z.doc[i]) {
				i++
			}
			z.pos = i
			return v
		}
	}
	z.fail()
	v.end = z.pos
	return v
}

// dedupe drops the attributes whose key, in lower case, an earlier one
// has: the Tokenizer keeps the first (WHATWG HTML 13.2.5.33, "duplicate
// attribute"). It runs only when TagAttr, TagName or a "/>" needs it.
func (z *Scanner) dedupe() {
	if !z.dups {
		return
	}
	z.dups = false
	if len(z.attrs) > maxLinearDedupe {
		z.dedupeHashed()
		return
	}
	kept := z.attrs[:1]
next:
	for _, a := range z.attrs[1:] {
		key := z.doc[a.key.start:a.key.end]
		for _, k := range kept {
			if z.sameKey(k.key, key) {
				continue next
			}
		}
		kept = append(kept, a)
	}
	z.dropped = len(kept) < len(z.attrs)
	z.attrs = kept
}

// maxLinearDedupe is how many attributes dedupe compares pairwise; more
// go through a hash set, so that a tag's cost stays linear.
const maxLinearDedupe = 16

func (z *Scanner) sameKey(k span, key []byte) bool {
	return k.end-k.start == len(key) && asciiFold(z.doc[k.start:k.end], key)
}

// asciiFold reports whether a and b, of one length, differ only in the
// case of ASCII letters, as the Tokenizer compares keys (bytes.EqualFold
// would also fold non-ASCII letters).
func asciiFold(a, b []byte) bool {
	for i := range a {
		if lowerByte(a[i]) != lowerByte(b[i]) {
			return false
		}
	}
	return true
}

// dedupeHashed is dedupe for many attributes.
func (z *Scanner) dedupeHashed() {
	s := &z.seen
	s.reset(len(z.attrs))
	kept := z.attrs[:0]
	for _, a := range z.attrs {
		key := z.doc[a.key.start:a.key.end]
		h := s.hash(key)
		dup := false
		for i := h & s.mask; s.slot[i]>>32 == uint64(s.gen); i = (i + 1) & s.mask {
			if z.sameKey(kept[uint32(s.slot[i])].key, key) {
				dup = true
				break
			}
		}
		if !dup {
			i := h & s.mask
			for s.slot[i]>>32 == uint64(s.gen) {
				i = (i + 1) & s.mask
			}
			s.slot[i] = uint64(s.gen)<<32 | uint64(len(kept))
			kept = append(kept, a)
		}
	}
	z.dropped = len(kept) < len(z.attrs)
	z.attrs = kept
}

// keySet is an open-addressing hash set of attribute indexes, emptied in
// constant time by moving to the next generation: a slot whose high half
// is not gen is empty.
type keySet struct {
	slot   []uint64
	mask   uint64
	gen    uint32
	seed   maphash.Seed
	seeded bool
	lower  []byte
}

// reset empties s and sizes it for n keys.
func (s *keySet) reset(n int) {
	if !s.seeded {
		s.seed, s.seeded = maphash.MakeSeed(), true
	}
	s.gen++
	if size := 2 * n; len(s.slot) < size || s.gen == 0 {
		c := 64
		for c < size {
			c *= 2
		}
		if len(s.slot) < c {
			s.slot = make([]uint64, c)
		} else {
			clear(s.slot)
		}
		s.mask, s.gen = uint64(len(s.slot)-1), 1
	}
}

// hash hashes key in lower case, with a random seed: keys are input.
func (s *keySet) hash(key []byte) uint64 {
	s.lower = s.lower[:0]
	for _, c := range key {
		s.lower = append(s.lower, lowerByte(c))
	}
	return maphash.Bytes(s.seed, s.lower)
}

// AttrSpan is where an attribute of the current start tag stands in
// [Scanner.Raw]: Raw()[KeyStart:KeyEnd] is its key and
// Raw()[ValStart:ValEnd] its value as written (inside the quotes of a
// quoted value). An attribute without a value has ValStart = ValEnd =
// KeyEnd.
type AttrSpan struct{ KeyStart, KeyEnd, ValStart, ValEnd int }

// AttrSpans appends to dst where the attributes of the current start or
// self-closing tag stand, in order, repeated keys included and those
// without a key left out, as read before any decoding. ok is false if
// repeats have already been dropped (by TagAttr, TagName or a "/>"); dst
// is then returned as it was.
func (z *Scanner) AttrSpans(dst []AttrSpan) (_ []AttrSpan, ok bool) {
	switch z.tt {
	case html.StartTagToken, html.SelfClosingTagToken:
	default:
		return dst, false
	}
	if z.dropped {
		return dst, false
	}
	for _, a := range z.attrs {
		dst = append(dst, AttrSpan{a.key.start - z.start, a.key.end - z.start, a.val.start - z.start, a.val.end - z.start})
	}
	return dst, true
}
