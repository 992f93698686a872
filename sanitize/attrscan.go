package sanitize

import (
	"bytes"

	"github.com/htmlclean/htmlclean/internal/htmlscan"
)

// rawAttr is an attribute as attrScan.scan found it in a start tag's raw
// bytes: its lower-cased name, its value, and the whole "name=value" text
// as written (which can be copied to the output unchanged).
type rawAttr struct {
	key, val, text []byte
	start, valEnd  int // where text starts and the value ends in the tag
}

// attrScan holds what scan needs between tags: the attributes found,
// the lower-cased names, and the set of names seen in the current tag.
type attrScan struct {
	attrs []rawAttr
	dups  []rawAttr // repeated names, which browsers ignore
	keys  []byte
	// seen indexes the names of attrs once a tag has more than
	// linearDedup of them, so duplicate removal stays linear in the
	// number of attributes (a 1 MiB tag holds 160,000).
	seen    map[string]struct{}
	indexed bool // seen holds the names of this tag
	// high and dupsHigh are the most attrs and dups have held since the
	// last clear.
	high, dupsHigh int
}

// clear drops what the attributes read point to (the document, for one
// read in memory), up to the most attrs and dups have held.
func (a *attrScan) clear() {
	clear(a.attrs[:max(a.high, len(a.attrs))])
	clear(a.dups[:max(a.dupsHigh, len(a.dups))])
	clear(a.seen)
	a.high, a.dupsHigh = 0, 0
}

// linearDedup is how many attributes a tag may have before duplicate
// removal switches from a scan of attrs to the seen set: below it a scan
// is cheaper than hashing.
const linearDedup = 8

// maxSeen bounds the seen set kept between tags: clearing a map costs its
// capacity, so one hostile tag must not slow every later one.
const maxSeen = 1024

// scan reads the attributes of the start tag raw ("<name ...>")
// exactly as x/net/html's Tokenizer.readTag does (HTML §13.2.5.32–.39):
// the tag name runs to whitespace, "/" or ">"; an attribute name to
// whitespace, "/", ">" or "=" (a leading "=" belongs to the name); a
// value is quoted, or runs to whitespace or ">"; a repeated name (ASCII
// case-folded) is ignored. The work is linear in len(raw).
//
// It does not decode anything, so it reports fast = false for a tag
// holding "&" (character references), "\r" (newline normalisation) or NUL
// (replacement), whose values Tokenizer.TagAttr must read; a.attrs is then
// not to be used, but a.dups still lists the repeated names, which
// TagAttr drops without a word. FuzzAttrScan checks that it agrees with TagAttr on
// everything else.
//
// It exists because TagAttr copies every name and value (x/net/html
// v0.62 replaces NUL bytes with bytes.ReplaceAll, which always copies):
// the pass reads attributes of most tags on the hot path.
func (a *attrScan) scan(raw []byte) (fast bool) {
	a.begin()
	for t := range tagAttrs(raw) {
		a.add(raw, t)
	}
	return a.finish(raw)
}

// scanSpans is scan for a tag whose attributes htmlscan has delimited
// (Scanner.AttrSpans): the same result without reading the tag again.
// checkAttrSpans, in FuzzAttrScan and TestAttrSpansCorpus, checks that the
// two agree.
func (a *attrScan) scanSpans(raw []byte, spans []htmlscan.AttrSpan) (fast bool) {
	a.begin()
	for _, sp := range spans {
		t := tagAttr{start: sp.KeyStart, keyEnd: sp.KeyEnd, valStart: sp.ValStart, valEnd: sp.ValEnd, end: sp.ValEnd}
		if sp.ValStart > sp.KeyEnd && (raw[sp.ValStart-1] == '"' || raw[sp.ValStart-1] == '\'') {
			t.end++ // the closing quote: a tag that ends inside one is no tag
		}
		a.add(raw, t)
	}
	return a.finish(raw)
}

func (a *attrScan) begin() {
	a.high, a.dupsHigh = max(a.high, len(a.attrs)), max(a.dupsHigh, len(a.dups))
	a.attrs, a.dups, a.keys, a.indexed = a.attrs[:0], a.dups[:0], a.keys[:0], false
	if len(a.seen) > maxSeen {
		a.seen = nil
	}
}

// add records the attribute t of raw, or its name as a repeat.
func (a *attrScan) add(raw []byte, t tagAttr) {
	if t.keyEnd == t.start {
		return
	}
	key := lowerInto(&a.keys, raw[t.start:t.keyEnd])
	if !a.indexed && len(a.attrs) == linearDedup {
		a.indexed = true
		a.index()
	}
	at := rawAttr{key: key, val: raw[t.valStart:t.valEnd], text: raw[t.start:t.end], start: t.start, valEnd: t.valEnd}
	if a.dup(key) {
		a.dups = append(a.dups, at)
		return
	}
	a.attrs = append(a.attrs, at)
}

// finish reports whether the tag's values can be used as written (see
// scan). The repeats are found either way: the tokenizer drops them too.
// A tag without attributes (most of them) has no value to decode, so an
// "&", CR or NUL elsewhere in it changes nothing and is not looked for.
func (a *attrScan) finish(raw []byte) (fast bool) {
	if len(a.attrs) == 0 {
		return true
	}
	return bytes.IndexByte(raw, '&') < 0 && bytes.IndexByte(raw, '\r') < 0 && bytes.IndexByte(raw, 0) < 0
}

// dup reports whether key was seen in this tag, and records it if not.
func (a *attrScan) dup(key []byte) bool {
	if !a.indexed {
		return seenKey(a.attrs, key)
	}
	if _, dup := a.seen[transient(key)]; dup {
		return true
	}
	a.seen[transient(key)] = struct{}{}
	return false
}

// index fills the seen set with the names found so far. The strings point
// into the tag and a.keys, which stay unchanged until the next scan.
func (a *attrScan) index() {
	if a.seen == nil {
		a.seen = make(map[string]struct{}, 2*linearDedup)
	} else {
		clear(a.seen)
	}
	for _, at := range a.attrs {
		a.seen[transient(at.key)] = struct{}{}
	}
}

// tagAttr is where one attribute stands in a start tag: raw[start:keyEnd]
// is its name, raw[valStart:valEnd] its value, raw[start:end] the
// attribute as written. toClose says that an unquoted value ran up to the
// tag's ">" (so a "/" before the ">" is part of the value).
type tagAttr struct {
	start, keyEnd, valStart, valEnd, end int
	toClose                              bool
}

// tagAttrs yields the attributes of the start tag raw, duplicates and
// empty names included, as the tokenizer delimits them.
func tagAttrs(raw []byte) func(yield func(tagAttr) bool) {
	return func(yield func(tagAttr) bool) {
		n := len(raw)
		i := 1
		for i < n && !tagNameEnds[raw[i]] {
			i++
		}
		i = skipSpace(raw, i)
		for i < n && raw[i] != '>' {
			var t tagAttr
			t.start = i
			if raw[i] == '=' {
				i++ // a leading "=" is part of the name
			}
			for i < n && !attrNameEnds[raw[i]] {
				i++
			}
			t.keyEnd, t.valStart, t.valEnd, t.end = i, i, i, i
			if j := skipSpace(raw, i); j < n && raw[j] == '/' {
				i = j + 1 // the "/" is consumed; the value is empty
			} else if j < n && raw[j] == '=' {
				i = t.value(raw, skipSpace(raw, j+1))
			} else {
				i = j
			}
			if !yield(t) {
				return
			}
			i = skipSpace(raw, i)
		}
	}
}

// value reads the value starting at j, just past "=" and any space, and
// returns where reading goes on.
func (t *tagAttr) value(raw []byte, j int) int {
	n := len(raw)
	switch {
	case j >= n || raw[j] == '>':
		return j
	case raw[j] == '"' || raw[j] == '\'':
		k := n
		if e := bytes.IndexByte(raw[j+1:], raw[j]); e >= 0 {
			k = j + 1 + e
		}
		t.valStart, t.valEnd, t.end = j+1, k, min(k+1, n)
		return t.end
	}
	k := j
	for k < n && !unquotedEnds[raw[k]] {
		k++
	}
	t.valStart, t.valEnd, t.end = j, k, k
	if k < n && spaces[raw[k]] {
		return k + 1
	}
	t.toClose = k == n-1
	return k
}

// selfClosingTag reports whether the start tag raw ends in the self-closing
// "/>" as a browser reads it (HTML §13.2.5.40): a "/" that ends an
// unquoted value is part of the value ("<rect height=50/>" is not
// self-closing). x/net/html v0.62 gets this wrong when the last attribute
// is a repeated name, which the pass must not follow: the element would
// be closed in the output and open in the browser.
func selfClosingTag(raw []byte) bool {
	n := len(raw)
	if n < 3 || raw[n-1] != '>' || raw[n-2] != '/' {
		return false
	}
	closes := true
	for t := range tagAttrs(raw) {
		closes = !t.toClose
	}
	return closes
}

// attrNameEnds end an attribute name: whitespace, "/", ">", "=".
var attrNameEnds = [256]bool{' ': true, '\n': true, '\r': true, '\t': true, '\f': true, '/': true, '>': true, '=': true}

// unquotedEnds end an unquoted attribute value: whitespace, ">".
var unquotedEnds = [256]bool{' ': true, '\n': true, '\r': true, '\t': true, '\f': true, '>': true}

// spaces are HTML's ASCII whitespace.
var spaces = [256]bool{' ': true, '\n': true, '\r': true, '\t': true, '\f': true}

func skipSpace(b []byte, i int) int {
	for i < len(b) && spaces[b[i]] {
		i++
	}
	return i
}

// lowerInto returns b with ASCII upper case folded: b itself when it has
// none, otherwise a copy appended to *keys.
func lowerInto(keys *[]byte, b []byte) []byte {
	i := 0
	for i < len(b) && b[i]-'A' >= 26 {
		i++
	}
	if i == len(b) {
		return b
	}
	start := len(*keys)
	*keys = append(*keys, b[:i]...)
	for _, c := range b[i:] {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		*keys = append(*keys, c)
	}
	return (*keys)[start:len(*keys):len(*keys)]
}

func seenKey(attrs []rawAttr, key []byte) bool {
	for _, a := range attrs {
		if bytes.Equal(a.key, key) {
			return true
		}
	}
	return false
}
