package stylesheet

import (
	"strings"

	"github.com/tdewolff/parse/v2/css"
)

// compound reads one compound selector: type or universal first, then
// classes, ids, bare attributes and pseudo-classes, a pseudo-element
// last. Inside :not() (inNot) pseudo-elements, :not(), :root and :scope
// are refused; elsewhere :scope only as the wrapper, ":scope" and the
// scope's class or id (the output's own prefix, read again).
func (sp *selParser) compound(inNot bool) (compound, Reason, bool) {
	var c compound
	var b strings.Builder
	for n := 0; sp.i < len(sp.toks); n++ {
		t := sp.toks[sp.i]
		if isCompoundEnd(t) {
			break
		}
		if c.pseudoEl {
			return c, ReasonPseudo, false
		}
		sp.i++
		var r Reason
		ok := true
		switch t.TokenType {
		case css.IdentToken:
			name := lowerName(t.Data, 0)
			ok, r = n == 0, ReasonSelector
			if name == "html" || name == "body" {
				c.root = rootOnly
			}
			writeIdent(&b, name)
		case css.DelimToken:
			c.named = c.named || t.Data[0] == '.' && sp.i < len(sp.toks) && "."+decode(string(sp.toks[sp.i].Data), false) == sp.sc.class()
			ok, r = sp.delim(&b, t.Data[0], n)
		case css.HashToken:
			name := decode(string(t.Data[1:]), false)
			c.named = c.named || "#"+name == sp.sc.class()
			ok, r = sp.id(&b, name), ReasonIDSelector
		case css.LeftBracketToken:
			ok, r = sp.attribute(&b)
		case css.ColonToken:
			ok, r = sp.pseudo(&b, &c, inNot)
		default:
			ok, r = false, ReasonSelector
		}
		if !ok {
			return c, r, false
		}
		if n > 0 && c.root == rootOnly {
			c.root = rootMixed
		}
	}
	c.text = b.String()
	if c.text == "" {
		return c, ReasonSelector, false
	}
	cls := sp.sc.class()
	switch {
	case inNot:
	case c.text == cls || c.text == scopePseudo+cls:
		// Already scoped (Sanitize is idempotent), with or without the
		// @scope rule's ":scope": the wrapper, which only a leading
		// compound can be.
		c.root, c.rootClass = rootOnly, true
	case c.scopeRoot:
		return c, ReasonPseudo, false // ":scope" alone, or qualified otherwise
	case c.named:
		// The wrapper's class or id on another element: the pass refuses
		// it inside the mail, so this could only match another mail's.
		return c, ReasonOutsideScope, false
	}
	return c, 0, true
}

// id writes an id selector: the scope's own id as is, any other through
// Options.ID.
func (sp *selParser) id(b *strings.Builder, name string) bool {
	if cls := sp.sc.class(); "#"+name == cls {
		b.WriteString(cls)
		return true
	}
	if sp.sc.id == nil {
		return false
	}
	out, ok := sp.sc.id(name)
	if !ok || out == "" {
		return false
	}
	b.WriteByte('#')
	writeIdent(b, out)
	return true
}

// isCompoundEnd reports whether t ends a compound selector.
func isCompoundEnd(t css.Token) bool {
	switch t.TokenType {
	case css.WhitespaceToken, css.CommaToken, css.RightParenthesisToken:
		return true
	case css.DelimToken:
		return len(t.Data) == 1 && strings.IndexByte(">+~", t.Data[0]) >= 0
	}
	return false
}

// delim reads "*" (first in its compound) or "." and a class name.
func (sp *selParser) delim(b *strings.Builder, d byte, n int) (bool, Reason) {
	switch {
	case d == '*' && n == 0:
		b.WriteByte('*')
		return true, 0
	case d == '.' && sp.i < len(sp.toks) && sp.toks[sp.i].TokenType == css.IdentToken:
		b.WriteByte('.')
		writeIdent(b, decode(string(sp.toks[sp.i].Data), false))
		sp.i++
		return true, 0
	}
	return false, ReasonSelector // "|", "&", a misplaced "*"
}

// attribute reads a bare attribute selector, [name]. A value test
// ([value^="a"]) reads the attribute character by character, and a
// namespace ([xlink|href]) is not needed in mail: both are refused.
func (sp *selParser) attribute(b *strings.Builder) (bool, Reason) {
	rest := sp.toks[sp.i:]
	if len(rest) < 2 || rest[0].TokenType != css.IdentToken || rest[1].TokenType != css.RightBracketToken {
		return false, ReasonAttribute
	}
	b.WriteByte('[')
	writeIdent(b, lowerName(rest[0].Data, 0))
	b.WriteByte(']')
	sp.i += 2
	return true, 0
}

// pseudo reads what follows a colon: a pseudo-class, a pseudo-element
// (":" twice, or the legacy single colon of ::before and kin), or one of
// the functional pseudo-classes :not() and :nth-*().
func (sp *selParser) pseudo(b *strings.Builder, c *compound, inNot bool) (bool, Reason) {
	if sp.i >= len(sp.toks) {
		return false, ReasonPseudo
	}
	t := sp.toks[sp.i]
	sp.i++
	double := t.TokenType == css.ColonToken
	if double {
		if sp.i >= len(sp.toks) {
			return false, ReasonPseudo
		}
		t = sp.toks[sp.i]
		sp.i++
	}
	switch t.TokenType {
	case css.IdentToken:
		name := lowerName(t.Data, 0)
		switch {
		case pseudoElements[name] && !inNot:
			c.pseudoEl = true
			b.WriteString("::" + name)
		case double:
			return false, ReasonPseudo
		case name == "root" && !inNot:
			c.root, c.rootClass = rootOnly, true
			b.WriteString(":root")
		case name == "scope" && !inNot && b.Len() == 0:
			c.scopeRoot = true // the wrapper, if the scope's class follows
			b.WriteString(scopePseudo)
		case pseudoClasses[name]:
			b.WriteString(":" + name)
		default:
			return false, ReasonPseudo
		}
		return true, 0
	case css.FunctionToken:
		if double {
			return false, ReasonPseudo // ::part(), ::slotted(), ::cue()
		}
		return sp.function(b, lowerName(t.Data, 0), inNot)
	}
	return false, ReasonPseudo
}
