package sanitizerapi

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/htmlclean/htmlclean/internal/rules"
	"github.com/htmlclean/htmlclean/policy"
)

// Export writes the policy p as an HTML Sanitizer API configuration: its
// elements, and its attributes on every element or on some, in the
// allow-list form (elements, attributes, dataAttributes, comments,
// processingInstructions: []), in the normalised form Sanitizer.get()
// returns (see [Config.MarshalJSON]). What the dictionary cannot say is listed in Notes,
// which the "//" member holds when written as JSON: value patterns and
// class token rules (a browser keeps any value), URL rules and
// canonicalisation, id prefixes, styles, rel and target, limits, word
// breaks and hooks. Where htmlclean allows something only under such a
// rule (styles, ids under a prefix, sandboxed iframes, data-* wildcards
// other than data-* on every element), the dictionary leaves it out, so
// a browser using it keeps no more than htmlclean.
func Export(p *policy.Policy) Config {
	c := p.Config()
	f, comments := false, c.Comments
	sc := Config{Elements: []Element{}, Attributes: []Name{}, Comments: &comments, DataAttributes: &f,
		ProcessingInstructions: []string{}}
	var notes []string
	note := func(format string, args ...any) { notes = append(notes, fmt.Sprintf(format, args...)) }

	elements := slices.Clone(c.Elements)
	slices.Sort(elements)
	elements = slices.Compact(elements)
	every := len(elements) // the allowed elements, iframe included
	if i := slices.Index(elements, "iframe"); i >= 0 {
		elements = slices.Delete(elements, i, i+1)
		note("iframe left out: htmlclean keeps it only for the embeds hosts, sandboxed; setHTML() removes it")
	}
	allowed := make(map[string]bool, len(elements))
	for _, e := range elements {
		allowed[e] = true
	}
	keep := func(on []string) []string {
		if len(on) == 0 || len(on) == every {
			// Every allowed element: an effective policy's on list
			// names each at most once (see printable).
			return elements
		}
		on = slices.DeleteFunc(slices.Clone(on), func(e string) bool { return !allowed[e] })
		slices.Sort(on)
		return slices.Compact(on)
	}
	own := map[string][]Name{}
	for _, a := range c.Attributes {
		on := keep(a.On)
		switch {
		case len(on) == 0:
			continue
		case a.Name == "data-*" && len(on) == len(elements):
			t := true
			sc.DataAttributes = &t
			continue
		case strings.HasSuffix(a.Name, "*"):
			note("%s left out: a SanitizerConfig has data attributes on every element or none", a.Name)
			continue
		case a.Name == "command" && !c.AllowTopLayer:
			note("command: htmlclean keeps only %s, since the other values open the top layer; a browser keeps any", strings.Join(rules.ClosingCommands, ", "))
		case !c.AllowTopLayer && topLayer(a.Name):
			note("%s left out: htmlclean drops it without allow_top_layer (it puts content in the top layer, over the page)", a.Name)
			continue
		}
		if a.Match != "" {
			where := strings.Join(on, ", ")
			if len(on) == len(elements) {
				where = "every element"
			}
			note("%s on %s: htmlclean keeps only values matching %s; a browser keeps any", a.Name, where, a.Match)
		}
		n := Name{Name: a.Name}
		if len(on) == len(elements) && !foreignSpelt(a.Name) {
			sc.Attributes = append(sc.Attributes, n)
			continue
		}
		for _, e := range on {
			own[e] = append(own[e], exportAttr(a.Name, e))
		}
	}
	for _, r := range c.Classes {
		on := keep(r.On)
		for _, e := range on {
			own[e] = append(own[e], Name{Name: "class"})
		}
		note("class on %s: htmlclean keeps only the tokens its classes rules allow; a browser keeps any", strings.Join(on, ", "))
	}
	sc.Attributes = uniqueNames(sc.Attributes)
	global := make(map[Name]bool, len(sc.Attributes))
	for _, n := range sc.Attributes {
		global[n] = true
	}
	data := *sc.DataAttributes
	for _, e := range elements {
		el := Element{Name: exportElement(e)}
		var mine []Name
		for _, n := range uniqueNames(own[e]) {
			if !global[n] && !(data && isDataAttribute(n)) {
				mine = append(mine, n)
			}
		}
		el.Attributes = mine
		sc.Elements = append(sc.Elements, el)
	}
	if data {
		sc.Attributes = slices.DeleteFunc(sc.Attributes, isDataAttribute)
	}
	for _, e := range c.Unwrap {
		sc.ReplaceWithChildrenElements = append(sc.ReplaceWithChildrenElements, exportElement(e))
	}
	sc.ReplaceWithChildrenElements = uniqueNames(sc.ReplaceWithChildrenElements)
	if c.Unlisted != "drop" {
		// With an elements list, setHTML() removes every other element
		// with its content; there is no member to unwrap the rest.
		note("unlisted: unwrap: htmlclean keeps the content of an element it does not allow; with an elements list a browser removes it with its content, and the dictionary cannot say otherwise (replaceWithChildrenElements names only the unwrap list)")
	}
	if len(c.Drop) > 0 {
		note("drop: %s removed with their content, as every element elements leaves out (removeElements cannot be used with elements)", strings.Join(c.Drop, ", "))
	}
	sc.Notes = append(notes, policyNotes(c)...)
	return sc
}

func uniqueNames(ns []Name) []Name {
	slices.SortFunc(ns, compareNames)
	return slices.CompactFunc(ns, func(a, b Name) bool { return a.Name == b.Name && a.Namespace == b.Namespace })
}

// policyNotes lists the settings of c a SanitizerConfig cannot express.
func policyNotes(c policy.Config) []string {
	var out []string
	if c.IDs.Prefix != "" {
		out = append(out, fmt.Sprintf("ids.prefix %q: id and name left out; htmlclean keeps them under the prefix", c.IDs.Prefix))
	}
	if c.IDs.Keep != "" && c.IDs.Prefix == "" {
		out = append(out, "ids.keep: unclobbered: htmlclean keeps an id or name only where the value cannot clobber; a browser keeps every value")
	}
	if len(c.Styles) > 0 {
		out = append(out, "styles: style left out; htmlclean keeps the CSS properties its styles rules allow")
	}
	if len(c.Links.Rel) > 0 || c.Links.TargetBlank {
		out = append(out, "links: htmlclean writes rel and target on links; a browser writes none")
	}
	out = append(out, fmt.Sprintf("urls: htmlclean keeps only URLs with the schemes %s (relative: %s), canonicalised, and refuses what urlnorm flags; a browser removes only javascript: URLs",
		strings.Join(c.URLs.Schemes, ", "), cmp.Or(c.URLs.Relative, "allow")))
	out = append(out, "limits: input size, nesting depth and attribute counts and sizes are htmlclean's own")
	if c.BareElements != "keep" {
		out = append(out, "bare_elements: htmlclean drops an a, img (and the like) left without attributes and keeps its content; a browser keeps it bare")
	}
	if c.WordBreaks {
		out = append(out, "word_breaks: htmlclean keeps words apart where it drops an element")
	}
	if c.Hooks.URL != nil || c.Hooks.Element != nil {
		out = append(out, "hooks: this policy has Go hooks, which a SanitizerConfig cannot hold")
	}
	return out
}

// exportElement is the dictionary's name for the element a policy names
// key ("svg:lineargradient" is linearGradient in the SVG namespace).
func exportElement(key string) Name {
	switch {
	case strings.HasPrefix(key, "svg:"):
		return Name{Name: svgTagCase(key[len("svg:"):]), Namespace: NamespaceSVG, isElement: true}
	case strings.HasPrefix(key, "math:"):
		return Name{Name: key[len("math:"):], Namespace: NamespaceMathML, isElement: true}
	}
	return Name{Name: key, Namespace: NamespaceHTML, isElement: true}
}

// foreignSpelt reports whether an attribute's name in a dictionary
// depends on its element: camel case on SVG elements, or a namespace.
func foreignSpelt(name string) bool {
	return svgAttrCase(name) != name || strings.Contains(name, ":") || name == "xmlns"
}

// exportAttr is the dictionary's name for the attribute a policy names
// name on the element key: xlink:href is href in the XLink namespace on
// SVG and MathML elements, viewbox is viewBox on SVG ones.
func exportAttr(name, key string) Name {
	foreign := strings.HasPrefix(key, "svg:") || strings.HasPrefix(key, "math:")
	prefix, local, found := strings.Cut(name, ":")
	switch {
	case foreign && found && prefix == "xlink":
		return Name{Name: local, Namespace: NamespaceXLink}
	case foreign && found && prefix == "xml":
		return Name{Name: local, Namespace: NamespaceXML}
	case foreign && found && prefix == "xmlns":
		return Name{Name: local, Namespace: NamespaceXMLNS}
	case foreign && name == "xmlns":
		return Name{Name: name, Namespace: NamespaceXMLNS}
	case strings.HasPrefix(key, "svg:"):
		return Name{Name: svgAttrCase(name)}
	}
	return Name{Name: name}
}
