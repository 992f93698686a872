package stylesheet

import (
	"bytes"
	"strings"

	"github.com/tdewolff/parse/v2"
	"github.com/tdewolff/parse/v2/css"
)

// A Fault is why [Check] or [Filter] refuses a style attribute or an SVG
// presentation attribute. The zero value, FaultNone, is none.
type Fault uint8

// The faults of a style attribute.
const (
	FaultNone                Fault = iota
	FaultUnterminatedComment       // a comment that runs to the end of the value
	FaultBadString                 // a string ended by a newline (§4.3.5)
	FaultBadURL                    // a malformed url( token
	FaultEscapedURL                // "url(" spelled with escapes ("u\72l(")
	FaultURL                       // the caller's URL check refused a url token's URL
	FaultExpression                // expression()
	FaultJavascript                // "javascript:"
	FaultVbscript                  // "vbscript:"
	FaultMozBinding                // -moz-binding
	FaultBehavior                  // behavior
	FaultImport                    // @import
	FaultImageSet                  // image-set()
	FaultImage                     // image()
	FaultCrossFade                 // cross-fade()
	FaultSrc                       // src()
	FaultElement                   // element()
	FaultOverlay                   // a declaration that lets content cover the page (CoversPage)
	FaultNoDeclaration             // Filter kept no declaration
	FaultCount                     // the number of faults
)

// banned are constructs that run script in some browser (expression,
// behaviors, bindings), pull in other style sheets, or take URLs in forms
// this check does not read (image-set and friends take plain strings): a
// style holding one, once escapes are decoded and comments removed, is
// dropped. The search runs over more text than any browser reads as one
// token, so it can only drop too much.
var banned = []struct {
	text  string
	fault Fault
}{
	{"expression(", FaultExpression},
	{"javascript:", FaultJavascript},
	{"vbscript:", FaultVbscript},
	{"-moz-binding", FaultMozBinding},
	{"behavior", FaultBehavior},
	{"@import", FaultImport},
	{"image-set(", FaultImageSet},
	{"image(", FaultImage},
	{"cross-fade(", FaultCrossFade},
	{"src(", FaultSrc},
	{"element(", FaultElement},
}

// Check checks a style attribute or an SVG presentation attribute. It
// reads the value with a CSS Syntax Level 3 tokenizer (§4), as a browser
// does, so a string ended by a newline, "/*" inside an unquoted url(,
// escapes such as "u\rl(" and comments such as "url/**/(" all mean what
// they mean to the browser. url is asked about the URL of every url
// token (decoded, [URLValue]) and reports whether it is accepted as
// written: rewriting CSS is not worth its risks, so a URL refused or not
// canonical drops the whole attribute, as do bad strings, bad URLs,
// unterminated comments, the banned constructs and the declarations that
// let content cover the page (overlay). It returns the fault, or
// FaultNone.
//
// The attribute checks read v as [Preprocess] does, but for invalid
// UTF-8, which they leave as it is: the caller repairs it as a browser
// decodes the document (package sanitize does for every attribute but a
// mail body's style, whose report has always named the URL as written).
// They decode every token as a string's content is decoded
// (appendDecoded, inString): a backslash at the end of a token stands
// for nothing. §4.3.7 makes it U+FFFD outside strings; the difference
// only ever drops more (a "position:fixed\" is refused as fixed, which
// a browser reads as an invalid value).
func Check(v string, url func(u string) bool) Fault {
	v = preprocess(v, false)
	lex := css.NewLexer(parse.NewInputString(v))
	// text is the value decoded and without comments, for banned.
	text := make([]byte, 0, len(v))
	for {
		tt, raw := lex.Next()
		switch tt {
		case css.ErrorToken: // the end of the value: the input is a string
			if f := bannedIn(text); f != FaultNone {
				return f
			}
			return overlay(v)
		case css.CommentToken:
			if len(raw) < 4 || !bytes.HasSuffix(raw, []byte("*/")) {
				// It runs to the end of the value and hides the rest from
				// the browser; no author needs one, and a checker that
				// stops at the first "*/" would read the rest as CSS.
				return FaultUnterminatedComment
			}
			continue
		case css.BadStringToken:
			// A newline ended the string (§4.3.5): what follows is CSS
			// to the browser and text to a naive reader. Not worth
			// keeping.
			return FaultBadString
		case css.BadURLToken:
			return FaultBadURL
		case css.URLToken:
			if !url(URLValue(raw)) {
				return FaultURL
			}
		case css.FunctionToken:
			// The lexer decides url-token or function by the name with
			// backslashes removed, so "u\72l(" comes here while the
			// browser reads a url token (§4.3.4: the name is decoded
			// first). What follows was lexed as tokens, not as a URL.
			if bytes.IndexByte(raw, '\\') >= 0 && strings.EqualFold(string(appendDecoded(nil, raw, "", true)), "url(") {
				return FaultEscapedURL
			}
		case css.WhitespaceToken:
			text = append(text, ' ')
			continue
		}
		text = appendDecoded(text, raw, "", true)
	}
}

// bannedIn reports the first banned construct in decoded, or FaultNone.
// It lower-cases decoded in place.
func bannedIn(decoded []byte) Fault {
	for i, c := range decoded {
		if 'A' <= c && c <= 'Z' {
			decoded[i] = c + 'a' - 'A'
		}
	}
	for _, bad := range banned {
		if bytes.Contains(decoded, []byte(bad.text)) {
			return bad.fault
		}
	}
	return FaultNone
}

// URLValue returns the URL of a url token as the lexer gives it: the
// name (possibly escaped, "u\rl"), "(", whitespace, then a string or an
// unquoted URL, whitespace and ")" (missing at the end of the value),
// decoded. A url token with a string is what §4.3.6 calls a url(
// function with a string argument; the browser fetches it all the same.
func URLValue(raw []byte) string {
	i := bytes.IndexByte(raw, '(') + 1
	for i < len(raw) && isSpace(raw[i]) {
		i++
	}
	if i < len(raw) && (raw[i] == '"' || raw[i] == '\'') {
		return string(appendDecoded(nil, raw[i+1:], string(raw[i]), true))
	}
	// §4.3.6: the URL ends at ")" or whitespace that is not escaped.
	return string(appendDecoded(nil, raw[i:], ") \t\n", true))
}

// overlay refuses the declarations that let content cover the page
// around it (a fake login form over the whole window, a click-jacking
// layer): position fixed or sticky, a z-index beyond ±MaxZIndex or not a
// plain integer, and a size of 90 viewport units or more (CoversPage).
// Whole-style and per-property policies refuse the same; the whole-style
// path drops the attribute, as it does for every other problem. v has
// been preprocessed. position: absolute stays: it covers the page only
// outside a positioned container, which the page must provide.
func overlay(v string) Fault {
	lex := css.NewLexer(parse.NewInputString(v))
	var prop, value []byte
	state, depth := 0, 0 // 0: before the property, 1: before ':', 2: in the value, 3: not a declaration
	for {
		tt, raw := lex.Next()
		if tt == css.ErrorToken || tt == css.SemicolonToken && depth == 0 {
			if state == 2 && coversPage(string(prop), string(bytes.TrimSpace(value))) {
				return FaultOverlay
			}
			if tt == css.ErrorToken {
				return FaultNone
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
			prop, state = bytes.ToLower(appendDecoded(prop, raw, "", true)), 1
		case state == 1 && tt == css.ColonToken:
			state = 2
		case state == 2 && tt == css.WhitespaceToken:
			value = append(value, ' ')
		case state == 2:
			value = appendDecoded(value, raw, "", true)
		default:
			state = 3
		}
	}
}

// coversPage reports whether one declaration, its property decoded and
// lower case and its value decoded, is one overlay refuses: the rule
// style sheets follow too (CoversPage).
func coversPage(prop, value string) bool {
	_, covers := CoversPage(prop, value)
	return covers
}
