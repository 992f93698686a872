package sanitize

import (
	"strings"
	"unicode/utf8"
)

// cssBanned are constructs that run script in some browser (expression,
// behaviors, bindings), pull in other style sheets, or take URLs in forms
// this check does not parse (image-set and friends): a style holding one
// is dropped.
var cssBanned = []string{
	"expression(", "javascript:", "vbscript:", "-moz-binding", "behavior",
	"@import", "image-set(", "image(", "cross-fade(", "src(", "element(",
}

// css checks a style attribute or an SVG presentation attribute. It reads
// the value as the CSS tokenizer would (escapes decoded, comments removed,
// CSS Syntax §4.3), so "u\rl(" and "url/**/(" cannot hide a URL. Every
// url() must hold a URL that urlnorm accepts under the policy and that is
// already canonical: rewriting CSS is not worth its risks, so anything
// else drops the whole attribute. It returns the reason, or "".
func (s *pass) css(v string) string {
	d, ok := decodeCSS(v)
	if !ok {
		// A comment that runs to the end of the value hides the rest from
		// the browser; no author needs one, and a checker that stops at
		// the first "*/" (or a value joined to another) would read the
		// rest as CSS.
		return "css-unterminated-comment"
	}
	lower := lowerASCII(d)
	for _, bad := range cssBanned {
		if strings.Contains(lower, bad) {
			return "css-" + strings.Trim(bad, "(:@-")
		}
	}
	for i := 0; ; {
		k := strings.Index(lower[i:], "url(")
		if k < 0 {
			return ""
		}
		arg, end, ok := cssURLArg(d, i+k+len("url("))
		if !ok {
			return "css-bad-url"
		}
		canon, _, r := s.url(arg)
		switch {
		case r != "":
			return r
		case canon != arg:
			return "css-url-not-canonical"
		}
		i = end
	}
}

// lowerASCII lower-cases ASCII letters only, so byte offsets stay valid.
func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// decodeCSS removes comments and decodes escapes outside and inside
// strings. Quotes are tracked so that "/*" in a string is not a comment.
// It reports false for a comment that is not closed.
func decodeCSS(v string) (string, bool) {
	var b strings.Builder
	var quote byte
	for i := 0; i < len(v); {
		c := v[i]
		switch {
		case quote == 0 && c == '/' && i+1 < len(v) && v[i+1] == '*':
			end := strings.Index(v[i+2:], "*/")
			if end < 0 {
				return "", false // it would run to the end of the value
			}
			i += end + 4
			continue
		case c == '\\':
			if r, n := cssEscape(v[i+1:]); r >= 0 {
				b.WriteRune(r)
				i += 1 + n
			} else {
				i += 1 + n // an escaped newline is nothing
			}
			continue
		case quote == 0 && (c == '"' || c == '\''):
			quote = c
		case c == quote:
			quote = 0
		}
		b.WriteByte(c)
		i++
	}
	return b.String(), true
}

// cssEscape decodes the escape after a backslash: up to six hex digits and
// one optional whitespace, an escaped newline (nothing), or one code point.
func cssEscape(s string) (rune, int) {
	n, v := 0, rune(0)
	for n < len(s) && n < 6 && isHexDigit(s[n]) {
		v = v<<4 | rune(hexValue(s[n]))
		n++
	}
	if n > 0 {
		if n < len(s) && isSpace(s[n]) {
			n++
		}
		if v == 0 || v > utf8.MaxRune || 0xD800 <= v && v <= 0xDFFF {
			v = utf8.RuneError
		}
		return v, n
	}
	if s == "" {
		return utf8.RuneError, 0
	}
	if s[0] == '\n' {
		return -1, 1
	}
	r, size := utf8.DecodeRuneInString(s)
	return r, size
}

// cssURLArg reads the argument of url( starting at i: a quoted string or an
// unquoted URL, then optional whitespace and ")". It returns the argument,
// the index after ")", and false for anything CSS would call a bad URL.
func cssURLArg(d string, i int) (string, int, bool) {
	for i < len(d) && isSpace(d[i]) {
		i++
	}
	if i == len(d) {
		return "", i, false
	}
	var arg string
	if q := d[i]; q == '"' || q == '\'' {
		end := strings.IndexByte(d[i+1:], q)
		if end < 0 {
			return "", i, false
		}
		arg, i = d[i+1:i+1+end], i+2+end
	} else {
		start := i
		for i < len(d) && d[i] != ')' && !isSpace(d[i]) {
			if c := d[i]; c == '"' || c == '\'' || c == '(' {
				return "", i, false
			}
			i++
		}
		arg = d[start:i]
	}
	for i < len(d) && isSpace(d[i]) {
		i++
	}
	if i == len(d) || d[i] != ')' {
		return "", i, false
	}
	return arg, i + 1, true
}

func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f'
}

func hexValue(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return c | 0x20 - 'a' + 10
}
