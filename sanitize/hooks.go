package sanitize

import (
	"golang.org/x/net/html"

	"github.com/htmlclean/htmlclean/internal/rules"
	"github.com/htmlclean/htmlclean/urlnorm"
)

// urlHook runs the policy's URL hook on out, a canonical URL of the
// attribute being checked (s.attrEl, s.attr), and checks what it returns
// as it checks input: urlnorm with the policy's options. res stays the
// author's URL's (see rules.Hooks.URL).
func (s *pass) urlHook(out string, res urlnorm.Result) (string, urlnorm.Result, Reason) {
	u, keep := s.hooks.URL(s.attrEl, s.attr, out, res.Flags)
	switch {
	case !keep:
		return "", res, ReasonHookRefused
	case u == out:
		return out, res, ""
	}
	again, err := urlnorm.Inspect(u, s.urlOpts)
	if err != nil || again.URL == "" {
		return "", res, ReasonHookURLRefused
	}
	s.hooked = again
	return again.URL, res, ""
}

// elementHook asks the policy's element hook about the element name,
// whose attributes are s.attrs, and returns its answer.
func (s *pass) elementHook(name string) rules.ElementAction {
	attrs := make([]html.Attribute, 0, len(s.attrs))
	for _, a := range s.attrs {
		if a.key != "" {
			attrs = append(attrs, html.Attribute{Key: a.key, Val: a.val})
		}
	}
	return s.hooks.Element(name, attrs)
}

// hide starts dropping everything written while the frame about to be
// pushed at stack index len(s.stack) is open: the element hook's Drop.
// The pass goes on reading the tree, so that the element ends where the
// HTML parser ends it, and writes into scratch buffers emptied after each
// token (see walk). Nothing inside is reported or held as a link.
func (s *pass) hide() {
	s.hideAt = len(s.stack)
	s.shown, s.shownHazard, s.shownLast = s.dst, s.hazard, s.last1
	s.hidden.f.Reset()
	s.hidden.c.Reset()
	s.dst = twin{&s.hidden.f, &s.hidden.c}
}

// unhide ends hide, once its frame is closed.
func (s *pass) unhide() {
	s.hideAt = -1
	s.dst, s.hazard, s.last1 = s.shown, s.shownHazard, s.shownLast
	s.shown = twin{}
	s.hidden.f.Reset()
	s.hidden.c.Reset()
	if s.hidden.f.Cap() > maxPooledBytes || s.hidden.c.Cap() > maxPooledBytes {
		s.hidden.f, s.hidden.c = sink{}, sink{}
	}
}
