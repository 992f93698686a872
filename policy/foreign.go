package policy

import (
	"fmt"

	"github.com/htmlclean/htmlclean/internal/rules"
)

// Foreign content (SVG and MathML) in the policy language. A policy names
// an element in SVG or MathML with a prefix ("svg:circle", "math:mi"); a
// bare name is the HTML namespace, which is what a browser's parser gives
// every element outside <svg> and <math> (HTML §13.2.6.4.7). The local name
// is lower case, as the tokenizer delivers it: "svg:lineargradient" is the
// element a browser names linearGradient.

// svgElements are the names an SVG element may have in a policy: the SVG 2
// element index and the SVG 1.1 names browsers still parse, lower case.
var svgElements = nameSet("a", "altglyph", "altglyphdef", "altglyphitem", "animate",
	"animatecolor", "animatemotion", "animatetransform", "circle", "clippath",
	"color-profile", "cursor", "defs", "desc", "discard", "ellipse", "feblend",
	"fecolormatrix", "fecomponenttransfer", "fecomposite", "feconvolvematrix",
	"fediffuselighting", "fedisplacementmap", "fedistantlight", "fedropshadow",
	"feflood", "fefunca", "fefuncb", "fefuncg", "fefuncr", "fegaussianblur",
	"feimage", "femerge", "femergenode", "femorphology", "feoffset", "fepointlight",
	"fespecularlighting", "fespotlight", "fetile", "feturbulence", "filter", "font",
	"font-face", "font-face-format", "font-face-name", "font-face-src",
	"font-face-uri", "foreignobject", "g", "glyph", "glyphref", "hkern", "image",
	"line", "lineargradient", "marker", "mask", "metadata", "missing-glyph", "mpath",
	"path", "pattern", "polygon", "polyline", "radialgradient", "rect", "script",
	"set", "stop", "style", "svg", "switch", "symbol", "text", "textpath", "title",
	"tref", "tspan", "use", "view", "vkern")

// mathElements are the names a MathML element may have in a policy:
// MathML Core's elements and the MathML 3 names browsers still parse.
var mathElements = nameSet("math", "maction", "annotation", "annotation-xml",
	"maligngroup", "malignmark", "menclose", "merror", "mfenced", "mfrac", "mglyph",
	"mi", "mlabeledtr", "mlongdiv", "mmultiscripts", "mn", "mo", "mover", "mpadded",
	"mphantom", "mprescripts", "mroot", "mrow", "ms", "mscarries", "mscarry",
	"msgroup", "msline", "mspace", "msqrt", "msrow", "mstack", "mstyle", "msub",
	"msubsup", "msup", "mtable", "mtd", "mtext", "mtr", "munder", "munderover",
	"none", "semantics")

// htmlNames are the SVG and MathML names that are also HTML elements: a
// bare one means the HTML element and is no mistake.
var htmlNames = nameSet("a", "font", "image", "script", "style", "title")

// forbiddenForeign are SVG and MathML elements no policy may allow: they
// run script, hold raw style sheets, or load, copy or remove what the
// document does not hold. The animation elements animate, set,
// animateTransform and animateMotion may be allowed: the pass keeps
// their attributeName only for a harmless attribute (animation.go in
// package sanitize), so none can set href to javascript: after the
// sanitiser has looked (DOMPurify's and bluemonday's SVG advisories).
// animateColor is left out: SVG 2 removed it and no browser animates
// with it, so no author needs it and no check of it can be tested.
// discard removes the element its href names, which may be the page's
// own, at a time the document chooses.
var forbiddenForeign = map[string]string{
	"svg:script": "runs script", "svg:style": "holds a style sheet",
	"svg:animatecolor": "is obsolete SVG animation (SVG 2 removed it)",
	"svg:discard":      "removes the element its href names, the page's own too",
	"svg:handler":      "runs script", "svg:listener": "runs script",
	"svg:font-face-uri": "loads fonts", "svg:color-profile": "loads colour profiles",
	"svg:cursor": "loads cursors", "svg:tref": "copies text from other elements",
	"math:maction": "toggles and shows status text on events",
}

// foreignProblem says what is wrong with an element name as a policy
// writes it, or returns "": a bare name must be an HTML element name, and
// a prefixed one a known SVG or MathML element.
func foreignProblem(key string) string {
	ns, local, ok := rules.SplitElement(key)
	switch {
	case !ok || !nameRE.MatchString(local):
		return "is not an element name (lower case letters, digits, \"-\"; svg: or math: before an SVG or MathML name)"
	case ns == rules.NSHTML && (local == "svg" || local == "math"):
		return fmt.Sprintf("as a bare name is an HTML element no parser creates: write %s:%s for the %s root element", nsPrefixFor(local), local, nsTitle(local))
	case ns == rules.NSHTML && htmlNames[local]:
	case ns == rules.NSHTML && svgElements[local]:
		return fmt.Sprintf("is an SVG element, which a bare name cannot allow: write svg:%s", local)
	case ns == rules.NSHTML && mathElements[local]:
		return fmt.Sprintf("is a MathML element, which a bare name cannot allow: write math:%s", local)
	case ns == rules.NSSVG && !svgElements[local]:
		return "is not an SVG element"
	case ns == rules.NSMathML && !mathElements[local]:
		return "is not a MathML element"
	}
	return ""
}

func nsPrefixFor(local string) string {
	if local == "math" {
		return "math"
	}
	return "svg"
}

func nsTitle(local string) string {
	if local == "math" {
		return "MathML"
	}
	return "SVG"
}

// forbiddenElement returns why the element a policy names by key is never
// allowed, or "".
func forbiddenElement(key string) string {
	if why := forbiddenElements[key]; why != "" {
		return why
	}
	return forbiddenForeign[key]
}

// ValidElement reports whether key is an element name a policy may
// write, allowed or not: a lower-case HTML name, or svg: or math: before
// an SVG or MathML element's.
func ValidElement(key string) bool { return foreignProblem(key) == "" }

// elementProblem is the message for an element name in a list: why it is
// never allowed (unless removing), or what is wrong with its name.
func elementProblem(key string, removing bool) string {
	if why := forbiddenElement(key); why != "" {
		if removing {
			return ""
		}
		return fmt.Sprintf("%q is never allowed: it %s", key, why)
	}
	if why := foreignProblem(key); why != "" {
		return fmt.Sprintf("%q %s", key, why)
	}
	return ""
}

// newElement is the compiled element a policy allows by key.
func newElement(key string) *rules.Element {
	ns, local, _ := rules.SplitElement(key)
	return &rules.Element{Name: local, NS: ns, Attrs: map[string]*rules.Attr{}}
}

// The one-word settings that add a set of foreign elements.
const (
	SVGSafe    SVGProfile    = "safe" // Config.SVG: a safe subset of SVG (svgSafe)
	MathMLCore MathMLProfile = "core" // Config.MathML: what a formula needs (mathCore)
)

// checkForeign checks Config.SVG and Config.MathML against their tables
// (svgWords, mathMLWords); left out, each adds nothing.
func (k *compiler) checkForeign(c Config) {
	if c.SVG != "" && !svgWords.has(c.SVG) {
		k.fail(svgWords.key, "%q is not %s (or leave it out)", string(c.SVG), svgWords)
	}
	if c.MathML != "" && !mathMLWords.has(c.MathML) {
		k.fail(mathMLWords.key, "%q is not %s (or leave it out)", string(c.MathML), mathMLWords)
	}
}

// foreignElements returns the elements c.SVG and c.MathML add.
func foreignElements(c Config) []string {
	var out []string
	if c.SVG == SVGSafe {
		out = append(out, rules.SVGSafeElements...)
	}
	if c.MathML == MathMLCore {
		out = append(out, rules.MathCoreElements...)
	}
	return out
}

// foreignAttributes are the attribute entries c.SVG and c.MathML add.
func foreignAttributes(c Config) []Attribute {
	var out []Attribute
	if c.SVG == SVGSafe {
		out = appendSet(out, rules.SVGSafeAttributes())
	}
	if c.MathML == MathMLCore {
		out = appendSet(out, rules.MathCoreAttributes())
	}
	return out
}

// appendSet appends a foreign set's attributes as attribute entries.
func appendSet(out []Attribute, set []rules.SetAttr) []Attribute {
	for _, a := range set {
		out = append(out, Attribute{Name: a.Name, On: a.On})
	}
	return out
}

func nameSet(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}
