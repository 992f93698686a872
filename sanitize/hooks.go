package sanitize

import (
	"golang.org/x/net/html"

	"github.com/htmlclean/htmlclean/internal/rules"
	"github.com/htmlclean/htmlclean/urlnorm"
)

// urlHook runs the policy's URL hook on out, a canonical URL of the
// attribute being checked (c), that every URL rule kept (res). What the
// hook returns goes through every rule again, as if the author had
// written it (an SVG reference's same-document rule, then urlRules: urlnorm with the policy's options and flags, the
// denied schemes, data: images, remote_content), its flags join the
// author's URL's in the report, and one a rule refuses drops the
// attribute with that rule's reason. The checks of the attribute's value
// as a whole (its length, an SVG reference's, an embed's host) judge
// what is written, the hook's. res stays the author's URL's (see
// policy.Hooks.URL); the hook's goes to c.hook.
func (s *pass) urlHook(c *checking, out string, res urlnorm.Result) (string, urlnorm.Result, Reason) {
	u, keep := s.r.Hooks.URL(c.element, c.key, out, res.Flags)
	switch {
	case !keep:
		return "", res, ReasonHookRefused
	case u == out:
		return out, res, ""
	case len(u) > s.r.Limits.MaxAttributeBytes:
		return "", res, ReasonTooLong // as checkValue judges the author's
	case c.sameDocOnly && !sameDocument(u):
		return "", res, ReasonValueNotAllowed // as checkValue judges the author's
	}
	again, hres, reason := s.urlRules(c, u)
	if reason != "" {
		return "", res, reason
	}
	c.hook = hres
	return again, res, ""
}

// elementHook asks the policy's element hook about the element a policy
// names key (an SVG or MathML one with its prefix: "svg:circle", as
// policy files name them), whose attributes are s.attrs.list, and returns
// its answer.
func (s *pass) elementHook(key string) rules.ElementAction {
	attrs := make([]html.Attribute, 0, len(s.attrs.list))
	for _, a := range s.attrs.list {
		if a.key != "" {
			attrs = append(attrs, html.Attribute{Key: a.key, Val: a.val})
		}
	}
	return s.r.Hooks.Element(key, attrs)
}
