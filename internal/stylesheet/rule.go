package stylesheet

import (
	"strings"

	"github.com/tdewolff/parse/v2"
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
	// The rule's text is built only for a removal: most rules are kept,
	// and countRule reads it only for the first rule past MaxRules.
	what := ""
	if s.rules == s.o.MaxRules {
		what = tokensText(toks)
	}
	if !s.countRule(what) {
		s.skip()
		return
	}
	if kind == frameRule {
		s.remove(tokensText(toks), ReasonNesting)
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
	// Written as two rules (endRule), it counts as two, so that the
	// output never holds more rules than MaxRules allows when read again.
	if wrapper && len(kept) > 0 && !s.countRule(tokensText(toks)) {
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
	// The declaration's text is built only for a removal: most are kept.
	what := func() string { return rawProp + ": " + tokensText(vals) }
	if kind != frameRule {
		s.remove(what(), ReasonParse)
		return
	}
	out, r, ok := checkDecl(rawProp, vals, &s.o)
	if !ok {
		s.remove(what(), r)
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
			s.remove(s.o.Scope+"{"+what(), ReasonWrapper)
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

// strayCloser stands in for a ")" or "]" that closes nothing: a delimiter
// no value, selector or media query takes, so that what held the stray
// stays invalid.
const strayCloser = '$'

// closeStrays returns src with every ")" and "]" that closes no open
// block written as strayCloser. CSS Syntax §5.4.7 reads such a token as
// a preserved token: it invalidates its declaration (a bad url() leaves
// one behind: "url(javascript:f(1))" is the bad url "url(javascript:f(1)"
// and a ")"), and parsing goes on at the next ";" or "}". The parser
// instead reads everything after it to the end of the sheet as one
// error, so one refused url() removed every rule after it. The length
// and the line count stay as they were.
func closeStrays(src string) string {
	if !mayHoldStrays(src) {
		return src
	}
	var b []byte // a copy of src, made at the first stray
	var open []byte
	pos := 0
	lex := css.NewLexer(parse.NewInputString(src))
	for {
		tt, data := lex.Next()
		if tt == css.ErrorToken {
			break
		}
		switch tt {
		case css.LeftBraceToken:
			open = append(open, '}')
		case css.LeftParenthesisToken, css.FunctionToken:
			open = append(open, ')')
		case css.LeftBracketToken:
			open = append(open, ']')
		case css.RightBraceToken, css.RightParenthesisToken, css.RightBracketToken:
			switch n := len(open); {
			case n > 0 && open[n-1] == data[0]:
				open = open[:n-1]
			case data[0] != '}' && pos < len(src):
				if b == nil {
					b = []byte(src)
				}
				b[pos] = strayCloser
			}
		}
		pos += len(data)
	}
	if b == nil || pos != len(src) {
		return src // the tokens did not tile the input: leave it to the parser
	}
	return string(b)
}

// mayHoldStrays reports whether src may hold a stray ")" or "]": one
// kind of closer outnumbers its openers, or a url( (a bad url swallows a
// "(") or an escape is there. Most sheets are neither, and are not
// lexed twice. A stray balanced by an opener in a comment or a string,
// or by one after it, is left to the parser, which then removes the
// rest of the sheet: more than a browser, never less.
func mayHoldStrays(src string) bool {
	return strings.Count(src, ")") > strings.Count(src, "(") ||
		strings.Count(src, "]") > strings.Count(src, "[") ||
		strings.IndexByte(src, '\\') >= 0 || containsFoldURL(src)
}

// containsFoldURL reports whether src holds "url(" in any case.
func containsFoldURL(src string) bool {
	for i := strings.IndexByte(src, '('); i >= 0; {
		if i >= 3 && src[i-3]|0x20 == 'u' && src[i-2]|0x20 == 'r' && src[i-1]|0x20 == 'l' {
			return true
		}
		j := strings.IndexByte(src[i+1:], '(')
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}
