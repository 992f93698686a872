package policy

import (
	"maps"
	"slices"
	"strings"

	"golang.org/x/net/html"

	"github.com/htmlclean/htmlclean/internal/rules"
	"github.com/htmlclean/htmlclean/urlnorm"
)

// settle fills in the settings of p.r that the compiler's steps leave to
// the end, from the effective Config: every file setting becomes a typed
// value, and the bluemonday stage a function, so that package sanitize
// reads no string of a policy file and imports no bluemonday.
func (p *Policy) settle() {
	c := &p.cfg
	r := &p.r
	for _, name := range c.Elements {
		if r.Elements[name] != nil {
			r.Order = append(r.Order, name)
		}
	}
	if r.Elements["iframe"] != nil {
		r.Order = append(r.Order, "iframe") // Embeds: never in Elements
	}
	r.Limits = rules.Limits(c.Limits)
	r.Hooks = c.Hooks.compiled()
	r.Rel = strings.Join(p.rel, " ")
	if c.Links.RelOn == "external" {
		r.RelOn = rules.RelExternal
	}
	r.TargetBlank = c.Links.TargetBlank
	r.StylesText = r.Mail.Wrap || stylesText(r)
	r.Mismatch = map[string]rules.TextMismatch{
		"": rules.MismatchReject, "reject": rules.MismatchReject, "rewrite": rules.MismatchRewrite,
		"report": rules.MismatchReport, "ignore": rules.MismatchIgnore, "mark": rules.MismatchMark,
	}[string(c.Links.TextMismatch)]
	if c.BareElements == "keep" {
		r.Bare = rules.BareKeep
	}
	r.WordBreaks = c.WordBreaks
	r.Comments = c.Comments
	r.EmbedHosts = slices.Clone(c.Embeds.Hosts)
	r.Forbidden = maps.Clone(forbiddenElements)
	maps.Copy(r.Forbidden, forbiddenForeign) // by prefixed name: "svg:script"
	r.Stage = p.apply
}

// compiled returns the hooks as package sanitize calls them.
func (h Hooks) compiled() rules.Hooks {
	var out rules.Hooks
	if h.URL != nil {
		out.URL = func(element, attribute, url string, flags urlnorm.Flags) (string, bool) {
			return h.URL(URLContext{Element: element, Attribute: attribute, URL: url, Flags: flags})
		}
	}
	if h.Element != nil {
		out.Element = func(name string, attrs []html.Attribute) rules.ElementAction {
			return rules.ElementAction(h.Element(ElementContext{Name: name, Attrs: attrs}))
		}
	}
	return out
}

// textStyling are the attributes with which content colours, sizes or
// hides the text around it: style, and the presentational attributes
// the HTML standard's rendering section maps to color, font-size,
// and background (§15.3.4, §15.3.9).
var textStyling = []string{"style", "color", "size", "bgcolor", "text", "background"}

// stylesText reports whether r allows any HTML element one of
// textStyling (SVG and MathML style only what is drawn in them, and a
// mark is never written there).
func stylesText(r *rules.Rules) bool {
	for _, el := range r.Elements {
		if el.NS != rules.NSHTML {
			continue
		}
		for _, a := range textStyling {
			if el.Attr(a) != nil {
				return true
			}
		}
	}
	return false
}
