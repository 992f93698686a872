package policy

import (
	"fmt"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/htmlclean/htmlclean/internal/rules"
)

// This file compiles the token-level settings: class rules (classes),
// id and name prefixes (ids) and link types (links.rel).

// classes enters the class rules into the elements they cover, and
// builds the pattern the policy stage checks class values with.
func (k *compiler) classes(p *Policy, list []ClassRule) {
	var all []*rules.ClassRule
	seen := map[string]bool{}
	for i, c := range list {
		field := fmt.Sprintf("classes[%d]", i)
		r, ok := k.classRule(field, c)
		if !ok || !k.classCost(field, c, seen) {
			continue
		}
		all = append(all, r)
		on := c.On
		if len(on) == 0 {
			on = p.cfg.Elements
		}
		added := false
		for _, name := range on {
			el := p.r.Elements[name]
			if el == nil {
				continue
			}
			added = true
			if n := len(el.Classes); n > 0 && el.Classes[n-1] == r {
				continue // named twice in on
			}
			if k.rules++; k.rules > maxRules {
				k.overRules(field, "class", "attribute and class rules (one per rule and element it applies to): give rules an `on` list, or allow fewer elements")
				return
			}
			el.Classes = append(el.Classes, r)
		}
		if !added && len(c.On) > 0 {
			k.fail(field+".on", "none of %v is an allowed element", c.On)
		}
	}
	if len(all) > 0 && len(k.errs) == 0 && k.more == 0 {
		if re, ok := k.builtPattern("classes", classListSource(all)); ok {
			p.classRE = re
		}
	}
}

// classCost counts what rule c adds to the pattern the policy stage
// matches every class value with (classListSource, which holds each
// token and pattern twice): a few instructions a token, and its
// pattern's. seen holds what earlier rules added.
func (k *compiler) classCost(field string, c ClassRule, seen map[string]bool) bool {
	for j, t := range c.Tokens {
		if !seen[t] {
			seen[t] = true
			if !k.spendValue(fmt.Sprintf("%s.tokens[%d]", field, j), "*", "class", 2*(utf8.RuneCountInString(t)+2)) {
				return false
			}
		}
	}
	if c.Match != "" && !seen["(?:"+c.Match+")"] {
		seen["(?:"+c.Match+")"] = true
		_, insts, _ := k.userPattern(field+".match", c.Match)
		return k.spendValue(field+".match", "*", "class", 2*insts)
	}
	return true
}

// classRule checks one rule and compiles it.
func (k *compiler) classRule(field string, c ClassRule) (*rules.ClassRule, bool) {
	ok := true
	r := &rules.ClassRule{Tokens: make(map[string]bool, len(c.Tokens))}
	for j, t := range c.Tokens {
		if !classToken(t) {
			k.fail(fmt.Sprintf("%s.tokens[%d]", field, j), "%q is not a class token (one word: no spaces, no control characters)", t)
			ok = false
			continue
		}
		r.Tokens[t] = true
	}
	if c.Match != "" {
		if _, err := syntax.Parse(c.Match, syntax.Perl); err == nil && emptyWidth(c.Match) != "" {
			k.fail(field+".match", "uses %s, which means nothing in a token pattern: it is matched against each whole token", emptyWidth(c.Match))
			ok = false
		} else if m, _, good := k.userPattern(field+".match", c.Match); good {
			r.Match = &m
		} else {
			ok = false
		}
	}
	if len(c.Tokens) == 0 && c.Match == "" {
		k.fail(field, "allows no class: give tokens, match or both")
		ok = false
	}
	for j, e := range c.On {
		if why := foreignProblem(e); why != "" {
			k.fail(fmt.Sprintf("%s.on[%d]", field, j), "%q %s", e, why)
			ok = false
		}
	}
	return r, ok
}

// classToken reports whether t is one class token: not empty, valid
// UTF-8, no white space (HTML splits class at ASCII white space) and no
// control characters.
func classToken(t string) bool {
	if t == "" || !utf8.ValidString(t) {
		return false
	}
	for _, r := range t {
		if unicode.IsSpace(r) || unicode.IsControl(r) {
			return false
		}
	}
	return true
}

// emptyWidth names the first assertion in a pattern whose meaning
// depends on what is around the match (^, $, \A, \z, \b, \B), or
// returns "". The policy stage matches a class value against all the
// rules' patterns at once, token after token, where such an assertion
// would read the neighbouring tokens: refused, the per-token check and
// the stage's check agree.
func emptyWidth(pattern string) string {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return ""
	}
	var find func(re *syntax.Regexp) string
	find = func(re *syntax.Regexp) string {
		switch re.Op {
		case syntax.OpBeginLine, syntax.OpBeginText:
			return "^ or \\A"
		case syntax.OpEndLine, syntax.OpEndText:
			return "$ or \\z"
		case syntax.OpWordBoundary, syntax.OpNoWordBoundary:
			return "\\b or \\B"
		}
		for _, sub := range re.Sub {
			if s := find(sub); s != "" {
				return s
			}
		}
		return ""
	}
	return find(re)
}

// htmlSpace is HTML's ASCII white space, which separates class tokens
// (HTML §2.3.8 "split a string on ASCII whitespace").
const htmlSpace = `[\t\n\f\r ]`

// classListSource is what the policy stage allows in a class value:
// white space and tokens that some class rule allows (on some element;
// sanitize checks the element's own rules).
func classListSource(all []*rules.ClassRule) string {
	var alts []string
	for _, r := range all {
		for t := range r.Tokens {
			alts = append(alts, regexp.QuoteMeta(t))
		}
		if r.Match != nil {
			alts = append(alts, "(?:"+r.Match.Source+")")
		}
	}
	slices.Sort(alts)
	alts = slices.Compact(alts)
	if len(alts) == 0 {
		alts = []string{`[^\s\S]`} // nothing
	}
	tok := "(?:" + strings.Join(alts, "|") + ")"
	return `^` + htmlSpace + `*` + tok + `(?:` + htmlSpace + `+` + tok + `)*` + htmlSpace + `*$`
}

// idPrefixRE is the shape of ids.prefix: characters a URL fragment
// holds as they are (urlnorm decodes their escapes), so a link's
// canonical fragment starts with the prefix exactly when the id it
// names does.
var idPrefixRE = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_.-]{0,63}$`)

func (k *compiler) ids(p *Policy, ids IDs) {
	if idKeepWords.check(k, ids.Keep, true) {
		p.r.Unclobbered = ids.Keep == IDKeepUnclobbered
	}
	if ids.Prefix == "" {
		return
	}
	if !idPrefixRE.MatchString(ids.Prefix) {
		k.fail("ids.prefix", `%q is not an id prefix (a letter, then letters, digits, "-", "_" and "."; at most 64 bytes)`, ids.Prefix)
		return
	}
	p.r.IDPrefix = ids.Prefix
}

// idRE is what the policy stage allows in an id or name: the prefix, then
// what rules.Rules.PrefixID allows.
func idRE(prefix string) *regexp.Regexp {
	return regexp.MustCompile(`^` + regexp.QuoteMeta(prefix) + `[A-Za-z0-9_:.\-\p{L}\p{N}\p{M}]*$`)
}

// linkTypeRE is the shape of a rel token: a link type as HTML's
// registry writes them (nofollow, ugc, me, privacy-policy).
var linkTypeRE = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]*$`)

// relProblem says why a links.rel token is refused, or returns "".
func relProblem(t string) string {
	switch {
	case t == "opener":
		return "is never allowed: it gives the linked page a handle on this one (window.opener)"
	case !linkTypeRE.MatchString(t):
		return `is not a link type (lower-case ASCII letters, digits, "-", "_" and ".", starting with a letter or digit)`
	}
	return ""
}

// unclobberedEntries returns the attribute entries ids.keep: unclobbered
// adds: id and name on every allowed element, unless ids.prefix writes
// them or an entry of attributes or add.attributes names either (then the
// entries say where both are allowed).
func unclobberedEntries(c Config) []Attribute {
	named := func(a Attribute) bool { return a.Name == "id" || a.Name == "name" }
	if c.IDs.Keep != IDKeepUnclobbered || c.IDs.Prefix != "" ||
		slices.ContainsFunc(c.Attributes, named) || slices.ContainsFunc(c.Add.Attributes, named) {
		return nil
	}
	return []Attribute{{Name: "id"}, {Name: "name"}}
}
