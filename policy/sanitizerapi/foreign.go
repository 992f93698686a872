package sanitizerapi

import (
	"strings"

	"github.com/htmlclean/htmlclean/policy"
)

// How a SanitizerConfig's SVG and MathML names map onto the policy
// language's prefixed names ("svg:circle", "math:mi"). A dictionary
// names elements and attributes as the DOM has them after parsing: SVG
// element and attribute names in the camel case the HTML parser gives
// them (HTML §13.2.6.5, "adjust SVG tag name", "adjust SVG attributes"),
// xlink:href as href in the XLink namespace ("adjust foreign
// attributes"). A name the parser never gives, such as lineargradient
// in the SVG namespace, matches nothing in a browser and is dropped.

// sanitizerKey returns the policy name of an element a dictionary names,
// or "" with why it is dropped.
func sanitizerKey(n Name) (key, why string) {
	lower := strings.ToLower(n.Name)
	switch n.Namespace {
	case NamespaceHTML:
		return n.Name, ""
	case NamespaceSVG:
		switch {
		case !policy.ValidElement("svg:" + lower):
			return "", "is not an SVG element htmlclean knows, so it is dropped"
		case svgTagCase(lower) != n.Name:
			return "", "matches nothing: the HTML parser names this SVG element " + svgTagCase(lower)
		case foreignRefused["svg:"+lower] != "":
			return "", "dropped: htmlclean never keeps it from a SanitizerConfig (it " + foreignRefused["svg:"+lower] + ")"
		}
		return "svg:" + lower, ""
	case NamespaceMathML:
		switch {
		case !policy.ValidElement("math:" + n.Name):
			return "", "is not a MathML element htmlclean knows (MathML names are lower case), so it is dropped"
		case foreignRefused["math:"+n.Name] != "":
			return "", "dropped: htmlclean never keeps it from a SanitizerConfig (it " + foreignRefused["math:"+n.Name] + ")"
		}
		return "math:" + n.Name, ""
	}
	return "", "matches nothing: the HTML parser creates elements in the HTML, SVG and MathML namespaces only"
}

// foreignRefused are the SVG and MathML elements a browser's default or a
// dictionary may keep that htmlclean does not, besides [policy.Forbidden] ones.
var foreignRefused = map[string]string{
	"svg:a":               "is a link, which htmlclean holds to the links settings and the link-text check (rel, target and text setHTML never changes): a policy file keeps it",
	"svg:foreignobject":   "brings HTML back inside SVG, the namespace switch behind most mXSS",
	"svg:image":           "loads an image the URL rules for img do not cover",
	"svg:feimage":         "loads an image or renders another element",
	"math:annotation-xml": "can hold HTML or SVG, a second way between namespaces",
	"math:mglyph":         "loads an image",
}

// foreignAttrName returns the policy name of an attribute a dictionary
// names in a namespace (xlink:href for href in XLink), or "".
func foreignAttrName(n Name) string {
	switch n.Namespace {
	case NamespaceXLink:
		switch n.Name {
		case "actuate", "arcrole", "href", "role", "show", "title", "type":
			return "xlink:" + n.Name
		}
	case NamespaceXML:
		if n.Name == "lang" || n.Name == "space" {
			return "xml:" + n.Name
		}
	case NamespaceXMLNS:
		switch n.Name {
		case "xmlns":
			return "xmlns"
		case "xlink":
			return "xmlns:xlink"
		}
	}
	return ""
}

// svgTagCase is the name the HTML parser gives the SVG element whose
// lower-case name is lower.
func svgTagCase(lower string) string {
	if c, ok := svgTagCamel[lower]; ok {
		return c
	}
	return lower
}

// svgAttrCase is the name the HTML parser gives the attribute lower on
// an SVG element.
func svgAttrCase(lower string) string {
	if c, ok := svgAttrCamel[lower]; ok {
		return c
	}
	return lower
}

// svgTagCamel is HTML's "adjust SVG tag name" table (§13.2.6.5).
var svgTagCamel = camelTable("altGlyph", "altGlyphDef", "altGlyphItem", "animateColor",
	"animateMotion", "animateTransform", "clipPath", "feBlend", "feColorMatrix",
	"feComponentTransfer", "feComposite", "feConvolveMatrix", "feDiffuseLighting",
	"feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood", "feFuncA", "feFuncB",
	"feFuncG", "feFuncR", "feGaussianBlur", "feImage", "feMerge", "feMergeNode",
	"feMorphology", "feOffset", "fePointLight", "feSpecularLighting", "feSpotLight",
	"feTile", "feTurbulence", "foreignObject", "glyphRef", "linearGradient",
	"radialGradient", "textPath")

// svgAttrCamel is HTML's "adjust SVG attributes" table (§13.2.6.5).
var svgAttrCamel = camelTable("attributeName", "attributeType", "baseFrequency",
	"baseProfile", "calcMode", "clipPathUnits", "diffuseConstant", "edgeMode",
	"filterUnits", "glyphRef", "gradientTransform", "gradientUnits", "kernelMatrix",
	"kernelUnitLength", "keyPoints", "keySplines", "keyTimes", "lengthAdjust",
	"limitingConeAngle", "markerHeight", "markerUnits", "markerWidth", "maskContentUnits",
	"maskUnits", "numOctaves", "pathLength", "patternContentUnits", "patternTransform",
	"patternUnits", "pointsAtX", "pointsAtY", "pointsAtZ", "preserveAlpha",
	"preserveAspectRatio", "primitiveUnits", "refX", "refY", "repeatCount", "repeatDur",
	"requiredExtensions", "requiredFeatures", "specularConstant", "specularExponent",
	"spreadMethod", "startOffset", "stdDeviation", "stitchTiles", "surfaceScale",
	"systemLanguage", "tableValues", "targetX", "targetY", "textLength", "viewBox",
	"viewTarget", "xChannelSelector", "yChannelSelector", "zoomAndPan")

func camelTable(names ...string) map[string]string {
	m := make(map[string]string, len(names))
	for _, n := range names {
		m[strings.ToLower(n)] = n
	}
	return m
}
