//go:build browser

package browsertest

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// renderingSheet quotes the rules of the user-agent style sheet in the
// HTML standard's rendering section that give an element other than the
// page's own a display other than inline: §15.3 "Non-replaced elements"
// (https://html.spec.whatwg.org/multipage/rendering.html#non-replaced-elements)
// and, for details and summary, §15.5.4. Rules whose selectors need an
// attribute ([hidden], dialog:not([open]), input[type=hidden]) are the
// hiding constructs of hidingConstructs; only bare element names are read
// from here. The boundaries and the display:none elements of the link
// shapes are derived from these rules, so an element the standard lays
// out as a block, list item, table part or ruby text, or hides, is a
// construct without anyone having to remember it.
const renderingSheet = `
/* §15.3.1 Hidden elements */
area, base, basefont, datalist, head, link, meta, noembed,
noframes, param, rp, script, style, template, title {
  display: none;
}
/* §15.3.3 Flow content */
address, blockquote, center, dialog, div, figure, figcaption, footer, form,
header, hr, legend, listing, main, p, plaintext, pre, search, xmp {
  display: block;
}
/* §15.3.4 Phrasing content */
ruby { display: ruby; }
rt { display: ruby-text; }
/* §15.3.6 Sections and headings */
article, aside, h1, h2, h3, h4, h5, h6, hgroup, nav, section {
  display: block;
}
/* §15.3.7 Lists */
dir, dd, dl, dt, menu, ol, ul { display: block; }
li { display: list-item; text-align: match-parent; }
/* §15.3.8 Tables */
table { display: table; }
caption { display: table-caption; }
colgroup, colgroup[hidden] { display: table-column-group; }
col, col[hidden] { display: table-column; }
thead, thead[hidden] { display: table-header-group; }
tbody, tbody[hidden] { display: table-row-group; }
tfoot, tfoot[hidden] { display: table-footer-group; }
tr, tr[hidden] { display: table-row; }
td, th { display: table-cell; }
/* §15.3.12 The fieldset and legend elements */
fieldset { display: block; margin-inline: 2px; }
/* §15.5.4 The details and summary elements */
details, summary { display: block; }
`

// sheetRule matches one rule of renderingSheet: the section comment, if
// one precedes it, the selectors and the display value.
var sheetRule = regexp.MustCompile(`(?s)(?:/\* (§[0-9.]+)[^*]*\*/\s*)?([^{}/]+)\{[^}]*?display:\s*([a-z-]+)`)

// displayDefault is an element the standard does not lay out inline.
type displayDefault struct {
	element, display, section string
}

// displayDefaults reads renderingSheet. Elements the test cannot put in a
// link are left out, each for its reason: plaintext ends the HTML parser's
// tokenising for the rest of the page, script would run, and col and
// colgroup hold no text.
func displayDefaults() []displayDefault {
	var out []displayDefault
	section := ""
	for _, m := range sheetRule.FindAllStringSubmatch(renderingSheet, -1) {
		if m[1] != "" {
			section = m[1]
		}
		for _, sel := range strings.Split(m[2], ",") {
			sel = strings.TrimSpace(sel)
			if !regexp.MustCompile(`^[a-z][a-z0-9]*$`).MatchString(sel) {
				continue
			}
			switch sel {
			case "plaintext", "script", "col", "colgroup":
				continue
			}
			out = append(out, displayDefault{sel, m[3], section})
		}
	}
	return out
}

// voidElements are the HTML elements without an end tag that can appear
// in renderingSheet.
var voidElements = map[string]bool{"area": true, "base": true, "basefont": true, "link": true, "meta": true, "param": true, "hr": true}

// A linkConstruct is one way of writing a link's content. Its template
// is the whole link, with these placeholders:
//
//	{HREF}  the link's destination
//	{A}     the shown host as written (paypal.com, https://paypal.com/login, ...)
//	{A1}{A2} {A} split around its host's last dot (split says where)
//	{R}     {A} reversed, for bidi overrides that show it the right way round
//	{T}     the text that follows the host (Log in, secure, ...)
type linkConstruct struct {
	name   string // family:detail, e.g. "block:p", "hidden:hidden-attr"
	family string // html, svg or mathml: the markup the link is written in
	tmpl   string
	split  int // where {A1}{A2} split, relative to the last dot: 0 before it, 1 after, 2 inside the top-level domain
}

// a is an HTML link around content.
func a(content string) string { return `<a href="{HREF}">` + content + `</a>` }

// blockConstructs puts a boundary of each element of renderingSheet
// between the host and the text, in the element's required context.
func blockConstructs() []linkConstruct {
	var out []linkConstruct
	add := func(d displayDefault, layout, tmpl string) {
		out = append(out, linkConstruct{name: fmt.Sprintf("%s:%s %s", d.display, d.element, layout), family: "html", tmpl: tmpl})
	}
	for _, d := range displayDefaults() {
		e := d.element
		switch {
		case d.display == "none":
			continue // hidingConstructs
		case e == "li":
			for _, list := range []string{"ul", "ol", "menu"} {
				add(d, "in "+list, a(`<`+list+`><li>{A}</li><li>{T}</li></`+list+`>`))
			}
		case e == "dt" || e == "dd":
			add(d, "in dl", a(`<dl><`+e+`>{A}</`+e+`><`+e+`>{T}</`+e+`></dl>`))
		case e == "td" || e == "th":
			add(d, "cells", a(`<table><tbody><tr><`+e+`>{A}</`+e+`><`+e+`>{T}</`+e+`></tr></tbody></table>`))
		case e == "tr":
			add(d, "rows", a(`<table><tbody><tr><td>{A}</td></tr><tr><td>{T}</td></tr></tbody></table>`))
		case e == "thead" || e == "tfoot" || e == "tbody":
			add(d, "groups", a(`<table><`+e+`><tr><td>{A}</td></tr></`+e+`><tbody><tr><td>{T}</td></tr></tbody></table>`))
		case e == "caption":
			add(d, "in table", a(`<table><caption>{A}</caption><tbody><tr><td>{T}</td></tr></tbody></table>`))
		case e == "table":
			add(d, "after", a(`{A}<table><tbody><tr><td>{T}</td></tr></tbody></table>`))
		case e == "legend":
			add(d, "in fieldset", a(`<fieldset><legend>{A}</legend>{T}</fieldset>`))
		case e == "summary":
			add(d, "in open details", a(`<details open><summary>{A}</summary>{T}</details>`))
		case e == "rt":
			add(d, "in ruby", a(`<ruby>{A}<rt>{T}</rt></ruby>`))
		case e == "dialog":
			add(d, "open", a(`{A}<dialog open>{T}</dialog>`))
		case e == "details":
			add(d, "open", a(`{A}<details open>{T}</details>`))
		case voidElements[e]:
			add(d, "between", a(`{A}<`+e+`>{T}`))
		default:
			add(d, "after", a(`{A}<`+e+`>{T}</`+e+`>`))
			add(d, "around host", a(`<`+e+`>{A}</`+e+`>{T}`))
			add(d, "both", a(`<`+e+`>{A}</`+e+`><`+e+`>{T}</`+e+`>`))
		}
	}
	// §15.3.4: br { display-outside: newline; } and wbr, a line break
	// opportunity that breaks nothing here.
	for _, br := range []string{"<br>", "<br/>", "</br>", "<br><br>", "\n<br>\n", "<wbr>"} {
		out = append(out, linkConstruct{name: "newline:" + strings.ReplaceAll(br, "\n", `\n`), family: "html", tmpl: a(`{A}` + br + `{T}`)})
	}
	return out
}

// inlineConstructs are formatting siblings: inline, so the host and the
// text touch unless the markup puts a space between them.
func inlineConstructs() []linkConstruct {
	var out []linkConstruct
	pairs := [][2]string{{"b", "i"}, {"strong", "em"}, {"span", "span"}, {"code", "small"}, {"u", "s"}, {"mark", "sub"}, {"sup", "kbd"}, {"q", "cite"}, {"abbr", "var"}, {"bdi", "label"}, {"font", "tt"}, {"nobr", "big"}}
	for _, p := range pairs {
		out = append(out,
			linkConstruct{name: "inline:" + p[0] + "+" + p[1], family: "html", tmpl: a(`<` + p[0] + `>{A}</` + p[0] + `><` + p[1] + `>{T}</` + p[1] + `>`)},
			linkConstruct{name: "inline:" + p[0] + "+" + p[1] + " spaced", family: "html", tmpl: a(`<` + p[0] + `>{A}</` + p[0] + `> <` + p[1] + `>{T}</` + p[1] + `>`)})
	}
	return out
}

// hiders hide their content from the reader while a reading of the markup
// (text content, a tokenizer's text tokens) still sees it. %s is the
// hidden content.
var hiders = []struct{ name, tmpl string }{
	{"hidden-attr", `<span hidden>%s</span>`},
	{"hidden-until-found", `<span hidden="until-found">%s</span>`},
	{"display-none", `<span style="display:none">%s</span>`},
	{"visibility-hidden", `<span style="visibility:hidden">%s</span>`},
	{"opacity-0", `<span style="opacity:0">%s</span>`},
	{"font-size-0", `<span style="font-size:0">%s</span>`},
	{"color-transparent", `<span style="color:transparent">%s</span>`},
	{"rp-in-ruby", `<ruby><rp>%s</rp></ruby>`},
	{"dialog-closed", `<dialog>%s</dialog>`},
	{"noscript", `<noscript>%s</noscript>`},
	{"input-hidden", `<input type="hidden" value="%s">`},
	{"svg-desc", `<svg width="0" height="0"><desc>%s</desc></svg>`},
	{"math-annotation", `<math><semantics><mi></mi><annotation>%s</annotation></semantics></math>`},
	// Not hidden: the filler shows, so these shapes are controls of the
	// oracle rather than attacks.
	{"aria-hidden", `<span aria-hidden="true">%s</span>`},
}

// hidingConstructs put hidden content into the host (split: "paypal" +
// hidden + ".com" shows paypal.com, while the markup's text reads
// "paypal!.com", no host) or right after it (glued: "paypal.com" + hidden
// "x" reads "paypal.comx"). The hiders are those above and every
// display:none element of renderingSheet that can hold text.
func hidingConstructs() []linkConstruct {
	hs := slices.Clone(hiders)
	for _, d := range displayDefaults() {
		if d.display == "none" && !voidElements[d.element] {
			hs = append(hs, struct{ name, tmpl string }{d.element, `<` + d.element + `>%s</` + d.element + `>`})
		}
	}
	hs = append(hs, struct{ name, tmpl string }{"details-closed-body", `<details><summary></summary>%s</details>`})
	var out []linkConstruct
	for _, h := range hs {
		for split, where := range []string{"before dot", "after dot", "in tld"} {
			out = append(out, linkConstruct{name: "hidden:" + h.name + " split " + where, family: "html", tmpl: a(`{A1}` + fmt.Sprintf(h.tmpl, "!") + `{A2}{T}`), split: split})
		}
		out = append(out, linkConstruct{name: "hidden:" + h.name + " glued", family: "html", tmpl: a(`{A}` + fmt.Sprintf(h.tmpl, "x") + `{T}`)})
	}
	out = append(out, linkConstruct{name: "hidden:details-summary glued", family: "html", tmpl: a(`<details><summary>{A}</summary>x</details>{T}`)})
	return out
}

// bidiConstructs write the host backwards under a right-to-left override,
// so that it shows the right way round while the markup reads "moc.lapyap".
func bidiConstructs() []linkConstruct {
	return []linkConstruct{
		{name: "bidi:bdo-rtl", family: "html", tmpl: a(`<bdo dir="rtl">{R}</bdo>{T}`)},
		{name: "bidi:bdo-rtl after", family: "html", tmpl: a(`{T}<bdo dir="rtl">{R}</bdo>`)},
		{name: "bidi:rlo-pdf", family: "html", tmpl: a("\u202e{R}\u202c{T}")},
		{name: "bidi:rlo-entity", family: "html", tmpl: a("&#x202E;{R}&#x202C;{T}")},
		{name: "bidi:rlo-unterminated", family: "html", tmpl: a("{T} \u202e{R}")},
		{name: "bidi:css-override", family: "html", tmpl: a(`<span style="direction:rtl;unicode-bidi:bidi-override">{R}</span>{T}`)},
		{name: "bidi:dir-rtl no override", family: "html", tmpl: a(`<span dir="rtl">{A}</span>{T}`)},
		{name: "bidi:rli isolate", family: "html", tmpl: a("\u2067{R}\u2069{T}")},
	}
}

// tooltipConstructs put the host where a reader meets it without it being
// the link's text: a tooltip, an accessible name, an image's alt text, a
// form control's value.
func tooltipConstructs() []linkConstruct {
	return []linkConstruct{
		{name: "tooltip:title on link", family: "html", tmpl: `<a href="{HREF}" title="{A}">{T}</a>`},
		{name: "tooltip:title on span", family: "html", tmpl: a(`<span title="{A}">{T}</span>`)},
		{name: "tooltip:abbr title", family: "html", tmpl: a(`<abbr title="{A}">{T}</abbr>`)},
		{name: "tooltip:aria-label on link", family: "html", tmpl: `<a href="{HREF}" aria-label="{A}">{T}</a>`},
		{name: "tooltip:aria-label on span", family: "html", tmpl: a(`<span aria-label="{A}">{T}</span>`)},
		{name: "alt:img", family: "html", tmpl: a(`<img alt="{A}">{T}`)},
		{name: "alt:img with title", family: "html", tmpl: a(`<img alt="{T}" title="{A}">`)},
		{name: "control:input value", family: "html", tmpl: a(`<input value="{A}">{T}`)},
		{name: "control:input placeholder", family: "html", tmpl: a(`<input placeholder="{A}">{T}`)},
		{name: "control:button", family: "html", tmpl: a(`<button>{A}</button>{T}`)},
		{name: "control:textarea", family: "html", tmpl: a(`<textarea>{A}</textarea>{T}`)},
		{name: "control:select", family: "html", tmpl: a(`<select><option>{A}</option></select>{T}`)},
	}
}

// svgConstructs are links in SVG (svg:a, with href or xlink:href) and
// HTML links around SVG text.
func svgConstructs() []linkConstruct {
	svg := func(content string) string { return `<svg width="900" height="90">` + content + `</svg>` }
	sa := func(content string) string { return svg(`<a href="{HREF}">` + content + `</a>`) }
	out := []linkConstruct{
		{name: "svg:text", tmpl: sa(`<text x="5" y="20">{A} {T}</text>`)},
		{name: "svg:xlink-href", tmpl: svg(`<a xlink:href="{HREF}"><text x="5" y="20">{A} {T}</text></a>`)},
		{name: "svg:two texts", tmpl: sa(`<text x="5" y="20">{A}</text><text x="5" y="60">{T}</text>`)},
		{name: "svg:tspan new line", tmpl: sa(`<text x="5" y="20">{A}<tspan x="5" dy="30">{T}</tspan></text>`)},
		{name: "svg:tspan moved right", tmpl: sa(`<text x="5" y="20">{A}<tspan dx="40">{T}</tspan></text>`)},
		{name: "svg:title tooltip", tmpl: sa(`<title>{A}</title><text x="5" y="20">{T}</text>`)},
		{name: "svg:title in text", tmpl: sa(`<text x="5" y="20"><title>{A}</title>{T}</text>`)},
		{name: "svg:desc", tmpl: sa(`<desc>{A}</desc><text x="5" y="20">{T}</text>`)},
		{name: "svg:metadata", tmpl: sa(`<metadata>{A}</metadata><text x="5" y="20">{T}</text>`)},
		{name: "svg:bidi override", tmpl: sa(`<text x="400" y="20" direction="rtl" unicode-bidi="bidi-override">{R}</text><text x="5" y="60">{T}</text>`)},
		{name: "svg:bidi rlo", tmpl: sa("<text x=\"5\" y=\"20\">\u202e{R}\u202c {T}</text>")},
		{name: "svg:foreignObject", tmpl: sa(`<foreignObject width="800" height="80"><div>{A}</div><div>{T}</div></foreignObject>`)},
		{name: "svg:html link around svg text", tmpl: a(svg(`<text x="5" y="20">{A}</text>`) + `{T}`)},
	}
	for _, h := range []struct{ name, attr string }{{"display-none", `display="none"`}, {"visibility-hidden", `visibility="hidden"`}, {"opacity-0", `opacity="0"`}, {"style-display-none", `style="display:none"`}, {"font-size-0", `font-size="0"`}} {
		for split, where := range []string{"before dot", "after dot", "in tld"} {
			out = append(out, linkConstruct{name: "svg:tspan " + h.name + " split " + where, tmpl: sa(`<text x="5" y="20">{A1}<tspan ` + h.attr + `>!</tspan>{A2} {T}</text>`), split: split})
		}
		out = append(out, linkConstruct{name: "svg:tspan " + h.name + " glued", tmpl: sa(`<text x="5" y="20">{A}<tspan ` + h.attr + `>x</tspan>{T}</text>`)})
	}
	for i := range out {
		out[i].family = "svg"
	}
	return out
}

// mathConstructs are MathML elements with href (Chromium implements no
// MathML links, other engines have; the test counts them as links, so a
// policy that keeps the attribute must judge it), HTML links inside and
// around formulas, and MathML's own layout and hiding.
func mathConstructs() []linkConstruct {
	m := func(content string) string { return `<math>` + content + `</math>` }
	out := []linkConstruct{
		{name: "math:mi href", tmpl: m(`<mi href="{HREF}">{A}</mi>`) + `{T}`},
		{name: "math:mtext href", tmpl: m(`<mtext href="{HREF}">{A} {T}</mtext>`)},
		{name: "math:mrow href", tmpl: m(`<mrow href="{HREF}"><mi>{A}</mi><mtext>{T}</mtext></mrow>`)},
		{name: "math:mrow href split in tokens", tmpl: m(`<mrow href="{HREF}"><mtext>{A1}</mtext><mtext>{A2}</mtext></mrow>`), split: 0},
		{name: "math:mfrac", tmpl: m(`<mrow href="{HREF}"><mfrac><mtext>{A}</mtext><mtext>{T}</mtext></mfrac></mrow>`)},
		{name: "math:mtable rows", tmpl: m(`<mrow href="{HREF}"><mtable><mtr><mtd><mtext>{A}</mtext></mtd></mtr><mtr><mtd><mtext>{T}</mtext></mtd></mtr></mtable></mrow>`)},
		{name: "math:msup", tmpl: m(`<mrow href="{HREF}"><msup><mtext>{A}</mtext><mtext>{T}</mtext></msup></mrow>`)},
		{name: "math:html link in mtext", tmpl: m(`<mtext><a href="{HREF}">{A} {T}</a></mtext>`)},
		{name: "math:html link around math", tmpl: a(m(`<mtext>{A}</mtext>`) + `{T}`)},
		{name: "math:annotation-xml html link", tmpl: m(`<semantics><mi>x</mi><annotation-xml encoding="text/html"><a href="{HREF}">{A} {T}</a></annotation-xml></semantics>`)},
		{name: "math:rlo in mtext", tmpl: m("<mtext href=\"{HREF}\">\u202e{R}\u202c {T}</mtext>")},
	}
	for _, h := range []struct{ name, tmpl string }{
		{"semantics-annotation", `<semantics><mtext></mtext><annotation>%s</annotation></semantics>`},
		{"semantics-annotation-xml", `<semantics><mtext></mtext><annotation-xml encoding="application/xml">%s</annotation-xml></semantics>`},
		{"mphantom", `<mphantom><mtext>%s</mtext></mphantom>`},
	} {
		for split, where := range []string{"before dot", "after dot", "in tld"} {
			out = append(out, linkConstruct{name: "math:" + h.name + " split " + where, tmpl: m(`<mrow href="{HREF}"><mtext>{A1}</mtext>` + fmt.Sprintf(h.tmpl, "!") + `<mtext>{A2}</mtext><mtext>{T}</mtext></mrow>`), split: split})
		}
		out = append(out, linkConstruct{name: "math:" + h.name + " glued", tmpl: m(`<mrow href="{HREF}"><mtext>{A}</mtext>` + fmt.Sprintf(h.tmpl, "x") + `<mtext>{T}</mtext></mrow>`)})
	}
	for i := range out {
		out[i].family = "mathml"
	}
	return out
}

// linkConstructs is every construct.
func linkConstructs() []linkConstruct {
	var out []linkConstruct
	for _, f := range []func() []linkConstruct{blockConstructs, inlineConstructs, hidingConstructs, bidiConstructs, tooltipConstructs, svgConstructs, mathConstructs} {
		out = append(out, f()...)
	}
	return out
}

// shownHosts are the sites a link's text names; hostForms the ways the
// text writes one (%s is the host); linkTexts what follows it. The
// deceptive links all go to deceptiveHref.
var (
	shownHosts    = []string{"paypal.com", "bank.example", "bbc.co.uk", "sparkasse.de"}
	hostForms     = []string{"%s", "https://%s/login", "www.%s", "help@%s"}
	linkTexts     = []string{"Log in", "secure", "/login", " Sign in"}
	deceptiveHref = "https://evil.example/account"
)

// variantsPerConstruct is how many (host, form, text) combinations each
// construct is written with: every form once, hosts and texts rotating.
const variantsPerConstruct = 4

// A linkShape is one generated link.
type linkShape struct {
	construct linkConstruct
	host      string // the shown host
	form      string // the host as the text writes it
	raw       string // the link, as a fragment
	benign    bool   // the href is on the shown host's own site
}

// generateLinkShapes writes every construct with variantsPerConstruct
// combinations, each once with a deceptive href and once, as the benign
// control, with the href on the shown host's own site.
func generateLinkShapes() []linkShape {
	var out []linkShape
	for ci, c := range linkConstructs() {
		for v := range variantsPerConstruct {
			host := shownHosts[(ci+v)%len(shownHosts)]
			form := fmt.Sprintf(hostForms[v%len(hostForms)], host)
			text := linkTexts[(ci+2*v+v/len(linkTexts))%len(linkTexts)]
			// The split point is relative to the host's last dot, so
			// that neither half nor the two with the filler between
			// them name a host ("bbc.co!.uk" reads "bbc.co", "co" is
			// no top-level domain of the oracle's).
			hostAt := strings.Index(form, host)
			cut := hostAt + strings.LastIndex(host, ".") + c.split
			for _, benign := range []bool{false, true} {
				href := deceptiveHref
				if benign {
					href = "https://" + host + "/account"
				}
				raw := strings.NewReplacer(
					"{HREF}", href, "{A1}", form[:cut], "{A2}", form[cut:], "{A}", form,
					"{R}", reverse(form), "{T}", text,
				).Replace(c.tmpl)
				out = append(out, linkShape{construct: c, host: host, form: form, raw: raw, benign: benign})
			}
		}
	}
	return out
}

// reverse reverses s by code point.
func reverse(s string) string {
	r := []rune(s)
	slices.Reverse(r)
	return string(r)
}
