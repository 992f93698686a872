package safety

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tdewolff/parse/v2"
	"github.com/tdewolff/parse/v2/css"
	"golang.org/x/net/html"
)

// sheetScope is what every selector of a mail's style sheet starts
// with: the scoping root of the @scope rule the sheet is written in,
// with the wrapper's class (the mail preset's document: wrap).
const sheetScope = ":scope.htmlclean-mail"

// maxZIndex is the largest z-index magnitude a mail's sheet may hold
// (the sanitiser's stylesheet.MaxZIndex): above it a layer covers the
// host page's own.
const maxZIndex = 1000

// mailSheetPlace reports whether the <style> element n is where a mail's
// sheet is written: the last child of the wrapper, a child of body, so
// that the wrapper is the @scope rule's scoping root.
func mailSheetPlace(n *html.Node) bool {
	w := n.Parent
	return n.NextSibling == nil && w != nil && w.Data == "div" && w.Parent != nil && w.Parent.Data == "body" &&
		slices.ContainsFunc(w.Attr, func(a html.Attribute) bool { return a.Key == "class" && a.Val == sheetScope[len(":scope."):] })
}

// sheetProblem judges the text of a <style> element, which only a mail
// policy writes, with the test's own reading (tokens, escapes decoded,
// not the sanitiser's parser): every selector starts with the wrapper's
// compound and never leaves it by a sibling combinator; no at-rule but
// @media; no attribute selector with a value, :visited or :has; no url()
// outside schemes; none of the names that run script; no declaration
// that covers the page (position fixed or sticky, a z-index above
// maxZIndex, a size of 90 viewport units or more). An empty answer means
// safe.
func sheetProblem(text string, schemes []string, scheme func(string) string) string {
	inner, open := strings.CutPrefix(text, "@scope{")
	inner, closed := strings.CutSuffix(inner, "}")
	if !open || !closed {
		return "style sheet not one @scope rule"
	}
	if strings.Contains(inner, "</") {
		return `style sheet holds "</"`
	}
	decoded := decodedText(inner)
	for _, bad := range []string{"expression", "behavior", "binding", "javascript:", "@import",
		":visited", ":has(", "attr(", "var("} {
		if strings.Contains(decoded, bad) {
			return fmt.Sprintf("style sheet holds %q", bad)
		}
	}
	p := css.NewParser(parse.NewInputString(inner), false)
	for {
		gt, _, data := p.Next()
		var problem string
		switch gt {
		case css.ErrorGrammar:
			return ""
		case css.BeginAtRuleGrammar, css.AtRuleGrammar:
			if unescape(string(data)) != "@media" {
				problem = fmt.Sprintf("style sheet at-rule %s", data)
			}
		case css.BeginRulesetGrammar, css.QualifiedRuleGrammar:
			problem = selectorProblem(p.Values())
		case css.DeclarationGrammar:
			problem = declarationProblem(unescape(string(data)), p.Values(), schemes, scheme)
		}
		if problem != "" {
			return problem
		}
	}
}

// decodedText is text's tokens with escapes decoded, comments dropped,
// white space as one space, lower case.
func decodedText(text string) string {
	var b strings.Builder
	l := css.NewLexer(parse.NewInputString(text))
	for {
		tt, data := l.Next()
		switch tt {
		case css.ErrorToken:
			return b.String()
		case css.CommentToken:
		case css.WhitespaceToken:
			b.WriteByte(' ')
		default:
			b.WriteString(unescape(string(data)))
		}
	}
}

// unescape decodes the CSS escapes of s (CSS Syntax §4.3.7) and lowers
// its ASCII letters.
func unescape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			i++
			continue
		}
		i++
		n := 0
		for n < 6 && i+n < len(s) && strings.IndexByte("0123456789abcdefABCDEF", s[i+n]) >= 0 {
			n++
		}
		if n == 0 {
			r, size := utf8.DecodeRuneInString(s[i:])
			b.WriteRune(r)
			i += size
			continue
		}
		v, _ := strconv.ParseUint(s[i:i+n], 16, 32)
		if v == 0 || v > utf8.MaxRune || 0xd800 <= v && v <= 0xdfff {
			v = utf8.RuneError
		}
		b.WriteRune(rune(v))
		i += n
		if i < len(s) && strings.IndexByte(" \t\n", s[i]) >= 0 {
			i++
		}
	}
	return strings.ToLower(b.String())
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
