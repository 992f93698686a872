package policy

import (
	"slices"
	"strings"
)

// containerModel is what a container's content model admits, as far as
// the HTML parser depends on it: an element the model does not admit
// would make a browser close the container (a block in a p) or take it
// apart (a link in a link).
type containerModel uint8

const (
	modelFlow                  containerModel = iota // any element
	modelFlowNoForm                                  // no form: a nested form start tag is ignored, and its end tag closes the page's
	modelPhrasing                                    // phrasing content only
	modelPhrasingNoInteractive                       // phrasing content with no interactive content
)

// containers maps the element names Config.Container takes to their
// models (WHATWG HTML §4, each element's "Content model").
var containers = func() map[string]containerModel {
	m := map[string]containerModel{"form": modelFlowNoForm}
	for _, n := range strings.Fields("div li td th dd blockquote section article aside main nav header footer figure figcaption details dialog body") {
		m[n] = modelFlow
	}
	for _, n := range strings.Fields("p span h1 h2 h3 h4 h5 h6 pre ruby em strong b i u s small code q cite abbr sub sup mark dfn kbd samp var bdi bdo time data") {
		m[n] = modelPhrasing
	}
	for _, n := range strings.Fields("a button label") {
		m[n] = modelPhrasingNoInteractive
	}
	return m
}()

var (
	// phrasingContent is phrasing content (WHATWG HTML §3.2.5.2.5), with
	// the ruby parts a ruby holds and the obsolete inline elements
	// browsers still build: none of their start tags closes a p.
	phrasingContent = nameSet(strings.Fields(`a abbr area audio b bdi bdo br button canvas cite
		code data datalist del dfn em embed i iframe img input ins kbd label map mark meter
		noscript object output picture progress q ruby s samp script select slot small source
		span strong sub sup template textarea time u var video wbr svg math rt rp rb rtc font
		big tt strike acronym nobr`)...)
	// interactiveContent is interactive content (§3.2.5.2.7), with the
	// media elements and details whatever their attributes.
	interactiveContent = nameSet(strings.Fields("a audio button details embed iframe input label select textarea video")...)
)

// admits reports whether the model admits the HTML element name.
func (m containerModel) admits(name string) bool {
	switch m {
	case modelFlowNoForm:
		return name != "form"
	case modelPhrasing:
		return phrasingContent[name]
	case modelPhrasingNoInteractive:
		return phrasingContent[name] && !interactiveContent[name]
	}
	return true
}

// container compiles Config.Container: the allowed HTML elements it does
// not admit, which package sanitize unwraps (rules.Rules.Outside). wrap
// says the policy reads whole documents (document: wrap), whose wrapper
// needs a container that admits a div.
// Foreign elements (svg:…, math:…) lie inside svg or math, which a
// phrasing container admits.
func (k *compiler) container(p *Policy, name string, wrap bool) {
	if name == "" {
		return
	}
	m, ok := containers[name]
	if !ok {
		names := make([]string, 0, len(containers))
		for n := range containers {
			names = append(names, n)
		}
		slices.Sort(names)
		k.fail("container", "%q is not an element whose content model htmlclean knows (one of %s)", name, strings.Join(names, ", "))
		return
	}
	if wrap && !m.admits("div") {
		// The wrapper of document: wrap is a div; unwrapping it would
		// spill the mail's layout and sheets into the page.
		k.fail("container", "%q cannot hold a whole document (document: wrap writes it in a div): show a mail in a div, a cell or a list item", name)
		return
	}
	for el := range p.r.Elements {
		if !strings.Contains(el, ":") && !m.admits(el) {
			if p.r.Outside == nil {
				p.r.Outside = map[string]bool{}
			}
			p.r.Outside[el] = true
		}
	}
}

// KnownContainer reports whether name is an element [Config] Container
// takes: one whose content model htmlclean knows.
func KnownContainer(name string) bool {
	_, ok := containers[name]
	return ok
}

// Containers returns the elements [Config] Container takes, sorted.
func Containers() []string {
	names := make([]string, 0, len(containers))
	for n := range containers {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}
