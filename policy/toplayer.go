package policy

import (
	"fmt"
	"slices"
	"strings"

	"github.com/htmlclean/htmlclean/internal/rules"
)

// The top layer is drawn over the whole page, outside every container
// (rules.TopLayer lists the attributes that reach it). A policy may list
// those attributes, a SanitizerConfig may keep them, and the presets do
// (sanitizer-api keeps every attribute htmlclean knows); unless the
// policy sets allow_top_layer, their rules are marked so that sanitize
// drops them, reported as top-layer. String writes a warning when the
// setting lets one through, and a note when one is listed but dropped.

// topLayer marks the rules of the top-layer attributes unless allow is
// set.
func (p *Policy) topLayer(allow bool) {
	if allow {
		return
	}
	for _, el := range p.r.Elements {
		for name, r := range el.Attrs {
			if _, ok := rules.TopLayerAttr(name); ok {
				r.TopLayer = true
			}
		}
	}
}

// topLayerWarnings returns the YAML comment lines String writes for the
// top-layer attributes c lists: a warning for each one allow_top_layer
// keeps, a note for each one it drops.
func topLayerWarnings(c Config) string {
	var names []string
	for _, a := range c.Attributes {
		if _, ok := rules.TopLayerAttr(a.Name); ok && !slices.Contains(names, a.Name) {
			names = append(names, a.Name)
		}
	}
	var b strings.Builder
	for _, name := range names {
		e, _ := rules.TopLayerAttr(name)
		switch {
		case c.AllowTopLayer && name == "command":
			fmt.Fprintf(&b, "# warning: allow_top_layer keeps every value of command: it %s, outside any container the page gives the output\n", e.Does)
		case c.AllowTopLayer:
			fmt.Fprintf(&b, "# warning: allow_top_layer keeps %s: it %s, outside any container the page gives the output\n", name, e.Does)
		case name == "command":
			fmt.Fprintf(&b, "# note: command keeps only %s unless allow_top_layer is set: a command %s\n", strings.Join(rules.ClosingCommands, ", "), e.Does)
		default:
			fmt.Fprintf(&b, "# note: %s is dropped unless allow_top_layer is set: it %s\n", name, e.Does)
		}
	}
	return b.String()
}
