package rules

import "strings"

// Namespace is the namespace the HTML tree builder gives an element (HTML
// §13.2.6: the HTML namespace, or foreign content). The zero Namespace is
// HTML.
type Namespace uint8

// The namespaces an HTML parser creates elements in.
const (
	NSHTML   Namespace = iota // a bare name: "p", "a"
	NSSVG                     // "svg:circle"
	NSMathML                  // "math:mi"
)

// Prefix returns the prefix a policy writes before a name in ns ("svg",
// "math"), or "" for HTML.
func (ns Namespace) Prefix() string {
	switch ns {
	case NSSVG:
		return "svg"
	case NSMathML:
		return "math"
	}
	return ""
}

// String returns the namespace's name: "html", "svg" or "mathml".
func (ns Namespace) String() string {
	switch ns {
	case NSSVG:
		return "svg"
	case NSMathML:
		return "mathml"
	}
	return "html"
}

// ElementKey returns the name a policy writes for the element local in
// ns, and [Rules.Elements] is keyed by: local itself in HTML, else the
// namespace's prefix, ":" and local ("svg:circle", "math:mi").
func ElementKey(ns Namespace, local string) string {
	if ns == NSHTML {
		return local
	}
	return ns.Prefix() + ":" + local
}

// SplitElement reads a name as a policy writes it: "svg:circle" is
// circle in SVG, "math:mi" mi in MathML, a name without ":" is in HTML.
// ok is false for another prefix, or an empty local name.
func SplitElement(key string) (ns Namespace, local string, ok bool) {
	prefix, local, found := strings.Cut(key, ":")
	switch {
	case !found:
		return NSHTML, key, key != ""
	case prefix == "svg":
		ns = NSSVG
	case prefix == "math":
		ns = NSMathML
	default:
		return NSHTML, key, false
	}
	return ns, local, local != ""
}

// ElementIn returns the rules of the element local (lower case) in ns, or
// nil if the policy does not allow it.
func (r *Rules) ElementIn(ns Namespace, local string) *Element {
	if ns == NSHTML {
		return r.Elements[local]
	}
	return r.Elements[ElementKey(ns, local)]
}

// DropsContentIn is [Rules.DropsContent] for the element local in ns,
// which a policy's drop and unwrap lists name with its prefix
// ("svg:g").
func (r *Rules) DropsContentIn(ns Namespace, local string) bool {
	if ns == NSHTML {
		return r.DropsContent(local)
	}
	if !r.DropsAny {
		return false
	}
	key := ElementKey(ns, local)
	if r.Elements[key] != nil {
		return false
	}
	// A forbidden SVG or MathML element (maction, animate) has no
	// handling of its own: where unlisted elements go with their
	// content, it goes with its content too, as setHTML() removes it.
	if drop, ok := r.Removal[key]; ok {
		return drop
	}
	return r.Unlisted == UnlistedDrop
}
