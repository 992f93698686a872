package sanitize

import (
	"bytes"
	"errors"
	"io"
	"unsafe"

	"golang.org/x/net/html"

	"github.com/htmlclean/htmlclean/internal/htmlscan"
	"github.com/htmlclean/htmlclean/internal/rules"
)

// input is the part of the pass that reads the document: the tokenizer,
// the current tag's bytes and name, and where the current token stands.
type input struct {
	z        tokenizer
	sc       htmlscan.Scanner // z for a document in memory, kept with the pass
	inMemory bool             // z is &sc
	cr       countingReader   // what z reads, for a stream

	line, col         int // position of the current token's "<"
	nextLine, nextCol int // position after it
	// A document in memory, with no report: line and col are only needed
	// for an error, so walk counts offsets (at, of the current token) and
	// locate finds the line and column from doc when one is.
	doc     []byte
	at, off int

	tag     []byte // raw bytes of the current tag
	scratch []byte // a copy of them, when z decodes in place
	nameBuf []byte // the current tag's name, lower-cased, when it was not
}

// reset starts reading r with x/net/html's Tokenizer (a stream), or doc
// if r is nil with htmlscan's Scanner (a document in memory). offsets
// says walk may count offsets rather than lines (no report asks for
// them).
func (in *input) reset(r io.Reader, doc []byte, offsets bool, l rules.Limits) {
	if r == nil {
		in.sc.Reset(doc)
		in.sc.SetMaxBuf(l.MaxTokenBytes)
		in.z = &in.sc
		in.inMemory = true
	} else {
		in.cr.r, in.cr.left = r, l.MaxInputBytes
		z := html.NewTokenizer(&in.cr)
		z.SetMaxBuf(l.MaxTokenBytes)
		in.z = z
		in.inMemory = false
	}
	in.line, in.col, in.nextLine, in.nextCol = 1, 1, 1, 1
	in.doc, in.at, in.off = nil, 0, 0
	if r == nil && offsets {
		in.doc = doc
	}
}

// release lets go of the reader and the document.
func (in *input) release() {
	in.z, in.cr.r, in.doc, in.tag = nil, nil, nil, nil
}

// oversized reports whether a hostile document grew a buffer past what a
// pooled pass keeps.
func (in *input) oversized() bool {
	return cap(in.scratch) > maxPooledBytes || cap(in.nameBuf) > maxPooledBytes || in.sc.Retained() > maxPooledBytes
}

// takeTag keeps the current start tag's bytes (raw) for the attributes
// and the faithful form: where they stand for a document in memory, a
// copy for a stream, whose Tokenizer decodes in place (Text, TagAttr).
func (in *input) takeTag(raw []byte) {
	if in.inMemory {
		in.tag = raw // htmlscan never writes to the document
	} else {
		// Text and TagAttr decode in place, under raw.
		in.scratch = append(in.scratch[:0], raw...)
		in.tag = in.scratch
	}
}

// tokenizer is what the pass reads tokens with: x/net/html's Tokenizer
// for a stream, htmlscan's Scanner for a document in memory. Both
// tokenize alike (htmlscan's differential tests).
type tokenizer interface {
	Next() html.TokenType
	Raw() []byte
	Err() error
	TagAttr() (key, val []byte, more bool)
	Text() []byte
	NextIsNotRawText()
}

// transient returns b as a string without copying. The tokenizer reuses
// its buffer on the next token, so such a string must not outlive the
// token: the pass uses it for lookups and writes, and clones anything it
// keeps (report entries). This avoids an allocation per attribute on the
// hot path.
func transient(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// advance moves the position past raw, hopping from newline to newline
// with IndexByte (bytes.LastIndexByte has no vectorised form).
func (in *input) advance(raw []byte) {
	last := bytes.IndexByte(raw, '\n')
	if last < 0 {
		in.nextCol += len(raw)
		return
	}
	for {
		in.nextLine++
		next := bytes.IndexByte(raw[last+1:], '\n')
		if next < 0 {
			break
		}
		last += next + 1
	}
	in.nextCol = len(raw) - last
}

// locate sets line and col from the current token's offset, for an
// error, if walk counted offsets instead of them.
func (in *input) locate() {
	if in.doc != nil {
		before := in.doc[:in.at]
		in.line = 1 + bytes.Count(before, []byte{'\n'})
		in.col = len(before) - bytes.LastIndexByte(before, '\n')
	}
}

// tagName returns the lower-cased name of the tag in raw, which starts
// with "<" (skip 1) or "</" (skip 2): the bytes up to whitespace, "/" or
// ">", as the tokenizer reads it (readTagName). Unlike Tokenizer.TagName it
// does not copy: x/net/html v0.62 copies every name to replace NUL bytes,
// and a NUL never matches an allowed name anyway.
func (in *input) tagName(raw []byte, skip int) string {
	i := skip
	for i < len(raw) && !tagNameEnds[raw[i]] {
		i++
	}
	in.nameBuf = in.nameBuf[:0]
	return transient(lowerInto(&in.nameBuf, raw[skip:i]))
}

// tagNameEnds are the bytes that end a tag name: whitespace, "/", ">".
var tagNameEnds = [256]bool{' ': true, '\n': true, '\r': true, '\t': true, '\f': true, '/': true, '>': true}

// countingReader stops with errInputTooLarge after left bytes (if left is
// not negative).
type countingReader struct {
	r    io.Reader
	left int64
}

var errInputTooLarge = errors.New("input too large")

func (c *countingReader) Read(b []byte) (int, error) {
	if c.left < 0 {
		return c.r.Read(b)
	}
	if c.left == 0 {
		// Only an error if there is more to read.
		var one [1]byte
		if n, err := c.r.Read(one[:]); n == 0 {
			return 0, err
		}
		return 0, errInputTooLarge
	}
	if int64(len(b)) > c.left {
		b = b[:c.left]
	}
	n, err := c.r.Read(b)
	c.left -= int64(n)
	return n, err
}

// tokenStart and tokenEnd return where the current token starts and ends,
// comparable with each other: offsets for a document in memory, lines
// and columns for a stream.
func (in *input) tokenStart() [2]int {
	if in.doc != nil {
		return [2]int{in.at, 0}
	}
	return [2]int{in.line, in.col}
}

func (in *input) tokenEnd() [2]int {
	if in.doc != nil {
		return [2]int{in.off, 0}
	}
	return [2]int{in.nextLine, in.nextCol}
}
