package policy

import (
	"fmt"
	"maps"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"

	"github.com/htmlclean/htmlclean/internal/rules"
)

// Style allows one CSS property in style attributes, with a rule for its
// value: exactly one of Values, Keywords and Match. Style attributes are
// filtered declaration by declaration; the CSS-wide keywords (inherit,
// initial, ...) are allowed for every listed property.
type Style struct {
	// Property is the property name, lower case ("color", "text-align").
	Property string `yaml:"property" json:"property"`
	// On lists the elements it is allowed on; empty means every allowed
	// element.
	On []string `yaml:"on,flow,omitempty" json:"on,omitempty"`
	// Values names a value grammar: "color" (a name, #rgb, #rgba,
	// #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla()), "length" (a
	// number with a unit, a percentage or 0), "lengths" (one to four of
	// them, as margin and padding take) or "number".
	Values string `yaml:"values,omitempty" json:"values,omitempty"`
	// Keywords lists the allowed values, compared without regard to case.
	Keywords []string `yaml:"keywords,flow,omitempty" json:"keywords,omitempty"`
	// Match is a regular expression (RE2) the whole value must match,
	// anchored for you; it may not use ^ or $ itself. A url() it lets
	// through must still pass the policy's URL rules.
	Match string `yaml:"match,omitempty" json:"match,omitempty"`
}

// The value grammars of Style.Values, as patterns over one value.
const (
	cssNumber = `[+-]?(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)`
	cssLength = cssNumber + `(?:px|em|rem|ex|ch|vw|vh|vmin|vmax|cm|mm|q|in|pt|pc|%)|[+-]?0(?:\.0+)?`
	cssSpace  = `[\t\n\f\r ]`
)

var styleGrammars = map[string]string{
	"number":  `(?i:` + cssNumber + `)`,
	"length":  `(?i:` + cssLength + `)`,
	"lengths": `(?i:(?:` + cssLength + `)(?:` + cssSpace + `+(?:` + cssLength + `)){0,3})`,
	"color": `(?i:#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})|[a-z]{3,20}|` +
		`(?:rgba?|hsla?)\(` + cssSpace + `*[0-9.%+-]+(?:(?:` + cssSpace + `*[,/]` + cssSpace + `*|` + cssSpace + `+)[0-9.%a-z+-]+){2,3}` + cssSpace + `*\))`,
}

// cssWide are the keywords every property takes (CSS Cascade §7.3).
const cssWide = `(?i:inherit|initial|unset|revert|revert-layer)`

// refusedProperties may never be allowed: they run script in some browser.
var refusedProperties = map[string]bool{"behavior": true, "-moz-binding": true}

var (
	propertyRE = regexp.MustCompile(`^-?[a-z][a-z0-9-]*$`)
	keywordRE  = regexp.MustCompile(`^-?[a-z][a-z0-9-]*$`)
)

// stylePattern returns s's value pattern, unanchored, or an error message.
func stylePattern(s Style) (string, string) {
	set := 0
	for _, b := range []bool{s.Values != "", len(s.Keywords) > 0, s.Match != ""} {
		if b {
			set++
		}
	}
	switch {
	case set != 1:
		return "", "needs exactly one of values, keywords and match"
	case s.Values != "":
		g, ok := styleGrammars[s.Values]
		if !ok {
			return "", fmt.Sprintf("values: %q is not a value grammar (color, length, lengths, number)", s.Values)
		}
		return g, ""
	case s.Match != "":
		re, err := syntax.Parse(s.Match, syntax.Perl)
		if err != nil {
			return "", fmt.Sprintf("match: bad regular expression: %v", err)
		}
		if anchors(re) {
			return "", "match: ^ and $ are implied: the pattern describes the whole value"
		}
		return `(?:` + s.Match + `)`, ""
	}
	for _, kw := range s.Keywords {
		if !keywordRE.MatchString(kw) {
			return "", fmt.Sprintf("keywords: %q is not a CSS keyword (lower-case letters, digits, '-')", kw)
		}
	}
	return `(?i:` + strings.Join(s.Keywords, "|") + `)`, ""
}

// anchors reports whether re holds ^, $, \A or \z anywhere.
func anchors(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText:
		return true
	}
	return slices.ContainsFunc(re.Sub, anchors)
}

// styles checks the Styles list and enters it into the allowed elements:
// their style attribute becomes a per-property rule.
func (k *compiler) styles(p *Policy, styles []Style) {
	byEl := map[string]*rules.Styles{}
	last := map[string]string{} // the last entry that applies to an element
	for i, s := range styles {
		field := fmt.Sprintf("styles[%d]", i)
		switch {
		case !propertyRE.MatchString(s.Property):
			k.fail(field+".property", "%q is not a CSS property name (lower case, no escapes, no custom properties)", s.Property)
			continue
		case refusedProperties[s.Property]:
			k.fail(field+".property", "%q is never allowed: it runs script in some browsers", s.Property)
			continue
		}
		pat, msg := stylePattern(s)
		if msg != "" {
			k.fail(field, "%s", msg)
			continue
		}
		pat = `(?:` + pat + `|` + cssWide + `)`
		at := field
		if s.Match != "" {
			at = field + ".match"
		}
		insts, ok := k.patternSize(at, `^`+pat+`$`)
		if !ok {
			continue
		}
		// A declaration is matched against the element's whole rule, which
		// holds the property's name and pattern twice.
		insts = 2 * (insts + len(s.Property) + 8)
		on := s.On
		if len(on) == 0 {
			on = slices.Sorted(maps.Keys(p.r.Elements))
		}
		for j, name := range on {
			el := p.r.Elements[name]
			if el == nil {
				k.fail(fmt.Sprintf("%s.on[%d]", field, j), "%q is not an allowed element", name)
				continue
			}
			if r := el.Attrs["style"]; r != nil && r.Styles == nil {
				k.fail(field, "style is allowed whole on %s by attributes: allow it whole or per property, not both", name)
				continue
			}
			if !k.spendValue(at, name, "style", insts) {
				continue
			}
			last[name] = field
			r := byEl[name]
			if r == nil {
				r = &rules.Styles{Props: map[string]*regexp.Regexp{}, Parts: map[string]string{}}
				byEl[name] = r
			}
			part := pat
			if prev, ok := r.Parts[s.Property]; ok {
				part = prev[:len(prev)-1] + `|` + pat + `)` // either rule
			}
			r.Parts[s.Property] = part
		}
	}
	if len(k.errs) > 0 || k.more > 0 {
		return
	}
	// Most elements share their rules (styles without on): each distinct
	// pattern is compiled once (builtPattern), which keeps a long property
	// list cheap. In sorted order, so that an error names the same entry
	// every time.
	for _, name := range slices.Sorted(maps.Keys(byEl)) {
		r := byEl[name]
		var alts []string
		for _, prop := range slices.Sorted(maps.Keys(r.Parts)) {
			part := r.Parts[prop]
			re, ok := k.builtPattern(last[name], `^`+part+`$`)
			if !ok {
				return
			}
			r.Props[prop] = re
			alts = append(alts, `(?i:`+regexp.QuoteMeta(prop)+`)`+cssSpace+`*:`+cssSpace+`*`+part)
		}
		item := cssSpace + `*(?:(?:` + strings.Join(alts, "|") + `)` + cssSpace + `*)?`
		whole, ok := k.builtPattern(last[name], `^`+item+`(?:;`+item+`)*$`)
		if !ok {
			return
		}
		r.Whole = whole
		p.r.Elements[name].Attrs["style"] = &rules.Attr{Kind: KindCSS, Patterns: []rules.Matcher{rules.NewMatcher(r.Whole, "")}, Styles: r}
	}
}
