package policy

import (
	"fmt"
	"strings"

	"github.com/htmlclean/htmlclean/internal/rules"
)

// A data-* wildcard never covers a script-gadget trigger: an attribute a
// widely used front-end library turns into code, markup or a selector
// when the page loads it (data-bind for Knockout, data-ng-* for
// AngularJS, data-hx-* for htmx, data-bs-* for Bootstrap; the list, with
// what each runs, is rules.Gadgets). A policy written for a page that
// loads none of them may allow one by name; String then warns.

// gadgetWarnings returns the YAML comment lines String writes for the
// attribute entries of c that name a script-gadget trigger, and for the
// wildcards every name of which is one.
func gadgetWarnings(c Config) string {
	var b strings.Builder
	seen := map[string]bool{}
	for _, a := range c.Attributes {
		if seen[a.Name] {
			continue
		}
		seen[a.Name] = true
		if isWildcard(a.Name) {
			if g, ok := gadgetPrefixOf(strings.TrimSuffix(a.Name, "*")); ok {
				fmt.Fprintf(&b, "# warning: %s admits nothing: every name under it is a %s script-gadget trigger (%s)\n", a.Name, g.Library, g.Runs)
			}
			continue
		}
		if g, ok := gadgetOf(a.Name); ok {
			fmt.Fprintf(&b, "# warning: %s is a %s script-gadget trigger: on a page that loads %s, it runs %s\n", a.Name, g.Library, g.Library, g.Runs)
		}
	}
	return b.String()
}

// gadgetOf returns the entry of rules.Gadgets that makes name a trigger.
func gadgetOf(name string) (rules.GadgetEntry, bool) {
	for _, g := range rules.Gadgets {
		if name == g.Name || g.Prefix && strings.HasPrefix(name, g.Name) {
			return g, true
		}
	}
	return rules.GadgetEntry{}, false
}

// gadgetPrefixOf returns the prefix entry of rules.Gadgets that covers
// every name starting with prefix.
func gadgetPrefixOf(prefix string) (rules.GadgetEntry, bool) {
	for _, g := range rules.Gadgets {
		if g.Prefix && strings.HasPrefix(prefix, g.Name) {
			return g, true
		}
	}
	return rules.GadgetEntry{}, false
}
