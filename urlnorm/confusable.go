package urlnorm

//go:generate go run gen_confusables.go

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// isConfusable reports whether a host (in Unicode form, after UTS #46)
// has a label that UTS #39 would not call "highly restrictive": letters
// from several scripts other than the CJK combinations, or a label written
// entirely in Cyrillic, Greek or Armenian letters that look like Latin ones
// ("аррӏе" for "apple", CVE-2017-5015). Browsers show such hosts as
// Punycode; we flag them so a moderator sees the same thing.
//
// It also reports the single-script spoofs of UTS #39 §4: a label whose
// skeleton (confusables.txt, generated into confusables_table.go) is
// all ASCII although the label is not, such as "ɡoogle" (U+0261) or
// "payıpal" (U+0131): the label looks exactly like an ASCII one.
func isConfusable(host string) bool {
	for label := range strings.SplitSeq(host, ".") {
		if !isASCII(label) && (labelConfusable(label) || asciiSkeleton(label)) {
			return true
		}
	}
	return false
}

// asciiSkeleton reports whether every non-ASCII code point of label has an
// all-ASCII skeleton, which makes the label's skeleton all ASCII: equal
// to the skeleton of an ASCII label.
func asciiSkeleton(label string) bool {
	for _, r := range label {
		if r >= 0x80 {
			if _, ok := slices.BinarySearch(skeletonRunes[:], r); !ok {
				return false
			}
		}
	}
	return true
}

// hasLookalikeSeparator reports whether host holds punctuation or a symbol
// that looks like a URL delimiter ("/ \ . ? # @ :") without being one:
// "paypal.com∕evil.example" (U+2215 DIVISION SLASH) is one host to the
// browser and two to a reader. UTS #46 keeps these code points; the ones
// it maps to real delimiters (U+FF0F, U+3002) are delimiters to browsers.
// Letters and digits with such skeletons (Katakana "ノ", Arabic-Indic
// zero) are ordinary in their scripts and left to the script checks.
func hasLookalikeSeparator(host string) bool {
	prev := rune(0)
	for i, r := range host {
		if r >= 0x80 {
			if _, ok := slices.BinarySearch(separatorLookalikes[:], r); ok {
				return true
			}
			switch r {
			case 0x0337, 0x0338, 0x20EB:
				// Combining solidus overlays: drawn as a "/" through the
				// letter before them, and not punctuation, so outside
				// the table.
				return true
			case 0x2027, 0x2E31, 0x0387:
				return true // mid-height dots a reader takes for "."
			case 0x00B7:
				// MIDDLE DOT reads as "." too, except in Catalan "l·l",
				// the one place IDNA2008 allows it (RFC 5892 Appendix A.3).
				next, _ := utf8.DecodeRuneInString(host[i+2:])
				if prev != 'l' || next != 'l' {
					return true
				}
			}
		}
		prev = r
	}
	return false
}

type script uint8

const (
	scriptCommon script = iota
	scriptLatin
	scriptCyrillic
	scriptGreek
	scriptArmenian
	scriptHan
	scriptHiragana
	scriptKatakana
	scriptHangul
	scriptBopomofo
	scriptOther
)

func scriptOf(r rune) script {
	switch {
	case r < 0x80 || !unicode.IsLetter(r):
		if unicode.IsLetter(r) {
			return scriptLatin
		}
		return scriptCommon
	case unicode.Is(unicode.Latin, r):
		return scriptLatin
	case unicode.Is(unicode.Cyrillic, r):
		return scriptCyrillic
	case unicode.Is(unicode.Greek, r):
		return scriptGreek
	case unicode.Is(unicode.Armenian, r):
		return scriptArmenian
	case unicode.Is(unicode.Han, r):
		return scriptHan
	case unicode.Is(unicode.Hiragana, r):
		return scriptHiragana
	case unicode.Is(unicode.Katakana, r):
		return scriptKatakana
	case unicode.Is(unicode.Hangul, r):
		return scriptHangul
	case unicode.Is(unicode.Bopomofo, r):
		return scriptBopomofo
	case unicode.Is(unicode.Common, r), unicode.Is(unicode.Inherited, r):
		// UTS #39 §5.1: Common and Inherited code points (the Katakana
		// prolonged sound mark "ー") belong to every script.
		return scriptCommon
	}
	return scriptOther
}

func labelConfusable(label string) bool {
	var seen uint16
	lookalikes := true
	for _, r := range label {
		s := scriptOf(r)
		if s == scriptCommon {
			continue
		}
		seen |= 1 << s
		if !latinLookalike(r) {
			lookalikes = false
		}
	}
	const (
		latin = 1 << scriptLatin
		han   = 1 << scriptHan
		// UTS #39 §5.2 "Highly Restrictive": one script, or Latin with the
		// scripts written together in Japanese, Chinese or Korean.
		japanese = latin | han | 1<<scriptHiragana | 1<<scriptKatakana
		chinese  = latin | han | 1<<scriptBopomofo
		korean   = latin | han | 1<<scriptHangul
	)
	switch {
	case seen == 0:
		return false
	case seen&(seen-1) == 0: // a single script
		lookalikeScript := seen == 1<<scriptCyrillic || seen == 1<<scriptGreek || seen == 1<<scriptArmenian
		return lookalikeScript && lookalikes
	case seen&^japanese == 0, seen&^chinese == 0, seen&^korean == 0:
		return false
	}
	return true
}

// latinLookalike reports lower-case Cyrillic, Greek and Armenian letters
// that UTS #39's confusables.txt maps to a Latin letter or that render as
// one in common fonts. Hosts are lower-cased by UTS #46 before this check.
func latinLookalike(r rune) bool {
	switch r {
	// Cyrillic
	case 'а', 'в', 'е', 'к', 'м', 'н', 'о', 'р', 'с', 'т', 'у', 'х',
		'ѕ', 'і', 'ј', 'ԁ', 'ӏ', 'ԛ', 'ԝ', 'ү', 'һ', 'ь', 'ѡ', 'ɡ', 'ӓ',
		'ё', 'ї', 'ӧ', 'ӱ', 'ԍ', 'ԗ':
		return true
	// Greek
	case 'α', 'β', 'γ', 'ε', 'ι', 'κ', 'ν', 'ο', 'ρ', 'τ', 'υ', 'χ', 'ω':
		return true
	// Armenian
	case 'օ', 'ս', 'հ', 'ո', 'ց', 'զ', 'ա', 'ւ':
		return true
	}
	return false
}
