package htmlscan

import (
	"bytes"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// Text returns the decoded text of a text, comment or doctype token, as
// [html.Tokenizer.Text] does: "\r\n" and "\r" become "\n"; NUL becomes
// U+FFFD in comments, raw text, RCDATA, script data, plaintext and CDATA
// (not in other text or doctypes); and character references are decoded
// except in raw text, script data and plaintext. It returns nil for other
// tokens and an empty slice when called again for the same token.
//
// The result may alias the document and must not be modified; it is
// valid until the next call to [Scanner.Next].
func (z *Scanner) Text() []byte {
	switch z.tt {
	case html.TextToken, html.CommentToken, html.DoctypeToken:
	default:
		return nil
	}
	s := z.doc[z.data.start:z.data.end:z.data.end]
	z.data = span{z.pos, z.pos}
	return z.decode(s, z.convertNUL || z.tt == html.CommentToken, !z.textIsRaw, false)
}

// TagName returns the name of a start, end or self-closing tag token,
// with A-Z in lower case and NUL as U+FFFD, and whether TagAttr has
// attributes left to return, as [html.Tokenizer.TagName] does. Called
// again for the same token, it returns nil.
//
// The result may alias the document and must not be modified; it is
// valid until the next call to [Scanner.Next].
func (z *Scanner) TagName() (name []byte, hasAttr bool) {
	if z.data.start >= z.data.end {
		return nil, false
	}
	switch z.tt {
	case html.StartTagToken, html.EndTagToken, html.SelfClosingTagToken:
	default:
		return nil, false
	}
	s := z.doc[z.data.start:z.data.end:z.data.end]
	z.data = span{z.pos, z.pos}
	z.dedupe()
	return z.lower(s), z.nAttr < len(z.attrs)
}

// TagAttr returns the next attribute of a start or self-closing tag
// token, and whether there are more, as [html.Tokenizer.TagAttr] does:
// attributes without a key and repeats of a key (in any case) are left
// out; the key has A-Z in lower case and NUL as U+FFFD; the value has
// NUL as U+FFFD, newlines normalised and character references decoded as
// in an attribute value. It returns nil, nil, false when there are none.
//
// The results may alias the document and must not be modified; they are
// valid until the next call to [Scanner.Next].
func (z *Scanner) TagAttr() (key, val []byte, more bool) {
	switch z.tt {
	case html.StartTagToken, html.SelfClosingTagToken:
	default:
		return nil, nil, false
	}
	z.dedupe()
	if z.nAttr >= len(z.attrs) {
		return nil, nil, false
	}
	a := z.attrs[z.nAttr]
	z.nAttr++
	key = z.lower(z.doc[a.key.start:a.key.end:a.key.end])
	val = z.decode(z.doc[a.val.start:a.val.end:a.val.end], true, true, true)
	return key, val, z.nAttr < len(z.attrs)
}

// lower returns s with A-Z in lower case and NUL as U+FFFD: s itself if
// that changes nothing, else a copy in z.out.
func (z *Scanner) lower(s []byte) []byte {
	i := 0
	for i < len(s) && class[s[i]]&clUpper == 0 {
		i++
	}
	if i == len(s) {
		return s
	}
	start := len(z.out)
	z.out = append(z.out, s[:i]...)
	for _, c := range s[i:] {
		switch {
		case c == 0:
			z.out = append(z.out, "\uFFFD"...)
		case 'A' <= c && c <= 'Z':
			z.out = append(z.out, c+'a'-'A')
		default:
			z.out = append(z.out, c)
		}
	}
	return z.out[start:len(z.out):len(z.out)]
}

// decode returns s with "\r\n" and "\r" as "\n", NUL as U+FFFD if nul,
// and character references decoded if refs (attribute says how): s
// itself if that changes nothing, else a copy in z.out. The Tokenizer
// does these one after the other; doing them in one pass gives the same
// bytes, since a reference never contains CR, LF, NUL or U+FFFD.
func (z *Scanner) decode(s []byte, nul, refs, attribute bool) []byte {
	if bytes.IndexByte(s, '\r') < 0 && (!nul || bytes.IndexByte(s, 0) < 0) &&
		(!refs || bytes.IndexByte(s, '&') < 0) {
		return s
	}
	start := len(z.out)
	b := z.out
	for i := 0; i < len(s); {
		j := i
		for j < len(s) {
			c := s[j]
			if c == '\r' || c == 0 && nul || c == '&' && refs {
				break
			}
			j++
		}
		b = append(b, s[i:j]...)
		if j == len(s) {
			break
		}
		switch s[j] {
		case '\r':
			b = append(b, '\n')
			j++
			if j < len(s) && s[j] == '\n' {
				j++
			}
		case 0:
			b = append(b, "\uFFFD"...)
			j++
		default:
			var n int
			b, n = appendRef(b, s[j:], attribute)
			j += n
		}
		i = j
	}
	z.out = b
	return b[start:len(b):len(b)]
}

// appendRef appends what the character reference at the start of s (an
// "&") stands for, or "&" if it is none, and returns how many bytes it
// took (WHATWG HTML 13.2.5.72 character reference state, as the
// Tokenizer's unescape implements it). In an attribute value a named
// reference must match in full, and one without ";" is not decoded
// before "=".
func appendRef(b, s []byte, attribute bool) ([]byte, int) {
	if len(s) > 2 && s[1] == '#' {
		return appendNumericRef(b, s)
	}
	i := 1
	for i < len(s) && class[s[i]]&clAlnum != 0 {
		i++
	}
	if i < len(s) && s[i] == ';' {
		i++
	}
	name := s[1:i]
	switch {
	case len(name) == 0:
	case attribute && name[len(name)-1] != ';' && i < len(s) && s[i] == '=':
	default:
		if v, ok := lookupEntity(name); ok {
			return append(b, v...), i
		}
		if attribute {
			break
		}
		// The longest prefix that names a reference without ";".
		for j := min(len(name)-1, maxLegacyName); j > 1; j-- {
			if v, ok := lookupEntity(name[:j]); ok {
				return append(b, v...), j + 1
			}
		}
	}
	return append(b, '&'), 1
}

// maxLegacyName is the length of the longest reference name that needs
// no ";" (WHATWG HTML 13.5, named character references).
const maxLegacyName = 6

// appendNumericRef decodes "&#" and decimal digits, or "&#x" and hex
// digits, and an optional ";".
func appendNumericRef(b, s []byte) ([]byte, int) {
	i, base := 2, rune(10)
	if s[i] == 'x' || s[i] == 'X' {
		i, base = 3, 16
	}
	first, r := i, rune(0)
	for ; i < len(s); i++ {
		d := hexDigit(s[i])
		if d >= base {
			break
		}
		if r <= utf8.MaxRune {
			r = r*base + d
		}
	}
	if i == first {
		return append(b, '&'), 1
	}
	if i < len(s) && s[i] == ';' {
		i++
	}
	switch {
	case 0x80 <= r && r <= 0x9F:
		r = windows1252[r-0x80]
	case r == 0 || 0xD800 <= r && r <= 0xDFFF || r > utf8.MaxRune:
		r = utf8.RuneError
	}
	return utf8.AppendRune(b, r), i
}

// hexDigit is c's value as a hex digit, or 16.
func hexDigit(c byte) rune {
	switch {
	case '0' <= c && c <= '9':
		return rune(c - '0')
	case 'a' <= c && c <= 'f':
		return rune(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return rune(c-'A') + 10
	}
	return 16
}

// windows1252 is what a numeric reference to 0x80 to 0x9F stands for
// (WHATWG HTML 13.2.5.80 numeric character reference end state).
var windows1252 = [32]rune{
	0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
	0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
}

// entity is a named character reference; see entity_table.go.
type entity struct{ name, val string }

// lookupEntity returns what the reference named name (with its ";", if
// any) stands for.
func lookupEntity(name []byte) (string, bool) {
	lo, hi := 0, len(entities)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if entities[m].name < string(name) {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(entities) && entities[lo].name == string(name) {
		return entities[lo].val, true
	}
	return "", false
}

//go:generate go run gen_entity.go
