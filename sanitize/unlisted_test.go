package sanitize

import (
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/policy/sanitizerapi"
)

// unlistedPolicies are the policies TestUnlistedDrop runs under: the
// sanitizer-api preset (unlisted: drop from its elements list), a policy
// file's unlisted: drop with an unwrap list, and unlisted: unwrap (the
// default) with a drop list.
func unlistedPolicies(t *testing.T) map[string]*policy.Policy {
	t.Helper()
	load := func(yaml string) *policy.Policy {
		c, err := policy.ParseConfig(strings.NewReader(yaml), "unlisted.yaml")
		if err != nil {
			t.Fatal(err)
		}
		return mustCompile(t, c)
	}
	return map[string]*policy.Policy{
		"sanitizer-api": policy.SanitizerAPI(),
		"drop": load("elements: [p, b, i, em, span, div, ul, li, table, tbody, tr, th, h1, h2]\n" +
			"unlisted: drop\nunwrap: [center, x-keep]\n"),
		"unwrap": load("elements: [p, b, i, span, div, ul, li, table, tbody, tr, td]\ndrop: [foo, font]\n"),
	}
}

// TestUnlistedDrop: an element the policy drops with its content goes
// with its whole subtree as a browser builds the tree (setHTML()'s
// remove), and nothing else goes with it.
func TestUnlistedDrop(t *testing.T) {
	ps := unlistedPolicies(t)
	tests := []struct{ name, policy, in, want string }{
		// The element and all it holds, to its own end tag.
		{"subtree", "sanitizer-api", `a<foo>b<i>c</i></foo>d`, `ad`},
		{"same-name-nested", "sanitizer-api", `<foo><foo></foo>text</foo>after`, `after`},
		{"other-nested", "sanitizer-api", `<foo>a<bar>b</foo>c</bar>d`, `cd`},
		{"end-of-input", "sanitizer-api", `a<foo>b<p>c`, `a`},
		{"self-closing-ignored", "sanitizer-api", `<foo/>x<p>y</p>`, ``},
		{"void", "sanitizer-api", `a<input>b<input/>c`, `abc`},
		{"stray-end-tag", "sanitizer-api", `a</foo>b`, `ab`},
		// Where the parser ends it.
		{"p-implied-end", "sanitizer-api", `<p>a<x-p>b</p>c`, `<p>a</p>c`},
		{"block-closes-p", "sanitizer-api", `<p>a<dialog>b</dialog>c</p>`, `<p>a</p>c<p></p>`},
		{"li-closes-li", "sanitizer-api", `<ul><li>a<foo>b<li>c</ul>d`, `<ul><li>a</li><li>c</li></ul>d`},
		{"heading-ends-heading", "drop", `<h1>a<h3>b</h2>c`, `<h1>a</h1>c`},
		{"form-end-implied-p", "sanitizer-api", `<form><p>a</form>b`, `b`},
		// A browser takes the form off the stack and shows b; the pass
		// cannot, and keeps less.
		{"form-end-leaves-div-open", "sanitizer-api", `<form><div></form>a</div>b`, ``},
		// End tags a browser ignores leave it open.
		{"end-tag-past-special", "sanitizer-api", `<foo><div></foo>x</div>y`, ``},
		{"allowed-end-tag-past-special", "sanitizer-api", `<span><foo><div>x</span>y</div>z`, `<span></span>`},
		{"end-tag-out-of-scope", "sanitizer-api", `<foo><table><tr><td></foo>a</td></tr></table>b</foo>c`, `c`},
		{"adoption-furthest-block", "sanitizer-api", `<b>1<center>2</b>3</center>4`, `<b>14</b>`},
		{"adoption-no-furthest-block", "sanitizer-api", `<b>1<foo>2</b>3</foo>4`, `<b>1</b>34`},
		// Table rules.
		{"dropped-cell-ends-at-next-cell", "drop", `<table><tr><td>a<th>b</th></tr></table>`, `<table><tr><th>b</th></tr></table>`},
		{"in-cell", "sanitizer-api", `<table><tr><td>a<foo>b</td><td>c</td></tr></table>d`, `<table><tr><td>a</td><td>c</td></tr></table>d`},
		{"foster-parented", "sanitizer-api", `<table><foo>secret<tr><td>ok</td></tr></table>after`, `<table><tr><td>ok</td></tr></table>after`},
		{"table-inside", "sanitizer-api", `<foo>a<table><tr><td>b</td></tr></table>c</foo>d`, `d`},
		// Elements a browser does not create start nothing.
		{"cell-outside-table", "sanitizer-api", `<caption>a</caption><tr>b<td>c</td>d`, `abcd`},
		{"cell-outside-table-drop-policy", "drop", `<td>a</td>b`, `ab`},
		{"body-html", "sanitizer-api", `<html><body>a</body></html>b`, `ab`},
		{"frame", "sanitizer-api", `a<frame>b`, `ab`},
		{"nested-form", "sanitizer-api", `<p>a<form>b<form>c</form>d`, `<p>a</p>d`},
		// Formatting elements the browser reopens.
		{"reopened", "sanitizer-api", `<p><font>1</p>2</font>3`, `<p></p>3`},
		{"reopened-to-end", "sanitizer-api", `<p><font>1</p>2<p>3</p>`, `<p></p>`},
		{"reopened-not-in-cell", "sanitizer-api", `<p><font>1</p><table><tr><td>2</td></tr></table>`, `<p></p><table><tr><td>2</td></tr></table>`},
		{"cell-clears-reopening", "sanitizer-api", `<table><tr><td><p><font>1</p>2</td><td>3</td></tr></table>4`, `<table><tr><td><p></p></td><td>3</td></tr></table>4`},
		{"end-tag-forgets-reopening", "sanitizer-api", `<p><font>1</p></font>2`, `<p></p>2`},
		// Lists and defaults.
		{"unwrap-list", "drop", `a<center>b<i>c</i></center>d<x-keep>e</x-keep>`, `ab<i>c</i>de`},
		{"unlisted-unwrap-default", "unwrap", `a<bar>b</bar>c`, `abc`},
		{"drop-list", "unwrap", `a<foo>b</foo>c<font>d</font>e`, `ace`},
		{"forbidden-kept-handling", "sanitizer-api", `a<script>x</script>b<noscript>y</noscript>c`, `abc`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := ps[tc.policy]
			got, err := String(tc.in, p)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("String(%q) under %s = %q, want %q", tc.in, tc.policy, got, tc.want)
			}
			if why := faithfulProblem(t, tc.in, p); why != "" {
				t.Errorf("faithful output: %s", why)
			}
		})
	}
}

// TestUnlistedImplied: a table part the browser inserts (tbody before a
// row) that the policy drops with its content takes the row with it, as
// setHTML() removes the inserted element; allowed, it is implied as
// before.
func TestUnlistedImplied(t *testing.T) {
	c := policy.Config{Elements: []string{"table", "tr", "td"}, Unlisted: "drop"}
	for _, tc := range []struct{ name, in, want string }{
		{"dropped", `<table><tr><td>x</td></tr></table>y`, `<table></table>y`},
		{"allowed", `<table><tbody><tr><td>x</td></tr></tbody></table>y`, `<table></table>y`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := mustCompile(t, c)
			if got, err := String(tc.in, p); err != nil || got != tc.want {
				t.Errorf("String(%q) = %q, %v, want %q", tc.in, got, err, tc.want)
			}
		})
	}
	c.Elements = append(c.Elements, "tbody")
	p := mustCompile(t, c)
	in, want := `<table><tr><td>x</td></tr></table>y`, `<table><tr><td>x</td></tr></table>y`
	if got, err := String(in, p); err != nil || got != want {
		t.Errorf("String(%q) with tbody = %q, %v, want %q", in, got, err, want)
	}
}

// TestDroppedMarkupEndsWhereParserEnds: an element dropped with its
// content whose content is markup (noscript read with scripting off,
// object, applet) ends where the browser's tree builder ends it, not at
// the next end tag of its name: a browser ignores "</noscript>" with a
// special element open inside it, and "</object>" out of scope, and
// setHTML() then removes what follows with the element.
func TestDroppedMarkupEndsWhereParserEnds(t *testing.T) {
	ps := map[string]*policy.Policy{"sanitizer-api": policy.SanitizerAPI()}
	for _, name := range []string{"ugc", "strict"} {
		p, err := policy.Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		ps[name] = p
	}
	tests := []struct{ name, in, want string }{
		{"noscript-p", `<noscript><p></noscript>HID<img src=x>`, ``},
		{"noscript-div", `<noscript><div></noscript>HID</div>HID2`, ``},
		{"noscript-table", `<noscript><table><tr><td></noscript>HID</td></tr></table>HID2`, ``},
		{"noscript-closed", `<noscript><p>x</p></noscript>shown`, `shown`},
		{"noscript-nested", `<noscript><noscript></noscript>HID</noscript>shown`, `shown`},
		{"noscript-self-closing", `<noscript/>HID</noscript>shown`, `shown`},
		{"noscript-comment", `<noscript><!-- </noscript>HID --></noscript>shown`, `shown`},
		{"object-cell", `<object><table><tr><td></object>HID</td></tr></table>HID2`, ``},
		{"object-closed", `<object><div>x</div></object>shown`, `shown`},
		{"applet-cell", `<applet><table><tr><td></applet>HID`, ``},
	}
	for pname, p := range ps {
		for _, tc := range tests {
			t.Run(pname+"/"+tc.name, func(t *testing.T) {
				got, err := String(tc.in, p)
				if err != nil {
					t.Fatal(err)
				}
				if strings.Contains(got, "HID") || strings.Contains(got, "<img") {
					t.Errorf("String(%q) = %q: shows what the browser hides", tc.in, got)
				}
				if !strings.Contains(got, tc.want) {
					t.Errorf("String(%q) = %q, want it to hold %q", tc.in, got, tc.want)
				}
				if why := faithfulProblem(t, tc.in, p); why != "" {
					t.Errorf("faithful output: %s", why)
				}
			})
		}
	}
}

// TestDroppedForeignEndsWhereParserEnds: under a SanitizerConfig with an
// elements list (unlisted: drop), setHTML() removes an <svg> or <math>
// with its subtree; a browser ignores "</svg>" and "</math>" while an
// HTML element is open inside an integration point, so what follows is
// in the subtree too. svg and math are frames (markupDropped), MathML's
// text integration points are integration points, and the content of
// a foreign element is markup whatever its name (<svg><title>).
func TestDroppedForeignEndsWhereParserEnds(t *testing.T) {
	p, err := sanitizerapi.Compile([]byte(`{"elements":["p","div","b","img"],"attributes":["src"]}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []string{
		`<svg><desc><div></svg>HID`,
		`<svg><foreignObject><p></svg>HID<img src=x>`,
		`<svg><title><div></title></svg>HID`,
		`<math><mi><b></math>HID`,
		`<math><mtext><p></math>HID`,
		`<math><annotation-xml encoding=text/html><div></math>HID`,
	} {
		got, err := String(in, p)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(got, "HID") || strings.Contains(got, "<img") {
			t.Errorf("String(%q) = %q: shows what setHTML() removes", in, got)
		}
	}
	// What follows a foreign element that did end is kept.
	for _, in := range []string{
		`<svg><desc>x</desc></svg><p>SHOWN</p>`,
		`<svg><foreignObject><p>x</p></foreignObject></svg>SHOWN`,
		`<svg><title>x</title></svg>SHOWN`,
		`<math><mi>x</mi></math>SHOWN`,
		`<svg><p>SHOWN`, // a breakout tag ends the svg
	} {
		got, err := String(in, p)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(got, "SHOWN") {
			t.Errorf("String(%q) = %q: drops what follows the foreign element", in, got)
		}
	}
}
