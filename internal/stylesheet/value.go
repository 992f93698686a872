package stylesheet

import (
	"bytes"

	"github.com/tdewolff/parse/v2/css"

	"github.com/htmlclean/htmlclean/internal/ascii"
)

// functions are the value functions kept: colours, maths, gradients,
// transforms, filters and timing. An allowlist: url() is handled apart,
// and image-set(), cross-fade(), element(), src(), expression(), var(),
// env() and attr() are outside it.
var functions = map[string]bool{
	"rgb": true, "rgba": true, "hsl": true, "hsla": true, "hwb": true,
	"lab": true, "lch": true, "oklab": true, "oklch": true, "color-mix": true,
	"calc": true, "min": true, "max": true, "clamp": true,
	"linear-gradient": true, "radial-gradient": true, "conic-gradient": true,
	"repeating-linear-gradient": true, "repeating-radial-gradient": true,
	"repeating-conic-gradient": true, "translate": true, "translatex": true,
	"translatey": true, "scale": true, "scalex": true, "scaley": true,
	"rotate": true, "skew": true, "skewx": true, "skewy": true, "matrix": true,
	"blur": true, "brightness": true, "contrast": true, "drop-shadow": true,
	"grayscale": true, "hue-rotate": true, "invert": true, "opacity": true,
	"saturate": true, "sepia": true,
	"cubic-bezier": true, "steps": true, "minmax": true, "repeat": true,
	"fit-content": true, "rect": true, "inset": true, "counter": true,
}

// scriptProperties run code or load components in some browser
// (CSS behaviours in IE, XBL bindings in Firefox): never kept.
var scriptProperties = map[string]bool{
	"behavior": true, "-ms-behavior": true, "-moz-binding": true, "binding": true,
}

// sizeProperties are the properties whose viewport-sized values cover the
// page; max-* only limit a size and are not among them.
var sizeProperties = map[string]bool{
	"width": true, "height": true, "min-width": true, "min-height": true,
	"inline-size": true, "block-size": true, "min-inline-size": true, "min-block-size": true,
}

// checkDecl checks one declaration and returns it serialised.
func checkDecl(rawProp string, vals []css.Token, o *Options) (string, Reason, bool) {
	prop := ascii.Lower(decode(rawProp, false))
	if !validProperty(prop) {
		return "", ReasonProperty, false
	}
	if scriptProperties[prop] {
		return "", ReasonScript, false
	}
	if namesAcrossTree(prop) {
		// Whatever the value (CoversPage): said before a value check
		// gives a vaguer reason.
		return "", ReasonAnchor, false
	}
	if badURL(vals) {
		return "", ReasonURL, false
	}
	vals, important := cutImportant(vals)
	value, r, ok := writeValue(vals, o, false)
	if !ok {
		return "", r, false
	}
	if r, covers := CoversPage(prop, value); covers {
		return "", r, false
	}
	if o.Decl == nil || !o.Decl(prop, value) {
		return "", ReasonProperty, false
	}
	if important {
		value += " !important"
	}
	return prop + ":" + value, 0, true
}

// badURL reports whether vals hold a bad url token: a url( whose URL
// holds a quote, "(" or a space before its end (CSS Syntax §4.3.6), most
// often a script URL, url(javascript:f(1)). Its declaration goes as a
// refused url() does.
func badURL(vals []css.Token) bool {
	for _, t := range vals {
		if t.TokenType == css.BadURLToken {
			return true
		}
	}
	return false
}

// validProperty reports whether p is a lower-case property name: letters,
// digits and "-", not a custom property and not an IE hack ("*color").
func validProperty(p string) bool {
	// Written as it is, p must start an ident (CSS Syntax §4.3.9): a
	// letter, or "-" and a letter ("-1a" is a dimension, "--a" a
	// custom property, "-" a delimiter).
	first := p
	if p != "" && p[0] == '-' {
		first = p[1:]
	}
	if first == "" || !('a' <= first[0] && first[0] <= 'z') {
		return false
	}
	for i := 0; i < len(p); i++ {
		if c := p[i]; !(c == '-' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// cutImportant removes a trailing "!important" and reports whether there
// was one. It is kept: responsive mails override their inline styles in
// @media with it, and under the scope it can only win inside the mail.
func cutImportant(vals []css.Token) ([]css.Token, bool) {
	n := len(trimSpace(vals))
	if n < 2 || vals[n-1].TokenType != css.IdentToken || !isImportant(vals[n-1].Data) {
		return vals, false
	}
	i := n - 2
	for i > 0 && vals[i].TokenType == css.WhitespaceToken {
		i--
	}
	if vals[i].TokenType != css.DelimToken || vals[i].Data[0] != '!' {
		return vals, false
	}
	return vals[:i], true
}

// isImportant reports whether the identifier ident reads "important",
// in any case and with any escapes; without a backslash it is compared
// byte by byte, with no copy (b|0x20 is a lower-case letter c only for c
// and its upper case).
func isImportant(ident []byte) bool {
	const word = "important"
	if bytes.IndexByte(ident, '\\') >= 0 {
		return lowerName(ident, 0) == word
	}
	if len(ident) != len(word) {
		return false
	}
	for i := range len(word) {
		if ident[i]|0x20 != word[i] {
			return false
		}
	}
	return true
}

// splitDimension splits a dimension token into its number and its decoded,
// lower-cased unit, which must be ASCII letters.
func splitDimension(s string) (num, unit string, ok bool) {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	i += digits(s[i:])
	if i+1 < len(s) && s[i] == '.' && '0' <= s[i+1] && s[i+1] <= '9' {
		i++
		i += digits(s[i:])
	}
	if j := i + 1; j < len(s) && (s[i] == 'e' || s[i] == 'E') {
		if j+1 < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		if d := digits(s[j:]); d > 0 {
			i = j + d
		}
	}
	num, unit = s[:i], ascii.Lower(decode(s[i:], false))
	if unit == "" {
		return "", "", false
	}
	for k := 0; k < len(unit); k++ {
		if unit[k] < 'a' || unit[k] > 'z' {
			return "", "", false
		}
	}
	return num, unit, true
}
