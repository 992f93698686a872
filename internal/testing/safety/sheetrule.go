package safety

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tdewolff/parse/v2/css"
)

// selectorProblem judges a style rule's selector list: each selector's
// first compound is the wrapper's (":scope.htmlclean-mail", then any
// further simple selectors), and no compound naming the scope (":scope"
// or the wrapper's class, escapes decoded) is followed by a sibling
// combinator, which would reach the host page's elements beside the
// wrapper: ":scope.htmlclean-mail:hover ~ *" leaves it as the bare scope
// does. A selector reading an attribute's value is refused too.
func selectorProblem(toks []css.Token) string {
	for _, sel := range splitSelectors(toks) {
		compounds, combinators := readCompounds(sel)
		one := strings.Join(compounds, " ")
		if len(compounds) == 0 || !strings.HasPrefix(compounds[0], sheetScope) ||
			len(compounds[0]) > len(sheetScope) && !strings.ContainsRune(":.#[", rune(compounds[0][len(sheetScope)])) {
			return fmt.Sprintf("style sheet selector %q outside %s", one, sheetScope)
		}
		for i, c := range combinators {
			if (c == '+' || c == '~') && namesScope(compounds[i]) {
				return fmt.Sprintf("style sheet selector %q leaves %s by %q", one, sheetScope, c)
			}
		}
		for _, t := range sel {
			switch t.TokenType {
			case css.IncludeMatchToken, css.DashMatchToken, css.PrefixMatchToken,
				css.SuffixMatchToken, css.SubstringMatchToken:
				return fmt.Sprintf("style sheet selector %q reads a value", one)
			case css.DelimToken:
				if t.Data[0] == '=' {
					return fmt.Sprintf("style sheet selector %q reads a value", one)
				}
			}
		}
	}
	return ""
}

// namesScope reports whether a compound, decoded, may match the scoping
// root: it names :scope or the wrapper's class.
func namesScope(compound string) bool {
	return strings.Contains(compound, ":scope") || strings.Contains(compound, sheetScope[len(":scope"):])
}

// splitSelectors splits a selector list at its top-level commas.
func splitSelectors(toks []css.Token) [][]css.Token {
	var out [][]css.Token
	depth, start := 0, 0
	for i, t := range toks {
		switch t.TokenType {
		case css.FunctionToken, css.LeftParenthesisToken, css.LeftBracketToken:
			depth++
		case css.RightParenthesisToken, css.RightBracketToken:
			depth--
		case css.CommaToken:
			if depth == 0 {
				out = append(out, toks[start:i])
				start = i + 1
			}
		}
	}
	return append(out, toks[start:])
}

// readCompounds splits one selector into its compounds, decoded, and the
// combinators between them (' ' for a descendant).
func readCompounds(sel []css.Token) ([]string, []byte) {
	var compounds []string
	var combinators []byte
	var cur strings.Builder
	depth := 0
	var pending byte
	for _, t := range sel {
		if depth == 0 {
			if t.TokenType == css.WhitespaceToken || t.TokenType == css.CommentToken {
				if cur.Len() > 0 && pending == 0 {
					pending = ' '
				}
				continue
			}
			if t.TokenType == css.DelimToken && strings.IndexByte(">+~", t.Data[0]) >= 0 {
				pending = t.Data[0]
				continue
			}
			if pending != 0 {
				compounds, combinators = append(compounds, cur.String()), append(combinators, pending)
				cur.Reset()
				pending = 0
			}
		}
		switch t.TokenType {
		case css.FunctionToken, css.LeftParenthesisToken, css.LeftBracketToken:
			depth++
		case css.RightParenthesisToken, css.RightBracketToken:
			depth--
		}
		cur.WriteString(unescape(string(t.Data)))
	}
	if pending != 0 && pending != ' ' {
		combinators = append(combinators, pending) // a trailing combinator: judged against the last compound
	}
	return append(compounds, cur.String()), combinators
}

// sizeProperties are those whose page-sized values cover the page.
var sizeProperties = []string{"width", "height", "min-width", "min-height",
	"inline-size", "block-size", "min-inline-size", "min-block-size"}

// declarationProblem judges one declaration, prop decoded: every url()
// with a scheme in schemes, and nothing that covers the page.
func declarationProblem(prop string, vals []css.Token, schemes []string, scheme func(string) string) string {
	var value strings.Builder
	pageUnits := 0.0
	for _, t := range vals {
		d := unescape(string(t.Data))
		switch t.TokenType {
		case css.URLToken:
			_, u, _ := strings.Cut(d, "(")
			u = strings.Trim(strings.TrimSuffix(u, ")"), `"' `)
			if s := scheme(u); !contains(schemes, s) {
				return fmt.Sprintf("style sheet url %q: scheme %q", u, s)
			}
		case css.DimensionToken:
			pageUnits += pageLength(d)
		case css.WhitespaceToken, css.CommentToken:
			continue
		}
		value.WriteString(d)
	}
	v := strings.TrimSuffix(value.String(), "!important")
	switch {
	case prop == "position" && (strings.Contains(v, "fixed") || strings.Contains(v, "sticky")):
		return fmt.Sprintf("style sheet position: %s", v)
	case prop == "z-index" && v != "auto" && !wideKeyword(v):
		if z, err := strconv.Atoi(strings.TrimPrefix(v, "+")); err != nil || z > maxZIndex || z < -maxZIndex {
			return fmt.Sprintf("style sheet z-index: %s", v)
		}
	case contains(sizeProperties, prop) && pageUnits >= 90:
		return fmt.Sprintf("style sheet %s: %s covers the page", prop, v)
	}
	return ""
}

func wideKeyword(v string) bool {
	return contains([]string{"inherit", "initial", "unset", "revert", "revert-layer"}, v)
}

// pageLength is the size of a dimension d, decoded, in viewport or
// container query units (CSS Values 4: vw, svw, lvw, dvw, …, cqw, …),
// or 0: a number that does not parse counts as 100.
func pageLength(d string) float64 {
	i := len(d)
	for i > 0 && 'a' <= d[i-1] && d[i-1] <= 'z' {
		i--
	}
	num, unit := d[:i], d[i:]
	if len(unit) > 2 && strings.IndexByte("sld", unit[0]) >= 0 {
		unit = unit[1:]
	}
	if !contains([]string{"vw", "vh", "vi", "vb", "vmin", "vmax", "cqw", "cqh", "cqi", "cqb", "cqmin", "cqmax"}, unit) {
		return 0
	}
	f, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return 100
	}
	return max(f, 0)
}
