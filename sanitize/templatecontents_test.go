package sanitize

import (
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/policy/sanitizerapi"
)

// dictCase is an input sanitised under a SanitizerConfig dictionary and
// the output it must give.
type dictCase struct{ name, dict, in, want string }

// runDictCases runs each case in parallel under its dictionary.
func runDictCases(t *testing.T, cases []dictCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := String(tc.in, sanitizerPolicy(t, tc.dict, false))
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("String(%q) under %s = %q, want %q", tc.in, tc.dict, got, tc.want)
			}
		})
	}
}

// sanitizerPolicy compiles a SanitizerConfig dictionary, with limits wide
// enough for growth inputs if wide is set.
func sanitizerPolicy(t testing.TB, dict string, wide bool) *policy.Policy {
	t.Helper()
	sc, err := sanitizerapi.Parse([]byte(dict))
	if err != nil {
		t.Fatal(err)
	}
	c, _ := sc.PolicyConfig()
	if wide {
		c.Limits = policy.Limits{MaxDepth: 100_000, MaxTokenBytes: 64 << 20, MaxAttributeBytes: 32 << 20,
			MaxAttributes: 100_000, MaxInputBytes: 1 << 30}
	}
	p, err := policy.Compile(c)
	if err != nil {
		t.Fatalf("%s: %v", dict, err)
	}
	return p
}

// TestTemplateContentsFollowTheTreeBuilder: a policy that allows template
// keeps it with its contents, sanitised alike, and reads the contents in
// the insertion mode their first start tag decides (HTML §13.2.6.4.18):
// a cell or row directly in a template is kept, table structure that
// would close a table outside is ignored, end tags of elements opened
// outside the template are ignored, and "</template>" closes it whatever
// is open inside. Each want is what a browser builds from the input,
// written so that it builds it again (the tbody and tr a browser implies
// are implied again).
func TestTemplateContentsFollowTheTreeBuilder(t *testing.T) {
	t.Parallel()
	runDictCases(t, []dictCase{
		{"kept with contents", `{"elements": ["template", "div"]}`,
			`<template><div>hello</div></template>`, `<template><div>hello</div></template>`},
		{"contents sanitised alike", `{}`,
			`<template><img src=x onerror=alert(1)><a href="javascript:x">y</a></template>`,
			`<template><img src=x><a>y</a></template>`},
		{"unwrapped child", `{"elements": ["template"], "replaceWithChildrenElements": ["div"]}`,
			`<template><div>Hello</div></template>`, `<template>Hello</template>`},
		{"cell first", `{}`, `<template><td>x</td><tr><td>y</template>z`,
			`<template><td>x</td><td>y</td></template>z`},
		{"row first", `{}`, `<template><tr><td>x</td></tr><tr><td>y</template>`,
			`<template><tr><td>x</td></tr><tr><td>y</td></tr></template>`},
		{"row first, table ignored", `{}`, `<template><tr><td>x</td></tr><table>y</template>`,
			`<template><tr><td>x</td></tr>y</template>`},
		{"caption first", `{}`, `<template><caption>c</caption><td>x</template>`,
			`<template><caption>c</caption><td>x</td></template>`},
		{"column group first", `{}`, `<template><col><div>x</div><col></template>`,
			`<template><col>x<col></template>`},
		{"body first", `{}`, `<template><div>x</div><td>y</td></template>`,
			`<template><div>x</div>y</template>`},
		{"unwrapped element decides", `{"replaceWithChildrenElements": ["span"]}`,
			`<template><span><td>x</td></span></template>`, `<template>x</template>`},
		{"nested template does not decide", `{}`,
			`<template><template></template><td>x</template>`,
			`<template><template></template><td>x</td></template>`},
		{"in a table", `{}`, `<table><template><td>x</td></template></table>`,
			`<table><template><td>x</td></template></table>`},
		{"not foster-parented", `{}`, `<table><tr><template><div>x</div></template></tr></table>`,
			`<table><tr><template><div>x</div></template></tr></table>`},
		{"outer div end ignored", `{}`, `<div><template></div>in</template>out`,
			`<div><template>in</template>out</div>`},
		{"outer formatting end ignored", `{}`, `<b><template></b>x</template>y`,
			`<b><template>x</template>y</b>`},
		{"outer heading end ignored", `{}`, `<h1><template></h2>x</template></h1>`,
			`<h1><template>x</template></h1>`},
		{"outer cell end ignored", `{}`, `<table><tr><td><template></td>x</template></td></tr></table>`,
			`<table><tr><td><template>x</template></td></tr></table>`},
		{"end closes open cells", `{}`, `<template><td><b>x</template>y`,
			`<template><td><b>x</b></td></template>y`},
		{"declarative shadow root refused", `{"elements": ["template", "td"], "attributes": ["shadowrootmode", "shadowrootdelegatesfocus", "shadowrootclonable", "shadowrootserializable", "shadowrootcustomelementregistry"]}`,
			`<template shadowrootmode=open shadowrootdelegatesfocus shadowrootclonable shadowrootserializable shadowrootcustomelementregistry><td>x</td></template>`,
			`<template><td>x</td></template>`},
		{"unlisted dropped with contents", `{"elements": ["div", "td"]}`,
			`<div><template><td>x</td></template></div>`, `<div></div>`},
		{"unwrapped keeps contents", `{"replaceWithChildrenElements": ["template"]}`,
			`<template><div>y</div><td>x</td></template>`, `<div>y</div>x`},
	})
}

// TestTemplateNotInPresets: the presets keep no template, which they drop
// with its contents as before.
func TestTemplateNotInPresets(t *testing.T) {
	t.Parallel()
	for _, name := range policy.Presets() {
		p, err := policy.Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		got, err := String(`<template><b>x</b></template>y`, p)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(got, "template") || strings.Contains(got, "x") {
			t.Errorf("preset %s: String(template) = %q, want the template gone with its contents", name, got)
		}
	}
}

// TestTemplateGrowth: templates nested or repeated, each deciding its
// mode, and end tags ignored across them, cost time linear in their
// number.
func TestTemplateGrowth(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test; runs without -short")
	}
	p := sanitizerPolicy(t, `{}`, true)
	checkGrowth(t, p, []growthCase{
		{"nested-templates", 1000, func(n int) string {
			return strings.Repeat("<template><span><td>x", n) + strings.Repeat("</div></template>", n)
		}},
		{"nested-undecided", 1000, func(n int) string { return strings.Repeat("<template>", n) + "<td>x" }},
		{"ends-past-template", 1000, func(n int) string {
			return strings.Repeat("<div>", n) + "<template>" + strings.Repeat("</div>x", n)
		}},
		{"repeated", 1000, func(n int) string { return strings.Repeat("<template><tr><td>x<table></template>", n) }},
	})
}
