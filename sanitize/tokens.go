package sanitize

import (
	"strings"

	"github.com/htmlclean/htmlclean/internal/rules"
)

// This file holds the checks of values the policy allows token by token:
// class (classes rules) and id, name and same-document links (ids.prefix).

// classes filters a class value token by token (HTML §2.3.8: tokens are
// separated by ASCII white space): the tokens the element's class rules
// allow stay, in their order, the others go. A value whose every token is
// allowed is kept as written; otherwise the tokens kept are joined with
// one space. No token left drops the attribute. Linear in the value.
func (s *pass) classes(c *checking, el *rules.Element, v string) (string, Reason) {
	var b strings.Builder
	all := true
	for i := 0; i < len(v); {
		for i < len(v) && isSpace(v[i]) {
			i++
		}
		start := i
		for i < len(v) && !isSpace(v[i]) {
			i++
		}
		if start == i {
			break
		}
		tok := v[start:i]
		if !el.AllowsClass(tok) || tok == rules.WrapperClass && s.wrapped ||
			len(tok) == len(LinkHostClass) && strings.EqualFold(tok, LinkHostClass) {
			// Only the wrapper may match its style sheets' scope, and
			// only the pass's mark of a link's host carries its class
			// (linkmark.go: an element of the input with it is dropped
			// before this).
			all = false
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(tok)
	}
	switch {
	case b.Len() == 0:
		return "", ReasonNoAllowedClass
	case all:
		return v, ""
	}
	c.rewrote(RewroteAttribute, ReasonClassTokens)
	return b.String(), ""
}

// checkID checks an id or name value under ids.prefix and writes it under the
// prefix (rules.Rules.PrefixID).
func checkID(r *rules.Rules, c *checking, v string) (string, Reason) {
	out, ok := r.PrefixID(v)
	if !ok {
		return "", ReasonBadID
	}
	if out != v {
		c.rewrote(RewroteAttribute, ReasonIDPrefix)
	}
	return out, ""
}

// fragment rewrites a canonical same-document link ("#fn:1": it starts
// with "#") to the prefixed id it names ("#user-content-fn:1"), so that it
// still finds its target; an image's usemap ("#m") likewise names the
// prefixed name of its map. A fragment that is empty, already prefixed or
// not an id once decoded (a text fragment "#:~:text=x", a malformed
// escape) is left as it is. The prefix needs no escaping (policy's
// idPrefixRE), and urlnorm decodes its characters' escapes, so the
// canonical fragment starts with the prefix exactly when the id does.
func fragment(r *rules.Rules, c *checking, u string) string {
	if len(u) < 2 || u[0] != '#' || strings.HasPrefix(u[1:], r.IDPrefix) {
		return u
	}
	frag, ok := unescapeFragment(u[1:])
	if !ok {
		return u
	}
	if _, ok := r.PrefixID(frag); !ok {
		return u
	}
	c.rewrote(RewroteURL, ReasonIDPrefix)
	return "#" + r.IDPrefix + u[1:]
}

// unescapeFragment decodes the %XX escapes of a canonical fragment, as a
// browser does before it looks for the element with that id (HTML
// §7.4.6.3 "find a potential indicated element"); ok is false for a
// malformed escape.
func unescapeFragment(f string) (string, bool) {
	if strings.IndexByte(f, '%') < 0 {
		return f, true
	}
	b := make([]byte, 0, len(f))
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			b = append(b, f[i])
			continue
		}
		if i+2 >= len(f) || !isHexDigit(f[i+1]) || !isHexDigit(f[i+2]) {
			return "", false
		}
		b = append(b, hexValue(f[i+1])<<4|hexValue(f[i+2]))
		i += 2
	}
	return string(b), true
}
