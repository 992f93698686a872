package sanitize

import (
	"bytes"
	"strings"

	"github.com/tdewolff/parse/v2"
	"github.com/tdewolff/parse/v2/css"

	"github.com/htmlclean/htmlclean/internal/rules"
)

// styles filters a style attribute allowed property by property
// (policy.Config.Styles). It reads the declaration list with the CSS
// Syntax tokenizer, as css does, splits it at the semicolons a browser
// splits it at (not those inside strings, functions or blocks), and keeps
// each declaration whose property and value the rule allows. A
// declaration is dropped if it is malformed, holds an escape, a comment
// or !important, a url() the policy refuses, or would cover the page
// (cssOverlayDecl: even where the policy lists its property). What is left is checked
// again as a whole by css. out is the value as written if every
// declaration is kept as written, and otherwise the kept ones written
// anew ("color: red; text-align: center"); rewrote says which. reason is
// why the whole attribute goes, or "".
func (s *pass) styles(c *checking, rule *rules.Attr, v string) (out string, rewrote bool, reason Reason) {
	if strings.ContainsAny(v, "\r\f\x00") {
		v = cssNewlines.Replace(v)
		rewrote = true
	}
	lex := css.NewLexer(parse.NewInputString(v))
	var kept []string
	var decl []styleToken
	depth := 0
	commented := false // a comment in the declaration: it goes
	for {
		tt, raw := lex.Next()
		switch tt {
		case css.CommentToken:
			if len(raw) < 4 || !bytes.HasSuffix(raw, []byte("*/")) {
				return "", false, ReasonCSSUnterminatedComment
			}
		case css.BadStringToken:
			return "", false, ReasonCSSBadString
		case css.BadURLToken:
			return "", false, ReasonCSSBadURL
		case css.FunctionToken, css.LeftParenthesisToken, css.LeftBracketToken, css.LeftBraceToken:
			depth++
		case css.RightParenthesisToken, css.RightBracketToken, css.RightBraceToken:
			depth = max(depth-1, 0)
		}
		if tt == css.ErrorToken || tt == css.SemicolonToken && depth == 0 {
			if d, ok, anew := s.declaration(c, rule, decl); ok && !commented {
				kept = append(kept, d)
				rewrote = rewrote || anew
			} else if commented || !blank(decl) {
				rewrote = true
			}
			if tt == css.ErrorToken {
				break
			}
			decl, commented = decl[:0], false
			continue
		}
		if tt == css.CommentToken {
			// Not kept, nor glued out: "url/**/(" joined is a url token
			// no check has read.
			commented = true
			continue
		}
		decl = append(decl, styleToken{tt, string(raw)})
	}
	if len(kept) == 0 {
		return "", false, ReasonCSSNoAllowedDeclaration
	}
	if rewrote {
		v = strings.Join(kept, "; ")
	}
	// What is written is read again as a whole, as the browser reads
	// it: every url token through urlnorm, no banned construct.
	if why := s.css(c, v); why != "" {
		return "", false, why
	}
	return v, rewrote, ""
}

type styleToken struct {
	tt  css.TokenType
	raw string
}

// blank reports whether a declaration holds only whitespace: the end of
// "color: red;", which is not a declaration dropped.
func blank(decl []styleToken) bool {
	for _, t := range decl {
		if t.tt != css.WhitespaceToken {
			return false
		}
	}
	return true
}

// declaration checks one declaration and returns it as "property: value",
// if it is kept; anew says a url() in it is written anew (cssURLToken).
func (s *pass) declaration(c *checking, rule *rules.Attr, decl []styleToken) (_ string, ok, anew bool) {
	for len(decl) > 0 && decl[0].tt == css.WhitespaceToken {
		decl = decl[1:]
	}
	for len(decl) > 0 && decl[len(decl)-1].tt == css.WhitespaceToken {
		decl = decl[:len(decl)-1]
	}
	if len(decl) < 3 || decl[0].tt != css.IdentToken {
		return "", false, false
	}
	prop := strings.ToLower(decl[0].raw)
	i := 1
	for i < len(decl) && decl[i].tt == css.WhitespaceToken {
		i++
	}
	if i == len(decl) || decl[i].tt != css.ColonToken {
		return "", false, false
	}
	i++
	for i < len(decl) && decl[i].tt == css.WhitespaceToken {
		i++
	}
	var value strings.Builder
	for _, t := range decl[i:] {
		raw := t.raw
		switch {
		case t.tt == css.DelimToken && t.raw == "!":
			return "", false, false // !important: user content does not outrank the page
		case t.tt == css.URLToken:
			var rewritten bool
			if raw, ok, rewritten = s.cssURLToken(c, raw); !ok {
				return "", false, false
			}
			anew = anew || rewritten
		}
		value.WriteString(raw)
	}
	v := value.String()
	if strings.IndexByte(decl[0].raw, '\\') >= 0 || strings.IndexByte(v, '\\') >= 0 ||
		!rule.AllowsDeclaration(prop, v) || cssOverlayDecl(prop, v) {
		return "", false, false
	}
	return prop + ": " + v, true, anew
}

// cssURLToken returns what to write for the url token raw of a style
// attribute's declaration, or false if the declaration goes: the token
// as written if its URL is canonical and kept, or one written anew
// (cssURL; anew says so).
func (s *pass) cssURLToken(c *checking, raw string) (token string, ok, anew bool) {
	u := cssURLValue([]byte(raw))
	canon, _, r := s.url(c, u)
	if r == "" && canon == u {
		return raw, true, false
	}
	token, ok = s.mail.cssURL(c, u, canon, r, s)
	return token, ok, ok
}
