package safety

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tdewolff/parse/v2"
	"github.com/tdewolff/parse/v2/css"
	"golang.org/x/net/html"
)

// sheetScope is what every selector of a mail's style sheet starts
// with: the scoping root of the @scope rule the sheet is written in,
// with the wrapper's class (the mail preset's document: wrap).
const sheetScope = ":scope.htmlclean-mail"

// mailSheetPlace reports whether the <style> element n is where a mail's
// sheet is written: the last child of the wrapper, a child of body, so
// that the wrapper is the @scope rule's scoping root.
func mailSheetPlace(n *html.Node) bool {
	w := n.Parent
	return n.NextSibling == nil && w != nil && w.Data == "div" && w.Parent != nil && w.Parent.Data == "body" &&
		slices.ContainsFunc(w.Attr, func(a html.Attribute) bool { return a.Key == "class" && a.Val == sheetScope[len(":scope."):] })
}

// sheetProblem judges the text of a <style> element, which only a mail
// policy writes, with the test's own reading (tokens, not the
// sanitiser's parser): every selector starts with the wrapper's class;
// no at-rule but @media; no attribute selector with a value, :visited
// or :has; no url() outside schemes; none of the names that run script or
// cover the page. An empty answer means safe.
func sheetProblem(text string, schemes []string, scheme func(string) string) string {
	inner, open := strings.CutPrefix(text, "@scope{")
	inner, closed := strings.CutSuffix(inner, "}")
	if !open || !closed {
		return "style sheet not one @scope rule"
	}
	text = inner
	lower := strings.ToLower(text)
	for _, bad := range []string{"expression", "behavior", "binding", "javascript:", "@import",
		"position:fixed", "position:sticky", ":visited", ":has(", "attr(", "var(", "</"} {
		if strings.Contains(lower, bad) {
			return fmt.Sprintf("style sheet holds %q", bad)
		}
	}
	p := css.NewParser(parse.NewInputString(text), false)
	for {
		gt, _, data := p.Next()
		switch gt {
		case css.ErrorGrammar:
			return ""
		case css.BeginAtRuleGrammar, css.AtRuleGrammar:
			if !strings.EqualFold(string(data), "@media") {
				return fmt.Sprintf("style sheet at-rule %s", data)
			}
		case css.BeginRulesetGrammar, css.QualifiedRuleGrammar:
			var sel strings.Builder
			for _, t := range p.Values() {
				sel.Write(t.Data)
			}
			for _, one := range strings.Split(sel.String(), ",") {
				if one = strings.TrimSpace(one); !strings.HasPrefix(one, sheetScope) ||
					len(one) > len(sheetScope) && !strings.ContainsRune(" >:", rune(one[len(sheetScope)])) ||
					strings.HasPrefix(one[len(sheetScope):], " +") || strings.HasPrefix(one[len(sheetScope):], " ~") {
					return fmt.Sprintf("style sheet selector %q outside %s", one, sheetScope)
				}
				if strings.Contains(one, "=") {
					return fmt.Sprintf("style sheet selector %q reads a value", one)
				}
			}
		case css.DeclarationGrammar:
			for _, t := range p.Values() {
				if t.TokenType == css.URLToken {
					u := strings.Trim(string(t.Data[4:len(t.Data)-1]), `"' `)
					if s := scheme(u); !contains(schemes, s) {
						return fmt.Sprintf("style sheet url %q: scheme %q", u, s)
					}
				}
			}
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
