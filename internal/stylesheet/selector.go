package stylesheet

import (
	"strings"

	"github.com/tdewolff/parse/v2/css"

	"github.com/htmlclean/htmlclean/internal/ascii"
)

// pseudoClasses are the pseudo-classes kept: user action and tree
// structure only. :visited and :link reveal history; :checked,
// :placeholder-shown, :valid and the like reveal form state; :has() and
// :is() would take selectors this package does not scope.
var pseudoClasses = map[string]bool{
	"hover": true, "focus": true, "focus-visible": true, "active": true,
	"first-child": true, "last-child": true, "only-child": true,
	"first-of-type": true, "last-of-type": true, "only-of-type": true,
	"empty": true,
}

// pseudoElements are the pseudo-elements kept. ::before and ::after only
// insert boxes inside the element they belong to, so under the scope they
// stay in the mail; their content is a value like any other (url()
// through Options.URL, attr() refused).
var pseudoElements = map[string]bool{
	"before": true, "after": true, "first-line": true, "first-letter": true,
}

// nthFuncs are the structural pseudo-classes taking an An+B argument.
var nthFuncs = map[string]bool{
	"nth-child": true, "nth-last-child": true, "nth-of-type": true, "nth-last-of-type": true,
}

// rootKind says whether a compound selector names the document root.
type rootKind uint8

const (
	rootNone  rootKind = iota
	rootOnly           // exactly html, body or :root
	rootMixed          // html, body or :root with other simple selectors
)

// compound is one parsed compound selector.
type compound struct {
	text      string // serialised
	root      rootKind
	rootClass bool // :root, or the wrapper named: only a leading compound may be
	scopeRoot bool // holds :scope
	named     bool // holds the scope's class or id
	pseudoEl  bool // ends with a pseudo-element
}

// scoper checks and scopes selectors.
type scoper struct {
	scope string
	id    func(string) (string, bool)
}

// class is the wrapper's own class or id selector: the scope without
// ":scope".
func (sc scoper) class() string { return strings.TrimPrefix(sc.scope, scopePseudo) }

// selParser reads one selector from the parser's tokens.
type selParser struct {
	sc   scoper
	toks []css.Token
	i    int
}

// selector checks one complex selector and returns it scoped.
func (sc scoper) selector(toks []css.Token) (string, Reason, bool) {
	toks = trimSpace(toks)
	if len(toks) == 0 {
		return "", ReasonSelector, false
	}
	sp := &selParser{sc: sc, toks: toks}
	var comps []compound
	var combs []string // combs[i] joins comps[i-1] and comps[i]
	for {
		comb := sp.combinator()
		if strings.HasSuffix(comb, "?") || sp.i >= len(sp.toks) && comb != "" {
			return "", ReasonSelector, false // "a > > b", "a >"
		}
		if sp.i >= len(sp.toks) {
			break
		}
		if len(comps) > 0 && comps[len(comps)-1].pseudoEl {
			return "", ReasonPseudo, false // a pseudo-element must come last
		}
		if len(comps) == 0 && comb != "" || len(comps) > 0 && comb == "" {
			return "", ReasonOutsideScope, false // a relative selector, "> p"
		}
		c, r, ok := sp.compound(false)
		if !ok {
			return "", r, false
		}
		comps = append(comps, c)
		combs = append(combs, comb)
	}
	return sc.scoped(comps, combs)
}

// scoped joins the compounds under the scope. A leading run of html, body
// and :root joined by descendant or child combinators is the wrapper
// itself; a sibling of it is outside the mail.
func (sc scoper) scoped(comps []compound, combs []string) (string, Reason, bool) {
	i := 0
	for i < len(comps) && comps[i].root == rootOnly && (i == 0 || combs[i] == " " || combs[i] == " > ") {
		i++
	}
	if i > 0 && i < len(comps) && (combs[i] == " + " || combs[i] == " ~ ") {
		return "", ReasonOutsideScope, false
	}
	var b strings.Builder
	b.WriteString(sc.scope)
	for j := i; j < len(comps); j++ {
		if comps[j].rootClass || j == 0 && comps[j].root == rootMixed {
			return "", ReasonOutsideScope, false
		}
		if j == 0 {
			b.WriteByte(' ')
		} else {
			b.WriteString(combs[j])
		}
		b.WriteString(comps[j].text)
	}
	return b.String(), 0, true
}

// combinator consumes whitespace and one combinator and returns it as
// written out: "" for none, " ", " > ", " + " or " ~ ".
func (sp *selParser) combinator() string {
	comb := ""
	for ; sp.i < len(sp.toks); sp.i++ {
		t := sp.toks[sp.i]
		switch {
		case t.TokenType == css.WhitespaceToken:
			if comb == "" {
				comb = " "
			}
		case t.TokenType == css.DelimToken && len(t.Data) == 1 && strings.IndexByte(">+~", t.Data[0]) >= 0:
			if comb != "" && comb != " " {
				return comb + "?" // two combinators: refused by the caller
			}
			comb = " " + string(t.Data) + " "
		default:
			return comb
		}
	}
	return comb
}

func trimSpace(toks []css.Token) []css.Token {
	for len(toks) > 0 && toks[0].TokenType == css.WhitespaceToken {
		toks = toks[1:]
	}
	for len(toks) > 0 && toks[len(toks)-1].TokenType == css.WhitespaceToken {
		toks = toks[:len(toks)-1]
	}
	return toks
}

// lowerName is the decoded, ASCII-lower-cased value of an ident-like token
// without its leading prefix bytes and trailing "(".
func lowerName(data []byte, prefix int) string {
	s := string(data[prefix:])
	s = strings.TrimSuffix(s, "(")
	return ascii.Lower(decode(s, false))
}
