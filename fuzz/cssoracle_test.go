package fuzz

import (
	"strings"
	"unicode/utf8"
)

// This file is the CSS fuzz target's oracle: a tokenizer written from CSS
// Syntax Level 3 §4 (https://www.w3.org/TR/css-syntax-3/#tokenization),
// step by step on code points, sharing no code with the sanitiser (which
// uses tdewolff/parse). It keeps only what decides which URLs a browser
// fetches: token kinds, decoded values, and function names.

// cssKind is the kind of an oracle token.
type cssKind uint8

const (
	ckIdent cssKind = iota
	ckFunction
	ckAtKeyword
	ckHash
	ckString
	ckBadString
	ckURL
	ckBadURL
	ckNumeric // number, percentage or dimension
	ckWhitespace
	ckOpen  // ( [ {
	ckClose // ) ] }
	ckOther // delim, colon, semicolon, comma, CDO, CDC
)

// cssTok is one token: its kind and decoded value (the name of an ident,
// function, at-keyword or hash; the text of a string; the URL of a url).
type cssTok struct {
	kind  cssKind
	value string
	delim rune // the bracket or other code point, for ckOpen, ckClose, ckOther
}

// oracleLexer holds the preprocessed input (§3.3) as code points.
type oracleLexer struct {
	in  []rune
	pos int
}

// oracleTokens tokenizes v as §4.3.1 "consume a token" does until EOF.
func oracleTokens(v string) []cssTok {
	v = strings.NewReplacer("\r\n", "\n", "\r", "\n", "\f", "\n", "\x00", "\uFFFD").Replace(v)
	l := &oracleLexer{in: []rune(strings.ToValidUTF8(v, "\uFFFD"))}
	var toks []cssTok
	for {
		l.comments()
		if l.pos >= len(l.in) {
			return toks
		}
		toks = append(toks, l.token())
	}
}

// at returns the code point k places ahead, or -1 at EOF.
func (l *oracleLexer) at(k int) rune {
	if l.pos+k < len(l.in) {
		return l.in[l.pos+k]
	}
	return -1
}

// comments is §4.3.2: an unclosed comment runs to EOF.
func (l *oracleLexer) comments() {
	for l.at(0) == '/' && l.at(1) == '*' {
		l.pos += 2
		for l.pos < len(l.in) && !(l.at(0) == '*' && l.at(1) == '/') {
			l.pos++
		}
		l.pos = min(l.pos+2, len(l.in))
	}
}

func oWhite(c rune) bool { return c == ' ' || c == '\t' || c == '\n' }
func oDigit(c rune) bool { return '0' <= c && c <= '9' }
func oHex(c rune) bool   { return oDigit(c) || 'a' <= c|0x20 && c|0x20 <= 'f' }
func oStart(c rune) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' || c == '_' || c >= 0x80 }
func oName(c rune) bool  { return oStart(c) || oDigit(c) || c == '-' }

// oValidEscape is §4.3.8.
func oValidEscape(a, b rune) bool { return a == '\\' && b != '\n' }

// startsIdent is §4.3.9 at offset k.
func (l *oracleLexer) startsIdent(k int) bool {
	switch a := l.at(k); {
	case a == '-':
		return oStart(l.at(k+1)) || l.at(k+1) == '-' || oValidEscape(l.at(k+1), l.at(k+2))
	case oStart(a):
		return true
	default:
		return oValidEscape(a, l.at(k+1))
	}
}

// startsNumber is §4.3.10.
func (l *oracleLexer) startsNumber() bool {
	switch a := l.at(0); {
	case a == '+' || a == '-':
		return oDigit(l.at(1)) || l.at(1) == '.' && oDigit(l.at(2))
	case a == '.':
		return oDigit(l.at(1))
	default:
		return oDigit(a)
	}
}

func (l *oracleLexer) token() cssTok {
	c := l.at(0)
	switch {
	case oWhite(c):
		for oWhite(l.at(0)) {
			l.pos++
		}
		return cssTok{kind: ckWhitespace}
	case c == '"' || c == '\'':
		l.pos++
		return l.str(c)
	case c == '#' && (oName(l.at(1)) || oValidEscape(l.at(1), l.at(2))):
		l.pos++
		return cssTok{kind: ckHash, value: l.name()}
	case (c == '+' || c == '-' || c == '.') && l.startsNumber(), oDigit(c):
		l.numeric()
		return cssTok{kind: ckNumeric}
	case c == '-' && l.at(1) == '-' && l.at(2) == '>':
		l.pos += 3
		return cssTok{kind: ckOther, delim: '>'}
	case c == '<' && l.at(1) == '!' && l.at(2) == '-' && l.at(3) == '-':
		l.pos += 4
		return cssTok{kind: ckOther, delim: '<'}
	case c == '@' && l.startsIdent(1):
		l.pos++
		return cssTok{kind: ckAtKeyword, value: l.name()}
	case l.startsIdent(0):
		return l.identLike()
	case c == '(' || c == '[' || c == '{':
		l.pos++
		return cssTok{kind: ckOpen, delim: c}
	case c == ')' || c == ']' || c == '}':
		l.pos++
		return cssTok{kind: ckClose, delim: c}
	}
	l.pos++
	return cssTok{kind: ckOther, delim: c}
}

// escaped is §4.3.7, after the backslash.
func (l *oracleLexer) escaped() rune {
	c := l.at(0)
	if c < 0 {
		return utf8.RuneError
	}
	l.pos++
	if !oHex(c) {
		return c
	}
	v := hexVal(c)
	for i := 0; i < 5 && oHex(l.at(0)); i++ {
		v = v*16 + hexVal(l.at(0))
		l.pos++
	}
	if oWhite(l.at(0)) {
		l.pos++
	}
	if v == 0 || v > 0x10FFFF || 0xD800 <= v && v <= 0xDFFF {
		return utf8.RuneError
	}
	return v
}

func hexVal(c rune) rune {
	if oDigit(c) {
		return c - '0'
	}
	return c | 0x20 - 'a' + 10
}

// name is §4.3.11 "consume an ident sequence".
func (l *oracleLexer) name() string {
	var b strings.Builder
	for {
		switch c := l.at(0); {
		case oName(c):
			b.WriteRune(c)
			l.pos++
		case oValidEscape(c, l.at(1)):
			l.pos++
			b.WriteRune(l.escaped())
		default:
			return b.String()
		}
	}
}

// numeric is §4.3.3 with §4.3.12; the value does not matter here.
func (l *oracleLexer) numeric() {
	if c := l.at(0); c == '+' || c == '-' {
		l.pos++
	}
	for oDigit(l.at(0)) {
		l.pos++
	}
	if l.at(0) == '.' && oDigit(l.at(1)) {
		for l.pos++; oDigit(l.at(0)); l.pos++ {
		}
	}
	if e := l.at(0); (e == 'e' || e == 'E') && (oDigit(l.at(1)) || (l.at(1) == '+' || l.at(1) == '-') && oDigit(l.at(2))) {
		for l.pos += 2; oDigit(l.at(0)); l.pos++ {
		}
	}
	switch {
	case l.startsIdent(0):
		l.name()
	case l.at(0) == '%':
		l.pos++
	}
}

// identLike is §4.3.4.
func (l *oracleLexer) identLike() cssTok {
	s := l.name()
	if l.at(0) != '(' {
		return cssTok{kind: ckIdent, value: s}
	}
	l.pos++
	if !strings.EqualFold(s, "url") {
		return cssTok{kind: ckFunction, value: s}
	}
	for oWhite(l.at(0)) && oWhite(l.at(1)) {
		l.pos++
	}
	q := func(c rune) bool { return c == '"' || c == '\'' }
	if q(l.at(0)) || oWhite(l.at(0)) && q(l.at(1)) {
		return cssTok{kind: ckFunction, value: s}
	}
	return l.url()
}

// str is §4.3.5, after the opening quote.
func (l *oracleLexer) str(quote rune) cssTok {
	var b strings.Builder
	for {
		c := l.at(0)
		switch {
		case c == quote || c < 0:
			l.pos = min(l.pos+1, len(l.in))
			return cssTok{kind: ckString, value: b.String()}
		case c == '\n':
			return cssTok{kind: ckBadString} // the newline is reconsumed
		case c == '\\':
			l.pos++
			switch n := l.at(0); {
			case n < 0:
			case n == '\n':
				l.pos++
			default:
				b.WriteRune(l.escaped())
			}
		default:
			b.WriteRune(c)
			l.pos++
		}
	}
}

// url is §4.3.6, after "url(" and its whitespace.
func (l *oracleLexer) url() cssTok {
	var b strings.Builder
	for oWhite(l.at(0)) {
		l.pos++
	}
	for {
		c := l.at(0)
		switch {
		case c == ')' || c < 0:
			l.pos = min(l.pos+1, len(l.in))
			return cssTok{kind: ckURL, value: b.String()}
		case oWhite(c):
			for oWhite(l.at(0)) {
				l.pos++
			}
			if c := l.at(0); c == ')' || c < 0 {
				continue
			}
		case c == '"' || c == '\'' || c == '(' || c <= 8 || c == 0x0B || 0x0E <= c && c <= 0x1F || c == 0x7F:
		case c == '\\' && oValidEscape(c, l.at(1)):
			l.pos++
			b.WriteRune(l.escaped())
			continue
		case c != '\\':
			b.WriteRune(c)
			l.pos++
			continue
		}
		return l.badURL()
	}
}

// badURL is §4.3.14 "consume the remnants of a bad url".
func (l *oracleLexer) badURL() cssTok {
	for {
		c := l.at(0)
		switch {
		case c < 0:
			return cssTok{kind: ckBadURL}
		case c == ')':
			l.pos++
			return cssTok{kind: ckBadURL}
		case oValidEscape(c, l.at(1)):
			l.pos++
			l.escaped()
		default:
			l.pos++
		}
	}
}
