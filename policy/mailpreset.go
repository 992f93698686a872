package policy

import "slices"

// Value patterns of the mail preset's styles. A mail's CSS is written by
// template tools, so values are words, numbers, colours, quoted font
// names, a few functions one level deep, and url() with its URL bare or
// quoted either way (MJML writes url('…')), which must still pass the URL
// rules and remote_content.
const (
	mailWord    = `[-a-zA-Z0-9#%.,/ +*]`
	mailQuoted  = `"[a-zA-Z0-9 ._-]{0,64}"|'[a-zA-Z0-9 ._-]{0,64}'`
	mailFunc    = `(?i:rgba?|hsla?|calc|linear-gradient|radial-gradient)\((?:` + mailWord + `|(?i:rgba?|hsla?|calc)\(` + mailWord + `*\))*\)`
	mailURL     = `(?i:url)\((?:"[^"'()\\<>\s]+"|'[^"'()\\<>\s]+'|[^"'()\\<>\s]+)\)`
	patMailCSS  = `(?:` + mailWord + `|` + mailQuoted + `|` + mailFunc + `|` + mailURL + `)*`
	patMailSize = `[0-9]{1,4}(?:%|px)?`
	patAlign    = `(?i:left|center|right|justify)`
	patValign   = `(?i:top|middle|bottom|baseline)`
	patColor    = `(?i:#[0-9a-f]{3}|#[0-9a-f]{6}|[a-z]{3,20})`
)

// mailProperties are the CSS properties the mail preset allows, in style
// attributes and style sheets alike: box, table, text and paint
// properties, and the vendor ones mail templates set. Position is kept
// to static, relative and absolute (the wrapper is their containing
// block and clips them); overflow to its keywords.
var mailProperties = []string{
	"background", "background-color", "background-image", "background-position",
	"background-repeat", "background-size", "border", "border-bottom",
	"border-bottom-color", "border-bottom-style", "border-bottom-width",
	"border-collapse", "border-color", "border-left", "border-left-color",
	"border-left-style", "border-left-width", "border-radius", "border-right",
	"border-right-color", "border-right-style", "border-right-width",
	"border-spacing", "border-style", "border-top", "border-top-color",
	"border-top-left-radius", "border-top-right-radius", "border-bottom-left-radius",
	"border-bottom-right-radius", "border-top-style", "border-top-width",
	"border-width", "bottom", "box-shadow", "box-sizing", "caption-side", "clear",
	"color", "direction", "display", "float", "font", "font-family", "font-size",
	"font-style", "font-variant", "font-weight", "height", "left", "letter-spacing",
	"line-height", "list-style", "list-style-position", "list-style-type", "margin",
	"margin-bottom", "margin-left", "margin-right", "margin-top", "max-height",
	"max-width", "min-height", "min-width", "opacity", "outline", "padding",
	"padding-bottom", "padding-left", "padding-right", "padding-top", "right",
	"table-layout", "text-align", "text-decoration", "text-indent", "text-shadow",
	"text-transform", "top", "vertical-align", "visibility", "white-space",
	"width", "word-break", "word-spacing", "word-wrap", "overflow-wrap",
	"-webkit-text-size-adjust", "-ms-text-size-adjust", "text-size-adjust",
	"-ms-interpolation-mode", "-webkit-font-smoothing", "-moz-osx-font-smoothing",
	"mso-table-lspace", "mso-table-rspace", "mso-line-height-rule", "mso-hide",
	"-webkit-box-sizing", "-moz-box-sizing", "hyphens", "-webkit-hyphens", "-moz-hyphens",
}

// mailPreset allows what HTML e-mail is made of: tables with their
// presentation attributes, font and center, inline styles and <style>
// sheets with a mail property list, classes and prefixed ids for the
// sheets to select; read as a whole document (document: wrap), remote
// content blocked, links opening in a new tab.
func mailPreset() Config {
	c := ugcPreset()
	c.Elements = append(c.Elements, "address", "big", "center", "font", "footer",
		"header", "main", "nav", "span")
	c.Elements = slices.Compact(slices.Sorted(slices.Values(c.Elements)))
	tables := []string{"table", "tbody", "thead", "tfoot", "tr", "td", "th"}
	blocks := []string{"p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "center", "caption"}
	c.Attributes = slices.DeleteFunc(c.Attributes, func(a Attribute) bool {
		return a.Name == "width" || a.Name == "height" || a.Name == "align" || a.Name == "valign" ||
			a.Name == "class"
	})
	c.Attributes = append(c.Attributes,
		Attribute{Name: "bgcolor", On: tables, Match: patColor},
		Attribute{Name: "background", On: []string{"table", "td", "th"}},
		Attribute{Name: "align", On: append(slices.Clone(tables), append(blocks, "img", "hr", "col", "colgroup")...), Match: patAlign},
		Attribute{Name: "valign", On: append(slices.Clone(tables), "col", "colgroup"), Match: patValign},
		Attribute{Name: "width", On: append(slices.Clone(tables), "img", "col", "colgroup", "hr"), Match: patMailSize},
		Attribute{Name: "height", On: append(slices.Clone(tables), "img"), Match: patMailSize},
		Attribute{Name: "border", On: []string{"table", "img"}, Match: `[0-9]{1,2}`},
		Attribute{Name: "cellpadding", On: []string{"table"}, Match: `[0-9]{1,3}`},
		Attribute{Name: "cellspacing", On: []string{"table"}, Match: `[0-9]{1,3}`},
		Attribute{Name: "role", On: []string{"table"}, Match: `(?i:presentation)`},
		Attribute{Name: "color", On: []string{"font"}, Match: patColor},
		Attribute{Name: "face", On: []string{"font"}, Match: `[a-zA-Z0-9 ,'-]{1,128}`},
		Attribute{Name: "size", On: []string{"font"}, Match: `[+-]?[1-7]`},
		Attribute{Name: "srcset", On: []string{"img"}},
		// What a mail hides (a preheader, a tracking pixel) stays hidden,
		// as it does with display: none.
		Attribute{Name: "hidden"},
	)
	c.Classes = []ClassRule{{Match: `[A-Za-z_][A-Za-z0-9_-]{0,63}`}}
	c.IDs = IDs{Prefix: "mail-"}
	for _, p := range mailProperties {
		c.Styles = append(c.Styles, Style{Property: p, Match: patMailCSS})
	}
	c.Styles = append(c.Styles,
		Style{Property: "position", Keywords: []string{"static", "relative", "absolute"}},
		Style{Property: "overflow", Keywords: []string{"visible", "hidden", "auto", "scroll", "clip"}},
	)
	c.URLs.Schemes = []string{"http", "https", "mailto", "tel", "cid"}
	// A relative reference in a mail means nothing (it would load from,
	// or navigate within, the page showing it).
	c.URLs.Relative = "deny"
	// A newsletter links its brand names and its own URLs through a
	// click-tracking host (links.example-esp.com): reject would cost most
	// of a mail's real links, report would tell nobody who reads it. mark
	// keeps the link and shows the reader where it goes.
	c.Links = Links{Rel: []string{"noopener", "noreferrer"}, TargetBlank: true, TextMismatch: "reject"}
	c.Document = "wrap"
	c.RemoteContent = "block"
	return c
}

// Mail returns the "mail" preset (see [Config.Document]). It is compiled
// once, on first use; every call returns the same immutable *Policy,
// safe for concurrent use.
func Mail() *Policy { return builtIn("mail") }
