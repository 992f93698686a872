package stylesheet

import (
	"strings"
	"unicode/utf8"
)

// preprocess applies CSS Syntax §3.3 to raw: CR, CRLF and FF become LF,
// NUL and surrogates (here: invalid UTF-8) become U+FFFD. The parser
// treats a NUL byte as the end of input, so this must run first.
func preprocess(raw string) string {
	var b strings.Builder
	b.Grow(len(raw))
	for i := 0; i < len(raw); {
		c := raw[i]
		switch {
		case c == '\r':
			b.WriteByte('\n')
			if i+1 < len(raw) && raw[i+1] == '\n' {
				i++
			}
			i++
		case c == '\f':
			b.WriteByte('\n')
			i++
		case c == 0:
			b.WriteRune(utf8.RuneError)
			i++
		case c < utf8.RuneSelf:
			b.WriteByte(c)
			i++
		default:
			r, n := utf8.DecodeRuneInString(raw[i:])
			b.WriteRune(r) // RuneError for an invalid sequence
			i += n
		}
	}
	return b.String()
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f'
}

func hexVal(c byte) rune {
	if c <= '9' {
		return rune(c - '0')
	}
	return rune(c|0x20-'a') + 10
}

// decodeEscape decodes the escape after a backslash at s[0] (CSS Syntax
// §4.3.7) and returns the code point and the bytes consumed after the
// backslash. A backslash at the end of input gives U+FFFD.
func decodeEscape(s string) (rune, int) {
	if s == "" {
		return utf8.RuneError, 0
	}
	if !isHex(s[0]) {
		r, n := utf8.DecodeRuneInString(s)
		return r, n
	}
	var v rune
	n := 0
	for n < len(s) && n < 6 && isHex(s[n]) {
		v = v<<4 | hexVal(s[n])
		n++
	}
	if n < len(s) && (s[n] == ' ' || s[n] == '\t' || s[n] == '\n') {
		n++
	}
	if v == 0 || v > utf8.MaxRune || 0xD800 <= v && v <= 0xDFFF {
		v = utf8.RuneError
	}
	return v, n
}

// decode returns s with every CSS escape decoded. In strings (inString)
// a backslash before a newline is a line continuation and vanishes.
func decode(s string, inString bool) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			i++
			continue
		}
		i++
		if inString && i < len(s) && s[i] == '\n' {
			i++
			continue
		}
		r, n := decodeEscape(s[i:])
		b.WriteRune(r)
		i += n
	}
	return b.String()
}

// skipIdent returns the length of the ident-like prefix of s, escapes
// included: the name of a function or url( token before its "(".
func skipIdent(s string) int {
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == '\\':
			_, n := decodeEscape(s[i+1:])
			i += 1 + n
		case c == '(':
			return i
		default:
			i++
		}
	}
	return len(s)
}

// decodeString decodes a string token, quotes included; a string left
// open at the end of input has no closing quote.
func decodeString(s string) string {
	if s == "" {
		return ""
	}
	q := s[0]
	s = s[1:]
	if strings.HasSuffix(s, string(q)) && !escapedEnd(s[:len(s)-1]) {
		s = s[:len(s)-1]
	}
	return decode(s, true)
}

// escapedEnd reports whether s ends inside an escape, that is with an
// odd number of backslashes.
func escapedEnd(s string) bool {
	n := 0
	for n < len(s) && s[len(s)-1-n] == '\\' {
		n++
	}
	return n%2 == 1
}

// decodeURL returns the decoded value of a url( token: the text between
// the parentheses, quoted or not.
func decodeURL(s string) string {
	i := skipIdent(s)
	if i >= len(s) {
		return ""
	}
	s = strings.Trim(s[i+1:], " \t\n")
	if strings.HasSuffix(s, ")") && !escapedEnd(s[:len(s)-1]) {
		s = strings.TrimRight(s[:len(s)-1], " \t\n")
	}
	if s != "" && (s[0] == '"' || s[0] == '\'') {
		return decodeString(s)
	}
	return decode(s, false)
}

// isNameRune reports whether r may appear unescaped in an identifier.
func isNameRune(r rune) bool {
	return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' ||
		r == '-' || r == '_' || r >= 0x80 && r != utf8.RuneError
}

// writeHex writes the hex escape of r with its terminating space.
func writeHex(b *strings.Builder, r rune) {
	const digits = "0123456789abcdef"
	var buf [8]byte
	i := len(buf)
	for {
		i--
		buf[i] = digits[r&0xf]
		r >>= 4
		if r == 0 {
			break
		}
	}
	b.WriteByte('\\')
	b.Write(buf[i:])
	b.WriteByte(' ')
}

// writeIdent serialises name as an identifier (CSSOM "serialize an
// identifier"), escaping every ASCII byte outside [A-Za-z0-9_-] in hex
// so that the output never holds "<", a quote or a backslash pair a
// reader could misread. What it writes "would start an identifier" (CSS
// Syntax §4.3.9) and reads back as one ident token of the same value: a
// lone "-" and a digit first or after a first "-" are escaped, and so is
// the second "-" of a leading "--", which the lexer would read as a
// custom property name ("--x"), not an ident.
func writeIdent(b *strings.Builder, name string) {
	if name == "-" {
		b.WriteString(`\-`)
		return
	}
	for i, r := range name {
		digitStart := '0' <= r && r <= '9' && (i == 0 || i == 1 && name[0] == '-')
		if r == utf8.RuneError || !isNameRune(r) || digitStart {
			writeHex(b, r)
			continue
		}
		if i == 1 && r == '-' && name[0] == '-' {
			b.WriteString(`\-`)
			continue
		}
		b.WriteRune(r)
	}
}

// writeName serialises name as the name of a hash token, which may begin
// with a digit.
func writeName(b *strings.Builder, name string) {
	for _, r := range name {
		if r == utf8.RuneError || !isNameRune(r) {
			writeHex(b, r)
			continue
		}
		b.WriteRune(r)
	}
}

// writeString serialises s as a double-quoted string, escaping controls,
// quotes, backslashes, "<" and ">" in hex.
func writeString(b *strings.Builder, s string) {
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r < 0x20, r == 0x7f, r == '"', r == '\\', r == '<', r == '>':
			writeHex(b, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
}
