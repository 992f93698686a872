package policy

import (
	"fmt"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file compiles the token-level settings: class rules (classes),
// id and name prefixes (ids) and link types (links.rel).

// classRule is one compiled [ClassRule], shared by the elements it
// covers.
type classRule struct {
	tokens map[string]bool
	match  *matcher
}

// FiltersClasses reports whether a classes rule covers the element: its
// class attribute is then filtered per token with [Element.AllowsClass]
// (a value an attribute entry allows as a whole is kept as it is).
func (e *Element) FiltersClasses() bool { return len(e.classes) > 0 }

// AllowsClass reports whether one class token may stay on the element.
func (e *Element) AllowsClass(token string) bool {
	for _, r := range e.classes {
		if r.tokens[token] || r.match != nil && r.match.MatchString(token) {
			return true
		}
	}
	return false
}

// classes enters the class rules into the elements they cover, and
// builds the pattern the policy stage checks class values with.
func (k *compiler) classes(p *Policy, rules []ClassRule) {
	var all []*classRule
	for i, c := range rules {
		field := fmt.Sprintf("classes[%d]", i)
		r, ok := k.classRule(field, c)
		if !ok {
			continue
		}
		all = append(all, r)
		on := c.On
		if len(on) == 0 {
			on = p.cfg.Elements
		}
		added := false
		for _, name := range on {
			el := p.elements[name]
			if el == nil {
				continue
			}
			added = true
			if n := len(el.classes); n > 0 && el.classes[n-1] == r {
				continue // named twice in on
			}
			if k.rules++; k.rules > maxRules {
				k.fail(field, "the policy has more than %s attribute and class rules (one per rule and element it applies to): give rules an `on` list, or allow fewer elements", commas(maxRules))
				return
			}
			el.classes = append(el.classes, r)
		}
		if !added && len(c.On) > 0 {
			k.fail(field+".on", "none of %v is an allowed element", c.On)
		}
	}
	if len(all) > 0 {
		re, err := classListRE(all)
		if err != nil {
			k.fail("classes", "the class rules together are too large to check: %v", err)
			return
		}
		p.classRE = re
	}
}

// classRule checks one rule and compiles it.
func (k *compiler) classRule(field string, c ClassRule) (*classRule, bool) {
	ok := true
	r := &classRule{tokens: make(map[string]bool, len(c.Tokens))}
	for j, t := range c.Tokens {
		if !classToken(t) {
			k.fail(fmt.Sprintf("%s.tokens[%d]", field, j), "%q is not a class token (one word: no spaces, no control characters)", t)
			ok = false
			continue
		}
		r.tokens[t] = true
	}
	if c.Match != "" {
		re, err := anchored(c.Match)
		switch {
		case err != nil:
			k.fail(field+".match", "bad regular expression: %v", err)
			ok = false
		case emptyWidth(c.Match) != "":
			k.fail(field+".match", "uses %s, which means nothing in a token pattern: it is matched against each whole token", emptyWidth(c.Match))
			ok = false
		default:
			m := newMatcher(re, c.Match)
			r.match = &m
		}
	}
	if len(c.Tokens) == 0 && c.Match == "" {
		k.fail(field, "allows no class: give tokens, match or both")
		ok = false
	}
	for j, e := range c.On {
		if !nameRE.MatchString(e) {
			k.fail(fmt.Sprintf("%s.on[%d]", field, j), "%q is not an element name", e)
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

// classListRE is what the policy stage allows in a class value: white
// space and tokens that some class rule allows (on some element; sanitize
// checks the element's own rules).
func classListRE(rules []*classRule) (*regexp.Regexp, error) {
	var alts []string
	for _, r := range rules {
		for t := range r.tokens {
			alts = append(alts, regexp.QuoteMeta(t))
		}
		if r.match != nil {
			alts = append(alts, "(?:"+r.match.source+")")
		}
	}
	slices.Sort(alts)
	alts = slices.Compact(alts)
	if len(alts) == 0 {
		alts = []string{`[^\s\S]`} // nothing
	}
	tok := "(?:" + strings.Join(alts, "|") + ")"
	return regexp.Compile(`^` + htmlSpace + `*` + tok + `(?:` + htmlSpace + `+` + tok + `)*` + htmlSpace + `*$`)
}

// idPrefixRE is the shape of ids.prefix: characters a URL fragment
// holds as they are (urlnorm decodes their escapes), so a link's
// canonical fragment starts with the prefix exactly when the id it
// names does.
var idPrefixRE = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_.-]{0,63}$`)

func (k *compiler) ids(p *Policy, ids IDs) {
	if ids.Prefix == "" {
		return
	}
	if !idPrefixRE.MatchString(ids.Prefix) {
		k.fail("ids.prefix", `%q is not an id prefix (a letter, then letters, digits, "-", "_" and "."; at most 64 bytes)`, ids.Prefix)
		return
	}
	p.idPrefix = ids.Prefix
}

// IDPrefix returns ids.prefix, or "" when the policy keeps no id or name
// under a prefix.
func (p *Policy) IDPrefix() string { return p.idPrefix }

// PrefixID returns the value to write for an id or name attribute (or
// the fragment of a same-document link, decoded) under ids.prefix: v
// itself if it already starts with the prefix, so that sanitising again
// changes nothing, else the prefix and v. ok is false, and the attribute
// must go, when the policy has no prefix or v is not an id: empty, or
// holding anything but letters, digits, marks, "-", "_", ":" and ".".
func (p *Policy) PrefixID(v string) (out string, ok bool) {
	if p.idPrefix == "" || !validID(v) {
		return "", false
	}
	if strings.HasPrefix(v, p.idPrefix) {
		return v, true
	}
	return p.idPrefix + v, true
}

// validID reports whether v may be an id: what Markdown processors and
// authors write (fn:1, fnref-2, überblick), and nothing that could read
// as markup, a URL or a selector combinator.
func validID(v string) bool {
	if v == "" {
		return false
	}
	for i := 0; i < len(v); {
		c := v[i]
		if c < utf8.RuneSelf {
			if !idByte[c] {
				return false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(v[i:])
		if r == utf8.RuneError || !unicode.In(r, unicode.L, unicode.N, unicode.M) {
			return false
		}
		i += size
	}
	return true
}

// idByte are the ASCII bytes an id may hold.
var idByte = func() (t [utf8.RuneSelf]bool) {
	for c := byte('a'); c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = true, true
	}
	for c := byte('0'); c <= '9'; c++ {
		t[c] = true
	}
	t['-'], t['_'], t[':'], t['.'] = true, true, true, true
	return t
}()

// idRE is what the policy stage allows in an id or name: the prefix, then
// what validID allows.
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

// RelOn returns which links get [Policy.Rel]: "all" (also for an unset
// value) or "external".
func (p *Policy) RelOn() string {
	if p.cfg.Links.RelOn == "" {
		return "all"
	}
	return p.cfg.Links.RelOn
}
