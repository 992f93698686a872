package stylesheet

import (
	"strings"

	"github.com/tdewolff/parse/v2/css"
)

// beginRule opens a style rule: its selectors are checked and scoped; a
// rule with none left is dropped with its block.
func (s *sanitizer) beginRule() {
	kind := s.top()
	if kind == frameSkip {
		s.skip()
		return
	}
	toks := s.p.Values()
	what := tokensText(toks)
	if !s.countRule(what) {
		s.skip()
		return
	}
	if kind == frameRule {
		s.remove(what, ReasonNesting)
		s.skip()
		return
	}
	sc := scoper{scope: s.o.Scope, id: s.o.ID}
	var kept []string
	for _, sel := range splitList(toks) {
		out, r, ok := sc.selector(sel)
		if !ok {
			s.remove(tokensText(sel), r)
			continue
		}
		kept = append(kept, out)
	}
	if len(kept) == 0 {
		s.skip()
		return
	}
	s.stack = append(s.stack, frame{kind: frameRule, mark: len(s.out)})
	s.out = append(s.out, strings.Join(kept, ",")...)
	s.out = append(s.out, '{')
}

// end closes the innermost block; a block left empty is taken back out.
func (s *sanitizer) end() {
	if len(s.stack) == 0 {
		return
	}
	f := s.stack[len(s.stack)-1]
	s.stack = s.stack[:len(s.stack)-1]
	if f.kind == frameSkip {
		return
	}
	if f.decls == 0 { // a rule with no declaration, an @media with no rule
		if f.kind == frameRule {
			s.remove(strings.TrimSuffix(string(s.out[f.mark:]), "{"), ReasonEmpty)
		}
		s.out = s.out[:f.mark]
		return
	}
	s.out = append(s.out, "}\n"...)
	if len(s.stack) > 0 {
		s.stack[len(s.stack)-1].decls++
	}
}

// closeAll closes the blocks left open at the end of input, as CSS
// Syntax §5.4 does.
func (s *sanitizer) closeAll() {
	for len(s.stack) > 0 {
		s.end()
	}
}

// declaration checks one declaration of the innermost rule and writes it.
func (s *sanitizer) declaration(rawProp string) {
	kind := s.top()
	if kind == frameSkip {
		return
	}
	vals := s.p.Values()
	what := rawProp + ": " + tokensText(vals)
	if kind != frameRule {
		s.remove(what, ReasonParse)
		return
	}
	out, r, ok := checkDecl(rawProp, vals, &s.o)
	if !ok {
		s.remove(what, r)
		return
	}
	f := &s.stack[len(s.stack)-1]
	if f.decls > 0 {
		s.out = append(s.out, ';')
	}
	f.decls++
	s.out = append(s.out, out...)
}

// tokensText joins the source text of toks, for a Removal.
func tokensText(toks []css.Token) string {
	var b strings.Builder
	for _, t := range toks {
		if b.Len() > 80 {
			break
		}
		b.Write(t.Data)
	}
	return b.String()
}

// splitList splits a selector list at its top-level commas.
func splitList(toks []css.Token) [][]css.Token {
	var list [][]css.Token
	depth, start := 0, 0
	for i, t := range toks {
		switch t.TokenType {
		case css.FunctionToken, css.LeftParenthesisToken, css.LeftBracketToken:
			depth++
		case css.RightParenthesisToken, css.RightBracketToken:
			depth--
		case css.CommaToken:
			if depth == 0 {
				list = append(list, toks[start:i])
				start = i + 1
			}
		}
	}
	return append(list, toks[start:])
}
