package stylesheet

import (
	"bytes"
	"strings"

	"github.com/tdewolff/parse/v2"
	"github.com/tdewolff/parse/v2/css"
)

// Filter filters a style attribute allowed property by property. It
// reads the declaration list with the CSS Syntax tokenizer, as [Check]
// does, splits it at the semicolons a browser splits it at (not those
// inside strings, functions or blocks), and keeps each declaration
// whose property (lower case) and value (as written) decl allows. A
// declaration is dropped if it is malformed, holds an escape, a comment
// or !important, a url token that token refuses (token returns the url
// token to write: raw, or rewritten), or would cover the page
// (coversPage: even where decl allows it). What is left is checked again
// as a whole by Check, with url. out is the value as written if every
// declaration is kept as written, and otherwise the kept ones written
// anew ("color: red; text-align: center"); rewrote says which. fault is
// why the whole attribute goes, or FaultNone.
func Filter(v string, decl func(prop, value string) bool, token func(raw string) (string, bool), url func(u string) bool) (out string, rewrote bool, fault Fault) {
	if p := preprocess(v, false); p != v { // as Check reads it
		v, rewrote = p, true
	}
	lex := css.NewLexer(parse.NewInputString(v))
	var kept []string
	var toks []styleToken
	depth := 0
	commented := false // a comment in the declaration: it goes
	for {
		tt, raw := lex.Next()
		switch tt {
		case css.CommentToken:
			if len(raw) < 4 || !bytes.HasSuffix(raw, []byte("*/")) {
				return "", false, FaultUnterminatedComment
			}
		case css.BadStringToken:
			return "", false, FaultBadString
		case css.BadURLToken:
			return "", false, FaultBadURL
		case css.FunctionToken, css.LeftParenthesisToken, css.LeftBracketToken, css.LeftBraceToken:
			depth++
		case css.RightParenthesisToken, css.RightBracketToken, css.RightBraceToken:
			depth = max(depth-1, 0)
		}
		if tt == css.ErrorToken || tt == css.SemicolonToken && depth == 0 {
			if d, same, ok := declaration(toks, decl, token); ok && !commented {
				kept = append(kept, d)
				// A url token rewritten (a proxy's URL): not as written.
				rewrote = rewrote || !same
			} else if commented || !blank(toks) {
				rewrote = true
			}
			if tt == css.ErrorToken {
				break
			}
			toks, commented = toks[:0], false
			continue
		}
		if tt == css.CommentToken {
			// Not kept, nor glued out: "url/**/(" joined is a url token
			// no check has read.
			commented = true
			continue
		}
		toks = append(toks, styleToken{tt, string(raw)})
	}
	if len(kept) == 0 {
		return "", false, FaultNoDeclaration
	}
	if rewrote {
		v = strings.Join(kept, "; ")
	}
	// What is written is read again as a whole, as the browser reads
	// it: every url token through url, no banned construct.
	if f := Check(v, url); f != FaultNone {
		return "", false, f
	}
	return v, rewrote, FaultNone
}

type styleToken struct {
	tt  css.TokenType
	raw string
}

// blank reports whether a declaration holds only whitespace: the end of
// "color: red;", which is not a declaration dropped.
func blank(toks []styleToken) bool {
	for _, t := range toks {
		if t.tt != css.WhitespaceToken {
			return false
		}
	}
	return true
}

// declaration checks one declaration (Filter's decl and token) and
// returns it as "property: value", if it is kept; same says that token
// kept each url token as written.
func declaration(toks []styleToken, decl func(prop, value string) bool, token func(raw string) (string, bool)) (d string, same, ok bool) {
	for len(toks) > 0 && toks[0].tt == css.WhitespaceToken {
		toks = toks[1:]
	}
	for len(toks) > 0 && toks[len(toks)-1].tt == css.WhitespaceToken {
		toks = toks[:len(toks)-1]
	}
	if len(toks) < 3 || toks[0].tt != css.IdentToken {
		return "", true, false
	}
	prop := strings.ToLower(toks[0].raw)
	i := 1
	for i < len(toks) && toks[i].tt == css.WhitespaceToken {
		i++
	}
	if i == len(toks) || toks[i].tt != css.ColonToken {
		return "", true, false
	}
	i++
	for i < len(toks) && toks[i].tt == css.WhitespaceToken {
		i++
	}
	var value strings.Builder
	same = true
	for _, t := range toks[i:] {
		raw := t.raw
		switch {
		case t.tt == css.DelimToken && t.raw == "!":
			return "", same, false // !important: user content does not outrank the page
		case t.tt == css.URLToken:
			var ok bool
			if raw, ok = token(raw); !ok {
				return "", same, false
			}
			same = same && raw == t.raw
		}
		value.WriteString(raw)
	}
	v := value.String()
	if strings.IndexByte(toks[0].raw, '\\') >= 0 || strings.IndexByte(v, '\\') >= 0 ||
		!decl(prop, v) || coversPage(prop, v) {
		return "", same, false
	}
	return prop + ": " + v, same, true
}
