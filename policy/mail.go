package policy

import (
	"maps"
	"slices"
	"strings"

	"github.com/htmlclean/htmlclean/internal/rules"
	"github.com/htmlclean/htmlclean/urlnorm"
)

// proxyPlaceholder is where a proxy template takes the URL it loads.
const proxyPlaceholder = "{url}"

// mail checks the settings for HTML e-mail (document, remote_content,
// proxy) and enters them into the rules.
func (k *compiler) mail(p *Policy, c MailConfig) {
	m := &p.r.Mail
	switch c.Document {
	case "", DocumentFragment:
	case DocumentWrap:
		m.Wrap = true
		k.wrapper(p)
	default:
		documentWords.check(k, c.Document, false)
	}
	switch c.RemoteContent {
	case "", RemoteAllow:
	case RemoteBlock:
		m.Remote = rules.RemoteBlock
	case RemoteProxy:
		m.Remote = rules.RemoteProxy
		if c.Proxy == "" {
			k.fail("proxy", "remote_content: proxy needs a proxy URL template holding %s", proxyPlaceholder)
			return
		}
	default:
		remoteWords.check(k, c.RemoteContent, false)
	}
	if c.Proxy == "" {
		return
	}
	if m.Remote != rules.RemoteProxy {
		k.fail("proxy", "is only meaningful with remote_content: proxy")
		return
	}
	before, after, msg := proxyTemplate(c.Proxy)
	if msg != "" {
		k.fail("proxy", "%q %s", c.Proxy, msg)
		return
	}
	m.ProxyBefore, m.ProxyAfter = before, after
}

// proxyTemplate splits a proxy template at its placeholder, or says why
// it is refused. The template must be an absolute http(s) URL in
// urlnorm's canonical form, with the placeholder once, after the host,
// so that every URL written into it is canonical too and loads from the
// proxy's host.
func proxyTemplate(t string) (before, after, msg string) {
	before, after, ok := strings.Cut(t, proxyPlaceholder)
	switch {
	case !ok || strings.Contains(after, proxyPlaceholder):
		return "", "", "must hold " + proxyPlaceholder + " exactly once"
	case strings.ContainsAny(t, "#"):
		return "", "", "may not hold a fragment"
	}
	// Two samples, one with the characters percent-encoding writes: the
	// template's host and canonical form must not depend on the URL.
	host := ""
	for i, sample := range []string{"x", "a%2Fb%3Fc%23d"} {
		u := before + sample + after
		r, err := urlnorm.Inspect(u, urlnorm.Options{Schemes: []string{"http", "https"}})
		switch {
		case err != nil:
			return "", "", "is not a valid URL: " + err.Error()
		case r.Scheme != "http" && r.Scheme != "https" || r.Host == "":
			return "", "", "is not an absolute http(s) URL"
		case r.URL != u:
			return "", "", "is not in canonical form (htmlclean url prints it)"
		case i > 0 && r.Host != host:
			return "", "", "must hold " + proxyPlaceholder + " after the host"
		}
		host = r.Host
	}
	// The authority must end before the placeholder.
	if _, rest, ok := strings.Cut(before, "://"); !ok || !strings.ContainsAny(rest, "/?") {
		return "", "", "must hold " + proxyPlaceholder + " after the host"
	}
	return before, after, ""
}

// wrapNeeds reports that document: wrap needs what list lacks: at the
// list when the file wrote it (replacing the preset's), else at
// document.
func (k *compiler) wrapNeeds(list, what string) {
	if k.written != nil && k.written(list) {
		k.fail(list, "replaces the preset's list, and document: wrap needs %s: list them too", what)
		return
	}
	k.fail("document", "wrap needs %s", what)
}

// wrapper checks that the policy can write the wrapper of document: wrap:
// a div with the wrapper's class (classes), and a style that clips it
// (styles allowing position: relative and overflow: hidden on div), and
// that no attribute entry allows class whole, which would let the mail's
// own elements take the wrapper's class.
func (k *compiler) wrapper(p *Policy) {
	div := p.r.Elements["div"]
	if div == nil {
		k.wrapNeeds("elements", "div among the elements")
		return
	}
	if !div.AllowsClass(rules.WrapperClass) {
		k.wrapNeeds("classes", "classes that allow "+rules.WrapperClass+" on div")
	}
	style := div.Attrs["style"]
	if style == nil || !style.AllowsDeclaration("position", "relative") || !style.AllowsDeclaration("overflow", "hidden") {
		k.wrapNeeds("styles", "styles allowing position: relative and overflow: hidden on div")
	}
	for _, name := range slices.Sorted(maps.Keys(p.r.Elements)) {
		if p.r.Elements[name].Attrs["class"] != nil {
			k.fail("document", "wrap needs class filtered by classes, not allowed whole on %s by attributes", name)
			return
		}
	}
}
