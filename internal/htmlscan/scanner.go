package htmlscan

import (
	"bytes"
	"io"
	"unsafe"

	"golang.org/x/net/html"
)

// A Scanner returns the tokens of an HTML document held in memory, as an
// [html.Tokenizer] reading the same bytes would.
//
// The zero value scans an empty document; [New] or [Scanner.Reset] give it
// one. A Scanner is not safe for concurrent use.
type Scanner struct {
	doc []byte
	tt  html.TokenType
	// err is the first error met; like the Tokenizer's, it is never
	// cleared once set, except by the EOF back-ups of readDoctype and
	// readCDATA.
	err error

	// doc[start:pos] is the current token. Reads stop at lim: the end of
	// the document, or (over) the byte that takes the token to maxBuf
	// bytes, which the Tokenizer consumes before failing.
	start, pos, lim int
	over            bool
	maxBuf          int

	// data is the token's text, comment or tag name.
	data span
	// attrs are the current start tag's attributes with a key; dups says
	// later repeats of a key are still in it (see dedupe). nAttr counts
	// the attributes TagAttr has returned.
	attrs []attrSpan
	dups  bool
	nAttr int
	seen  keySet
	// dropped says dedupe has removed repeats from attrs.
	dropped bool

	// rawTag is the element whose raw text, RCDATA, script data or
	// plaintext comes next ("" for none), lower case.
	rawTag                            string
	textIsRaw, convertNUL, allowCDATA bool

	// out holds the current token's decoded names, values and text. It
	// only grows until the next token, so earlier results stay valid.
	out []byte
}

// span is doc[start:end].
type span struct{ start, end int }

// attrSpan is an attribute's key and value as written.
type attrSpan struct{ key, val span }

// New returns a Scanner for doc, which the Scanner reads but never
// modifies, and which must not change while it is scanned.
func New(doc []byte) *Scanner {
	z := new(Scanner)
	z.Reset(doc)
	return z
}

// Reset makes z scan doc from its beginning, with the settings of [New]
// (no buffer limit, no CDATA), keeping the buffers z has grown, so that a
// reused Scanner allocates nothing per document.
func (z *Scanner) Reset(doc []byte) {
	*z = Scanner{
		doc:   doc,
		lim:   len(doc),
		attrs: z.attrs[:0],
		seen:  z.seen,
		out:   z.out[:0],
	}
}

// Retained is how many bytes of buffers z keeps for the next document:
// they grow with the largest tag (in attributes) and decoded token met,
// so a pool can drop a Scanner that a hostile document grew.
func (z *Scanner) Retained() int {
	return cap(z.attrs)*int(unsafe.Sizeof(attrSpan{})) + cap(z.out) +
		cap(z.seen.slot)*8 + cap(z.seen.lower)
}

// SetMaxBuf makes [Scanner.Next] fail with [html.ErrBufferExceeded] on a
// token of n bytes or more, as [html.Tokenizer.SetMaxBuf] does (the
// Tokenizer fails on the byte that brings its buffered token to n). Zero
// means no limit.
func (z *Scanner) SetMaxBuf(n int) { z.maxBuf = n }

// AllowCDATA sets whether "<![CDATA[x]]>" is the text "x" or a bogus
// comment, as [html.Tokenizer.AllowCDATA] does; the default is false.
func (z *Scanner) AllowCDATA(allow bool) { z.allowCDATA = allow }

// NextIsNotRawText makes the token after a <script>, <style>, <title>
// (and so on) start tag ordinary markup, as
// [html.Tokenizer.NextIsNotRawText] does.
func (z *Scanner) NextIsNotRawText() { z.rawTag = "" }

// Err returns the error of the last [html.ErrorToken]: [io.EOF] at the end
// of the document, or [html.ErrBufferExceeded]. It is nil after any other
// token.
func (z *Scanner) Err() error {
	if z.tt != html.ErrorToken {
		return nil
	}
	return z.err
}

// Raw returns the bytes of the current token, a subslice of the document.
// The tokens' Raw bytes partition the document up to the ErrorToken.
func (z *Scanner) Raw() []byte { return z.doc[z.start:z.pos:z.pos] }

// Next scans the next token and returns its type.
func (z *Scanner) Next() html.TokenType {
	z.start = z.pos
	z.data = span{z.pos, z.pos}
	z.out = z.out[:0]
	if z.err != nil {
		z.tt = html.ErrorToken
		return z.tt
	}
	z.lim, z.over = len(z.doc), false
	if z.maxBuf > 0 && z.maxBuf-1 < len(z.doc)-z.start {
		z.lim, z.over = z.start+z.maxBuf-1, true
	}
	if z.rawTag != "" {
		if z.rawTag == "plaintext" {
			z.fail()
			z.data.end = z.pos
			z.textIsRaw = true
		} else {
			z.readRaw()
		}
		if z.data.end > z.data.start {
			z.tt, z.convertNUL = html.TextToken, true
			return z.tt
		}
	}
	z.textIsRaw, z.convertNUL = false, false
	z.tt = z.readMarkup()
	return z.tt
}

// readMarkup reads text up to a tag, comment or doctype, or that token
// when it starts at z.start (WHATWG HTML 13.2.5.1 data state, 13.2.5.6
// tag open state).
func (z *Scanner) readMarkup() html.TokenType {
	for {
		i := bytes.IndexByte(z.doc[z.pos:z.lim], '<')
		if i < 0 {
			z.fail()
			break
		}
		z.pos += i + 1
		if z.pos >= z.lim {
			z.fail()
			break
		}
		c := z.doc[z.pos]
		if !isLetter(c) && c != '/' && c != '!' && c != '?' {
			continue // "<" is text; c is looked at again
		}
		z.pos++
		// Text before the tag is a token of its own.
		if lt := z.pos - 2; z.start < lt {
			z.pos, z.data.end = lt, lt
			return html.TextToken
		}
		switch {
		case c == '!':
			return z.readMarkupDeclaration()
		case c == '?':
			z.pos--
			z.readUntilCloseAngle()
			return html.CommentToken
		case c == '/':
			return z.readEndTag()
		}
		return z.readStartTag()
	}
	if z.start < z.pos {
		z.data.end = z.pos
		return html.TextToken
	}
	return html.ErrorToken
}

// readEndTag reads a token starting "</": an end tag, "</>" (an empty
// comment, so that Raw keeps every byte), or a bogus comment.
func (z *Scanner) readEndTag() html.TokenType {
	c := z.readByte()
	switch {
	case z.err != nil:
		z.data.end = z.pos
		return html.TextToken
	case c == '>':
		return html.CommentToken
	case isLetter(c):
		if z.readTag(false); z.err != nil {
			return html.ErrorToken
		}
		return html.EndTagToken
	}
	z.pos--
	z.readUntilCloseAngle()
	return html.CommentToken
}

// fail is a read at z.lim, which fails: at the end of the document with
// io.EOF, else with ErrBufferExceeded after consuming the byte.
func (z *Scanner) fail() {
	if z.over {
		z.pos, z.err = z.lim+1, html.ErrBufferExceeded
		return
	}
	z.pos, z.err = z.lim, io.EOF
}

// readByte reads one byte as the Tokenizer's readByte does, whatever
// z.err holds: the Tokenizer reads on after a failed read in a few places
// (readDoctype, then readCDATA or readUntilCloseAngle), and so must this.
// After a failed read z.err is set and the byte is 0.
func (z *Scanner) readByte() byte {
	if z.pos >= len(z.doc) {
		z.err = io.EOF
		return 0
	}
	c := z.doc[z.pos]
	z.pos++
	if z.maxBuf > 0 && z.pos-z.start >= z.maxBuf {
		z.err = html.ErrBufferExceeded
		return 0
	}
	return c
}

// read reads one byte before z.lim; ok is false after a failed read.
func (z *Scanner) read() (c byte, ok bool) {
	if z.pos < z.lim {
		c = z.doc[z.pos]
		z.pos++
		return c, true
	}
	z.fail()
	return 0, false
}

// skipWhiteSpace skips HTML white space, unless a read has failed.
func (z *Scanner) skipWhiteSpace() {
	if z.err != nil {
		return
	}
	for z.pos < z.lim {
		if !isSpace(z.doc[z.pos]) {
			return
		}
		z.pos++
	}
	z.fail()
}

// readUntilCloseAngle reads a bogus comment's data up to and including
// ">" (WHATWG HTML 13.2.5.41 bogus comment state).
func (z *Scanner) readUntilCloseAngle() {
	z.data.start = z.pos
	if z.err != nil {
		// A failed read in readDoctype: the Tokenizer reads one more
		// byte, which fails again.
		z.readByte()
		z.data.end = z.pos
		return
	}
	i := bytes.IndexByte(z.doc[z.pos:z.lim], '>')
	if i < 0 {
		z.fail()
		z.data.end = z.pos
		return
	}
	z.data.end = z.pos + i
	z.pos += i + 1
}

// Byte classes.
const (
	clSpace  = 1 << iota // HTML white space, without CR's special role
	clLetter             // ASCII letter
	clName               // ends a tag name: white space, '/', '>'
	clKey                // ends an attribute key: clName or '='
	clValue              // ends an unquoted value: white space, '>'
	clAlnum              // ASCII letter or digit, in a character reference
	clUpper              // 'A' to 'Z', or NUL: a name TagName rewrites
)

var class [256]uint8

func init() {
	for _, c := range []byte(" \n\r\t\f") {
		class[c] |= clSpace | clName | clKey | clValue
	}
	class['/'] |= clName | clKey
	class['>'] |= clName | clKey | clValue
	class['='] |= clKey
	for c := 'a'; c <= 'z'; c++ {
		class[c] |= clLetter | clAlnum
		class[c-'a'+'A'] |= clLetter | clAlnum | clUpper
	}
	for c := '0'; c <= '9'; c++ {
		class[c] |= clAlnum
	}
	class[0] |= clUpper
}

func isSpace(c byte) bool  { return class[c]&clSpace != 0 }
func isLetter(c byte) bool { return class[c]&clLetter != 0 }
