package main

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"hash"
	"io"
	"unicode/utf8"
)

// sniffLen is how much of an input is read ahead to tell text from binary
// data and UTF-16 (git and grep look at their first 8,000 bytes).
const sniffLen = 8 << 10

// convertHint ends the message for a file in another encoding: htmlclean
// reads UTF-8 only, and converting is one command. (A -charset flag was
// the alternative; it would make -w change a file's encoding behind the
// back of any <meta charset> in it, which a conversion the user runs does
// in the open.) WINDOWS-1252 is the example because it is what the WHATWG
// Encoding Standard reads "latin1" and "iso-8859-1" as.
const convertHint = "if it is in another encoding, convert it first, e.g. iconv -f WINDOWS-1252 -t UTF-8"

// A textError is why an input is not UTF-8 text. It is returned by
// textReader.Read and comes back, wrapped, from the sanitiser.
type textError struct {
	msg          string // "binary file", "UTF-16 text", "invalid UTF-8"
	hint         string // how to convert it, or ""
	line, column int    // the position of an invalid byte; 0 if none
}

func (e *textError) Error() string { return e.suffix() }

// suffix is the diagnostic after the input's name: ": binary file",
// ":3:14: invalid UTF-8; if it is ...".
func (e *textError) suffix() string {
	s := ": " + e.msg
	if e.line > 0 {
		s = fmt.Sprintf(":%d:%d: %s", e.line, e.column, e.msg)
	}
	if e.hint != "" {
		s += "; " + e.hint
	}
	return s
}

// A textReader passes an input through while checking that it is UTF-8
// text, in bounded memory: it sniffs the first sniffLen bytes for binary
// data and UTF-16, then validates UTF-8 chunk by chunk, carrying a rune
// cut between two chunks, and fails with the position of the first
// invalid byte. It also hashes what it passes, so that a streamed input
// can be compared with its output without holding either.
//
// A chunk with an invalid byte is not passed on: the error is returned
// instead of it. Errors are sticky.
type textReader struct {
	r      io.Reader
	head   []byte // read ahead for the sniff, not yet passed
	sniffd bool
	err    error

	sum       hash.Hash
	read      int64 // bytes read from r
	n         int64 // bytes passed
	line      int   // the line of offset n (1-based)
	lineStart int64 // the offset where that line starts
	tail      [utf8.UTFMax]byte
	ntail     int // bytes of an incomplete rune at the end of what was passed
}

func newTextReader(r io.Reader) *textReader {
	return &textReader{r: r, sum: sha256.New(), line: 1}
}

// Read implements io.Reader.
func (t *textReader) Read(p []byte) (int, error) {
	if t.err != nil {
		return 0, t.err
	}
	if !t.sniffd {
		t.sniffd = true
		head := make([]byte, sniffLen)
		n, err := io.ReadFull(t.r, head)
		t.read += int64(n)
		if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
			t.err = err
			return 0, err
		}
		t.head = head[:n]
		if te := sniff(t.head, n < sniffLen); te != nil {
			t.err = te
			return 0, te
		}
	}
	var n int
	var err error
	if len(t.head) > 0 {
		n = copy(p, t.head)
		t.head = t.head[n:]
	} else {
		n, err = t.r.Read(p)
		t.read += int64(n)
	}
	if cerr := t.check(p[:n]); cerr != nil {
		t.err = cerr
		return 0, cerr
	}
	t.sum.Write(p[:n])
	if err == io.EOF && t.ntail > 0 {
		// The input ends inside a rune.
		err = t.invalidAt(nil, -t.ntail)
	}
	if err != nil {
		t.err = err
	}
	return n, err
}

// check validates one chunk, which follows t.n bytes already passed, and
// advances the position past it.
func (t *textReader) check(b []byte) error {
	off := 0 // where the runes that start in b start
	if t.ntail > 0 {
		// Complete the rune the previous chunk ended in.
		k := copy(t.tail[t.ntail:], b)
		buf := t.tail[:t.ntail+k]
		if !utf8.FullRune(buf) { // b was shorter than the rest of the rune
			t.ntail += k
			t.advance(b)
			return nil
		}
		r, size := utf8.DecodeRune(buf)
		if r == utf8.RuneError && size == 1 {
			return t.invalidAt(b, -t.ntail)
		}
		off, t.ntail = size-t.ntail, 0
	}
	body := b[off:]
	end := len(body)
	// An incomplete rune at the end waits for the next chunk: its lead
	// byte is among the last UTFMax-1 bytes.
	for i := len(body) - 1; i >= 0 && i >= len(body)-(utf8.UTFMax-1); i-- {
		if utf8.RuneStart(body[i]) {
			if !utf8.FullRune(body[i:]) {
				end = i
			}
			break
		}
	}
	if !utf8.Valid(body[:end]) {
		return t.invalidAt(b, off+firstInvalid(body[:end]))
	}
	t.ntail = copy(t.tail[:], body[end:])
	t.advance(b)
	return nil
}

// advance moves the position past b.
func (t *textReader) advance(b []byte) {
	if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
		t.line += bytes.Count(b, []byte{'\n'})
		t.lineStart = t.n + int64(i) + 1
	}
	t.n += int64(len(b))
}

// invalidAt returns the error for an invalid byte at b[i], where b is the
// chunk being checked, which starts at offset t.n; a negative i is in the
// carried rune, which holds no newline (it starts with a lead byte).
func (t *textReader) invalidAt(b []byte, i int) error {
	line, start := t.line, t.lineStart
	if i > 0 {
		before := b[:i]
		if nl := bytes.LastIndexByte(before, '\n'); nl >= 0 {
			line += bytes.Count(before, []byte{'\n'})
			start = t.n + int64(nl) + 1
		}
	}
	at := t.n + int64(i)
	return &textError{msg: "invalid UTF-8", hint: convertHint, line: line, column: int(at-start) + 1}
}

// firstInvalid returns the offset of the first byte of b that does not
// begin a valid UTF-8 sequence; b is known to hold one.
func firstInvalid(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return len(b)
}

// sniff returns why head, the first bytes of an input (all of it if
// whole), is not UTF-8 text, or nil. It looks for a UTF-16 or UTF-32 byte
// order mark, for UTF-16 text without one (ASCII in UTF-16 has a NUL in
// every other byte), and for binary data.
//
// Binary means a NUL byte next to another control byte, or a NUL in bytes
// that are not UTF-8: that is what executables, images, archives and
// padding look like. A stray NUL in UTF-8 text is not enough: HTML says
// how to parse it (the tokenizer's unexpected-null-character error), the
// library does so (it becomes U+FFFD or is dropped), and the command
// agrees with the library rather than refuse a page for one bad byte.
func sniff(head []byte, whole bool) *textError {
	for _, bom := range []struct{ mark, name string }{
		// UTF-32 first: its little-endian mark begins with UTF-16's.
		{"\xff\xfe\x00\x00", "UTF-32LE"},
		{"\x00\x00\xfe\xff", "UTF-32BE"},
		{"\xff\xfe", "UTF-16LE"},
		{"\xfe\xff", "UTF-16BE"},
	} {
		if bytes.HasPrefix(head, []byte(bom.mark)) {
			enc := bom.name[:6] // iconv reads the mark for the byte order
			return &textError{msg: enc + " text, not UTF-8", hint: "convert it first: iconv -f " + enc + " -t UTF-8"}
		}
	}
	if bytes.IndexByte(head, 0) < 0 {
		return nil
	}
	if enc := utf16Order(head); enc != "" {
		// Without a mark iconv assumes big-endian: name the order.
		return &textError{msg: enc + " text without a byte order mark, not UTF-8", hint: "convert it first: iconv -f " + enc + " -t UTF-8"}
	}
	if !whole {
		// The read-ahead may cut the last rune.
		for i := len(head) - 1; i >= 0 && i >= len(head)-(utf8.UTFMax-1); i-- {
			if utf8.RuneStart(head[i]) {
				if !utf8.FullRune(head[i:]) {
					head = head[:i]
				}
				break
			}
		}
	}
	if !utf8.Valid(head) || nulByControl(head) {
		return &textError{msg: "binary file"}
	}
	return nil
}

// utf16Order returns "UTF-16LE" or "UTF-16BE" if b looks like UTF-16 text
// without a byte order mark: NUL bytes in at least half of its code units,
// all on the same side (the high byte of ASCII), and at least minUTF16
// units, so that a few stray NULs in a short text are not taken for it;
// or "".
func utf16Order(b []byte) string {
	const minUTF16 = 8
	var even, odd int // NULs at even and odd offsets
	units := len(b) / 2
	for i := range units * 2 {
		if b[i] == 0 {
			if i%2 == 0 {
				even++
			} else {
				odd++
			}
		}
	}
	switch {
	case units < minUTF16:
		return ""
	case even == 0 && 2*odd >= units:
		return "UTF-16LE"
	case odd == 0 && 2*even >= units:
		return "UTF-16BE"
	}
	return ""
}

// nulByControl reports whether a NUL byte in b has a control byte other
// than HTML's white space (TAB, LF, FF, CR) beside it, a NUL included.
func nulByControl(b []byte) bool {
	ctl := func(c byte) bool { return c < 0x20 && c != '\t' && c != '\n' && c != '\f' && c != '\r' }
	for i, c := range b {
		if c == 0 && (i > 0 && ctl(b[i-1]) || i+1 < len(b) && ctl(b[i+1])) {
			return true
		}
	}
	return false
}
