package stylesheet

import (
	"strings"
	"testing"

	"github.com/tdewolff/parse/v2"
	"github.com/tdewolff/parse/v2/css"
)

// FuzzSanitize checks, with the scope a mail's sheet is written under
// (":scope" and the wrapper's class, inside "@scope{…}"), that Sanitize
// never fails on a valid Scope, never writes "<", is idempotent (its
// output, bare or inside "@scope{…}" as the caller writes it, re-parses
// to the same rules and loses nothing more), and that an independent
// reader, built on the lexer rather than the parser, finds every
// selector under the scope, never leaving it by a sibling combinator.
func FuzzSanitize(f *testing.F) {
	for _, tc := range attackTests {
		f.Add(tc.in)
	}
	for _, tc := range mailSheets {
		f.Add(tc.in)
	}
	for _, tc := range scopeTests {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		o := testOptions()
		o.Scope = scopeRuleScope
		got, _, err := Sanitize(in, o)
		if err != nil {
			t.Fatalf("Sanitize(%q): %v", in, err)
		}
		if strings.ContainsRune(got, '<') {
			t.Fatalf("Sanitize(%q) = %q: holds '<'", in, got)
		}
		for _, written := range []string{got, "@scope{" + got + "}"} {
			again, removed, err := Sanitize(written, o)
			if err != nil || again != got || len(removed) > 0 {
				t.Fatalf("Sanitize(%q) = %q, sanitised again = %q, %v, %v: not idempotent", in, written, again, removed, err)
			}
		}
		if tok, ok := forbiddenToken(got); !ok {
			t.Fatalf("Sanitize(%q) = %q: holds %q", in, got, tok)
		}
		if sel, ok := unscopedSelector(got, o.Scope); !ok {
			t.Fatalf("Sanitize(%q) = %q: selector %q is not under the scope", in, got, sel)
		}
	})
}

// unscopedSelector reads sheet with the CSS lexer and returns the first
// selector of a style rule, at the top level or in @media, that
// selectorInScope refuses.
func unscopedSelector(sheet, scope string) (string, bool) {
	l := css.NewLexer(parse.NewInputString(sheet))
	var prelude strings.Builder
	depth := 0 // open @media blocks
	for {
		tt, data := l.Next()
		switch tt {
		case css.ErrorToken:
			return "", depth == 0 && strings.TrimSpace(prelude.String()) == ""
		case css.LeftBraceToken:
			p := strings.TrimSpace(prelude.String())
			prelude.Reset()
			if strings.HasPrefix(p, "@media ") {
				depth++
				continue
			}
			for _, sel := range splitTopLevel(p) {
				if !selectorInScope(sel, scope) {
					return sel, false
				}
			}
			if !skipBlock(l) {
				return p, false
			}
		case css.RightBraceToken:
			depth--
			if depth < 0 || strings.TrimSpace(prelude.String()) != "" {
				return prelude.String(), false
			}
		default:
			prelude.Write(data)
		}
	}
}

// selectorInScope reads one selector with the CSS lexer and reports
// whether its subject can only be the wrapper or inside it: it is the
// scope, or the scope then a descendant or child combinator, and
// nothing after that names the wrapper again (:scope, :root, the
// scope's class), takes a selector argument other than :not()'s list of
// compounds (no combinator in it), or is a function other than :not()
// and :nth-*().
func selectorInScope(sel, scope string) bool {
	rest, ok := strings.CutPrefix(sel, scope)
	if !ok {
		return false
	}
	switch {
	case rest == "":
		return true
	case strings.HasPrefix(rest, " > "):
		rest = rest[3:]
	case strings.HasPrefix(rest, " "):
		rest = rest[1:]
	default:
		return false // ".scope.x", ".scope:hover": another element's class
	}
	if rest == "" || strings.IndexByte("+~> ", rest[0]) >= 0 {
		return false // a sibling of the wrapper, or a combinator it hides
	}
	class := strings.TrimPrefix(scope, ":scope")
	l := css.NewLexer(parse.NewInputString(rest))
	inNot := false
	for prev := css.ErrorToken; ; {
		tt, data := l.Next()
		switch {
		case tt == css.ErrorToken:
			return !inNot
		case tt == css.FunctionToken:
			name := lowerName(data, 0)
			if inNot || prev != css.ColonToken || name != "not" && !nthFuncs[name] {
				return false
			}
			inNot = name == "not"
		case tt == css.RightParenthesisToken:
			inNot = false
		case tt == css.IdentToken && prev == css.ColonToken:
			if name := lowerName(data, 0); name == "scope" || name == "root" {
				return false
			}
		case !inNot && (tt == css.IdentToken && prev == css.DelimToken || tt == css.HashToken):
			if name := "." + decode(string(data), false); tt == css.HashToken && "#"+decode(string(data[1:]), false) == class || name == class {
				return false
			}
		case inNot && (tt == css.WhitespaceToken || tt == css.DelimToken && strings.IndexByte(">+~", data[0]) >= 0):
			return false
		}
		prev = tt
	}
}

// skipBlock reads to the "}" closing a declaration block; a block in a
// block is not written by Sanitize and makes it fail.
func skipBlock(l *css.Lexer) bool {
	for {
		switch tt, _ := l.Next(); tt {
		case css.RightBraceToken:
			return true
		case css.LeftBraceToken, css.ErrorToken:
			return false
		}
	}
}

// splitTopLevel splits a selector list at the commas outside parentheses.
func splitTopLevel(s string) []string {
	var list []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				list = append(list, s[start:i])
				start = i + 1
			}
		}
	}
	return append(list, s[start:])
}

// forbiddenToken lexes sheet and returns the first token no sanitised
// sheet may hold: an at-keyword but @media, a function outside the
// allowlist (a selector's :not() and :nth-*() aside), a URL that
// testURL would not write, a bad string or URL, or a CDO.
func forbiddenToken(sheet string) (string, bool) {
	l := css.NewLexer(parse.NewInputString(sheet))
	for {
		tt, data := l.Next()
		s := string(data)
		switch tt {
		case css.ErrorToken:
			return "", true
		case css.AtKeywordToken:
			if s != "@media" {
				return s, false
			}
		case css.FunctionToken:
			name := lowerName(data, 0)
			if !functions[name] && name != "not" && !nthFuncs[name] {
				return s, false
			}
		case css.URLToken:
			if u := decodeURL(s); !strings.HasPrefix(u, "http://") && !strings.HasPrefix(u, "https://") {
				return s, false
			}
		case css.BadStringToken, css.BadURLToken, css.CDOToken:
			return s, false
		}
	}
}
