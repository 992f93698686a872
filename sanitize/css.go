package sanitize

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/tdewolff/parse/v2"
	"github.com/tdewolff/parse/v2/css"

	"github.com/htmlclean/htmlclean/internal/stylesheet"
)

// cssBanned are constructs that run script in some browser (expression,
// behaviors, bindings), pull in other style sheets, or take URLs in forms
// this check does not read (image-set and friends take plain strings): a
// style holding one, once escapes are decoded and comments removed, is
// dropped. The search runs over more text than any browser reads as one
// token, so it can only drop too much.
var cssBanned = []struct {
	text   string
	reason Reason
}{
	{"expression(", ReasonCSSExpression},
	{"javascript:", ReasonCSSJavascript},
	{"vbscript:", ReasonCSSVbscript},
	{"-moz-binding", ReasonCSSMozBinding},
	{"behavior", ReasonCSSBehavior},
	{"@import", ReasonCSSImport},
	{"image-set(", ReasonCSSImageSet},
	{"image(", ReasonCSSImage},
	{"cross-fade(", ReasonCSSCrossFade},
	{"src(", ReasonCSSSrc},
	{"element(", ReasonCSSElement},
}

// cssNewlines is CSS Syntax §3.3 "preprocess the input stream": CR, CRLF
// and FF become LF, and NUL becomes U+FFFD. The lexer is given the value
// as the browser's tokenizer sees it.
var cssNewlines = strings.NewReplacer("\r\n", "\n", "\r", "\n", "\f", "\n", "\x00", "\uFFFD")

// css checks a style attribute or an SVG presentation attribute. It reads
// the value with a CSS Syntax Level 3 tokenizer (§4), as a browser does, so
// a string ended by a newline, "/*" inside an unquoted url(, escapes such
// as "u\rl(" and comments such as "url/**/(" all mean what they mean to
// the browser. Every url token must hold a URL that urlnorm accepts under
// the policy and that is already canonical: rewriting CSS is not worth its
// risks, so anything else drops the whole attribute, as do bad strings,
// bad URLs, unterminated comments, the cssBanned constructs and the
// declarations that let content cover the page (cssOverlay). It returns
// the reason, or "".
func (s *pass) css(c *checking, v string) Reason {
	if strings.ContainsAny(v, "\r\f\x00") {
		v = cssNewlines.Replace(v)
	}
	lex := css.NewLexer(parse.NewInputString(v))
	// text is the value decoded and without comments, for cssBanned.
	text := make([]byte, 0, len(v))
	for {
		tt, raw := lex.Next()
		switch tt {
		case css.ErrorToken: // the end of the value: the input is a string
			if r := cssBannedIn(text); r != "" {
				return r
			}
			return cssOverlay(v)
		case css.CommentToken:
			if len(raw) < 4 || !bytes.HasSuffix(raw, []byte("*/")) {
				// It runs to the end of the value and hides the rest from
				// the browser; no author needs one, and a checker that
				// stops at the first "*/" would read the rest as CSS.
				return ReasonCSSUnterminatedComment
			}
			continue
		case css.BadStringToken:
			// A newline ended the string (§4.3.5): what follows is CSS
			// to the browser and text to a naive reader. Not worth
			// keeping.
			return ReasonCSSBadString
		case css.BadURLToken:
			return ReasonCSSBadURL
		case css.URLToken:
			if reason := s.cssURL(c, cssURLValue(raw)); reason != "" {
				return reason
			}
		case css.FunctionToken:
			// The lexer decides url-token or function by the name with
			// backslashes removed, so "u\72l(" comes here while the
			// browser reads a url token (§4.3.4: the name is decoded
			// first). What follows was lexed as tokens, not as a URL.
			if bytes.IndexByte(raw, '\\') >= 0 && strings.EqualFold(string(cssDecode(nil, raw, "")), "url(") {
				return ReasonCSSEscapedURL
			}
		case css.WhitespaceToken:
			text = append(text, ' ')
			continue
		}
		text = cssDecode(text, raw, "")
	}
}

// cssURL checks the URL of one url token.
func (s *pass) cssURL(c *checking, u string) Reason {
	canon, _, r := s.url(c, u)
	switch {
	case r != "":
		return r
	case canon != u:
		return ReasonCSSURLNotCanonical
	}
	return ""
}

// cssBannedIn reports the first cssBanned construct in decoded, or "".
// It lower-cases decoded in place.
func cssBannedIn(decoded []byte) Reason {
	for i, c := range decoded {
		if 'A' <= c && c <= 'Z' {
			decoded[i] = c + 'a' - 'A'
		}
	}
	for _, bad := range cssBanned {
		if bytes.Contains(decoded, []byte(bad.text)) {
			return bad.reason
		}
	}
	return ""
}

// cssURLValue returns the URL of a url token as the lexer gives it: the
// name (possibly escaped, "u\rl"), "(", whitespace, then a string or an
// unquoted URL, whitespace and ")" (missing at the end of the value). A
// url token with a string is what §4.3.6 calls a url( function with a
// string argument; the browser fetches it all the same.
func cssURLValue(raw []byte) string {
	i := bytes.IndexByte(raw, '(') + 1
	for i < len(raw) && isSpace(raw[i]) {
		i++
	}
	if i < len(raw) && (raw[i] == '"' || raw[i] == '\'') {
		return string(cssDecode(nil, raw[i+1:], string(raw[i])))
	}
	// §4.3.6: the URL ends at ")" or whitespace that is not escaped.
	return string(cssDecode(nil, raw[i:], ") \t\n"))
}

// cssDecode appends raw to dst with its escapes decoded (§4.3.7), up to
// the first byte of stops that is not escaped. A backslash before a
// newline is a line continuation in a string and stands for nothing; one
// at the end of the input stands for nothing (§4.3.5).
func cssDecode(dst, raw []byte, stops string) []byte {
	for i := 0; i < len(raw); {
		c := raw[i]
		switch {
		case strings.IndexByte(stops, c) >= 0:
			return dst
		case c != '\\':
			dst = append(dst, c)
			i++
		case i+1 == len(raw):
			i++
		case raw[i+1] == '\n':
			i += 2
		default:
			r, n := cssEscape(raw[i+1:])
			dst = utf8.AppendRune(dst, r)
			i += 1 + n
		}
	}
	return dst
}

// cssEscape decodes the escape after a backslash, which is not followed
// by a newline or the end: up to six hex digits and one optional
// whitespace, or one code point. Zero, surrogates and values past
// U+10FFFF become U+FFFD.
func cssEscape(s []byte) (rune, int) {
	n, v := 0, rune(0)
	for n < len(s) && n < 6 && isHexDigit(s[n]) {
		v = v<<4 | rune(hexValue(s[n]))
		n++
	}
	if n == 0 {
		return utf8.DecodeRune(s)
	}
	if n < len(s) && isSpace(s[n]) {
		n++
	}
	if v == 0 || v > utf8.MaxRune || 0xD800 <= v && v <= 0xDFFF {
		v = utf8.RuneError
	}
	return v, n
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

// cssOverlay refuses the declarations that let content cover the page
// around it (a fake login form over the whole window, a click-jacking
// layer): position fixed or sticky, a z-index beyond ±stylesheet.MaxZIndex or
// not a plain integer, and a size of 90 viewport units or more. Whole-style
// and per-property policies refuse the same; the whole-style path drops
// the attribute, as it does for every other problem. v has had its
// newlines preprocessed. position: absolute stays: it covers the page
// only outside a positioned container, which the page must provide.
func cssOverlay(v string) Reason {
	lex := css.NewLexer(parse.NewInputString(v))
	var prop, value []byte
	state, depth := 0, 0 // 0: before the property, 1: before ':', 2: in the value, 3: not a declaration
	for {
		tt, raw := lex.Next()
		if tt == css.ErrorToken || tt == css.SemicolonToken && depth == 0 {
			if state == 2 && cssOverlayDecl(string(prop), string(bytes.TrimSpace(value))) {
				return ReasonCSSOverlay
			}
			if tt == css.ErrorToken {
				return ""
			}
			prop, value, state = prop[:0], value[:0], 0
			continue
		}
		switch tt {
		case css.FunctionToken, css.LeftParenthesisToken, css.LeftBracketToken, css.LeftBraceToken:
			depth++
		case css.RightParenthesisToken, css.RightBracketToken, css.RightBraceToken:
			depth = max(depth-1, 0)
		}
		switch {
		case tt == css.CommentToken, state != 2 && tt == css.WhitespaceToken:
		case state == 0 && tt == css.IdentToken:
			prop, state = bytes.ToLower(cssDecode(prop, raw, "")), 1
		case state == 1 && tt == css.ColonToken:
			state = 2
		case state == 2 && tt == css.WhitespaceToken:
			value = append(value, ' ')
		case state == 2:
			value = cssDecode(value, raw, "")
		default:
			state = 3
		}
	}
}

// cssOverlayDecl reports whether one declaration, its property decoded
// and lower case and its value decoded, is one cssOverlay refuses: the
// rule style sheets follow too (stylesheet.CoversPage).
func cssOverlayDecl(prop, value string) bool {
	_, covers := stylesheet.CoversPage(prop, value)
	return covers
}
