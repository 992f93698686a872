package policy

import (
	"golang.org/x/net/html"

	"github.com/htmlclean/htmlclean/urlnorm"
)

// Hooks are callbacks a policy built in Go may carry ([Config.Hooks]); a
// policy file cannot hold them. What a hook returns is checked like
// input, and the bluemonday stage runs over the result. A hook must be
// safe for concurrent use and must not keep what it is given.
type Hooks struct {
	// URL sees every URL the policy accepted, canonical (each srcset
	// candidate and list item, CSS url()), and returns the URL to write
	// and whether to keep the attribute (false: "hook-refused"). A URL it
	// changes is held to every URL rule as if the author had written it,
	// so a hook cannot write javascript:, a deceptive URL or a remote
	// image a mail blocks. A url() it changes drops the style. The
	// link-text check sees the author's URL; links.rel_on and
	// target_blank treat a link as external if either URL is.
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
	// Unwrap removes the element's tags and keeps its content.
	Unwrap
	// Drop removes the element with everything in it.
	Drop
)

// hasHooks reports whether h holds a hook.
func (h Hooks) hasHooks() bool { return h.URL != nil || h.Element != nil }
