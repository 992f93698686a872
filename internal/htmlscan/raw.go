package htmlscan

import (
	"bytes"
	"io"

	"golang.org/x/net/html"
)

// readRaw reads raw text or RCDATA up to the end tag of z.rawTag (WHATWG
// HTML 13.2.5.2 RCDATA state, 13.2.5.3 RAWTEXT state), or script data.
func (z *Scanner) readRaw() {
	if z.rawTag == "script" {
		z.readScript()
		z.data.end = z.pos
		z.textIsRaw, z.rawTag = true, ""
		return
	}
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
		if z.doc[z.pos] != '/' {
			continue
		}
		z.pos++
		if z.rawEndTag() || z.err != nil {
			break
		}
	}
	z.data.end = z.pos
	// Only RCDATA has character references.
	z.textIsRaw = z.rawTag != "textarea" && z.rawTag != "title"
	z.rawTag = ""
}

// rawEndTag reports whether "</" (read) starts the end tag of z.rawTag,
// then moves back to its "<"; if not, it moves back to the first byte
// that did not match.
func (z *Scanner) rawEndTag() bool {
	p, tag := z.pos, z.rawTag
	for i := range len(tag) {
		if p+i >= z.lim {
			z.fail()
			return false
		}
		if c := z.doc[p+i]; c != tag[i] && c != tag[i]-('a'-'A') {
			z.pos = p + i
			return false
		}
	}
	q := p + len(tag)
	if q >= z.lim {
		z.fail()
		return false
	}
	if class[z.doc[q]]&clName != 0 {
		z.pos = p - 2
		return true
	}
	z.pos = q
	return false
}

// Script data states (WHATWG HTML 13.2.5.4, 13.2.5.15 to 13.2.5.31), as
// the Tokenizer implements them.
const (
	sData = iota
	sLess
	sEndOpen
	sEscapeStart
	sEscapeStartDash
	sEscaped
	sEscapedDash
	sEscapedDashDash
	sEscapedLess
	sEscapedEndOpen
	sDoubleEscapeStart
	sDoubleEscaped
	sDoubleEscapedDash
	sDoubleEscapedDashDash
	sDoubleEscapedLess
	sDoubleEscapeEnd
)

// readScript reads script data up to "</script" and a byte that ends a
// tag name, outside the double-escaped "<!--<script>" sections.
func (z *Scanner) readScript() {
	st := sData
	for {
		var c byte
		switch st {
		case sData:
			i := bytes.IndexByte(z.doc[z.pos:z.lim], '<')
			if i < 0 {
				z.fail()
				return
			}
			z.pos += i + 1
			st = sLess
			continue
		case sEscaped, sDoubleEscaped:
			i := z.pos
			for i < z.lim && z.doc[i] != '-' && z.doc[i] != '<' {
				i++
			}
			z.pos = i
		case sEndOpen, sEscapedEndOpen:
			if z.rawEndTag() || z.err != nil {
				return
			}
			if st == sEndOpen {
				st = sData
			} else {
				st = sEscaped
			}
			continue
		case sDoubleEscapeStart:
			st = z.doubleEscapeStart()
			if z.err != nil {
				return
			}
			continue
		case sDoubleEscapeEnd:
			if z.rawEndTag() {
				z.pos += len("</script>")
				st = sEscaped
			} else if z.err != nil {
				return
			} else {
				st = sDoubleEscaped
			}
			continue
		}
		c, ok := z.read()
		if !ok {
			return
		}
		st = scriptNext(st, c)
		if st < 0 {
			z.pos--
			st = -st - 1
		}
	}
}

// doubleEscapeStart matches "script" and a byte that ends a tag name after
// "<" in escaped script data; the letter after "<" is not yet read.
func (z *Scanner) doubleEscapeStart() int {
	for i := range len("script") {
		c, ok := z.read()
		if !ok {
			return sEscaped
		}
		if c != "script"[i] && c != "SCRIPT"[i] {
			z.pos--
			return sEscaped
		}
	}
	c, ok := z.read()
	switch {
	case !ok:
		return sEscaped
	case class[c]&clName != 0:
		return sDoubleEscaped
	}
	z.pos--
	return sEscaped
}

// scriptNext is the state after reading c in state st; -s-1 means state s
// with c read again.
func scriptNext(st int, c byte) int {
	switch st {
	case sLess:
		switch c {
		case '/':
			return sEndOpen
		case '!':
			return sEscapeStart
		}
		return -sData - 1
	case sEscapeStart:
		if c == '-' {
			return sEscapeStartDash
		}
		return -sData - 1
	case sEscapeStartDash:
		if c == '-' {
			return sEscapedDashDash
		}
		return -sData - 1
	case sEscaped, sEscapedDash, sEscapedDashDash:
		switch {
		case c == '-' && st == sEscaped:
			return sEscapedDash
		case c == '-':
			return sEscapedDashDash
		case c == '<':
			return sEscapedLess
		case c == '>' && st == sEscapedDashDash:
			return sData
		}
		return sEscaped
	case sEscapedLess:
		switch {
		case c == '/':
			return sEscapedEndOpen
		case isLetter(c):
			return -sDoubleEscapeStart - 1
		}
		// The Tokenizer goes back to script data here, where the standard
		// stays escaped.
		return -sData - 1
	case sDoubleEscaped, sDoubleEscapedDash, sDoubleEscapedDashDash:
		switch {
		case c == '-' && st == sDoubleEscaped:
			return sDoubleEscapedDash
		case c == '-':
			return sDoubleEscapedDashDash
		case c == '<':
			return sDoubleEscapedLess
		case c == '>' && st == sDoubleEscapedDashDash:
			return sData
		}
		return sDoubleEscaped
	}
	// sDoubleEscapedLess
	if c == '/' {
		return sDoubleEscapeEnd
	}
	return -sDoubleEscaped - 1
}

// readMarkupDeclaration reads a token starting "<!": a comment, a
// doctype, CDATA if allowed, or a bogus comment (WHATWG HTML 13.2.5.42
// markup declaration open state).
func (z *Scanner) readMarkupDeclaration() html.TokenType {
	z.data.start = z.pos
	var c [2]byte
	for i := range c {
		if c[i] = z.readByte(); z.err != nil {
			z.data.end = z.pos
			if i == 1 && c[0] == '>' {
				z.data.end--
			}
			return html.CommentToken
		}
	}
	if c == [2]byte{'-', '-'} {
		z.readComment()
		return html.CommentToken
	}
	z.pos -= 2
	if z.readDoctype() {
		return html.DoctypeToken
	}
	if z.allowCDATA && z.readCDATA() {
		z.convertNUL = true
		return html.TextToken
	}
	z.readUntilCloseAngle()
	return html.CommentToken
}

// readComment reads a comment's data and its end, "-->", "--!>", or
// "<!-->" and "<!--->" (WHATWG HTML 13.2.5.43 to 13.2.5.52, as the
// Tokenizer implements them). Only a ">" can end it, so the scan hops
// from ">" to ">" and looks at the bytes before each.
func (z *Scanner) readComment() {
	d := z.pos
	z.data.start = d
	for first := true; ; first = false {
		i := bytes.IndexByte(z.doc[z.pos:z.lim], '>')
		if i < 0 {
			z.fail()
			z.data.end = z.abruptCommentEnd()
			break
		}
		gt := z.pos + i
		z.pos = gt + 1
		if first && (gt == d || gt == d+1 && z.doc[d] == '-') ||
			gt-2 >= d && z.doc[gt-1] == '-' && z.doc[gt-2] == '-' {
			z.data.end = gt - 2
			break
		}
		if gt-3 >= d && z.doc[gt-1] == '!' && z.doc[gt-2] == '-' && z.doc[gt-3] == '-' {
			z.data.end = gt - 3
			break
		}
	}
	z.data.end = max(z.data.end, z.data.start)
}

// abruptCommentEnd is where the data of a comment cut off by a failed read
// ends: before a trailing "-", "--" or "--!" after the "<!--".
func (z *Scanner) abruptCommentEnd() int {
	data := z.doc[z.start+len("<!--") : z.pos]
	switch {
	case hasSuffix(data, "--!"):
		return z.pos - 3
	case hasSuffix(data, "--"):
		return z.pos - 2
	case hasSuffix(data, "-"):
		return z.pos - 1
	}
	return z.pos
}

// readDoctype reads "DOCTYPE" (any case) after "<!", white space and a
// doctype up to ">", and reports whether it did. If not, it moves back
// to the start of the word, except after a read that failed other than
// at the end of the document.
func (z *Scanner) readDoctype() bool {
	const word = "DOCTYPE"
	for i := range len(word) {
		c := z.readByte()
		if z.err == io.EOF {
			z.pos, z.err = z.data.start, nil
			return false
		}
		if z.err != nil {
			z.data.end = z.pos
			return false
		}
		if c != word[i] && c != word[i]+('a'-'A') {
			z.pos = z.data.start
			return false
		}
	}
	if z.skipWhiteSpace(); z.err != nil {
		z.data = span{z.pos, z.pos}
		return true
	}
	z.readUntilCloseAngle()
	return true
}

// readCDATA reads "[CDATA[" after "<!" and a CDATA section up to "]]>"
// (WHATWG HTML 13.2.5.69), and reports whether it did; like readDoctype,
// it moves back if not.
func (z *Scanner) readCDATA() bool {
	const word = "[CDATA["
	for i := range len(word) {
		c := z.readByte()
		if z.err == io.EOF {
			z.pos, z.err = z.data.start, nil
			return false
		}
		if z.err != nil {
			z.data.end = z.pos
			return false
		}
		if c != word[i] {
			z.pos = z.data.start
			return false
		}
	}
	d := z.pos
	z.data.start = d
	for {
		i := bytes.IndexByte(z.doc[z.pos:z.lim], '>')
		if i < 0 {
			z.fail()
			z.data.end = z.pos
			return true
		}
		gt := z.pos + i
		z.pos = gt + 1
		if gt-2 >= d && z.doc[gt-1] == ']' && z.doc[gt-2] == ']' {
			z.data.end = gt - 2
			return true
		}
	}
}

func hasSuffix(b []byte, s string) bool {
	return len(b) >= len(s) && string(b[len(b)-len(s):]) == s
}
