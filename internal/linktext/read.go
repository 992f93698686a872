package linktext

//go:generate go run gen_lookalikes.go

import (
	"slices"
	"strings"
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
// Text that reads as it is written is returned without copying.
func Read(text string) string {
	if ascii(text) || !special(text) && norm.NFKC.QuickSpanString(text) == len(text) {
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

// special reports whether s holds a character that Read removes or
// replaces before normalising.
func special(s string) bool {
	for _, r := range s {
		if r < utf8.RuneSelf {
			continue
		}
		if _, ok := lookalike(r); ok || invisible(r) {
			return true
		}
	}
	return false
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

// Bidi formatting characters (UAX #9 §2): the override that shows text
// right to left, and the terminator of embeddings and overrides.
const (
	rlo = '\u202e'
	pdf = '\u202c'
)

// overridden returns text as it is shown, if it holds a RIGHT-TO-LEFT
// OVERRIDE: each overridden run, up to its POP DIRECTIONAL FORMATTING or
// the end of the paragraph, reversed (UAX #9 rules X6 and L2: the
// override makes every character right to left, so the run is shown
// from its end). Nested embeddings and mirrored brackets are not
// modelled: each run is reversed as a whole, once.
func overridden(text string) (string, bool) {
	if !strings.ContainsRune(text, rlo) {
		return "", false
	}
	b := make([]byte, 0, len(text))
	for len(text) > 0 {
		i := strings.IndexRune(text, rlo)
		if i < 0 {
			b = append(b, text...)
			break
		}
		b = append(b, text[:i]...)
		text = text[i+len(string(rlo)):]
		end := runEnd(text)
		b = appendReversed(b, text[:end])
		text = text[end:]
	}
	return string(b), true
}

// runEnd returns where the overridden run at the start of s ends: at the
// PDF that closes it, or at a paragraph separator.
func runEnd(s string) int {
	depth := 1
	for i, r := range s {
		switch r {
		case '\u202a', '\u202b', '\u202d', rlo:
			depth++
		case pdf:
			if depth--; depth == 0 {
				return i
			}
		case '\n', '\r', '\u2029', '\u001c', '\u001d', '\u001e', '\u0085':
			return i
		}
	}
	return len(s)
}

// appendReversed appends the runes of s to b in reverse order.
func appendReversed(b []byte, s string) []byte {
	for len(s) > 0 {
		r, n := utf8.DecodeLastRuneInString(s)
		b = utf8.AppendRune(b, r)
		s = s[:len(s)-n]
	}
	return b
}
