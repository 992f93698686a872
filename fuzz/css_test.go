package fuzz

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/htmlclean/htmlclean/internal/testing/safety"
	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
	"github.com/htmlclean/htmlclean/urlnorm"
)

// cssAttributes are the attributes whose value a browser reads as CSS: the
// style attribute and the SVG presentation attributes that take url().
var cssAttributes = []string{"style", "fill", "stroke", "filter", "mask", "clip-path",
	"cursor", "marker-start", "marker-mid", "marker-end"}

// urlFunctions take a URL as a string argument (CSS Values 4 url() and
// src(), CSS Images 4 image(), image-set() and cross-fade(), with their
// prefixed forms).
var urlFunctions = []string{"url", "src", "image", "image-set", "cross-fade",
	"-webkit-image-set", "-webkit-cross-fade", "-webkit-image"}

// cssSeeds are the style values where a CSS reader and the browser have
// disagreed (a newline that ends a string, a comment inside an unquoted
// url()) and the tokenizer edge cases the CSS reader is tested on.
var cssSeeds = []string{
	"x:'a\n' /* ' ;background:url(data:image/png,x) ; y: */",
	"background:url(a/*);background-image:url(data:image/png,x);x:url(*/b)",
	"x:'a\r' ;background:url(data:x)", "x:'a\f' ;background:url(data:x)",
	`background:u\72l(data:x)`, `background:\75 rl(data:x)`, `background:u\rl(javascript:x)`,
	`background:url(  "data:x")`, `background:url("https://a.example/"/**/)`,
	"background:url(a\x00b)", "background:url(a\uFFFDb)", `background:url(data:x`,
	`background:url("data:x`, `background:url(java\73 cript:x)`, `background:url/**/(data:x)`,
	`content:"a\"/*";background:url(data:x)`, "content:'a\\\nb';background:url(data:x)",
	`background:image-set("data:x" 1x)`, `background:src("data:x")`, `@import "data:x"`,
	`width:exp\72 ession(alert(1))`, `color:red;background:url(https://img.example/a.png)`,
	`fill:url(#a)`, `--x:url(data:x)`, `background:url(https://a.example/a\)b)`,
}

// FuzzCSS puts the fuzz string in a style attribute (escaped, raw) and an
// SVG fill, sanitises it with the permissive test policy, parses the
// output as a browser does, and reads every CSS attribute with the oracle
// tokenizer (cssoracle_test.go, written from CSS Syntax Level 3 and
// sharing no code with the sanitiser). Every URL the browser would fetch
// must be one urlnorm accepts and leaves unchanged under the policy's
// options, with no javascript:, vbscript: or data: scheme, and no
// expression() may survive.
func FuzzCSS(f *testing.F) {
	for _, s := range cssSeeds {
		f.Add(s)
	}
	for _, s := range corpusStyles(f) {
		f.Add(s)
	}
	p := permissivePolicy(f)
	f.Fuzz(func(t *testing.T, v string) {
		for _, problem := range cssProblems(p, v) {
			t.Error(problem)
		}
	})
}

// TestCSSFragments runs FuzzCSS's property over every pair of CSS
// fragments that decide how a browser tokenizes, so that the property is
// checked on each family even without fuzzing.
func TestCSSFragments(t *testing.T) {
	frags := []string{"'", "\"", "\n", "\r", "\f", "\x00", "\\", "\\\n", "/*", "*/", "(", ")",
		" ", ";", "url(", "URL(", "u\\72l(", "\\75 rl(", "url( ", "data:x", "javascript:x",
		"https://a.example/", "a", "--x:", "image-set(", "src(", "@import ", "\\61 ", "#a"}
	p := permissivePolicy(t)
	for _, a := range frags {
		for _, b := range frags {
			for _, v := range []string{a + b + "data:x)", "x:" + a + "b:url(" + b + ")"} {
				for _, problem := range cssProblems(p, v) {
					t.Error(problem)
				}
			}
		}
	}
}

// TestCSSOracle checks the oracle on cases whose reading CSS Syntax
// Level 3 settles, so that FuzzCSS judges with a tokenizer known to be
// right on them.
func TestCSSOracle(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"x:'a\n' /* ' ;background:url(data:image/png,x) ; y: */", []string{"data:image/png,x"}},
		{"b:url(a/*);c:url(data:x);d:url(*/b)", []string{"a/*", "data:x", "*/b"}},
		{`b:u\72l(a\29 b)`, []string{"a)b"}},
		{`b:url(  "a" )`, []string{"a"}},
		{`b:url(a b)`, nil},
		{`/* url(a) */b:url/**/(c)`, nil},
		{`b:image-set("a" 1x, url(b) 2x)`, []string{"a", "b"}},
		{`@import 'a';`, []string{"a"}},
		{"b:url(a\x00", []string{"a\uFFFD"}},
		{`b:"\`, nil},
		{`b:5url(a)`, nil},
		{`b:-url(a)`, nil},
	}
	for _, tc := range tests {
		got, _ := oracleFetches(tc.in)
		if !slices.Equal(got, tc.want) {
			t.Errorf("oracleFetches(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func permissivePolicy(tb testing.TB) *policy.Policy {
	tb.Helper()
	p, err := policy.LoadFile(filepath.Join("..", "testdata", "policies", "permissive.yaml"))
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// corpusStyles returns the CSS attribute values of the XSS corpus inputs.
func corpusStyles(tb testing.TB) []string {
	var out []string
	for _, file := range []string{"bluemonday_tests.jsonl", "dompurify_fixtures.jsonl",
		"h5sc_html5sec.jsonl", "owasp_xss_filter_evasion.jsonl"} {
		for _, in := range jsonlField(tb, filepath.Join("xss", file), "input") {
			doc, err := html.Parse(strings.NewReader(in))
			if err != nil {
				continue
			}
			for n := range doc.Descendants() {
				for _, a := range n.Attr {
					if slices.Contains(cssAttributes, a.Key) {
						out = append(out, a.Val)
					}
				}
			}
		}
	}
	return out
}

// cssProblems sanitises v in three CSS attributes and lists what the
// oracle finds wrong in the output.
func cssProblems(p *policy.Policy, v string) []string {
	var problems []string
	for _, doc := range []string{
		`<span style="` + html.EscapeString(v) + `">s</span>`,
		`<span style="` + v + `">s</span>`,
		`<svg><rect fill="` + html.EscapeString(v) + `"/></svg>`,
	} {
		out, err := sanitize.String(doc, p)
		if err != nil {
			var le *sanitize.LimitError
			if !errors.As(err, &le) || out != "" {
				problems = append(problems, fmt.Sprintf("String(%q) = %q, %v", doc, out, err))
			}
			continue
		}
		tree, err := html.Parse(strings.NewReader(out))
		if err != nil {
			problems = append(problems, fmt.Sprintf("output %q does not parse: %v", out, err))
			continue
		}
		for n := range tree.Descendants() {
			for _, a := range n.Attr {
				if slices.Contains(cssAttributes, a.Key) {
					for _, pr := range cssValueProblems(a.Val, p.URLOptions()) {
						problems = append(problems, fmt.Sprintf("%s\ninput:  %q\noutput: %q", pr, doc, out))
					}
				}
			}
		}
	}
	return problems
}

// cssValueProblems judges one CSS value kept in the output.
func cssValueProblems(v string, opts urlnorm.Options) []string {
	urls, problems := oracleFetches(v)
	for _, u := range urls {
		if got, err := urlnorm.Normalize(u, opts); err != nil || got != u {
			problems = append(problems, fmt.Sprintf("fetched URL %q: Normalize = %q, %v", u, got, err))
		}
		switch s := safety.SchemeOf(u); s {
		case "javascript", "vbscript", "data":
			problems = append(problems, fmt.Sprintf("fetched URL %q has scheme %s", u, s))
		}
	}
	return problems
}

// oracleFetches lists the URLs a browser may fetch from a CSS value: url
// tokens, strings inside urlFunctions, and the string after @import. It
// also lists what must not survive: expression(), and var(), env() or
// attr() inside a function that takes a URL (a URL the page computes).
func oracleFetches(v string) (urls, problems []string) {
	var stack []string // enclosing functions; "" for a plain bracket
	inURLFunction := func() bool {
		return slices.ContainsFunc(stack, func(f string) bool { return slices.Contains(urlFunctions, f) })
	}
	afterImport := false
	for _, tok := range oracleTokens(v) {
		switch tok.kind {
		case ckURL:
			urls = append(urls, tok.value)
		case ckString:
			if inURLFunction() || afterImport {
				urls = append(urls, tok.value)
			}
		case ckFunction:
			name := strings.ToLower(tok.value)
			switch {
			case name == "expression":
				problems = append(problems, "expression() survives")
			case (name == "var" || name == "env" || name == "attr") && inURLFunction():
				problems = append(problems, name+"() inside a URL function survives")
			}
			stack = append(stack, name)
		case ckOpen:
			stack = append(stack, "")
		case ckClose:
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		}
		if tok.kind != ckWhitespace {
			afterImport = tok.kind == ckAtKeyword && strings.EqualFold(tok.value, "import")
		}
	}
	return urls, problems
}
