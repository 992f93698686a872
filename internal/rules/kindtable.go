package rules

import "slices"

// kindGroups is the built-in attribute table, by kind. Names are lower
// case, as the HTML tokenizer delivers them (SVG's viewBox arrives as
// viewbox). Sources: the WHATWG HTML attribute index and §16 obsolete
// features (attributes browsers still honour), HTML microdata, the SVG 2
// attribute index and property index, and a survey of the attributes
// other sanitisers and browsers treat as URLs. A name is in exactly one
// group (TestKindTable). Package policy's KindOf reads it.
//
// Where a name means different things on different elements, the most
// dangerous reading wins: color is CSS (SVG) rather than text (font),
// values and from/to/by are text because only animation elements give
// them URL meaning, and the pass keeps them there only when attributeName
// names a harmless attribute (package sanitize, animation.go).
var kindGroups = []struct {
	kind  Kind
	names []string
}{
	{KindURL, []string{
		"href", "xlink:href", "src", "action", "formaction", "cite", "data",
		"poster", "background", "longdesc", "usemap", "manifest", "icon",
		"codebase", "classid", "code", "object", "lowsrc", "dynsrc", "datasrc",
		"pluginspage", "itemid", "xml:base", "xlink:role", "xlink:arcrole", "urn",
	}},
	{KindURLList, []string{
		"ping", "itemtype", "archive", "profile", "attributionsrc",
		"requiredextensions",
	}},
	{KindSrcset, []string{"srcset", "imagesrcset"}},
	// style, and SVG 2's presentation attributes: each is parsed as the
	// CSS property of the same name, so url() may appear (fill, mask,
	// cursor, marker, ...); checking them all as CSS costs nothing.
	{KindCSS, []string{
		"style", "alignment-baseline", "baseline-shift", "clip", "clip-path",
		"clip-rule", "color", "color-interpolation", "color-interpolation-filters",
		"color-rendering", "cursor", "direction", "display", "dominant-baseline",
		"enable-background", "fill", "fill-opacity", "fill-rule", "filter",
		"flood-color", "flood-opacity", "font", "font-family", "font-size",
		"font-size-adjust", "font-stretch", "font-style", "font-variant",
		"font-weight", "glyph-orientation-horizontal", "glyph-orientation-vertical",
		"image-rendering", "isolation", "kerning", "letter-spacing",
		"lighting-color", "marker", "marker-end", "marker-mid", "marker-start",
		"mask", "mask-type", "mix-blend-mode", "opacity", "overflow",
		"paint-order", "pointer-events", "shape-rendering", "stop-color",
		"stop-opacity", "stroke", "stroke-dasharray", "stroke-dashoffset",
		"stroke-linecap", "stroke-linejoin", "stroke-miterlimit",
		"stroke-opacity", "stroke-width", "text-anchor", "text-decoration",
		"text-overflow", "text-rendering", "transform", "transform-origin",
		"unicode-bidi", "vector-effect", "visibility", "white-space",
		"word-spacing", "writing-mode",
	}},
	{KindText, []string{
		// HTML
		"abbr", "accept", "accept-charset", "accesskey", "allow", "alt",
		"autocomplete", "blocking", "charset", "class", "commandfor", "content",
		"controlslist", "datetime", "dirname", "download", "elementtiming",
		"exportparts", "for", "form", "formtarget", "headers", "hreflang", "id",
		"imagesizes", "integrity", "itemprop", "itemref", "label", "lang",
		"list", "media", "name", "nonce", "part", "pattern", "placeholder",
		"popovertarget", "rel", "rev", "role", "sandbox", "sizes", "slot",
		"srclang", "target", "title", "value", "xmlns", "xmlns:xlink",
		// obsolete HTML
		"alink", "axis", "bgcolor", "bordercolor", "char", "datafld",
		"dataformatas", "event", "face", "language", "link", "methods",
		"scheme", "standby", "summary", "text", "version", "vlink",
		// SVG
		"attributename", "begin", "by", "d", "dur", "end", "from",
		"glyph-name", "gradienttransform", "patterntransform", "in", "in2", "keypoints", "keysplines", "keytimes",
		"path", "repeatcount", "repeatdur", "requiredfeatures", "result",
		"systemlanguage", "to", "values", "xlink:title", "xml:lang",
	}},
	{KindEnum, []string{
		// HTML
		"align", "as", "autocapitalize", "autocorrect", "clear", "closedby",
		"colorspace", "command", "contenteditable", "crossorigin", "decoding",
		"dir", "draggable", "enctype", "enterkeyhint", "fetchpriority",
		"formenctype", "formmethod", "frame", "frameborder", "hidden",
		"http-equiv", "inputmode", "kind", "loading", "method", "popover",
		"popovertargetaction", "preload", "referrerpolicy", "rules", "scope",
		"scrolling", "shadowrootmode", "shape", "spellcheck", "translate",
		"type", "valign", "valuetype", "wrap", "writingsuggestions",
		// SVG
		"accumulate", "additive", "attributetype", "calcmode",
		"clippathunits", "edgemode", "filterunits", "gradientunits",
		"lengthadjust", "maskcontentunits", "maskunits", "markerunits", "mode",
		"operator", "orient", "patterncontentunits", "patternunits",
		"preservealpha", "preserveaspectratio", "primitiveunits", "restart",
		"side", "spacing", "spreadmethod", "stitchtiles", "xchannelselector",
		"xlink:actuate", "xlink:show", "xlink:type", "xml:space",
		"ychannelselector", "zoomandpan",
	}},
	{KindBool, []string{
		"allowfullscreen", "alpha", "async", "autofocus", "autoplay", "checked",
		"compact", "controls", "declare", "default", "defer", "disabled",
		"disablepictureinpicture", "disableremoteplayback", "formnovalidate",
		"inert", "ismap", "itemscope", "loop", "multiple", "muted", "nohref",
		"nomodule", "noresize", "noshade", "novalidate", "nowrap", "open",
		"playsinline", "readonly", "required", "reversed", "selected",
		"shadowrootclonable", "shadowrootcustomelementregistry",
		"shadowrootdelegatesfocus", "shadowrootserializable",
	}},
	{KindNumber, []string{
		// HTML
		"border", "cellpadding", "cellspacing", "charoff", "cols", "colspan",
		"coords", "headingoffset", "height", "high", "hspace", "low",
		"marginheight", "marginwidth", "max", "maxlength", "min", "minlength",
		"optimum", "rows", "rowspan", "size", "span", "start", "step",
		"tabindex", "vspace", "width",
		// SVG
		"amplitude", "azimuth", "basefrequency", "bias", "cx", "cy",
		"diffuseconstant", "divisor", "dx", "dy", "elevation", "exponent",
		"fr", "fx", "fy", "intercept", "k1", "k2", "k3",
		"k4", "kernelmatrix", "kernelunitlength", "limitingconeangle",
		"markerheight", "markerwidth", "numoctaves", "offset", "order",
		"pathlength", "points", "pointsatx", "pointsaty",
		"pointsatz", "r", "radius", "refx", "refy", "rotate", "rx", "ry",
		"scale", "seed", "slope", "specularconstant", "specularexponent",
		"startoffset", "stddeviation", "surfacescale", "tablevalues",
		"targetx", "targety", "textlength", "viewbox", "x", "x1", "x2", "y",
		"y1", "y2", "z",
	}},
}

// builtinKinds is kindGroups as one lookup table.
var builtinKinds = func() map[string]Kind {
	m := map[string]Kind{}
	for _, g := range kindGroups {
		for _, name := range g.names {
			m[name] = g.kind
		}
	}
	return m
}()

// BuiltinKind returns the kind the built-in table gives name, and
// whether it has one.
func BuiltinKind(name string) (Kind, bool) {
	k, ok := builtinKinds[name]
	return k, ok
}

// MathKind returns the kind of a MathML Core attribute the built-in
// table does not hold, and whether it is one.
func MathKind(name string) (Kind, bool) {
	k, ok := mathKinds[name]
	return k, ok
}

// BuiltinNames returns the names in the built-in table, sorted.
func BuiltinNames() []string {
	names := make([]string, 0, len(builtinKinds))
	for name := range builtinKinds {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// mathKinds are the kinds of MathML Core's attributes (and the MathML 3
// table attributes) that the HTML and SVG table does not hold: all
// inert. The sets of the svg and mathml settings (foreignsets.go) list
// where they are allowed.
var mathKinds = map[string]Kind{
	"displaystyle": KindEnum, "mathbackground": KindText, "mathcolor": KindText,
	"mathsize": KindNumber, "mathvariant": KindEnum, "scriptlevel": KindNumber,
	"alttext": KindText, "fence": KindEnum, "separator": KindEnum, "lspace": KindNumber,
	"rspace": KindNumber, "stretchy": KindEnum, "symmetric": KindEnum,
	"maxsize": KindNumber, "minsize": KindNumber, "largeop": KindEnum,
	"movablelimits": KindEnum, "accent": KindEnum, "accentunder": KindEnum,
	"linethickness": KindNumber, "depth": KindNumber, "voffset": KindNumber,
	"columnspan": KindNumber, "columnalign": KindText, "rowalign": KindText,
	"columnspacing": KindText, "rowspacing": KindText, "columnlines": KindText,
	"rowlines": KindText, "framespacing": KindText, "equalrows": KindEnum,
	"equalcolumns": KindEnum, "encoding": KindText,
}
