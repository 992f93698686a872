package policy

import (
	"golang.org/x/net/html"

	"github.com/htmlclean/htmlclean/urlnorm"
)

// Hooks are callbacks a policy built in Go may carry ([Config.Hooks]); a
// policy file cannot hold them, and [Policy.String] says a policy has
// them. The sanitiser calls them during its first stage, and everything
// after them still applies: what a hook returns is checked like input,
// and the bluemonday stage runs over the result. A policy is shared, so a
// hook must be safe to call from several goroutines at once; it must not
// keep the values it is given past the call. A hook that panics panics
// the sanitiser's call.
type Hooks struct {
	// URL sees every URL the policy accepted, canonical, in every URL
	// attribute (href, src, each srcset candidate, each URL of a list,
	// url() in CSS), and returns the URL to write and whether to keep the
	// attribute at all (false drops it: "hook-refused"). A URL it changes
	// is held to every URL rule as if the author had written it: urlnorm
	// with the policy's options (scheme list, relative URLs, flags), the
	// denied schemes, data: images, remote_content (blocked or proxied),
	// an SVG element's same-document rule, an embed's hosts, and
	// limits.max_attribute_bytes on the value written. So a hook cannot
	// write javascript:, a deceptive URL or a remote image a mail
	// blocks; one a rule refuses drops the attribute with that rule's
	// reason ("scheme-not-allowed", "remote-blocked", "too-long", ...),
	// and its urlnorm flags join the report's. It is not called on its
	// own result. Use it for an image proxy or an outbound redirector.
	// CSS is never rewritten: a url() the hook changes drops the style
	// (unless remote_content: proxy writes it into the proxy).
	//
	// The link-text check sees the URL the author wrote (canonical), not
	// the hook's: a redirector does not hide where a link goes from the
	// check that the link says where it goes. links.rel_on and
	// links.target_blank treat a link as external if either URL is: a
	// redirector on the site does not make an external link internal,
	// nor a hook an internal one external without the rel it needs.
	URL func(URLContext) (string, bool)

	// Element sees every element the policy allows, with the attributes
	// that passed their checks, and says what to do with it (see
	// [ElementAction]). It is not called inside an element it dropped.
	Element func(ElementContext) ElementAction
}

// URLContext is what [Hooks.URL] is told about a URL.
type URLContext struct {
	Element   string        // the element, lower case
	Attribute string        // the attribute, lower case
	URL       string        // the URL, canonical (urlnorm)
	Flags     urlnorm.Flags // what urlnorm noticed in it
}

// ElementContext is what [Hooks.Element] is told about an element.
type ElementContext struct {
	Name  string           // the element, lower case, as a policy names it ("svg:circle" for SVG)
	Attrs []html.Attribute // its attributes as they will be written
}

// ElementAction is what [Hooks.Element] decides for an element.
type ElementAction uint8

const (
	// Keep writes the element.
	Keep ElementAction = iota
	// Unwrap removes the element's tags and keeps its content, which is
	// sanitised as usual (sanitize-html's "discard the tag, keep the
	// text").
	Unwrap
	// Drop removes the element with everything in it, up to where the
	// HTML parser closes it (sanitize-html's exclusiveFilter).
	Drop
)

// hasHooks reports whether h holds a hook.
func (h Hooks) hasHooks() bool { return h.URL != nil || h.Element != nil }
