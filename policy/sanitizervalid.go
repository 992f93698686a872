package policy

import (
	"fmt"
	"strings"
)

// nameKey is a name as the spec compares them: name and namespace.
type nameKey struct{ name, ns string }

func keyOf(n SanitizerName) nameKey { return nameKey{n.Name, n.Namespace} }

// index maps each name of a list to its first position, reporting
// repeats ("has duplicates" in the spec).
func (d *scDecoder) index(field string, names []SanitizerName) map[nameKey]int {
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
func (d *scDecoder) overlap(field string, names []SanitizerName, other map[nameKey]int, otherField, why string) {
	for i, n := range names {
		if j, ok := other[keyOf(n)]; ok {
			d.fail(fmt.Sprintf("%s[%d]", field, i), "%q is also in %s[%d]%s", n.Name, otherField, j, why)
		}
	}
}

func isDataAttribute(n SanitizerName) bool {
	return n.Namespace == "" && strings.HasPrefix(n.Name, "data-")
}

// validate applies the spec's "valid" test for a SanitizerConfig
// (https://wicg.github.io/sanitizer-api/#sanitizerconfig-valid) to a
// canonical config: an absent elements list is removeElements [], and
// absent attributes is removeAttributes []. It uses maps, so its work is
// linear in the config's size.
func (d *scDecoder) validate(sc *SanitizerConfig) {
	elemNames := make([]SanitizerName, len(sc.Elements))
	for i, e := range sc.Elements {
		elemNames[i] = e.SanitizerName
	}
	elems := d.index("elements", elemNames)
	removed := d.index("removeElements", sc.RemoveElements)
	if sc.Elements != nil && sc.RemoveElements != nil {
		d.fail("removeElements", "cannot be used with elements: a config lists the elements it allows or those it removes, not both")
		d.overlap("removeElements", sc.RemoveElements, elems, "elements", "")
	}
	d.index("replaceWithChildrenElements", sc.ReplaceWithChildrenElements)
	d.overlap("replaceWithChildrenElements", sc.ReplaceWithChildrenElements, elems, "elements", ": an element is kept or replaced by its children, not both")
	d.overlap("replaceWithChildrenElements", sc.ReplaceWithChildrenElements, removed, "removeElements", ": an element is removed or replaced by its children, not both")

	attrs := d.index("attributes", sc.Attributes)
	removedAttrs := d.index("removeAttributes", sc.RemoveAttributes)
	data := sc.DataAttributes != nil && *sc.DataAttributes
	switch {
	case sc.Attributes != nil && sc.RemoveAttributes != nil:
		d.fail("removeAttributes", "cannot be used with attributes: a config lists the attributes it allows or those it removes, not both")
		d.overlap("removeAttributes", sc.RemoveAttributes, attrs, "attributes", "")
	case sc.Attributes != nil:
		if data {
			d.noData("attributes", sc.Attributes)
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
				d.noData(at+".attributes", e.Attributes)
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

// noData reports data-* attributes listed while dataAttributes is true.
func (d *scDecoder) noData(field string, names []SanitizerName) {
	for i, n := range names {
		if isDataAttribute(n) {
			d.fail(fmt.Sprintf("%s[%d]", field, i), "%q is a data attribute, which dataAttributes: true allows already", n.Name)
		}
	}
}
