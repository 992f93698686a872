package policy

import (
	"fmt"
	"slices"
	"sync"
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
// *Policy as [Strict], [Basic], [UGC], [BluemondayUGC] or [SanitizerAPI] return. The only error is an
// unknown name.
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
// its text kept. It is compiled once, on first use; every call returns
// the same immutable *Policy, safe for concurrent use.
func Strict() *Policy { return builtIn("strict") }

// Basic returns the "basic" preset: inline formatting and links, for
// one-line comments, chat messages and signatures. It is compiled once,
// on first use; every call returns the same immutable *Policy, safe for
// concurrent use.
func Basic() *Policy { return builtIn("basic") }

// UGC returns the "ugc" preset: what comment systems and forums render
// (paragraphs, headings, links, images, lists, tables, code, quotes). It
// is compiled once, on first use; every call returns the same immutable
// *Policy, safe for concurrent use.
func UGC() *Policy { return builtIn("ugc") }

// SanitizerAPI returns the "sanitizer-api" preset: the HTML Sanitizer
// API's built-in safe default (new Sanitizer().get() in Chromium, which
// Element.setHTML() applies), as [FromSanitizerConfig] maps it. It keeps
// the default's HTML elements and attributes, and none of its SVG and
// MathML elements or presentation attributes (see [SanitizerAPINotes]);
// like setHTML() it writes no rel or target. It is compiled once, on
// first use; every call returns the same immutable *Policy, safe for
// concurrent use.
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
