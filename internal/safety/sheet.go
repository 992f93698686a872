package safety

import (
	"fmt"
	"strings"

	"github.com/tdewolff/parse/v2"
	"github.com/tdewolff/parse/v2/css"
)

// sheetScope is the class every selector of a mail's style sheet starts
// with: the wrapper's (the mail preset's document: wrap).
const sheetScope = ".htmlclean-mail"

// sheetProblem judges the text of a <style> element, which only a mail
// policy writes, with the test's own reading (tokens, not the
// sanitiser's parser): every selector starts with the wrapper's class;
// no at-rule but @media; no attribute selector with a value, :visited
// or :has; no url() outside schemes; none of the names that run script or
// cover the page. An empty answer means safe.
func sheetProblem(text string, schemes []string, scheme func(string) string) string {
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
					len(one) > len(sheetScope) && !strings.ContainsRune(" >:", rune(one[len(sheetScope)])) {
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
