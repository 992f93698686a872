package stylesheet

import (
	"strings"
	"unicode/utf8"
)

// Preprocess applies CSS Syntax §3.3 "preprocess the input stream" to
// raw: CR, CRLF and FF become LF, NUL and surrogates (here: invalid
// UTF-8) become U+FFFD. It is the one preprocessing of every CSS this
// module reads (style sheets, style attributes, presentation
// attributes), so that the lexer is given the text the browser's
// tokenizer sees; the parser treats a NUL byte as the end of input, so
// this must run first. raw itself is returned when nothing changes.
func Preprocess(raw string) string { return preprocess(raw, true) }

// preprocess is Preprocess; repair says invalid UTF-8 becomes U+FFFD.
// The attribute checks leave it as it is (see Check).
func preprocess(raw string, repair bool) string {
	if !strings.ContainsAny(raw, "\r\f\x00") && (!repair || utf8.ValidString(raw)) {
		return raw
	}
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
		case c < utf8.RuneSelf || !repair:
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

// isSpace reports whether c is whitespace after a hex escape: CSS
// Syntax's (space, tab, LF) and the CR and FF that preprocessing makes
// LF, which a value read as written (Refs) still holds.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

// escaped decodes the escape after a backslash at s[0] (CSS Syntax
// §4.3.7 "consume an escaped code point") and returns the code point and
// the bytes consumed after the backslash: up to six hex digits and one
// whitespace, or one code point. Zero, surrogates and values past
// U+10FFFF become U+FFFD, and so does a backslash at the end of input.
// It is the one CSS escape decoder of the module.
func escaped[T string | []byte](s T) (rune, int) {
	if len(s) == 0 {
		return utf8.RuneError, 0
	}
	if !isHex(s[0]) {
		// At most utf8.UTFMax bytes: the conversion stays on the stack.
		return utf8.DecodeRuneInString(string(s[:min(len(s), utf8.UTFMax)]))
	}
	var v rune
	n := 0
	for n < len(s) && n < 6 && isHex(s[n]) {
		v = v<<4 | hexVal(s[n])
		n++
	}
	if n < len(s) && isSpace(s[n]) {
		n++
	}
	if v == 0 || v > utf8.MaxRune || 0xD800 <= v && v <= 0xDFFF {
		v = utf8.RuneError
	}
	return v, n
}

// appendDecoded appends s to dst with every escape decoded (escaped), up
// to the first byte of stops that is not escaped. In a string (inString,
// CSS Syntax §4.3.5) a backslash before a newline is a line continuation
// and one at the end of input stands for nothing; elsewhere the first
// stands for the newline and the second for U+FFFD (§4.3.7).
func appendDecoded[T string | []byte](dst []byte, s T, stops string, inString bool) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case stops != "" && strings.IndexByte(stops, c) >= 0:
			return dst
		case c != '\\':
			dst = append(dst, c)
			i++
		case inString && (i+1 == len(s) || s[i+1] == '\n'):
			i = min(i+2, len(s))
		default:
			r, n := escaped(s[i+1:])
			dst = utf8.AppendRune(dst, r)
			i += 1 + n
		}
	}
	return dst
}

// decode returns s with every CSS escape decoded (appendDecoded).
func decode(s string, inString bool) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var buf [128]byte
	return string(appendDecoded(buf[:0], s, "", inString))
}

// skipIdent returns the length of the ident-like prefix of s, escapes
// included: the name of a function or url( token before its "(".
func skipIdent(s string) int {
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == '\\':
			_, n := escaped(s[i+1:])
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
// open at the end of input has no closing quote. A backslash at the end
// of such a string stands for nothing in CSS Syntax §4.3.5.
func decodeString(s string) string {
	if s == "" {
		return ""
	}
	q := s[0]
	s = s[1:]
	if strings.HasSuffix(s, string(q)) && !escapedEnd(s[:len(s)-1]) {
		s = s[:len(s)-1]
	}
	if escapedEnd(s) {
		// Here it stands for U+FFFD, as §4.3.7 has it outside strings:
		// the stricter reading (a font-family of "abc\ at the end of a
		// sheet is refused, not kept as "abc"), and the one sheets
		// already sanitised were written with.
		return decode(s, true) + string(utf8.RuneError)
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
