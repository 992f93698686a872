package sanitizetest

import (
	"slices"

	"net/url"
	"regexp"

	"github.com/microcosm-cc/bluemonday"
)

// giteaBluemonday builds the default policy of Gitea's renderers
// (go-gitea/gitea, modules/markup/sanitizer_default.go at commit
// 0038f476b375fc758ef0421848f61ed32c6b78fd, with sanitizer.go's ".+"
// scheme pattern and modules/markup/common/common.go's three refused
// schemes at 2bac819e233cefd4b0651fdc82bdf8f853646ad0; MIT licence) with
// the same bluemonday calls: [markdown] CUSTOM_URL_SCHEMES empty (every
// scheme but data, javascript and vbscript) and no external sanitizer
// rules, as Gitea ships.
func giteaBluemonday() *bluemonday.Policy {
	p := bluemonday.UGCPolicy()
	p.AllowAttrs("viewBox", "width", "height", "aria-hidden", "data-attr-class").OnElements("svg")
	p.AllowAttrs("fill-rule", "d").OnElements("path")
	p.AllowAttrs("type").Matching(regexp.MustCompile(`^checkbox$`)).OnElements("input")
	p.AllowAttrs("checked", "disabled", "data-source-position").OnElements("input")
	p.AllowAttrs("class").Matching(regexp.MustCompile(`^\w{0,2}$`)).OnElements("span")
	p.AllowAttrs("data-line-number").OnElements("span")
	p.AllowURLSchemesMatching(regexp.MustCompile(`.+`))
	for _, s := range []string{"data", "javascript", "vbscript"} {
		p.AllowURLSchemeWithCustomPolicy(s, func(*url.URL) bool { return false })
	}
	p.AllowAttrs("class").Matching(regexp.MustCompile(`^(unchecked|checked|indeterminate)$`)).OnElements("li")
	p.AllowStyles("color", "background-color").OnElements("div", "span", "p", "tr", "th", "td")
	p.AllowAttrs("src", "autoplay", "controls", "muted", "loop", "playsinline").OnElements("video")
	p.AllowAttrs("media", "srcset").OnElements("source")
	p.AllowAttrs("loading").OnElements("img")
	p.AllowNoAttrs().OnElements(giteaMathElements...)
	p.AllowAttrs("display", "alttext").OnElements("math")
	p.AllowAttrs(giteaMathAttrs...).OnElements(giteaMathElements...)
	p.AllowAttrs(giteaSafeAttrs...).OnElements(giteaSafeElements...)
	return p
}

// The lists Gitea passes to bluemonday: MathML Core's elements and
// attributes, and html-pipeline's "generally safe" attributes and
// elements with Gitea's additions.
var (
	giteaMathElements = []string{"math", "mi", "mn", "mo", "mtext", "mspace", "ms",
		"mrow", "mfrac", "msqrt", "mroot", "mstyle", "merror", "mpadded", "mphantom", "maction",
		"msub", "msup", "msubsup", "munder", "mover", "munderover", "mmultiscripts", "mprescripts", "none",
		"mtable", "mtr", "mtd", "semantics", "annotation", "annotation-xml"}
	giteaMathAttrs = []string{"dir", "displaystyle", "mathbackground", "mathcolor", "mathsize", "mathvariant", "scriptlevel", "intent", "arg",
		"accent", "accentunder", "fence", "form", "largeop", "lspace", "maxsize", "minsize", "movablelimits", "rspace", "separator", "stretchy", "symmetric",
		"depth", "height", "voffset", "width", "linethickness",
		"columnalign", "columnlines", "columnspacing", "frame", "framespacing", "rowalign", "rowlines", "rowspacing",
		"columnspan", "rowspan", "actiontype", "selection", "encoding"}
	giteaSafeAttrs = []string{"abbr", "accept", "accept-charset", "accesskey", "action", "align", "alt",
		"aria-describedby", "aria-hidden", "aria-label", "aria-labelledby", "axis", "border", "cellpadding", "cellspacing", "char",
		"charoff", "charset", "checked", "clear", "cols", "colspan", "color", "compact", "coords", "datetime", "dir",
		"disabled", "enctype", "for", "frame", "headers", "height", "hreflang", "hspace", "ismap", "label", "lang",
		"maxlength", "media", "method", "multiple", "name", "nohref", "noshade", "nowrap", "open", "prompt", "readonly", "rel", "rev",
		"rows", "rowspan", "rules", "scope", "selected", "shape", "size", "span", "start", "summary", "tabindex", "target",
		"title", "type", "usemap", "valign", "value", "vspace", "width", "itemprop", "itemscope", "itemtype",
		"data-markdown-generated-content", "data-attr-class"}
	giteaSafeElements = []string{"h1", "h2", "h3", "h4", "h5", "h6", "h7", "h8", "br", "b", "center", "i", "strong", "em", "a", "pre", "code", "img", "tt",
		"div", "ins", "del", "sup", "sub", "p", "ol", "ul", "table", "thead", "tbody", "tfoot", "blockquote", "label",
		"dl", "dt", "dd", "kbd", "q", "samp", "var", "hr", "ruby", "rt", "rp", "li", "tr", "td", "th", "s", "strike", "summary",
		"details", "caption", "figure", "figcaption", "abbr", "bdo", "cite", "dfn", "mark", "small", "span", "time", "video", "wbr",
		"picture", "source"}
)

// giteaCases are the inputs and expected outputs of Gitea's
// modules/markup/sanitizer_default_test.go (commit
// 2f7484487a16cf2a2e6024649ab456872f6821a0; MIT licence, Copyright The
// Gitea Authors and The Gogs Authors).
var giteaCases = []portCase{
	{"gitea-test-link-onblur", `<a onblur="alert(secret)" href="http://www.google.com">Google</a>`, `<a href="http://www.google.com" rel="nofollow">Google</a>`, false},
	{"gitea-test-dotted-script", "<scrİpt>&lt;script&gt;alert(document.domain)&lt;/script&gt;</scrİpt>", "&lt;script&gt;alert(document.domain)&lt;/script&gt;", false},
	{"gitea-test-code-class-random", `<code class="random string"></code>`, `<code></code>`, false},
	{"gitea-test-code-class-injection", `<code class="language-random ui tab active menu attached animating sidebar following bar center"></code>`, `<code></code>`, false},
	{"gitea-test-chroma-span", `<span class="k"></span><span class="nb"></span>`, `<span class="k"></span><span class="nb"></span>`, false},
	{"gitea-test-input-hidden", `<input type="hidden">`, ``, false},
	{"gitea-test-input-checkbox", `<input type="checkbox">`, `<input type="checkbox">`, false},
	{"gitea-test-input-autofocus", `<input checked disabled autofocus>`, `<input checked="" disabled="">`, false},
	{"gitea-test-code-class-entities", `<code class="language-random&#32;ui&#32;tab&#32;active&#32;menu&#32;attached&#32;animating&#32;sidebar&#32;following&#32;bar&#32;center"></code>`, `<code></code>`, false},
	{"gitea-test-code-class-nested", `<code class="language-lol&#32;ui&#32;tab&#32;active&#32;menu&#32;attached&#32;animating&#32;sidebar&#32;following&#32;bar&#32;center">
<code class="language-lol&#32;ui&#32;container&#32;input&#32;huge&#32;basic&#32;segment&#32;center">&nbsp;</code>
<img src="https://try.gogs.io/img/favicon.png" width="200" height="200">
<code class="language-lol&#32;ui&#32;container&#32;input&#32;massive&#32;basic&#32;segment">Hello there! Something has gone wrong, we are working on it.</code>
<code class="language-lol&#32;ui&#32;container&#32;input&#32;huge&#32;basic&#32;segment">In the meantime, play a game with us at&nbsp;<a href="http://example.com/">example.com</a>.</code>
</code>`, "<code>\n<code>\u00a0</code>\n<img src=\"https://try.gogs.io/img/favicon.png\" width=\"200\" height=\"200\">\n<code>Hello there! Something has gone wrong, we are working on it.</code>\n<code>In the meantime, play a game with us at\u00a0<a href=\"http://example.com/\" rel=\"nofollow\">example.com</a>.</code>\n</code>", false},
	{"gitea-test-kbd", `<kbd>Ctrl + C</kbd>`, `<kbd>Ctrl + C</kbd>`, false},
	{"gitea-test-icon-class", `<i class="dropdown icon">NAUGHTY</i>`, `<i>NAUGHTY</i>`, false},
	{"gitea-test-checkbox-self-closing", `<input type="checkbox" disabled=""/>unchecked`, `<input type="checkbox" disabled=""/>unchecked`, false},
	{"gitea-test-emoji-class", `<span class="emoji dropdown">NAUGHTY</span>`, `<span>NAUGHTY</span>`, false},
	{"gitea-test-color-span", `<span style="color: red">Hello World</span>`, `<span style="color: red">Hello World</span>`, false},
	{"gitea-test-color-p", `<p style="color: red">Hello World</p>`, `<p style="color: red">Hello World</p>`, false},
	{"gitea-test-color-code", `<code style="color: red">Hello World</code>`, `<code>Hello World</code>`, false},
	{"gitea-test-bad-color-span", `<span style="bad-color: red">Hello World</span>`, `<span>Hello World</span>`, false},
	{"gitea-test-bad-color-p", `<p style="bad-color: red">Hello World</p>`, `<p>Hello World</p>`, false},
	{"gitea-test-bad-color-code", `<code style="bad-color: red">Hello World</code>`, `<code>Hello World</code>`, false},
	{"gitea-test-li-checked", `<li class="checked"></li>`, `<li class="checked"></li>`, false},
	{"gitea-test-li-unchecked", `<li class="unchecked"></li>`, `<li class="unchecked"></li>`, false},
	{"gitea-test-li-indeterminate", `<li class="indeterminate"></li>`, `<li class="indeterminate"></li>`, false},
	{"gitea-test-scheme-cbthunderlink", `<a href="cbthunderlink://somebase64string)">my custom URL scheme</a>`, `<a href="cbthunderlink://somebase64string)" rel="nofollow">my custom URL scheme</a>`, false},
	{"gitea-test-scheme-matrix", `<a href="matrix:roomid/psumPMeAfzgAeQpXMG:feneas.org?action=join">my custom URL scheme</a>`, `<a href="matrix:roomid/psumPMeAfzgAeQpXMG:feneas.org?action=join" rel="nofollow">my custom URL scheme</a>`, false},
	{"gitea-test-scheme-javascript", `<a href="javascript:alert('xss')">bad</a>`, `bad`, false},
	{"gitea-test-scheme-vbscript", `<a href="vbscript:no">bad</a>`, `bad`, false},
	{"gitea-test-scheme-data", `<a href="data:1234">bad</a>`, `bad`, false},
}

// giteaPort is gitea's policy next to testdata/ports/gitea.yaml.
var giteaPort = projectPort{
	name:       "gitea",
	bluemonday: giteaBluemonday,
	cases:      giteaCases,
	posts:      slices.Concat(giteaPosts, formattingPosts),
	probes:     giteaProbes,
	differs: map[string]string{
		"gitea-test-li-checked":       whyMisplaced,
		"gitea-test-li-unchecked":     whyMisplaced,
		"gitea-test-li-indeterminate": whyMisplaced,
		"gitea-comment-userinfo":      whyUserinfo,
		"gitea-wiki-custom-schemes":   whyUserinfo,
	},
	pending: map[string]string{},
}
