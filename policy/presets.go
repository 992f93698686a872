package policy

import (
	"bytes"
	_ "embed" // the sanitizer-api preset
	"fmt"
	"slices"
	"sync"

	"go.yaml.in/yaml/v3"
)

// Attribute value patterns used by the presets. Each is anchored by
// Compile, so it describes the whole value.
const (
	patText      = `[^<>]*`                                  // no markup-looking text
	patDir       = `(?i:ltr|rtl|auto)`                       // HTML dir
	patLang      = `[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8}){0,4}` // BCP 47 shape
	patCount     = `[0-9]{1,4}`                              // colspan, start, value, ...
	patSize      = `[0-9]{1,4}%?`                            // width, height
	patNumber    = `-?[0-9]{1,9}(?:\.[0-9]{1,9})?`           // meter, progress
	patDatetime  = `[0-9]{4}(?:-[0-9]{2}(?:-[0-9]{2})?)?(?:[T ][0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]{1,9})?)?(?:Z|[+-][0-9]{2}:?[0-9]{2})?)?`
	patOpen      = `(?i:|open)`                                        // details open
	patOlType    = `[1aAiI]`                                           // ol type
	patUlType    = `(?i:disc|circle|square)`                           // ul type
	patScope     = `(?i:row|col|rowgroup|colgroup)`                    // th scope
	patCodeClass = `(?:lang|language)-[A-Za-z0-9_+#.-]{1,32}`          // syntax highlighting
	patTokens    = `[A-Za-z0-9_-]{1,64}(?: [A-Za-z0-9_-]{1,64}){0,15}` // headers
)

// presets maps each preset name to the function that builds it, so every
// call returns a fresh Config the caller may change, to its summary, and
// to its compiled policy, built once on first use.
var presets = map[string]struct {
	build    func() Config
	summary  string
	compiled func() (*Policy, error)
}{
	"strict":         {strictPreset, "text only: every element is removed, its text kept, words kept apart", sync.OnceValues(compilePreset("strict", strictPreset))},
	"basic":          {basicPreset, "inline formatting and links, for one-line comments and chat", sync.OnceValues(compilePreset("basic", basicPreset))},
	"sanitizer-api":  {sanitizerAPIPreset, "the browser's HTML Sanitizer API default (new Sanitizer().get()), SVG and MathML included, less htmlclean's refusals", sync.OnceValues(compilePreset("sanitizer-api", sanitizerAPIPreset))},
	"bluemonday-ugc": {bluemondayUGCPreset, "bluemonday's UGCPolicy(): its elements and attributes, ids as written, nofollow on every link", sync.OnceValues(compilePreset("bluemonday-ugc", bluemondayUGCPreset))},
	"mail":           {mailPreset, "HTML e-mail: a whole document in, the body out in one wrapper; tables, font, center, scoped <style>; remote content blocked", sync.OnceValues(compilePreset("mail", mailPreset))},
	"svg-upload":     {svgUploadPreset, "an uploaded SVG file served on its own (package svgfile): svg: safe, ids and same-document references kept, nothing loaded", sync.OnceValues(compilePreset("svg-upload", svgUploadPreset))},
	"ugc":            {ugcPreset, "comments and forums: paragraphs, headings, links, images, lists, tables, code, quotes", sync.OnceValues(compilePreset("ugc", ugcPreset))},
}

// compilePreset returns the function that compiles a preset.
func compilePreset(name string, build func() Config) func() (*Policy, error) {
	return func() (*Policy, error) {
		p, err := Compile(build())
		if err != nil {
			return nil, err
		}
		p.name = name
		return p, nil
	}
}

// Presets returns the preset names, sorted.
func Presets() []string {
	names := make([]string, 0, len(presets))
	for name := range presets {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// PresetSummary returns a one-line description of the named preset, or ""
// when there is no such preset.
func PresetSummary(name string) string {
	return presets[name].summary
}

// PresetConfig returns the Config of the named preset, to change before
// [Compile].
func PresetConfig(name string) (Config, error) {
	p, ok := presets[name]
	if !ok {
		return Config{}, fmt.Errorf("policy: unknown preset %q (presets: %v)", name, Presets())
	}
	return p.build(), nil
}

// Preset returns the compiled policy of the named preset: the same
// *Policy as [Strict], [Basic], [UGC], [Mail], [BluemondayUGC] or
// [SanitizerAPI] return. Each preset is compiled once, on first use, and
// then shared; it is immutable and safe for concurrent use. The only
// error is an unknown name.
func Preset(name string) (*Policy, error) {
	p, ok := presets[name]
	if !ok {
		return nil, fmt.Errorf("policy: unknown preset %q (presets: %v)", name, Presets())
	}
	return p.compiled()
}

// builtIn returns a preset's compiled policy. A preset that does not
// compile is a bug in this package, which TestPresetsCompile catches;
// the panic names it rather than hand out a nil policy.
func builtIn(name string) *Policy {
	p, err := presets[name].compiled()
	if err != nil {
		panic(fmt.Sprintf("policy: the %q preset does not compile: %v", name, err))
	}
	return p
}

// Strict returns the "strict" preset: text only, every element removed,
// its text kept.
func Strict() *Policy { return builtIn("strict") }

// Basic returns the "basic" preset: inline formatting and links, for
// one-line comments, chat messages and signatures.
func Basic() *Policy { return builtIn("basic") }

// UGC returns the "ugc" preset: what comment systems and forums render
// (paragraphs, headings, links, images, lists, tables, code, quotes).
func UGC() *Policy { return builtIn("ugc") }

// SanitizerAPI returns the "sanitizer-api" preset: the HTML Sanitizer
// API's built-in safe default (new Sanitizer().get() in Chromium, which
// Element.setHTML() applies), as package policy/sanitizerapi maps it: its
// elements and attributes, SVG and MathML included, less what htmlclean
// refuses (svg:a, svg:foreignobject, body, head, html, title; the
// presentation attributes only on SVG elements). Like setHTML() it
// writes no rel or target.
func SanitizerAPI() *Policy { return builtIn("sanitizer-api") }

// webURLs are the URL rules of the presets that allow links: http, https
// and mailto, relative references kept, userinfo refused, and the flag
// choices of presetFlags.
func webURLs() URLs {
	return URLs{Schemes: []string{"http", "https", "mailto"}, Relative: "allow", Userinfo: "reject", Nested: new(true),
		Flags: presetFlagMap()}
}

// strictPreset allows text only: every element is removed, its text kept
// (except the content of script, style and the other elements whose text
// is not text).
func strictPreset() Config {
	// The same flag choices as the others, for a file that extends it
	// with links.
	return Config{WordBreaks: true, URLs: URLs{Relative: "deny", Userinfo: "reject", Flags: presetFlagMap()}}
}

// basicPreset allows inline formatting and links: for one-line comments,
// chat messages, signatures.
func basicPreset() Config {
	return Config{
		Elements: []string{
			"a", "abbr", "b", "bdi", "bdo", "br", "cite", "code", "del", "dfn", "em",
			"i", "ins", "kbd", "mark", "q", "s", "samp", "small", "span", "strike",
			"strong", "sub", "sup", "time", "u", "var", "wbr",
		},
		Attributes: []Attribute{
			{Name: "title", Match: patText},
			{Name: "dir", Match: patDir},
			{Name: "lang", Match: patLang},
			{Name: "href", On: []string{"a"}},
			{Name: "cite", On: []string{"q", "del", "ins"}},
			{Name: "datetime", On: []string{"time", "del", "ins"}, Match: patDatetime},
		},
		URLs: webURLs(),
		// A link whose text names another host than its href misleads
		// its reader: the href goes, the text stays.
		Links: Links{Rel: []string{"nofollow", "ugc"}, TextMismatch: "reject"},
	}
}

// ugcPreset allows what comment systems and forums render: paragraphs,
// headings, links, images, lists, tables, code blocks and quotes. It
// follows bluemonday's UGCPolicy, without id (DOM clobbering, DOMPurify's
// SANITIZE_DOM) and image maps (map name clobbers document.name), and with
// class="language-*" on code for syntax highlighting.
func ugcPreset() Config {
	c := basicPreset()
	c.Elements = append(c.Elements,
		"acronym", "article", "aside", "blockquote", "caption", "col", "colgroup",
		"dd", "details", "div", "dl", "dt", "figcaption", "figure",
		"h1", "h2", "h3", "h4", "h5", "h6", "hgroup", "hr", "img", "li", "meter",
		"ol", "p", "pre", "progress", "rp", "rt", "ruby", "section", "summary",
		"table", "tbody", "td", "tfoot", "th", "thead", "tr", "tt", "ul",
	)
	slices.Sort(c.Elements)
	c.Attributes = append(c.Attributes,
		Attribute{Name: "cite", On: []string{"blockquote"}},
		Attribute{Name: "src", On: []string{"img"}},
		Attribute{Name: "alt", On: []string{"img"}, Match: patText},
		Attribute{Name: "width", On: []string{"img", "table", "td", "th", "col", "colgroup"}, Match: patSize},
		Attribute{Name: "height", On: []string{"img", "table", "td", "th", "col", "colgroup"}, Match: patSize},
		Attribute{Name: "open", On: []string{"details"}, Match: patOpen},
		Attribute{Name: "start", On: []string{"ol"}, Match: patCount},
		Attribute{Name: "reversed", On: []string{"ol"}, Match: `(?i:|reversed)`},
		Attribute{Name: "type", On: []string{"ol"}, Match: patOlType},
		Attribute{Name: "type", On: []string{"ul"}, Match: patUlType},
		Attribute{Name: "value", On: []string{"li"}, Match: patCount},
		Attribute{Name: "colspan", On: []string{"td", "th"}, Match: patCount},
		Attribute{Name: "rowspan", On: []string{"td", "th"}, Match: patCount},
		Attribute{Name: "headers", On: []string{"td", "th"}, Match: patTokens},
		Attribute{Name: "scope", On: []string{"th"}, Match: patScope},
		Attribute{Name: "abbr", On: []string{"td", "th"}, Match: patText},
		Attribute{Name: "span", On: []string{"col", "colgroup"}, Match: patCount},
		Attribute{Name: "summary", On: []string{"table"}, Match: patText},
		Attribute{Name: "value", On: []string{"meter", "progress"}, Match: patNumber},
		Attribute{Name: "min", On: []string{"meter"}, Match: patNumber},
		Attribute{Name: "max", On: []string{"meter", "progress"}, Match: patNumber},
		Attribute{Name: "low", On: []string{"meter"}, Match: patNumber},
		Attribute{Name: "high", On: []string{"meter"}, Match: patNumber},
		Attribute{Name: "optimum", On: []string{"meter"}, Match: patNumber},
		Attribute{Name: "class", On: []string{"code", "pre"}, Match: patCodeClass},
		Attribute{Name: "align", On: []string{"td", "th", "tr", "thead", "tbody", "tfoot", "col", "colgroup"}, Match: `(?i:left|center|right|justify|char)`},
		Attribute{Name: "valign", On: []string{"td", "th", "tr", "thead", "tbody", "tfoot", "col", "colgroup"}, Match: `(?i:top|middle|bottom|baseline)`},
	)
	return c
}

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

// Mail returns the "mail" preset (see [Config.Document]).
func Mail() *Policy { return builtIn("mail") }

// The bluemonday-ugc preset is bluemonday's UGCPolicy() (bluemonday
// v1.0.27, policies.go and the helpers it calls: AllowStandardAttributes,
// AllowStandardURLs, AllowLists, AllowTables, AllowImages), element by
// element and attribute by attribute, so that a policy built on
// UGCPolicy() ports as "extends: bluemonday-ugc" plus its own calls. It
// differs only where htmlclean refuses on purpose, whatever the preset
// (docs/migrating.md lists each with its reason):
//
//   - every pattern matches the whole value: bluemonday's lang, id, scope
//     and nowrap patterns are unanchored, so that lang="x1 en" or
//     scope="rowx" pass there; lang is read as a BCP 47 tag
//     ("zh-CN", "zh-Hant-TW"), the values bluemonday's pattern is for;
//   - an area's rel is the policy's (nofollow), not the author's with
//     nofollow added;
//   - URLs are checked and written as the other presets do (userinfo,
//     look-alike hosts, nested URLs refused; canonical form), and a link
//     whose text names another host loses its href.

// The patterns of bluemonday's helpers.go and policies.go that
// UGCPolicy() uses, written to match the whole value as Compile anchors
// them.
const (
	bmParagraph   = `[\p{L}\p{N}\s\-_',\[\]!\./\\\(\)]*`
	bmDirection   = `(?i:rtl|ltr)`
	bmLang        = `[a-zA-Z]{2,20}(?:-[a-zA-Z0-9]{1,8})*`
	bmID          = `[a-zA-Z0-9:\-_.]+`
	bmInteger     = `[0-9]+`
	bmNumber      = `[-+]?[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?`
	bmNumberOrPct = `[0-9]+%?`
	bmISO8601     = `[0-9]{4}(-[0-9]{2}(-[0-9]{2}([ T][0-9]{2}(:[0-9]{2}){1,2}(.[0-9]{1,6})?Z?([\+-][0-9]{2}:[0-9]{2})?)?)?)?`
	bmListType    = `(?i:circle|disc|square|a|i|1)`
	bmTokens      = `[\s\p{L}\p{N}_-]+`
	bmCellAlign   = `(?i:center|justify|left|right|char)`
	bmCellVAlign  = `(?i:baseline|bottom|middle|top)`
	bmImageAlign  = `(?i:left|right|top|texttop|middle|absmiddle|baseline|bottom|absbottom)`
	bmScope       = `(?i:row|col|rowgroup|colgroup)`
	bmMapName     = `[\p{L}\p{N}_-]+`
	bmCoords      = `(?:[0-9]+,)+[0-9]+`
	bmShape       = `(?i:default|circle|rect|poly)`
	bmUsemap      = `(?i:#[\p{L}\p{N}_-]+)`
	bmDetailsOpen = `(?i:|open)`
	bmNowrap      = `(?i:|nowrap)`
)

// bluemondayUGCPreset is UGCPolicy() as a Config (see above).
func bluemondayUGCPreset() Config {
	cells := []string{"td", "th"}
	cols := []string{"col", "colgroup"}
	return Config{
		Elements: []string{
			"a", "abbr", "acronym", "area", "article", "aside", "b", "bdi", "bdo", "blockquote",
			"br", "caption", "cite", "code", "col", "colgroup", "dd", "del", "details", "dfn",
			"div", "dl", "dt", "em", "figcaption", "figure", "h1", "h2", "h3", "h4", "h5", "h6",
			"hgroup", "hr", "i", "img", "ins", "li", "map", "mark", "meter", "ol", "p", "pre",
			"progress", "q", "rp", "rt", "ruby", "s", "samp", "section", "small", "span",
			"strike", "strong", "sub", "summary", "sup", "table", "tbody", "td", "tfoot", "th",
			"thead", "time", "tr", "tt", "u", "ul", "var", "wbr",
		},
		Attributes: []Attribute{
			// AllowStandardAttributes: on every element, id as written.
			{Name: "dir", Match: bmDirection},
			{Name: "lang", Match: bmLang},
			{Name: "id", Match: bmID},
			{Name: "title", Match: bmParagraph},
			{Name: "open", On: []string{"details"}, Match: bmDetailsOpen},
			{Name: "cite", On: []string{"blockquote", "q"}},
			{Name: "href", On: []string{"a", "area"}},
			{Name: "name", On: []string{"map"}, Match: bmMapName},
			{Name: "alt", On: []string{"area", "img"}, Match: bmParagraph},
			{Name: "coords", On: []string{"area"}, Match: bmCoords},
			{Name: "shape", On: []string{"area"}, Match: bmShape},
			{Name: "usemap", On: []string{"img"}, Match: bmUsemap},
			{Name: "datetime", On: []string{"time", "del", "ins"}, Match: bmISO8601},
			{Name: "cite", On: []string{"del", "ins"}, Match: bmParagraph},
			{Name: "type", On: []string{"ol", "ul", "li"}, Match: bmListType},
			{Name: "value", On: []string{"li"}, Match: bmInteger},
			// AllowTables.
			{Name: "height", On: []string{"table", "col", "colgroup", "td", "th", "img"}, Match: bmNumberOrPct},
			{Name: "width", On: []string{"table", "col", "colgroup", "td", "th", "img"}, Match: bmNumberOrPct},
			{Name: "summary", On: []string{"table"}, Match: bmParagraph},
			{Name: "align", On: append(cols, "thead", "tr", "td", "th", "tbody", "tfoot"), Match: bmCellAlign},
			{Name: "valign", On: append(cols, "thead", "tr", "td", "th", "tbody", "tfoot"), Match: bmCellVAlign},
			{Name: "span", On: cols, Match: bmInteger},
			{Name: "abbr", On: cells, Match: bmParagraph},
			{Name: "colspan", On: cells, Match: bmInteger},
			{Name: "rowspan", On: cells, Match: bmInteger},
			{Name: "headers", On: cells, Match: bmTokens},
			{Name: "scope", On: cells, Match: bmScope},
			{Name: "nowrap", On: cells, Match: bmNowrap},
			{Name: "value", On: []string{"meter", "progress"}, Match: bmNumber},
			{Name: "max", On: []string{"meter", "progress"}, Match: bmNumber},
			{Name: "min", On: []string{"meter"}, Match: bmNumber},
			{Name: "low", On: []string{"meter"}, Match: bmNumber},
			{Name: "high", On: []string{"meter"}, Match: bmNumber},
			{Name: "optimum", On: []string{"meter"}, Match: bmNumber},
			// AllowImages.
			{Name: "align", On: []string{"img"}, Match: bmImageAlign},
			{Name: "src", On: []string{"img"}},
		},
		// AllowStandardURLs: mailto, http, https and relative URLs, and
		// RequireNoFollowOnLinks: nofollow on every link with an href.
		URLs:  webURLs(),
		Links: Links{Rel: []string{"nofollow"}, TextMismatch: "reject"},
	}
}

// BluemondayUGC returns the "bluemonday-ugc" preset: bluemonday's
// UGCPolicy() (ids as written, image maps, nofollow on every link), less
// only what htmlclean refuses whatever the policy.
func BluemondayUGC() *Policy { return builtIn("bluemonday-ugc") }

// sanitizerAPIFile is the "sanitizer-api" preset, the browser's default
// SanitizerConfig as package policy/sanitizerapi maps it, held as a
// policy file so that this package needs no SanitizerConfig of its own.
//
//go:embed sanitizer-api.yaml
var sanitizerAPIFile []byte

// sanitizerAPIPreset decodes sanitizer-api.yaml as [ParseConfig] decodes
// a file that extends no preset. Like setHTML(), the preset writes no rel
// and no target.
func sanitizerAPIPreset() Config {
	var c Config
	dec := yaml.NewDecoder(bytes.NewReader(sanitizerAPIFile))
	dec.KnownFields(true)
	if err := dec.Decode(&c); err != nil {
		// The file is this package's own; TestPresetsCompile catches it.
		panic(fmt.Sprintf("policy: sanitizer-api.yaml: %v", err))
	}
	return c
}
