package sanitizerapi

import (
	"fmt"
	"strings"
)

// nameKey is a name as the spec compares them: name and namespace.
type nameKey struct{ name, ns string }

func keyOf(n Name) nameKey { return nameKey{n.Name, n.Namespace} }

// index maps each name of a list to its first position, reporting
// repeats ("has duplicates" in the spec).
func (d *scDecoder) index(field string, names []Name) map[nameKey]int {
	at := make(map[nameKey]int, len(names))
	for i, n := range names {
		if j, dup := at[keyOf(n)]; dup {
			d.fail(fmt.Sprintf("%s[%d]", field, i), "%q is listed twice (also %s[%d])", n.Name, field, j)
			continue
		}
		at[keyOf(n)] = i
	}
	return at
}

// overlap reports each name of names that is also in other.
func (d *scDecoder) overlap(field string, names []Name, other map[nameKey]int, otherField, why string) {
	for i, n := range names {
		if j, ok := other[keyOf(n)]; ok {
			d.fail(fmt.Sprintf("%s[%d]", field, i), "%q is also in %s[%d]%s", n.Name, otherField, j, why)
		}
	}
}

func isDataAttribute(n Name) bool {
	return n.Namespace == "" && strings.HasPrefix(n.Name, "data-")
}

// validate applies the spec's "valid" test for a SanitizerConfig
// (https://wicg.github.io/sanitizer-api/#sanitizerconfig-valid) to a
// canonical config: an absent elements list is removeElements [], and
// absent attributes is removeAttributes []. It uses maps, so its work is
// linear in the config's size.
func (d *scDecoder) validate(sc *Config) {
	elemNames := make([]Name, len(sc.Elements))
	for i, e := range sc.Elements {
		elemNames[i] = e.Name
	}
	elems := d.index("elements", elemNames)
	removed := d.index("removeElements", sc.RemoveElements)
	if sc.Elements != nil && sc.RemoveElements != nil {
		d.fail("removeElements", "cannot be used with elements: a config lists the elements it allows or those it removes, not both")
		d.overlap("removeElements", sc.RemoveElements, elems, "elements", "")
	}
	d.index("replaceWithChildrenElements", sc.ReplaceWithChildrenElements)
	for i, n := range sc.ReplaceWithChildrenElements {
		if nonReplaceable[keyOf(n)] {
			d.fail(fmt.Sprintf("replaceWithChildrenElements[%d]", i), "%q cannot be replaced by its children (the spec's non-replaceable elements: html, svg, math)", n.Name)
		}
	}
	d.overlap("replaceWithChildrenElements", sc.ReplaceWithChildrenElements, elems, "elements", ": an element is kept or replaced by its children, not both")
	d.overlap("replaceWithChildrenElements", sc.ReplaceWithChildrenElements, removed, "removeElements", ": an element is removed or replaced by its children, not both")

	attrs := d.index("attributes", sc.Attributes)
	removedAttrs := d.index("removeAttributes", sc.RemoveAttributes)
	// With an attributes list, an absent dataAttributes counts as true
	// here, as Chromium 156 counts it: a data-* name listed then is an
	// error. (Its setHTML() then keeps no data-* attribute, and neither
	// does htmlclean.)
	data := sc.DataAttributes == nil || *sc.DataAttributes
	switch {
	case sc.Attributes != nil && sc.RemoveAttributes != nil:
		d.fail("removeAttributes", "cannot be used with attributes: a config lists the attributes it allows or those it removes, not both")
		d.overlap("removeAttributes", sc.RemoveAttributes, attrs, "attributes", "")
	case sc.Attributes != nil:
		if data {
			d.noData("attributes", sc.Attributes, sc.DataAttributes == nil)
		}
	default:
		if sc.DataAttributes != nil {
			d.fail("dataAttributes", "goes with an attributes list: without one, every attribute not removed is allowed, data-* included")
		}
	}
	for i, e := range sc.Elements {
		at := fmt.Sprintf("elements[%d]", i)
		d.index(at+".attributes", e.Attributes)
		d.index(at+".removeAttributes", e.RemoveAttributes)
		if sc.Attributes != nil {
			d.overlap(at+".attributes", e.Attributes, attrs, "attributes", ": allowed on every element already")
			for j, a := range e.RemoveAttributes {
				if _, ok := attrs[keyOf(a)]; !ok {
					d.fail(fmt.Sprintf("%s.removeAttributes[%d]", at, j), "%q is not in attributes: only an attribute allowed on every element can be removed from one", a.Name)
				}
			}
			if data {
				d.noData(at+".attributes", e.Attributes, sc.DataAttributes == nil)
			}
			continue
		}
		if e.Attributes != nil && e.RemoveAttributes != nil {
			d.fail(at, "has both attributes and removeAttributes, which a config without an attributes list does not allow")
		}
		d.overlap(at+".attributes", e.Attributes, removedAttrs, "removeAttributes", ": removed from every element")
		d.overlap(at+".removeAttributes", e.RemoveAttributes, removedAttrs, "removeAttributes", ": removed from every element already")
	}
}

// nonReplaceable are the elements replaceWithChildrenElements may not
// name: the roots of the HTML, SVG and MathML trees.
var nonReplaceable = map[nameKey]bool{
	{"html", NamespaceHTML}:   true,
	{"svg", NamespaceSVG}:     true,
	{"math", NamespaceMathML}: true,
}

// noData reports data-* attributes listed while dataAttributes is true,
// or absent (implied) beside an attributes list.
func (d *scDecoder) noData(field string, names []Name, implied bool) {
	why := "dataAttributes: true allows already"
	if implied {
		why = "an absent dataAttributes allows already, as in Chromium (set dataAttributes: false to list data-* names one by one)"
	}
	for i, n := range names {
		if isDataAttribute(n) {
			d.fail(fmt.Sprintf("%s[%d]", field, i), "%q is a data attribute, which %s", n.Name, why)
		}
	}
}
