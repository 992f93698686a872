package policy

import (
	"fmt"
	"strings"

	"github.com/htmlclean/htmlclean/internal/excerpt"
	"github.com/htmlclean/htmlclean/internal/rules"
)

// maxRules bounds the attribute rules one policy compiles to: one per
// attribute entry and element it applies to (an entry without `on`
// applies to every allowed element). Real policies have a few hundred
// (the sanitizer-api preset the most, 1,881; a Sanitizer API
// configuration that lists only elements gives each the 306 rules of the
// default attributes, 35,190 for its 115 default elements); without a
// bound, a file of 10,000 elements and 10,000 global attributes would
// ask for 100 million. A rule costs 150 to 350 bytes to load, in both
// stages, data-* wildcards with a pattern the most; at the bound, that
// is under 50 MB of live heap.
const maxRules = 1 << 17

// attrState is what compiling the attribute lists needs besides the
// errors: declared kinds, what remove takes away, patterns already
// entered, and the rule count.
type attrState struct {
	kinds     map[string]Kind // kinds declared in the Config
	removeAll map[string]bool // attributes removed from every element
	removeOn  map[[2]string]bool
	patterns  map[[3]int32]bool         // element, attribute, pattern, as ids
	ids       map[string]int32          // the strings of those keys, numbered
	wild      map[[2]string]*rules.Attr // element, wildcard prefix
	rules     int
	// idPrefixed: ids.prefix is set, so the ids settings, not attribute
	// entries, allow id and name.
	idPrefixed bool
}

func newAttrState(remove []Attribute) attrState {
	s := attrState{
		kinds: map[string]Kind{}, removeAll: map[string]bool{},
		removeOn: map[[2]string]bool{}, patterns: map[[3]int32]bool{}, ids: map[string]int32{}, wild: map[[2]string]*rules.Attr{},
	}
	for _, r := range remove {
		if len(r.On) == 0 {
			s.removeAll[r.Name] = true
		}
		for _, el := range r.On {
			s.removeOn[[2]string{r.Name, el}] = true
		}
	}
	return s
}

// id numbers a string of a key, so that keys held per rule are a few
// bytes, not a few strings: the bookkeeping of compiling is most of its
// memory while it runs.
func (s *attrState) id(str string) int32 {
	if i, ok := s.ids[str]; ok {
		return i
	}
	i := int32(len(s.ids))
	s.ids[str] = i
	return i
}

// removed reports whether remove takes attribute attr off element el.
func (s *attrState) removed(attr, el string) bool {
	return s.removeAll[attr] || s.removeOn[[2]string{attr, el}]
}

// kindOf returns the kind of an attribute: the built-in table's, or the
// one the Config declares.
func (s *attrState) kindOf(name string) Kind {
	if k := KindOf(name); k != KindUnknown {
		return k
	}
	return s.kinds[name]
}

func (k *compiler) checkAttribute(field string, a Attribute, removing bool) {
	wild := isWildcard(a.Name)
	switch {
	case wild && removing:
		if !wildcardRE.MatchString(a.Name) {
			k.fail(field+".name", "%q is not an attribute name or a data-* wildcard", a.Name)
		}
	case wild:
		if why := wildcardProblem(a.Name); why != "" {
			k.fail(field+".name", "%q %s", a.Name, why)
		}
	case k.idPrefixed && (a.Name == "id" || a.Name == "name") && !removing:
		k.fail(field+".name", "%q is written by the ids settings when ids.prefix is set: drop this entry", a.Name)
	case !attrRE.MatchString(a.Name):
		k.fail(field+".name", "%q is not an attribute name", a.Name)
	case removing:
	default:
		if why := RefusedAttribute(a.Name); why != "" {
			k.fail(field+".name", "%q %s", a.Name, why)
		}
	}
	if a.Match != "" && !removing {
		k.userPattern(field+".match", a.Match)
	}
	switch {
	case a.Kind == "":
	case removing:
		k.fail(field+".kind", "means nothing in remove: the attribute goes, whatever it holds")
	case wild && a.Kind != KindText.String():
		k.fail(field+".kind", "a wildcard allows text only; it cannot be declared %q", a.Kind)
	case wild:
	case attrRE.MatchString(a.Name):
		k.declare(field+".kind", a)
	}
	for j, e := range a.On {
		if why := foreignProblem(e); why != "" {
			k.fail(fmt.Sprintf("%s.on[%d]", field, j), "%q %s", e, why)
		}
	}
}

// declare records the kind an attribute entry declares, refusing one that
// contradicts the built-in table, another declaration, or a name that
// says it holds a URL: a URL must never be passed as text.
func (k *compiler) declare(field string, a Attribute) {
	kind, ok := parseKind(a.Kind)
	builtin := KindOf(a.Name)
	prev := k.kinds[a.Name]
	switch {
	case !ok:
		k.fail(field, "%q is not a kind (%s)", a.Kind, declarable)
	case builtin != KindUnknown && builtin != kind:
		k.fail(field, "%q is a %s attribute; it cannot be declared %s", a.Name, builtin, kind)
	case builtin == KindUnknown && urlish(a.Name) && kind != KindURL && kind != KindURLList && kind != KindSrcset:
		k.fail(field, "%q is named like a URL attribute: declare it url, url-list or srcset, not %s", a.Name, kind)
	case prev != KindUnknown && prev != kind:
		k.fail(field, "%q is declared %s elsewhere in the policy; it cannot also be %s", a.Name, prev, kind)
	case builtin == KindUnknown:
		k.kinds[a.Name] = kind
	}
}

// overRules reports that entry (of attribute name) passed maxRules. An
// entry of the preset the file extends is not the file's mistake: the
// elements the file allows, which the preset's entry applies to, are
// named instead.
func (k *compiler) overRules(entry, name, what string) {
	if k.written == nil || k.written(entry) {
		k.fail(entry, "the policy has more than %s %s", excerpt.Commas(maxRules), what)
		return
	}
	list := "elements"
	for _, l := range []string{"add.elements", "elements", "add.attributes", "attributes", "classes"} {
		if k.written(l) {
			list = l
			break
		}
	}
	k.fail(list, "the preset's %s (%s) applies to every element this list allows, and passes the %s rules a policy may have (one per attribute and element): allow fewer elements", entry, name, excerpt.Commas(maxRules))
}

// RefusedAttribute says why a policy may never allow the well-formed
// attribute name (event handlers, srcdoc, rel and target, which the links
// settings write, ...), or returns "".
func RefusedAttribute(name string) string {
	switch {
	case strings.HasPrefix(name, "on"):
		return "is never allowed: event handlers run script"
	case forbiddenAttributes[name] != "":
		return "is never allowed: it " + forbiddenAttributes[name]
	case name == "rel" || name == "target":
		return "on links is written by the links settings (links.rel, links.target_blank)"
	}
	return ""
}

// addAttributes enters the rules of attrs into the allowed elements,
// minus what remove takes away. A rule for elements the policy does not
// allow has no effect, except in add.attributes, where it is a mistake.
// Its work is linear in the rules it enters, which maxRules bounds.
func (k *compiler) addAttributes(p *Policy, attrs []Attribute, field string, strict bool) {
	for i, a := range attrs {
		if k.rules > maxRules {
			return // reported once
		}
		wild := isWildcard(a.Name)
		switch {
		case wild && wildcardProblem(a.Name) != "",
			!wild && (!attrRE.MatchString(a.Name) || RefusedAttribute(a.Name) != ""),
			k.idPrefixed && (a.Name == "id" || a.Name == "name"):
			continue // reported by checkLists
		}
		kind := k.kindOf(a.Name)
		if wild {
			kind = KindText
		}
		if kind == KindUnknown {
			if a.Kind == "" { // else the declaration was refused, and said so
				k.fail(fmt.Sprintf("%s[%d].name", field, i), "%q is not a known attribute: say what it holds with `kind: ` (%s)", a.Name, declarable)
			}
			continue
		}
		var m *rules.Matcher
		insts, matchField := 0, ""
		if a.Match != "" {
			matchField = fmt.Sprintf("%s[%d].match", field, i) // once per entry, not per element
			mm, n, ok := k.userPattern(matchField, a.Match)
			if !ok {
				continue // reported by checkLists
			}
			m, insts = &mm, n
		}
		on := a.On
		if len(on) == 0 {
			on = p.cfg.Elements
		}
		added := false
		for _, name := range on {
			el := p.r.Elements[name]
			if el == nil || k.removed(a.Name, name) {
				continue
			}
			added = true
			if k.rules++; k.rules > maxRules {
				k.overRules(fmt.Sprintf("%s[%d]", field, i), a.Name, "attribute rules (one per attribute and element it applies to): give attributes an `on` list, or allow fewer elements")
				return
			}
			if m != nil {
				key := [3]int32{k.id(name), k.id(a.Name), k.id(a.Match)}
				if k.patterns[key] {
					continue
				}
				k.patterns[key] = true
				if !k.spendValue(matchField, name, a.Name, insts) {
					return
				}
			}
			if wild {
				el.AddWild(strings.TrimSuffix(a.Name, "*"), m, k.kinds, k.wild)
			} else {
				el.Add(a.Name, m, kind)
			}
		}
		if strict && !added && len(a.On) > 0 {
			k.fail(fmt.Sprintf("%s[%d].on", field, i), "none of %v is an allowed element", a.On)
		}
	}
}
