package policy

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
// only what htmlclean refuses whatever the policy. It is compiled once,
// on first use; every call returns the same immutable *Policy, safe for
// concurrent use.
func BluemondayUGC() *Policy { return builtIn("bluemonday-ugc") }
