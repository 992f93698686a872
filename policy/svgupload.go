package policy

import (
	"fmt"
	"slices"
	"strings"

	"github.com/htmlclean/htmlclean/internal/rules"
)

// The svg-upload preset is for an SVG file a site receives (an avatar, a
// logo, a diagram) and serves back as a file of its own, through package
// svgfile. It starts from strict and adds svg: safe, ids as written and
// the style properties icons and diagrams use. A standalone file has no
// page around it whose document.x or getElementById an id could
// clobber, so ids stay as written, and with them every same-document
// reference (url(#g), href="#g"); urls.relative: fragment keeps those
// and drops every other relative reference, and no scheme is allowed, so
// the file loads nothing.

// patSVGID is an id of the svg-upload preset: a name (XML 1.0 §2.3) in
// the ASCII letters, digits and "_-." that SVG editors and graphviz write.
const patSVGID = `[A-Za-z_][A-Za-z0-9_.-]{0,255}`

// patSVGCSS is a style property value of the svg-upload preset: words,
// numbers, colours, quoted font names, and functions one level deep
// (rgb(), url(#g), translate()); a url() must still pass the URL rules,
// which keep "#id" only.
const patSVGCSS = `(?:` + mailWord + `|` + mailQuoted + `|` + svgFunc + `)*`

// svgFunc is a CSS function of patSVGCSS.
const svgFunc = `[a-zA-Z-]{1,24}\((?:` + mailWord + `|` + mailQuoted + `)*\)`

// svgUploadProperties are the CSS properties the svg-upload preset allows
// in style: the presentation attributes svg: safe allows (SVG 2 §6.8, as
// CSS properties), and what editors put in style besides.
var svgUploadProperties = []string{
	"fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-linecap",
	"stroke-linejoin", "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset",
	"stroke-opacity", "opacity", "transform", "transform-origin", "transform-box", "color", "display", "visibility",
	"clip-path", "clip-rule", "mask", "mask-type", "marker", "marker-start", "marker-mid", "marker-end",
	"font", "font-family", "font-size", "font-weight", "font-style", "font-variant", "font-stretch",
	"text-anchor", "dominant-baseline", "alignment-baseline", "baseline-shift", "letter-spacing",
	"word-spacing", "text-decoration", "stop-color", "stop-opacity", "vector-effect",
	"paint-order", "shape-rendering", "text-rendering", "color-interpolation", "mix-blend-mode", "isolation",
	"line-height", "white-space", "writing-mode",
}

// svgUploadPreset builds the svg-upload preset.
func svgUploadPreset() Config {
	c := strictPreset()
	c.WordBreaks = false
	c.SVG = SVGSafe
	c.URLs.Relative = RelativeFragment
	elements := slices.Clone(rules.SVGSafeElements)
	c.Attributes = []Attribute{
		{Name: "id", On: elements, Match: patSVGID},
	}
	for _, p := range svgUploadProperties {
		c.Styles = append(c.Styles, Style{Property: p, Match: patSVGCSS})
	}
	return c
}

// SVGUpload returns the "svg-upload" preset: a standalone SVG file, as
// package svgfile writes it (see svgUploadPreset).
func SVGUpload() *Policy { return builtIn("svg-upload") }

// svgReferrers are the SVG elements that draw nothing by themselves: a
// gradient, clip path, mask, pattern or marker is used through url(#id),
// and use, textPath and mpath name what they use by href="#id".
var svgReferrers = []string{
	"svg:lineargradient", "svg:radialgradient", "svg:clippath", "svg:mask", "svg:pattern",
	"svg:marker", "svg:use", "svg:textpath", "svg:mpath",
}

// svgRefWarnings returns the YAML comment lines String writes for a
// policy that keeps SVG elements used by reference but makes every such
// reference impossible: relative references denied (as extends: strict
// does, "#g" being one), or no ids kept for them to name.
func svgRefWarnings(c Config) string {
	var kept []string
	for _, e := range svgReferrers {
		if c.SVG == SVGSafe || slices.Contains(c.Elements, e) {
			kept = append(kept, e)
		}
	}
	if len(kept) == 0 {
		return ""
	}
	var b strings.Builder
	if c.URLs.Relative == RelativeDeny || c.URLs.Relative == "" {
		fmt.Fprintf(&b, "# warning: urls.relative: deny drops every same-document reference (url(#g), href=\"#g\"), so %s draw nothing: write relative: fragment to keep them\n", strings.Join(kept, ", "))
	}
	if c.IDs.Prefix == "" && !slices.ContainsFunc(c.Attributes, func(a Attribute) bool { return a.Name == "id" }) {
		fmt.Fprintf(&b, "# warning: no id is kept (ids.prefix, or an id attribute entry), so no url(#g) or href=\"#g\" names anything and %s draw nothing\n", strings.Join(kept, ", "))
	}
	return b.String()
}
