package linktext

import (
	"slices"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Read returns text as a reader sees it: look-alike dots and slashes
// (UTS #39 confusables of "." and "/" that are punctuation or symbols,
// and the ideographic full stop, which UTS #46 maps to ".") become "."
// and "/", invisible characters are removed, and the rest is
// compatibility-normalised (NFKC: fullwidth "ｈｔｔｐｓ" is "https",
// "①" is "1"). Invisible are the format characters (general category
// Cf: bidi controls, zero-width spaces and joiners, the soft hyphen,
// the byte order mark, tags), variation selectors and the other
// default-ignorable code points. Letter case is kept.
//
// ASCII text is returned as it is, without copying.
func Read(text string) string {
	if ascii(text) {
		return text
	}
	// Mapped before NFKC, which turns some look-alikes into letters
	// (KANGXI RADICAL SLASH into a CJK ideograph), and after it, which
	// brings forth others (HALFWIDTH IDEOGRAPHIC FULL STOP becomes
	// U+3002) and can insert a COMBINING GRAPHEME JOINER.
	b := appendRead(make([]byte, 0, len(text)), text)
	b = norm.NFKC.Bytes(b)
	if ascii(string(b)) {
		return string(b)
	}
	return string(appendRead(make([]byte, 0, len(b)), string(b)))
}

// appendRead appends s to b with look-alikes replaced and invisible
// characters removed.
func appendRead(b []byte, s string) []byte {
	for _, r := range s {
		switch {
		case r < utf8.RuneSelf:
			b = append(b, byte(r))
		case invisible(r):
		default:
			if c, ok := lookalike(r); ok {
				b = append(b, c)
			} else {
				b = utf8.AppendRune(b, r)
			}
		}
	}
	return b
}

// invisible reports whether r is drawn as nothing (or as a change of
// direction) by a browser: Unicode's Default_Ignorable_Code_Point,
// through the properties it is derived from, and every format character.
func invisible(r rune) bool {
	return unicode.In(r, unicode.Cf, unicode.Variation_Selector, unicode.Other_Default_Ignorable_Code_Point)
}

// separator is a character read as the ASCII separator to.
type separator struct {
	r  rune
	to byte
}

// lookalike returns the ASCII separator r is read as, if any.
func lookalike(r rune) (byte, bool) {
	i, ok := slices.BinarySearchFunc(lookalikes[:], r, func(e separator, r rune) int {
		return int(e.r - r)
	})
	if !ok {
		return 0, false
	}
	return lookalikes[i].to, true
}

func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
