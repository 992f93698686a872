package policy

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// SanitizerConfig writes the policy as an HTML Sanitizer API
// configuration: its elements, and its attributes on every element or on
// some, in the allow-list form (elements, attributes, dataAttributes,
// comments, processingInstructions: []), in the normalised form
// Sanitizer.get() returns (see [SanitizerConfig.MarshalJSON]). What the dictionary cannot say is listed in Notes,
// which the "//" member holds when written as JSON: value patterns and
// class token rules (a browser keeps any value), URL rules and
// canonicalisation, id prefixes, styles, rel and target, limits, word
// breaks and hooks. Where htmlclean allows something only under such a
// rule (styles, ids under a prefix, sandboxed iframes, data-* wildcards
// other than data-* on every element), the dictionary leaves it out, so
// a browser using it keeps no more than htmlclean.
func (p *Policy) SanitizerConfig() SanitizerConfig {
	c := p.Config()
	f, comments := false, c.Comments
	sc := SanitizerConfig{Elements: []SanitizerElement{}, Attributes: []SanitizerName{}, Comments: &comments, DataAttributes: &f,
		ProcessingInstructions: []string{}}
	var notes []string
	note := func(format string, args ...any) { notes = append(notes, fmt.Sprintf(format, args...)) }

	elements := slices.Clone(c.Elements)
	slices.Sort(elements)
	elements = slices.Compact(elements)
	if i := slices.Index(elements, "iframe"); i >= 0 {
		elements = slices.Delete(elements, i, i+1)
		note("iframe left out: htmlclean keeps it only for the embeds hosts, sandboxed; setHTML() removes it")
	}
	allowed := make(map[string]bool, len(elements))
	for _, e := range elements {
		allowed[e] = true
	}
	keep := func(on []string) []string {
		if len(on) == 0 {
			return elements
		}
		on = slices.DeleteFunc(slices.Clone(on), func(e string) bool { return !allowed[e] })
		slices.Sort(on)
		return slices.Compact(on)
	}
	own := map[string][]SanitizerName{}
	for _, a := range c.Attributes {
		on := keep(a.On)
		switch {
		case len(on) == 0:
			continue
		case a.Name == "data-*" && len(on) == len(elements):
			t := true
			sc.DataAttributes = &t
			continue
		case isWildcard(a.Name):
			note("%s left out: a SanitizerConfig has data attributes on every element or none", a.Name)
			continue
		}
		if a.Match != "" {
			where := strings.Join(on, ", ")
			if len(on) == len(elements) {
				where = "every element"
			}
			note("%s on %s: htmlclean keeps only values matching %s; a browser keeps any", a.Name, where, a.Match)
		}
		n := SanitizerName{Name: a.Name}
		if len(on) == len(elements) {
			sc.Attributes = append(sc.Attributes, n)
			continue
		}
		for _, e := range on {
			own[e] = append(own[e], n)
		}
	}
	for _, r := range c.Classes {
		on := keep(r.On)
		for _, e := range on {
			own[e] = append(own[e], SanitizerName{Name: "class"})
		}
		note("class on %s: htmlclean keeps only the tokens its classes rules allow; a browser keeps any", strings.Join(on, ", "))
	}
	sc.Attributes = uniqueNames(sc.Attributes)
	global := make(map[SanitizerName]bool, len(sc.Attributes))
	for _, n := range sc.Attributes {
		global[n] = true
	}
	data := *sc.DataAttributes
	for _, e := range elements {
		el := SanitizerElement{SanitizerName: SanitizerName{Name: e, Namespace: NamespaceHTML, isElement: true}}
		var mine []SanitizerName
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
		sc.ReplaceWithChildrenElements = append(sc.ReplaceWithChildrenElements, SanitizerName{Name: e, Namespace: NamespaceHTML, isElement: true})
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

func uniqueNames(ns []SanitizerName) []SanitizerName {
	slices.SortFunc(ns, func(a, b SanitizerName) int { return strings.Compare(a.Name, b.Name) })
	return slices.CompactFunc(ns, func(a, b SanitizerName) bool { return a.Name == b.Name })
}

// policyNotes lists the settings of c a SanitizerConfig cannot express.
func policyNotes(c Config) []string {
	var out []string
	if c.IDs.Prefix != "" {
		out = append(out, fmt.Sprintf("ids.prefix %q: id and name left out; htmlclean keeps them under the prefix", c.IDs.Prefix))
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
	if c.Hooks.hasHooks() {
		out = append(out, "hooks: this policy has Go hooks, which a SanitizerConfig cannot hold")
	}
	return out
}
