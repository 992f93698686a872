package sanitizerapi

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/htmlclean/htmlclean/internal/rules"
	"github.com/htmlclean/htmlclean/policy"
)

// htmlElements are the elements a SanitizerConfig without an elements
// list allows unless it removes them: the WHATWG HTML element index
// (https://html.spec.whatwg.org/multipage/indices.html#elements-3) and
// the obsolete elements browsers still render. [policy.Forbidden] ones are left
// out when the list is used.
var htmlElements = []string{
	"a", "abbr", "acronym", "address", "area", "article", "aside", "audio", "b", "bdi", "bdo",
	"big", "blockquote", "br", "button", "canvas", "caption", "center", "cite", "code", "col",
	"colgroup", "data", "datalist", "dd", "del", "details", "dfn", "dialog", "div", "dl", "dt",
	"em", "fieldset", "figcaption", "figure", "font", "footer", "form", "h1", "h2", "h3", "h4",
	"h5", "h6", "header", "hgroup", "hr", "i", "img", "input", "ins", "kbd", "label", "legend",
	"li", "main", "map", "mark", "menu", "meter", "nav", "nobr", "ol", "optgroup", "option",
	"output", "p", "picture", "pre", "progress", "q", "rp", "rt", "ruby", "s", "samp", "search",
	"section", "slot", "small", "source", "span", "strike", "strong", "sub", "summary", "sup",
	"table", "tbody", "td", "template", "tfoot", "th", "thead", "time", "tr", "track", "tt", "u", "ul",
	"var", "video", "wbr",
}

// Compile reads an HTML Sanitizer API configuration (see [Parse]) and
// compiles the htmlclean policy closest to it that keeps nothing
// setHTML() would remove (see [Config.PolicyConfig] for what is dropped
// on the way).
func Compile(data []byte) (*policy.Policy, error) {
	sc, err := Parse(data)
	if err != nil {
		return nil, err
	}
	c, _ := sc.PolicyConfig()
	return policy.Compile(c)
}

// PolicyConfig maps the dictionary onto a [policy.Config], and returns
// notes on what htmlclean keeps less of than a browser would, each
// naming the JSON path. The "safe" rules of setHTML() apply whatever the
// dictionary says, and htmlclean's own rules on top: script and the other
// [policy.Forbidden] elements, event handlers, srcdoc, rel and target
// (links settings), javascript: and any scheme but http, https and
// mailto, and URLs urlnorm refuses. These are dropped with a note, not an
// error, as setHTML() drops them silently. Comments are kept only when
// the dictionary says comments: true (see [policy.Config] Comments).
// SVG and MathML elements and namespaced attributes are dropped. An
// attribute htmlclean does not know is kept as text when listed (as a
// URL when its name says it holds one).
// Elements go as setHTML() takes them: with an elements list, every
// element it leaves out is removed with its content (unlisted: drop);
// without one, those in removeElements are (drop); in both cases those in
// replaceWithChildrenElements lose only their tags (unwrap). Without an
// elements list, foreignObject and annotation-xml are dropped with their
// content too (see refusedDrops).
func (sc Config) PolicyConfig() (policy.Config, []string) {
	return sc.config(scMapper{})
}

func (sc Config) config(m scMapper) (policy.Config, []string) {
	m.knownOnly = m.knownOnly || sc.builtin
	c := policy.Config{URLs: sanitizerURLs(), BareElements: "keep", Container: sc.container}
	if sc.container != "" {
		m.note("%s", contextNote(sc.container))
	}
	for _, key := range sc.ignored {
		m.note("%q skipped: not a member of a SanitizerConfig there (the dictionary has %s), skipped as a browser does", key, strings.Join(sanitizerKeys, ", "))
	}
	if sc.JavascriptURLs != nil && *sc.JavascriptURLs {
		m.note("javascriptURLs: htmlclean keeps no javascript: URL")
	}
	var base []string
	if sc.Elements != nil {
		c.Unlisted = "drop"
		for i, e := range sc.Elements {
			if key, ok := m.element(fmt.Sprintf("elements[%d]", i), e.Name); ok {
				c.Elements = append(c.Elements, key)
			}
		}
	} else {
		c.Drop = append(removalNames(sc.RemoveElements), refusedDrops(sc.RemoveElements)...)
		gone := map[string]bool{}
		for _, l := range [][]Name{sc.RemoveElements, sc.ReplaceWithChildrenElements} {
			for _, n := range l {
				if key, why := sanitizerKey(n); why == "" {
					gone[key] = true
				}
			}
		}
		for _, name := range slices.Concat(htmlElements, rules.SVGSafeElements, []string{"svg:metadata"}, rules.MathCoreElements) {
			if !gone[name] && policy.Forbidden(name) == "" {
				c.Elements = append(c.Elements, name)
			}
		}
		m.note("elements: absent, so htmlclean allows the HTML elements it knows and the SVG and MathML ones of svg: safe and mathml: core, less removeElements")
	}
	allowed := map[string]bool{}
	for _, e := range c.Elements {
		allowed[e] = true
		switch {
		case strings.HasPrefix(e, "svg:"):
			m.svg = append(m.svg, e)
			m.foreign = append(m.foreign, e)
		case strings.HasPrefix(e, "math:"):
			m.foreign = append(m.foreign, e)
		default:
			m.html = append(m.html, e)
		}
	}
	c.Unwrap = slices.DeleteFunc(removalNames(sc.ReplaceWithChildrenElements), func(n string) bool { return allowed[n] })
	data := sc.DataAttributes != nil && *sc.DataAttributes
	if sc.Attributes != nil {
		for i, a := range sc.Attributes {
			if at, ok := m.attribute(fmt.Sprintf("attributes[%d]", i), a); ok {
				if at.On = m.scoped(at.On); at.On == nil || len(at.On) > 0 {
					c.Attributes = append(c.Attributes, at)
				}
			}
		}
	} else {
		base, data = m.allAttributes(sc)
		for _, name := range base {
			c.Attributes = append(c.Attributes, policy.Attribute{Name: name})
		}
	}
	if data {
		c.Attributes = append(c.Attributes, policy.Attribute{Name: "data-*"})
	}
	m.perElement(sc, allowed, base, data, &c)
	m.unclobbered(&c)
	// An absent comments member keeps none: setHTML() is a safe method,
	// and the spec's "set a configuration" steps default comments to
	// false for it (only the unsafe methods and new Sanitizer() default
	// it to true), as Chromium does.
	c.Comments = sc.Comments != nil && *sc.Comments
	return c, m.notes
}

// sanitizerURLs are the URL rules of a policy built from a dictionary:
// the web presets' rules (those of basic) with more schemes. setHTML() removes only
// javascript: URLs; htmlclean keeps http and https and the schemes HTML
// lets a site register a handler for ("safelisted schemes",
// https://html.spec.whatwg.org/multipage/system-state.html#safelisted-scheme),
// which name a resource for another program and run nothing in the page.
// data:, blob:, file:, vbscript: and any other scheme are still refused.
func sanitizerURLs() policy.URLs {
	c, _ := policy.PresetConfig("basic")
	u := c.URLs
	u.Schemes = append([]string{"http", "https"}, safelistedSchemes...)
	return u
}

// safelistedSchemes is HTML's list of safelisted schemes.
var safelistedSchemes = []string{"bitcoin", "ftp", "ftps", "geo", "im", "irc", "ircs", "magnet",
	"mailto", "matrix", "mms", "news", "nntp", "openpgp4fpr", "sftp", "sip", "sms", "smsto", "ssh",
	"tel", "urn", "webcal", "wtai", "xmpp"}

// removalNames returns the HTML element names of l that a policy's drop
// or unwrap list can hold: not forbidden (htmlclean's own handling of
// those stays: script goes with its content whatever the list says),
// written in lower case (the parser never matches another name), and not
// [notParsedAsHTML] (unwrapping an <svg> tag would keep its content as
// HTML where setHTML() sees SVG; it stays unlisted, so it is dropped).
func removalNames(l []Name) []string {
	var out []string
	for _, n := range l {
		if n.Namespace == NamespaceHTML && policy.Forbidden(n.Name) == "" && lowerName.MatchString(n.Name) && notParsedAsHTML[n.Name] == "" && policy.ValidElement(n.Name) {
			out = append(out, n.Name)
		} else if key, why := sanitizerKey(n); why == "" && n.Namespace != NamespaceHTML && policy.Forbidden(key) == "" &&
			key != "svg:svg" && key != "math:math" {
			// The root elements are never replaced by their children
			// (the spec's validity rules); dropping them is the
			// unlisted default anyway.
			out = append(out, key)
		}
	}
	return out
}

// refusedDrops returns, for the drop list of a dictionary without an
// elements list, the SVG and MathML elements htmlclean never keeps from a
// dictionary (foreignRefused) that it would otherwise unwrap where
// setHTML() removes them with their content or keeps them whole: those l
// names (removeElements), and always <foreignObject> and
// <annotation-xml>. The HTML in an unwrapped <foreignObject> would leave
// the SVG, and a tag in it change namespace; dropping the content keeps
// less than setHTML() does either way.
func refusedDrops(l []Name) []string {
	out := []string{"math:annotation-xml", "svg:foreignobject"}
	for _, n := range l {
		key := ""
		switch n.Namespace {
		case NamespaceSVG:
			if svgTagCase(strings.ToLower(n.Name)) == n.Name {
				key = "svg:" + strings.ToLower(n.Name)
			}
		case NamespaceMathML:
			key = "math:" + n.Name
		}
		if foreignRefused[key] != "" && !slices.Contains(out, key) {
			out = append(out, key)
		}
	}
	return out
}

// scMapper collects the notes of one mapping. knownOnly drops the
// attributes [policy.KindOf] does not know, with a note, where a dictionary's
// are kept as text: the built-in preset holds only attributes whose
// values htmlclean knows.
type scMapper struct {
	notes     []string
	knownOnly bool
	// svg and foreign are the allowed SVG elements and SVG and MathML
	// elements, by policy name: where an attribute that only foreign
	// elements can have is allowed. html are the allowed HTML elements:
	// where an attribute the parser puts in a namespace on the others
	// keeps the name it is written with.
	svg, foreign, html []string
}

// Scopes an attribute entry from attribute can have in its On: the
// allowed SVG elements (camel-case SVG attributes, presentation
// attributes), SVG and MathML elements (namespaced attributes), or HTML
// elements (a namespaced attribute's name in no namespace).
var (
	onSVG     = []string{"\x00svg"}
	onForeign = []string{"\x00foreign"}
	onHTML    = []string{"\x00html"}
)

// scoped turns a scope from attribute into the element list it stands
// for: nil (every element) stays nil; an empty list means none.
func (m *scMapper) scoped(on []string) []string {
	switch {
	case on == nil:
		return nil
	case on[0] == onSVG[0]:
		return append([]string{}, m.svg...)
	case on[0] == onForeign[0]:
		return append([]string{}, m.foreign...)
	case on[0] == onHTML[0]:
		return append([]string{}, m.html...)
	}
	return on
}

// fits reports whether an attribute of scope on can be on element key.
func fits(on []string, key string) bool {
	switch {
	case on == nil:
		return true
	case on[0] == onSVG[0]:
		return strings.HasPrefix(key, "svg:")
	case on[0] == onForeign[0]:
		return strings.HasPrefix(key, "svg:") || strings.HasPrefix(key, "math:")
	case on[0] == onHTML[0]:
		return !strings.HasPrefix(key, "svg:") && !strings.HasPrefix(key, "math:")
	}
	return false
}

func (m *scMapper) note(format string, args ...any) {
	m.notes = append(m.notes, fmt.Sprintf(format, args...))
}

// element returns the policy name of an allowed element that can be
// kept, noting why not.
func (m *scMapper) element(field string, n Name) (string, bool) {
	if n.Namespace != NamespaceHTML {
		key, why := sanitizerKey(n)
		switch {
		case why != "" && n.Namespace != NamespaceSVG && n.Namespace != NamespaceMathML:
			m.note("%s: %q in namespace %q %s", field, n.Name, n.Namespace, why)
		case why != "":
			m.note("%s: %q %s", field, n.Name, why)
		case policy.Forbidden(key) != "":
			m.note("%s: %q dropped: htmlclean never keeps it (it %s)", field, key, policy.Forbidden(key))
		default:
			return key, true
		}
		return "", false
	}
	switch {
	case policy.Forbidden(n.Name) != "":
		m.note("%s: %q dropped: htmlclean never keeps it (it %s)", field, n.Name, policy.Forbidden(n.Name))
	case !lowerName.MatchString(n.Name):
		m.note("%s: %q dropped: the HTML parser writes element names in lower case, so it never matches", field, n.Name)
	case !policy.ValidElement(n.Name):
		m.note("%s: %q dropped: a policy names only the SVG or MathML element so (svg:, math:)", field, n.Name)
	case notParsedAsHTML[n.Name] != "":
		m.note("%s: %q dropped: %s, so this name matches no element setHTML() keeps; htmlclean's output would be parsed into another element", field, n.Name, notParsedAsHTML[n.Name])
	default:
		return n.Name, true
	}
	return "", false
}

// lowerName and lowerAttr are the element and attribute names a policy
// can write (Compile refuses others): lower case, as the HTML parser
// writes them.
var (
	lowerName = regexp.MustCompile(`^[a-z][a-z0-9-]*$`)
	lowerAttr = regexp.MustCompile(`^[a-z][a-z0-9_.-]*(?::[a-z][a-z0-9_.-]*)?$`)
)

// topLayer reports whether name is an attribute that puts content in the
// top layer (internal/rules, toplayer.go).
func topLayer(name string) bool {
	_, ok := rules.TopLayerAttr(name)
	return ok
}

// notParsedAsHTML are the HTML-namespace element names the HTML parser
// never creates (tree construction, "in body" insertion mode,
// https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inbody):
// a start tag "svg" or "math" inserts a foreign element (SVG or MathML
// namespace, where htmlclean keeps nothing), and "image" becomes an "img".
// A dictionary naming them in the HTML namespace allows nothing setHTML()
// ever sees, so setHTML() drops such an element with its content. Were
// htmlclean to keep the tag, the browser would parse its output into the
// foreign element or the img, with all it holds. Names that exist only
// inside foreign content (foreignobject, annotation-xml, mi) are left
// alone: outside it the parser creates them as HTML elements, and inside
// it htmlclean keeps nothing, the svg or math around them being dropped.
var notParsedAsHTML = map[string]string{
	"svg":   "the HTML parser creates <svg> in the SVG namespace, never in the HTML one",
	"math":  "the HTML parser creates <math> in the MathML namespace, never in the HTML one",
	"image": "the HTML parser turns an <image> start tag into <img>",
}

// attribute returns the entry allowing an attribute, or false with a note.
//
// Its On is nil (every element) or a scope, onSVG, onForeign or onHTML,
// that scoped or fits resolves: camel-case SVG attributes and
// presentation attributes (CSS) only on SVG elements, namespaced ones
// (xlink:href in XLink) only on SVG and MathML elements, and the same
// names in no namespace ("xlink:href") only on HTML elements.
func (m *scMapper) attribute(field string, n Name) (policy.Attribute, bool) {
	name, scope := allowName(n)
	a := policy.Attribute{Name: name, On: scope}
	switch {
	case name == "" && n.Namespace != "":
		m.note("%s: %q in %s dropped: the HTML parser gives no attribute htmlclean keeps that name in that namespace", field, n.Name, n.Namespace)
	case name == "":
		m.note("%s: %q dropped: the HTML parser writes attribute names in lower case, but for SVG's camel-case ones (viewBox), so it never matches", field, n.Name)
	case !lowerAttr.MatchString(name):
		m.note("%s: %q dropped: the HTML parser writes attribute names in lower case, so it never matches", field, n.Name)
	case policy.RefusedAttribute(name) != "":
		m.note("%s: %q %s; dropped", field, n.Name, policy.RefusedAttribute(name))
	case name == "style" || policy.KindOf(name) == policy.KindCSS && scope != nil:
		m.note("%s: %q dropped: CSS needs htmlclean's styles rules, which a SanitizerConfig cannot give", field, n.Name)
	case policy.KindOf(name) == policy.KindCSS:
		// A presentation attribute: checked as CSS on SVG elements,
		// as svg: safe keeps them; on HTML and MathML elements it
		// would need styles rules.
		m.note("%s: %q kept on SVG elements only: elsewhere CSS needs htmlclean's styles rules, which a SanitizerConfig cannot give", field, n.Name)
		a.On = onSVG
		return a, true
	case policy.KindOf(name) != policy.KindUnknown:
		m.topLayerNote(field, name)
		return a, true
	case m.knownOnly:
		m.note("%s: %q dropped: htmlclean does not know what its value holds, so cannot check it", field, n.Name)
	default:
		// A name htmlclean does not know, listed by the dictionary: kept
		// as setHTML() keeps it, its value as text, or as a URL where
		// the name says it holds one (data-src, x-link-url), so that a
		// URL is never passed unchecked.
		a.Kind = unknownKind(name).String()
		m.topLayerNote(field, name)
		return a, true
	}
	return a, false
}

// topLayerNote notes that an attribute the dictionary keeps is dropped
// from the output all the same when it puts content in the top layer,
// unless the Config is given AllowTopLayer; command keeps its closing
// values.
func (m *scMapper) topLayerNote(field, name string) {
	switch {
	case name == "command":
		m.note("%s: %q kept with %s only: its other values open the top layer, over the page and outside any container (Config.AllowTopLayer keeps them)", field, name, strings.Join(rules.ClosingCommands, ", "))
	case topLayer(name):
		m.note("%s: %q dropped from the output: it puts content in the top layer, over the page and outside any container (Config.AllowTopLayer keeps it)", field, name)
	}
}

// allowName returns the policy name of an attribute a dictionary allows
// and the elements it can match on (see attribute), or "" when the HTML
// parser never gives an attribute htmlclean keeps that name. A
// lower-case name SVG writes in camel case ("viewbox") matches on HTML
// and MathML elements only; htmlclean, which names attributes in lower
// case, keeps it nowhere rather than on SVG elements too.
//
// A name the parser puts in a namespace on SVG and MathML elements
// ("adjust foreign attributes": xlink:href, xml:lang, xmlns), written
// without one, is the attribute an HTML element has under that very
// name, in no namespace: <p xlink:href> has it, <svg xlink:href> has
// href in XLink instead, which only {"name": "href", "namespace": XLink}
// names. Other names with a colon are refused.
func allowName(n Name) (string, []string) {
	if n.Namespace != "" {
		if name := foreignAttrName(n); name != "" {
			return name, onForeign
		}
		return "", nil
	}
	lower := strings.ToLower(n.Name)
	switch {
	case foreignAdjusted(n.Name):
		return n.Name, onHTML
	case strings.Contains(n.Name, ":"):
		return "", nil
	case lower != n.Name && svgAttrCase(lower) == n.Name:
		return lower, onSVG
	case lower != n.Name || svgAttrCase(lower) != lower:
		return "", nil
	}
	return n.Name, nil
}

// foreignAdjusted reports whether the HTML parser puts an attribute
// written name on a foreign element in a namespace: HTML's "adjust
// foreign attributes" table (§13.2.6.5), whose names foreignAttrName
// gives back.
func foreignAdjusted(name string) bool {
	prefix, local, found := strings.Cut(name, ":")
	switch {
	case !found:
		return name == "xmlns"
	case prefix == "xlink":
		return foreignAttrName(Name{Name: local, Namespace: NamespaceXLink}) == name
	case prefix == "xml":
		return foreignAttrName(Name{Name: local, Namespace: NamespaceXML}) == name
	case prefix == "xmlns":
		return foreignAttrName(Name{Name: local, Namespace: NamespaceXMLNS}) == name
	}
	return false
}

// removeName returns the policy name of an attribute a dictionary
// removes: its lower-case name, or the namespaced one (xlink:href).
// Removing by lower-case name removes more than a browser would
// ("viewBox" removes viewbox from HTML elements too), never less. A name
// with upper case the parser never writes (not SVG's camel case nor
// MathML's definitionURL, "adjust SVG/MathML attributes" §13.2.6.5)
// matches no attribute, as the browser's exact comparison finds none:
// removeAttributes: ["ID"] removes nothing, and "" says so.
func removeName(n Name) string {
	if n.Namespace != "" {
		return foreignAttrName(n)
	}
	lower := strings.ToLower(n.Name)
	if lower != n.Name && svgAttrCase(lower) != n.Name && n.Name != "definitionURL" {
		return ""
	}
	return lower
}

// unknownKind is the kind a dictionary's attribute name that [policy.KindOf]
// does not know is checked as.
func unknownKind(name string) policy.Kind {
	if rules.URLish(name) {
		return policy.KindURL
	}
	return policy.KindText
}

// allAttributes returns what a dictionary without an attributes list
// allows on every element: the attributes htmlclean knows, less
// removeAttributes, and whether data-* stays allowed.
func (m *scMapper) allAttributes(sc Config) ([]string, bool) {
	gone := map[string]bool{}
	data := true
	for _, n := range sc.RemoveAttributes {
		if name := removeName(n); n.Namespace == "" && name != "" {
			gone[name] = true
			data = data && !isDataAttribute(n)
		}
	}
	for _, e := range sc.Elements {
		for _, n := range e.RemoveAttributes {
			data = data && !isDataAttribute(n)
		}
	}
	if !data {
		m.note("removeAttributes: names a data-* attribute, and htmlclean cannot take one name out of data-*, so no data-* attribute is kept")
	}
	var out []string
	for _, name := range policy.KnownAttributes() {
		if !gone[name] && !strings.Contains(name, ":") && name != "xmlns" &&
			policy.RefusedAttribute(name) == "" && policy.KindOf(name) != policy.KindCSS {
			out = append(out, name)
		}
	}
	m.note("attributes: absent, so htmlclean allows the attributes it knows less removeAttributes, except style, namespaced ones and aria-*; an elements list with per-element attributes can allow those")
	m.note("attributes: the ones that put content in the top layer (popover, popovertarget, popovertargetaction, command but for its closing values) are dropped from the output unless the Config is given AllowTopLayer")
	return out, data
}

// perElement enters each element's own attribute lists: attributes
// allowed on it alone, and removeAttributes as remove entries with on.
//
// Without a global attributes list (base holds what every element then
// allows, data whether data-* is among it), an element's own attributes
// list is all it allows, as the spec's sanitize steps read it: every
// other base attribute is removed from it.
func (m *scMapper) perElement(sc Config, allowed map[string]bool, base []string, data bool, c *policy.Config) {
	on := map[string][]string{}
	var names []string
	for i, e := range sc.Elements {
		key, why := sanitizerKey(e.Name)
		if why != "" || !allowed[key] {
			continue
		}
		if sc.Attributes == nil && e.Attributes != nil {
			own := map[string]bool{}
			for _, n := range e.Attributes {
				if name, scope := allowName(n); name != "" && fits(scope, key) {
					own[name] = true
				}
			}
			for _, name := range base {
				if !own[name] {
					c.Remove.Attributes = append(c.Remove.Attributes, policy.Attribute{Name: name, On: []string{key}})
				}
			}
			if data {
				c.Remove.Attributes = append(c.Remove.Attributes, policy.Attribute{Name: "data-*", On: []string{key}})
			}
		}
		for j, n := range e.Attributes {
			field := fmt.Sprintf("elements[%d].attributes[%d]", i, j)
			a, ok := m.attribute(field, n)
			if !ok {
				continue
			}
			if !fits(a.On, key) {
				m.note("%s: %q dropped: the HTML parser never gives it to %s", field, n.Name, key)
				continue
			}
			if on[a.Name] == nil {
				names = append(names, a.Name)
			}
			on[a.Name] = append(on[a.Name], key)
		}
		for _, n := range e.RemoveAttributes {
			if name := removeName(n); name != "" && lowerAttr.MatchString(name) {
				c.Remove.Attributes = append(c.Remove.Attributes, policy.Attribute{Name: name, On: []string{key}})
			}
		}
	}
	for _, name := range names {
		a := policy.Attribute{Name: name, On: on[name]}
		if policy.KindOf(name) == policy.KindUnknown {
			a.Kind = unknownKind(name).String()
		}
		c.Attributes = append(c.Attributes, a)
	}
	slices.SortStableFunc(c.Remove.Attributes, func(a, b policy.Attribute) int { return strings.Compare(a.Name, b.Name) })
}

// unclobbered sets ids.keep: unclobbered when c allows id or name
// anywhere: setHTML() keeps every value, htmlclean only those that
// cannot replace a built-in property of window, document or a form (DOM
// clobbering). Its entries say where, so the setting adds none.
func (m *scMapper) unclobbered(c *policy.Config) {
	if !slices.ContainsFunc(c.Attributes, func(a policy.Attribute) bool { return a.Name == "id" || a.Name == "name" }) {
		return
	}
	c.IDs.Keep = policy.IDKeepUnclobbered
	m.note("ids.keep: unclobbered: id and name are kept only where the value cannot clobber (it names no property of window, document or a form, in any case, is an id of letters, digits, marks, \"-\", \"_\", \":\" and \".\", and is not all digits); setHTML() keeps every value")
}
