package sanitize

import (
	"bytes"
	"io"
	"slices"
	"strconv"
	"sync"
	"unicode/utf8"
	"unsafe"
)

// The pass writes every document in two forms at once:
//
//   - the faithful form, what the user gets: every token the policy leaves
//     alone exactly as it was written (its quoting, entity spelling,
//     attribute order, whitespace and line endings), and what the policy
//     changes in a canonical form;
//   - the canonical form, what the policy's bluemonday stage would write
//     if it kept everything: every token serialised as x/net/html's
//     Token.String does (names lower-cased, attribute values double-quoted
//     and escaped, text escaped), with fragmentMark after empty fragments.
//
// Both carry fragmentMark after empty fragments (the faithful form inside
// the value as written), which the follower removes.
//
// The bluemonday stage runs over the faithful form, and a follower
// compares what it writes with the canonical form as it goes. Where the
// two agree, the stage read the faithful bytes as the very tokens the pass
// meant and kept every one, so the follower writes the faithful form;
// from the first byte where they differ, the stage removed or changed
// something, or read the bytes otherwise than the pass (a first-stage
// bug either way): the follower writes the stage's own output from there
// on, and the pipeline reports it (action policy-stage).

// twin is where the pass writes: the two forms, side by side.
type twin struct {
	f, c *sink
}

// sink is where the pass writes one form: a byte slice that grows until
// Reset. bytes.Buffer would do, but the compiler does not inline its
// Write, and the pass writes every token to both forms: the calls alone
// cost 3 M instructions a pass over the comments and 8 M over the pages.
type sink struct{ b []byte }

// Write and WriteString only reslice s.b while it has room: a store of
// its pointer, as append makes every time, would run the garbage
// collector's write barrier while it marks.
func (s *sink) Write(p []byte) {
	n := len(s.b)
	if cap(s.b)-n < len(p) {
		s.grow(len(p))
	}
	s.b = s.b[:n+len(p)]
	copy(s.b[n:], p)
}

func (s *sink) WriteString(p string) {
	n := len(s.b)
	if cap(s.b)-n < len(p) {
		s.grow(len(p))
	}
	s.b = s.b[:n+len(p)]
	copy(s.b[n:], p)
}

//go:noinline
func (s *sink) grow(n int) { s.b = slices.Grow(s.b, n) }

func (s *sink) Bytes() []byte  { return s.b }
func (s *sink) Len() int       { return len(s.b) }
func (s *sink) Cap() int       { return cap(s.b) }
func (s *sink) Reset()         { s.b = s.b[:0] }
func (s *sink) Truncate(n int) { s.b = s.b[:n] }
func (s *sink) Grow(n int)     { s.grow(n) }

// segment is a stretch of the document in both forms, starting at a
// token boundary, and where it starts in the input.
type segment struct {
	f, c      []byte
	marked    bool // f holds fragmentMark
	line, col int
}

// follower receives the bluemonday stage's output (Write) and writes the
// document to w: segment by segment in the faithful form while the stage
// agrees with the canonical form, and the stage's output once it does not.
// The pass pushes each segment before the stage can read its bytes, so
// Write always has something to compare with. With mu set it is safe for
// one pusher and one writer at a time, on different goroutines; without,
// for one goroutine (the document in memory: one segment, then the stage).
type follower struct {
	mu      *sync.Mutex
	segs    []segment
	matched int // bytes of segs[0].c the stage has written
	w       io.Writer
	un      unmarker // the stage's output, once diverged

	one      [1]segment // segs' first array: a document in memory has one
	hazard   hazard     // of the faithful bytes written last
	diverged bool
	at       segment // the segment where the stage first differed
	before   []byte  // the canonical bytes from there (a few)
	after    []byte  // what the stage wrote instead (a few)
}

// divergenceSnippet is how much of each side a policy-stage report shows.
const divergenceSnippet = 64

func (fl *follower) push(seg segment) {
	fl.lock()
	if fl.diverged {
		// The stage's output is written from here on: nothing to compare.
		fl.unlock()
		return
	}
	if fl.segs == nil {
		fl.segs = fl.one[:0]
	}
	fl.segs = append(fl.segs, seg)
	fl.unlock()
}

func (fl *follower) lock() {
	if fl.mu != nil {
		fl.mu.Lock()
	}
}

func (fl *follower) unlock() {
	if fl.mu != nil {
		fl.mu.Unlock()
	}
}

// Write takes the next bytes the stage wrote.
func (fl *follower) Write(p []byte) (int, error) {
	fl.lock()
	n, err := fl.write(p)
	fl.unlock()
	return n, err
}

// WriteString is Write for a string, without a copy: the stage writes
// strings, and would otherwise convert each one.
func (fl *follower) WriteString(s string) (int, error) {
	if fl.mu == nil && !fl.diverged && len(fl.segs) > 0 {
		// The common case, in memory: the stage agrees, inside a segment.
		seg := &fl.segs[0]
		if end := fl.matched + len(s); end < len(seg.c) && string(seg.c[fl.matched:end]) == s {
			fl.matched = end
			return len(s), nil
		}
	}
	fl.lock()
	n, err := fl.write(unsafe.Slice(unsafe.StringData(s), len(s)))
	fl.unlock()
	return n, err
}

// write is Write, locked. p is only read, and not kept.
func (fl *follower) write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		if fl.diverged {
			if err := fl.toStage(p); err != nil {
				return 0, err
			}
			return n, nil
		}
		if len(fl.segs) == 0 {
			// The stage wrote more than the pass: it added something.
			fl.diverge(p)
			continue
		}
		seg := &fl.segs[0]
		rest := seg.c[fl.matched:]
		k := len(p)
		if k > len(rest) || string(p) != string(rest[:k]) {
			k = commonPrefix(p, rest)
		}
		fl.matched += k
		p = p[k:]
		if fl.matched == len(seg.c) {
			if err := fl.release(); err != nil {
				return 0, err
			}
			continue
		}
		if len(p) > 0 {
			fl.diverge(p)
		}
	}
	return n, nil
}

// release writes the first segment in the faithful form and drops it.
func (fl *follower) release() error {
	seg := fl.segs[0]
	fl.segs[0] = segment{}
	fl.segs = fl.segs[1:]
	fl.matched = 0
	fl.hazard = textHazard(seg.f)
	if !seg.marked {
		_, err := fl.w.Write(seg.f)
		return err
	}
	u := unmarker{w: fl.w}
	if _, err := u.Write(seg.f); err != nil {
		return err
	}
	return u.Close()
}

// diverge switches to the stage's output: what it wrote of the first
// segment so far (equal to its canonical form up to here), then all it
// writes next. got is what it wrote instead of the rest.
func (fl *follower) diverge(got []byte) {
	fl.diverged = true
	fl.un.w = fl.w
	if len(fl.segs) > 0 {
		seg := fl.segs[0]
		fl.at = segment{line: seg.line, col: seg.col}
		fl.before = snippet(seg.c[fl.matched:])
		// An error here comes back from the next write.
		fl.toStage(seg.c[:fl.matched])
	} else {
		fl.at = segment{line: -1}
	}
	fl.after = snippet(got)
	fl.segs, fl.matched = nil, 0
}

// toStage writes the stage's output, once diverged: its first byte as a
// character reference if it would join the faithful text released
// before it (see hazard), as the pass does between its own texts.
func (fl *follower) toStage(p []byte) error {
	if len(p) > 0 && fl.hazard != noHazard {
		if fl.hazard.joins(p[0]) {
			var ref [8]byte
			if _, err := fl.un.Write(charRef(ref[:0], p[0])); err != nil {
				return err
			}
			p = p[1:]
		}
		fl.hazard = noHazard
	}
	_, err := fl.un.Write(p)
	return err
}

// snippet returns the first bytes of b for a report, without fragmentMark
// or the start of one: the mark never leaves the process.
func snippet(b []byte) []byte {
	b = b[:min(len(b), divergenceSnippet+len(fragmentMark))]
	for _, m := range [...]string{fragmentMark, hostMarkOpen, hostMarkClose} {
		b = bytes.ReplaceAll(b, []byte(m), nil)
	}
	b = b[:min(len(b), divergenceSnippet)]
	return b[:len(b)-markPrefixAtEnd(b)]
}

// Close is called when the stage has written everything: what it left
// unwritten of the canonical form was removed.
func (fl *follower) Close() error {
	fl.lock()
	defer fl.unlock()
	for !fl.diverged && len(fl.segs) > 0 {
		if fl.matched < len(fl.segs[0].c) {
			fl.diverge(nil)
			break
		}
		if err := fl.release(); err != nil {
			return err
		}
	}
	if fl.diverged {
		return fl.un.Close()
	}
	return nil
}

// change is the policy-stage report, if the stage differed.
func (fl *follower) change() (Change, bool) {
	if !fl.diverged {
		return Change{}, false
	}
	line, col := fl.at.line, fl.at.col
	if line < 0 {
		line, col = 0, 0 // after the end of the pass's output
	}
	return Change{Line: line, Column: col, Element: "#document", Action: PolicyStage,
		Reason: ReasonFirstStageMissed, Before: string(fl.before), After: string(fl.after)}, true
}

// commonPrefix returns how many bytes a and b share at their start.
func commonPrefix(a, b []byte) int {
	n := min(len(a), len(b))
	// Compare in blocks: bytes.Equal is vectorised, a byte loop is not.
	i := 0
	for i+64 <= n && bytes.Equal(a[i:i+64], b[i:i+64]) {
		i += 64
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

// hazard is how the faithful form's last bytes could join text written
// after them. Text tokens are maximal, so two are adjacent in the output
// only where the pass dropped what stood between them; written as they
// were, the two could then read as one thing that neither was: "AT&am"
// and "p;" make "AT&amp;" ("AT&" to a reader), "\r" and "\n" make one
// line break, not two. The canonical form escapes every "&" and has no
// "\r", so only the faithful form needs this.
type hazard uint8

const (
	noHazard  hazard = iota
	refHazard        // ends in "&" and reference characters: "&", "&am", "&#3"
	crHazard         // ends in "\r"
)

// refChars can continue a character reference (HTML §13.2.5.72–.80).
var refChars = func() (t [256]bool) {
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = true, true
	}
	t['#'] = true
	return t
}()

// textHazard returns the hazard of b's end.
func textHazard(b []byte) hazard {
	n := len(b)
	if n == 0 {
		return noHazard
	}
	if b[n-1] == '\r' {
		return crHazard
	}
	i := n - 1
	for i >= 0 && refChars[b[i]] {
		i--
	}
	if i >= 0 && b[i] == '&' {
		return refHazard
	}
	return noHazard
}

// joins reports whether c, written after h, would join it.
func (h hazard) joins(c byte) bool {
	switch h {
	case refHazard:
		return refChars[c] || c == ';'
	case crHazard:
		return c == '\n'
	}
	return false
}

// writeTextF writes b, text or held-back content, to the faithful form,
// with its first byte as a character reference if it would join what is
// there (see hazard).
func (s *pass) writeTextF(b []byte) {
	if len(b) == 0 {
		return
	}
	if s.out.hazard.joins(b[0]) {
		s.change(Change{Element: "#text", Action: ReencodedText, Reason: ReasonJoinsText})
		var ref [8]byte
		s.out.dst.f.Write(charRef(ref[:0], b[0]))
		b = b[1:]
	}
	s.out.dst.f.Write(b)
	s.out.hazard = textHazard(b)
	if s.out.run += len(b); s.out.run >= s.out.maxToken && s.out.werr == nil {
		s.out.werr = errTokenGrew
	}
}

// charRef appends c as a decimal character reference ("&#112;").
func charRef(dst []byte, c byte) []byte {
	return append(strconv.AppendInt(append(dst, '&', '#'), int64(c), 10), ';')
}

// markupStart are the bytes after "<" that can start markup in the data
// state: a tag, an end tag, a comment, a doctype, a bogus comment
// (HTML §13.2.5.6).
var markupStart = func() (t [256]bool) {
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = true, true
	}
	t['/'], t['!'], t['?'] = true, true, true
	return t
}()

// scanText says how a text token can be written. why is "" if its raw
// bytes can be kept in the faithful form: every "<" in it is followed,
// inside it, by a byte that starts no markup, so the bytes read as this
// text wherever they land; otherwise why is the reason to write it
// escaped (ReasonNUL, ReasonInvalidUTF8, ReasonMarkupChar). decode says it holds
// something x/net/html's Text decodes ("&", "\r", NUL); if not, canon is
// its canonical form, appended to dst, or nil if that is raw itself. One
// pass over the bytes does all three, UTF-8 validation included.
func scanText(dst, raw []byte) (canon []byte, why Reason, decode bool) {
	last, invalid := 0, false
	for i := 0; i < len(raw); i++ {
		// The bytes text escapes are those whose canonical form differs;
		// plainText also stops at the first byte of a non-ASCII character.
		i += plainText(transient(raw[i:]))
		if i == len(raw) {
			break
		}
		c := raw[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRune(raw[i:])
			invalid = invalid || r == utf8.RuneError && size == 1
			i += size - 1
			continue
		}
		switch {
		case c == 0:
			return nil, ReasonNUL, true
		case c == '&' || c == '\r':
			decode = true
		case c == '<' && (i+1 == len(raw) || markupStart[raw[i+1]]):
			why = ReasonMarkupChar
		}
		if !decode {
			if canon == nil {
				canon = dst
			}
			canon = append(canon, raw[last:i]...)
			canon = append(canon, escapes[c]...)
			last = i + 1
		}
	}
	if why == "" && invalid {
		why = ReasonInvalidUTF8
	}
	if decode {
		return nil, why, true
	}
	if canon != nil {
		canon = append(canon, raw[last:]...)
	}
	return canon, why, false
}

// textStops are the bytes plainText stops at: those appendEscaped
// escapes, and those of non-ASCII characters.
var textStops = func() (t [256]uint8) {
	t = escaped
	for c := utf8.RuneSelf; c < 256; c++ {
		t[c] = 1
	}
	return t
}()

// plainText is plainValue for scanText: how many bytes at the start of v
// are ASCII and not escaped (not inlined, as plainValue).
//
//go:noinline
func plainText(v string) int {
	n := len(v)
	for len(v) >= 8 {
		if textStops[v[0]]|textStops[v[1]]|textStops[v[2]]|textStops[v[3]]|
			textStops[v[4]]|textStops[v[5]]|textStops[v[6]]|textStops[v[7]] != 0 {
			break
		}
		v = v[8:]
	}
	for len(v) > 0 && textStops[v[0]] == 0 {
		v = v[1:]
	}
	return n - len(v)
}
