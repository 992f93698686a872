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
	wrapper := false
	for _, sel := range splitList(toks) {
		out, r, ok := sc.selector(sel)
		switch {
		case !ok:
			s.remove(tokensText(sel), r)
		case out == s.o.Scope:
			wrapper = true
		default:
			kept = append(kept, out)
		}
	}
	if len(kept) == 0 && !wrapper {
		s.skip()
		return
	}
	s.stack = append(s.stack, frame{kind: frameRule, mark: len(s.out), others: len(kept) > 0, wrapper: wrapper})
	s.wrap = s.wrap[:0]
	if len(kept) > 0 {
		s.out = append(s.out, strings.Join(kept, ",")...)
		s.out = append(s.out, '{')
	}
}

// wrapperProperties are the properties a rule may set on the wrapper
// itself (body, html, :root): paint and text only. Its position,
// overflow, size and margins are the host page's, which clip the mail.
var wrapperProperties = map[string]bool{
	"color": true, "background": true, "background-color": true,
	"background-image": true, "background-repeat": true, "background-position": true,
	"background-size": true, "font": true, "font-family": true, "font-size": true,
	"font-style": true, "font-weight": true, "font-variant": true, "line-height": true,
	"letter-spacing": true, "word-spacing": true, "text-align": true,
	"text-decoration": true, "text-transform": true, "padding": true,
	"padding-top": true, "padding-right": true, "padding-bottom": true, "padding-left": true,
	"-webkit-text-size-adjust": true, "-ms-text-size-adjust": true, "text-size-adjust": true,
	"-webkit-font-smoothing": true, "-moz-osx-font-smoothing": true,
}

// WrapperProperty reports whether a sheet may set the property p, lower
// case, on the wrapper itself (body { … }): paint and text only. The
// wrapper's style, written from the body's attributes, keeps the same.
func WrapperProperty(p string) bool { return wrapperProperties[p] }

// endRule closes a style rule: its own block if it has declarations,
// then the wrapper's, written as a rule of its own.
func (s *sanitizer) endRule(f frame) {
	kept := f.others && f.decls > 0
	switch {
	case kept:
		s.out = append(s.out, "}\n"...)
	case f.others:
		s.remove(strings.TrimSuffix(string(s.out[f.mark:]), "{"), ReasonEmpty)
		s.out = s.out[:f.mark]
	}
	if f.wrapper && len(s.wrap) > 0 {
		s.out = append(s.out, s.o.Scope...)
		s.out = append(s.out, '{')
		s.out = append(s.out, s.wrap...)
		s.out = append(s.out, "}\n"...)
		kept = true
	} else if f.wrapper {
		s.remove(s.o.Scope, ReasonEmpty)
	}
	if kept && len(s.stack) > 0 {
		s.stack[len(s.stack)-1].decls++
	}
}

// end closes the innermost block; a block left empty is taken back out.
func (s *sanitizer) end() {
	if len(s.stack) == 0 {
		return
	}
	f := s.stack[len(s.stack)-1]
	s.stack = s.stack[:len(s.stack)-1]
	switch {
	case f.kind == frameSkip:
		return
	case f.kind == frameRule:
		s.endRule(f)
		return
	case f.decls == 0: // an @media with no rule left
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
	if f.wrapper {
		prop, _, _ := strings.Cut(out, ":")
		if wrapperProperties[prop] && WrapperValue(prop, out[len(prop)+1:]) { // wrapperbox.go
			if len(s.wrap) > 0 {
				s.wrap = append(s.wrap, ';')
			}
			s.wrap = append(s.wrap, out...)
		} else {
			s.remove(s.o.Scope+"{"+what, ReasonWrapper)
		}
	}
	if !f.others {
		return
	}
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
