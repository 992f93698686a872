package stylesheet

import (
	"strings"

	"github.com/tdewolff/parse/v2/css"

	"github.com/htmlclean/htmlclean/internal/ascii"
)

// function reads the argument of :not() or :nth-*() up to its ")".
func (sp *selParser) function(b *strings.Builder, name string, inNot bool) (bool, Reason) {
	switch {
	case nthFuncs[name]:
		arg, ok := sp.nthArg()
		if !ok {
			return false, ReasonPseudo
		}
		b.WriteString(":" + name + "(" + arg + ")")
		return true, 0
	case name == "not" && !inNot:
		return sp.notArg(b)
	}
	return false, ReasonPseudo // :has(), :is(), :where(), :lang(), :host(), …
}

// notArg reads the list of compound selectors of :not().
func (sp *selParser) notArg(b *strings.Builder) (bool, Reason) {
	b.WriteString(":not(")
	for first := true; ; first = false {
		sp.skipSpace()
		c, r, ok := sp.compound(true)
		if !ok {
			return false, r
		}
		if !first {
			b.WriteByte(',')
		}
		b.WriteString(c.text)
		sp.skipSpace()
		if sp.i >= len(sp.toks) {
			return false, ReasonSelector
		}
		t := sp.toks[sp.i]
		sp.i++
		switch t.TokenType {
		case css.RightParenthesisToken:
			b.WriteByte(')')
			return true, 0
		case css.CommaToken:
		default:
			return false, ReasonSelector // a combinator inside :not()
		}
	}
}

func (sp *selParser) skipSpace() {
	for sp.i < len(sp.toks) && sp.toks[sp.i].TokenType == css.WhitespaceToken {
		sp.i++
	}
}

// nthArg reads an An+B argument (CSS Syntax §6) and returns it in
// canonical form; "of S" is refused.
func (sp *selParser) nthArg() (string, bool) {
	var b strings.Builder
	for ; sp.i < len(sp.toks); sp.i++ {
		t := sp.toks[sp.i]
		switch t.TokenType {
		case css.RightParenthesisToken:
			sp.i++
			s := ascii.Lower(b.String())
			return s, validAnB(s)
		case css.WhitespaceToken:
		case css.IdentToken, css.NumberToken, css.DimensionToken, css.DelimToken:
			b.WriteString(decode(string(t.Data), false))
		default:
			return "", false
		}
	}
	return "", false
}

// validAnB reports whether s is odd, even, or [+-]?(digits? "n" ([+-]digits)? | digits).
func validAnB(s string) bool {
	if s == "odd" || s == "even" {
		return true
	}
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	d := digits(s)
	s = s[d:]
	if s == "" {
		return d > 0
	}
	if s[0] != 'n' {
		return false
	}
	s = s[1:]
	if s == "" {
		return true
	}
	if s[0] != '+' && s[0] != '-' {
		return false
	}
	s = s[1:]
	return s != "" && digits(s) == len(s)
}

func digits(s string) int {
	n := 0
	for n < len(s) && '0' <= s[n] && s[n] <= '9' {
		n++
	}
	return n
}
