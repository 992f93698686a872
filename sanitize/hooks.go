package sanitize

import (
	"golang.org/x/net/html"

	"github.com/htmlclean/htmlclean/internal/rules"
	"github.com/htmlclean/htmlclean/urlnorm"
)

// urlHook runs the policy's URL hook on out, a canonical URL of the
// attribute being checked (c), and checks what it returns as it checks
// input: urlnorm with the policy's options. res stays the author's URL's
// (see policy.Hooks.URL); the hook's goes to c.hook.
func (s *pass) urlHook(c *checking, out string, res urlnorm.Result) (string, urlnorm.Result, Reason) {
	u, keep := s.r.Hooks.URL(c.element, c.key, out, res.Flags)
	switch {
	case !keep:
		return "", res, ReasonHookRefused
	case u == out:
		return out, res, ""
	}
	again, err := urlnorm.Inspect(u, s.r.URL)
	if err != nil || again.URL == "" || s.deniedURL(again) != "" {
		return "", res, ReasonHookURLRefused
	}
	c.hook = again
	return again.URL, res, ""
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
