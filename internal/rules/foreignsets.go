package rules

// The sets package policy's `svg: safe` and `mathml: core` add
// (docs/policy.md, "SVG and MathML", says what each holds and why).

// SVGSafeElements are svg: safe's elements, by policy name. They draw shapes, paths and text with gradients, clipping,
// masks, patterns and markers, and reuse what the same document defines.
// The animation elements that loading spinners use (animate, set,
// animateTransform, animateMotion with mpath) are in: the pass keeps an
// attributeName only when it names a harmless attribute (package
// sanitize, animation.go), and their href only when it names an element
// of the same document.
// Left out: what runs script or holds CSS (script, style), obsolete or
// removing animation (animateColor, discard: never allowed), what embeds HTML or other documents (foreignObject,
// image, feImage), filters (costly to render, and feImage loads), links
// (svg:a: a policy that wants them adds it, and the links settings then
// apply, as to HTML links), and fonts.
var SVGSafeElements = []string{
	"svg:svg", "svg:g", "svg:defs", "svg:symbol", "svg:use", "svg:title", "svg:desc",
	"svg:path", "svg:rect", "svg:circle", "svg:ellipse", "svg:line", "svg:polyline",
	"svg:polygon", "svg:text", "svg:tspan", "svg:textpath", "svg:lineargradient",
	"svg:radialgradient", "svg:stop", "svg:clippath", "svg:mask", "svg:pattern",
	"svg:marker", "svg:animate", "svg:set", "svg:animatetransform", "svg:animatemotion",
	"svg:mpath",
}

// svgAnimations are the animation elements of SVGSafeElements, and
// svgTimed the ones that animate an attribute attributeName names.
var (
	svgAnimations = []string{"svg:animate", "svg:set", "svg:animatetransform", "svg:animatemotion"}
	svgTimed      = []string{"svg:animate", "svg:set", "svg:animatetransform"}
)

// svgPresentation are the presentation and core attributes every safe SVG
// element gets. The presentation attributes are CSS (KindCSS): url() in
// them is checked as in a style attribute.
var svgPresentation = []string{
	"fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-linecap",
	"stroke-linejoin", "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset",
	"stroke-opacity", "opacity", "transform", "color", "display", "visibility",
	"clip-path", "clip-rule", "mask", "marker-start", "marker-mid", "marker-end",
	"font-family", "font-size", "font-weight", "font-style", "text-anchor",
	"dominant-baseline", "alignment-baseline", "baseline-shift", "letter-spacing",
	"word-spacing", "text-decoration", "stop-color", "stop-opacity", "vector-effect",
	"paint-order", "shape-rendering", "text-rendering",
	"aria-hidden", "aria-label", "role", "lang", "xml:lang", "xml:space",
}

// svgSafeOn are the safe SVG attributes that belong to some elements only.
var svgSafeOn = []struct {
	names []string
	on    []string
}{
	{[]string{"viewbox", "preserveaspectratio"}, []string{"svg:svg", "svg:symbol", "svg:pattern", "svg:marker"}},
	{[]string{"xmlns", "xmlns:xlink", "version"}, []string{"svg:svg"}},
	{[]string{"x", "y", "width", "height"}, []string{"svg:svg", "svg:rect", "svg:use", "svg:symbol",
		"svg:pattern", "svg:mask", "svg:text", "svg:tspan"}},
	{[]string{"rx", "ry"}, []string{"svg:rect", "svg:ellipse"}},
	{[]string{"cx", "cy"}, []string{"svg:circle", "svg:ellipse", "svg:radialgradient"}},
	{[]string{"r", "fx", "fy", "fr"}, []string{"svg:circle", "svg:radialgradient"}},
	{[]string{"x1", "y1", "x2", "y2"}, []string{"svg:line", "svg:lineargradient"}},
	{[]string{"points"}, []string{"svg:polyline", "svg:polygon"}},
	{[]string{"d"}, []string{"svg:path"}},
	{[]string{"pathlength"}, []string{"svg:path", "svg:rect", "svg:circle", "svg:ellipse",
		"svg:line", "svg:polyline", "svg:polygon"}},
	{[]string{"dx", "dy", "rotate", "textlength", "lengthadjust"}, []string{"svg:text", "svg:tspan"}},
	{[]string{"startoffset", "method", "spacing", "side"}, []string{"svg:textpath"}},
	// href: same-document fragments only (the pass refuses any other URL
	// on these elements).
	{[]string{"href", "xlink:href"}, []string{"svg:use", "svg:textpath", "svg:lineargradient",
		"svg:radialgradient", "svg:pattern", "svg:animate", "svg:set", "svg:animatetransform",
		"svg:animatemotion", "svg:mpath"}},
	// Animation timing and values (SVG Animations §2): attributeName,
	// attributeType and the values are checked together by the pass.
	{[]string{"begin", "end", "dur", "min", "max", "restart", "repeatcount", "repeatdur",
		"calcmode", "keytimes", "keysplines", "additive", "accumulate", "values",
		"from", "to", "by"}, svgAnimations},
	{[]string{"attributename"}, svgAnimations},
	{[]string{"attributetype"}, svgTimed},
	{[]string{"type"}, []string{"svg:animatetransform"}},
	{[]string{"path", "keypoints", "rotate"}, []string{"svg:animatemotion"}},
	{[]string{"gradientunits", "gradienttransform", "spreadmethod"}, []string{"svg:lineargradient", "svg:radialgradient"}},
	{[]string{"offset"}, []string{"svg:stop"}},
	{[]string{"clippathunits"}, []string{"svg:clippath"}},
	{[]string{"maskunits", "maskcontentunits"}, []string{"svg:mask"}},
	{[]string{"patternunits", "patterncontentunits", "patterntransform"}, []string{"svg:pattern"}},
	{[]string{"markerwidth", "markerheight", "markerunits", "refx", "refy", "orient"}, []string{"svg:marker"}},
}

// SetAttr is an attribute a foreign set allows and the elements it is
// allowed on.
type SetAttr struct {
	Name string
	On   []string
}

// SVGSafeAttributes returns svg: safe's attributes, in the order a
// policy lists them.
func SVGSafeAttributes() []SetAttr {
	var out []SetAttr
	for _, name := range svgPresentation {
		out = append(out, SetAttr{Name: name, On: SVGSafeElements})
	}
	for _, g := range svgSafeOn {
		for _, name := range g.names {
			out = append(out, SetAttr{Name: name, On: g.on})
		}
	}
	return out
}

// MathCoreElements are mathml: core's elements: MathML Core's presentation elements, what TeX
// converters (Temml, KaTeX, MathJax) write for a formula. Left out:
// annotation-xml (its content is HTML or SVG for some encodings: a second
// way into the namespaces a policy meant to keep apart), maction (events),
// mglyph (loads an image), and the MathML 3 elements no browser renders.
var MathCoreElements = []string{
	"math:math", "math:mi", "math:mn", "math:mo", "math:ms", "math:mtext", "math:mrow",
	"math:mfrac", "math:msqrt", "math:mroot", "math:msub", "math:msup", "math:msubsup",
	"math:munder", "math:mover", "math:munderover", "math:mmultiscripts",
	"math:mprescripts", "math:mtable", "math:mtr", "math:mtd", "math:mspace",
	"math:mpadded", "math:mphantom", "math:mstyle", "math:semantics",
	"math:annotation", "math:merror",
}

// mathGlobal are MathML Core's global attributes, less event handlers,
// style (the styles settings decide it), class and id (their own
// settings) and href (no formula needs a link).
var mathGlobal = []string{"dir", "displaystyle", "mathbackground", "mathcolor",
	"mathsize", "mathvariant", "scriptlevel"}

// mathCoreOn are the MathML Core attributes of some elements only.
var mathCoreOn = []struct {
	names []string
	on    []string
}{
	{[]string{"display", "alttext"}, []string{"math:math"}},
	{[]string{"form", "fence", "separator", "lspace", "rspace", "stretchy", "symmetric",
		"maxsize", "minsize", "largeop", "movablelimits"}, []string{"math:mo"}},
	{[]string{"accent"}, []string{"math:mo", "math:mover", "math:munderover"}},
	{[]string{"accentunder"}, []string{"math:munder", "math:munderover"}},
	{[]string{"linethickness"}, []string{"math:mfrac"}},
	{[]string{"width", "height", "depth"}, []string{"math:mspace", "math:mpadded"}},
	{[]string{"lspace", "voffset"}, []string{"math:mpadded"}},
	{[]string{"columnspan", "rowspan"}, []string{"math:mtd"}},
	{[]string{"encoding"}, []string{"math:annotation"}},
	// MathML 3 table layout, which Temml and KaTeX still write.
	{[]string{"columnalign", "rowalign", "columnspacing", "rowspacing", "columnlines",
		"rowlines", "frame", "framespacing", "equalrows", "equalcolumns"}, []string{"math:mtable"}},
	{[]string{"columnalign", "rowalign"}, []string{"math:mtr", "math:mtd"}},
}

// MathCoreAttributes returns mathml: core's attributes, in the order a
// policy lists them.
func MathCoreAttributes() []SetAttr {
	var out []SetAttr
	for _, name := range mathGlobal {
		out = append(out, SetAttr{Name: name, On: MathCoreElements})
	}
	for _, g := range mathCoreOn {
		for _, name := range g.names {
			out = append(out, SetAttr{Name: name, On: g.on})
		}
	}
	return out
}
