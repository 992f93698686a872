package sanitize

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/testing/safety"
	"github.com/htmlclean/htmlclean/policy"
)

// containersPolicy allows the elements whose start and end tags a
// browser lets reach beyond their parent: lists, description lists,
// tables, ruby, forms and details.
const containersPolicy = `extends: ugc
add:
  elements: [ruby, rt, rp, rb, rtc, form, input, button, label, details, summary,
             dl, dt, dd, ul, ol, li, table, caption, colgroup, col, thead, tbody, tfoot,
             tr, td, th, option, optgroup, menu, section, nav]
  attributes:
    - {name: action, on: [form]}
`

// containFragments are benign fragments with the structures a page's
// container must hold: lists and their items, tables, ruby, forms and
// details, whole and orphaned, and end tags with nothing open.
var containFragments = []string{
	`<li>Admin: your account is suspended</li>`,
	`<li>a<li>b`, `x<li>y</li>z`, `<div><li>in a div</li></div>`, `<p><li>in a p`,
	`<ul><li>a</li><li>b<ul><li>c</li></ul></li></ul>`, `<ol><li>1<li>2</ol>`,
	`<ul><li><div><li>nested in a div</li></div></li></ul>`,
	`<dd>an orphan definition</dd>`, `<dt>term<dd>def`, `<div><dt>t</dt><dd>d</dd></div>`,
	`<dl><dt>t<dd>d<dt>u<dd>e</dl>`, `<dl><div><dt>t</dt><dd>d</dd></div></dl>`,
	`<rt>orphan annotation</rt>`, `<rp>(</rp>`, `<rb>base</rb>`, `<rtc>x</rtc>`,
	`<ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp></ruby>`, `<ruby><rb>a<rtc><rt>b</rtc></ruby>`,
	`<b><rt>inside b</rt></b>`, `<span><rp>(</rp></span>`,
	`<option>o<optgroup>g`, `<b><option>x</option></b>`,
	`<td>orphan cell</td>`, `<tr><td>row</td></tr>`, `<th>h</th><caption>c</caption><col>`,
	`<table><tr><td>a<td>b<tr><td>c</table>`, `<table><caption>c</caption><tbody><tr><th>h</th></tr></tbody></table>`,
	`<form action="/f"><input name="q"><button>go</button></form>`, `<form action="/f"><form action="/g">x</form></form>`,
	`<details><summary>more</summary>body</details>`, `<summary>orphan</summary>`,
	`</p>x`, `x</li>y`, `</dd>`, `</dt>`, `</body>x`, `</html>x`, `</br>`, `</form>x`,
	`</ul>x`, `</ol>`, `</dl>`, `</td>`, `</tr>`, `</table>x`, `</ruby>`, `</rt>`, `</details>`,
	`</div>`, `</span>`, `</a>`, `</button>`, `</h1>`, `</pre>`, `</blockquote>`,
	`<h2>heading</h2>`, `<p>para</p><p>para`, `<b>bold`, `<a href="/x">link</a>`,
	`<section><li>in a section</li></section>`, `<nav><dd>in a nav</dd></nav>`,
}

// TestContainment places every output, under every preset, the test
// policies and a policy allowing lists, tables, ruby, forms and details,
// in each of the page containers of safety.Hosts, and checks the page
// around it is unchanged (safety.LeaksIn): the XSS corpus, the bench
// comments and containFragments.
func TestContainment(t *testing.T) {
	inputs := containFragments
	for _, v := range loadVectors(t) {
		inputs = append(inputs, v.Input)
	}
	if longTests() {
		_, docs := benchDocs(t, filepath.Join("..", "testdata", "corpus", "bench", "comments"))
		for _, d := range docs {
			inputs = append(inputs, string(d))
		}
	}
	ps := testPolicies(t)
	ps["structural"] = mustPolicy(t, structuralPolicy)
	ps["containers"] = mustPolicy(t, containersPolicy)
	hosts := safety.Hosts()
	if len(hosts) < 15 {
		t.Fatalf("only %d hosts", len(hosts))
	}
	for name, p := range ps {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			seen, placed := map[string]bool{}, 0
			for _, in := range inputs {
				out, err := String(in, p)
				var le *LimitError
				if errors.As(err, &le) {
					continue // nothing is written
				}
				if err != nil {
					t.Fatalf("String(%q): %v", in, err)
				}
				if seen[out] {
					continue
				}
				seen[out] = true
				for _, h := range hosts {
					if safety.Fits(out, h.Model) {
						placed++
					}
					for _, leak := range safety.LeaksIn(out, h) {
						t.Errorf("%s\ninput:  %q\noutput: %q", leak, in, out)
					}
				}
			}
			t.Logf("%d inputs, %d distinct outputs, %d placements", len(inputs), len(seen), placed)
		})
		for _, h := range hosts {
			if h.Model == safety.Flow || !longTests() && h.Name != "p" && h.Name != "a" {
				continue
			}
			if p.Config().Document == "wrap" && !safety.Fits("<div></div>", h.Model) {
				continue // refused: a whole document needs a flow container (TestWrapNeedsFlowContainer)
			}
			t.Run(name+"/container-"+h.Element, func(t *testing.T) {
				t.Parallel()
				containedIn(t, withContainer(t, p, h.Element), h, inputs)
			})
		}
	}
}

// withContainer returns p with its container set to the element el.
func withContainer(tb testing.TB, p *policy.Policy, el string) *policy.Policy {
	tb.Helper()
	c := p.Config()
	c.Container = el
	pc, err := policy.Compile(c)
	if err != nil {
		tb.Fatal(err)
	}
	return pc
}

// containedIn checks that, under a policy whose container is h's element,
// every output fits h's content model and leaves the page around it
// unchanged.
func containedIn(t *testing.T, p *policy.Policy, h safety.Host, inputs []string) {
	t.Helper()
	seen := map[string]bool{}
	for _, in := range inputs {
		out, err := String(in, p)
		var le *LimitError
		if errors.As(err, &le) {
			continue
		}
		if err != nil {
			t.Fatalf("String(%q): %v", in, err)
		}
		if seen[out] {
			continue
		}
		seen[out] = true
		if !safety.Fits(out, h.Model) {
			t.Errorf("container %s: the output holds an element %s does not admit\ninput:  %q\noutput: %q", h.Element, h.Element, in, out)
			continue
		}
		for _, leak := range safety.LeaksIn(out, h) {
			t.Errorf("%s\ninput:  %q\noutput: %q", leak, in, out)
		}
	}
}

// TestOrphans pins what each element that needs a parent becomes without
// one, and with one, under the containers policy.
func TestOrphans(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"li", `<li>Admin: your account is suspended</li>`, `Admin: your account is suspended`},
		{"li-in-div", `<div><li>x</li></div>`, `<div>x</div>`},
		{"li-in-ul", `<ul><li>x</li></ul>`, `<ul><li>x</li></ul>`},
		{"li-in-section", `<section><li>x</li></section>`, `<section><li>x</li></section>`},
		{"li-in-item", `<ul><li><div><li>x</li></div></li></ul>`, `<ul><li><div></div></li><li>x</li></ul>`},
		{"li-after-orphan", `<li/><details>x<li>y`, `<details>x<li>y</li></details>`},
		{"dd", `<dd>d</dd>`, `d`},
		{"dt-in-dl", `<dl><dt>t<dd>d</dl>`, `<dl><dt>t</dt><dd>d</dd></dl>`},
		// A browser's search for an open item passes a div: in a dl, the
		// dl stops it; alone, nothing of the output does.
		{"dt-in-div-in-dl", `<dl><div><dt>t</dt><dd>d</dd></div></dl>`, `<dl><div><dt>t</dt><dd>d</dd></div></dl>`},
		{"dt-in-divs-in-dl", `<dl><div><div><dt>t<dd>d</div></div></dl>`, `<dl><div><div><dt>t</dt><dd>d</dd></div></div></dl>`},
		{"dt-in-div", `<div><dt>t</dt><dd>d</dd></div>`, `<div>td</div>`},
		{"li-in-div-in-ul", `<ul><div><li>x</li></div></ul>`, `<ul><div><li>x</li></div></ul>`},
		{"li-in-p-in-ol", `<ol><p><li>x</ol>`, `<ol><p></p><li>x</li></ol>`},
		{"li-in-blockquote", `<blockquote><li>x</li></blockquote>`, `<blockquote><li>x</li></blockquote>`},
		{"rt", `<rt>kan</rt>`, `kan`},
		{"rp-rb-rtc", `<rp>(</rp><rb>b</rb><rtc>c</rtc>`, `(bc`},
		{"rt-in-b", `<b><rt>kan</rt></b>`, `<b><rt>kan</rt></b>`},
		{"ruby", `<ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp></ruby>`, `<ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp></ruby>`},
		{"option", `<option>o</option>`, `o`},
		{"td", `<td>c</td>`, `c`},
		// "</p>" alone is an empty paragraph to a browser; the others close
		// nothing.
		{"end-tags", `</p></li></dd></body></html></form></ul>x`, `<p></p>x`},
		{"end-br", `</br>`, `<br>`},
	}
	p := mustPolicy(t, containersPolicy)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := String(tc.in, p)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("String(%q) = %q, want %q", tc.in, got, tc.want)
			}
			for _, h := range safety.Hosts() {
				for _, leak := range safety.LeaksIn(got, h) {
					t.Errorf("%s", leak)
				}
			}
		})
	}
}

// TestContainmentSensitivity shows the containment check can fail: the
// unsanitised containFragments leave their host in many placements.
func TestContainmentSensitivity(t *testing.T) {
	leaks := 0
	for _, in := range containFragments {
		for _, h := range safety.Hosts() {
			if len(safety.LeaksIn(in, h)) > 0 {
				leaks++
			}
		}
	}
	if leaks < 50 {
		t.Errorf("the unsanitised fragments leave their host in only %d placements; want at least 50", leaks)
	}
	t.Logf("the unsanitised fragments leave their host in %d of %d placements", leaks, len(containFragments)*len(safety.Hosts()))
}

// TestWrapNeedsFlowContainer: a policy that writes a whole document in a
// div wrapper (document: wrap) refuses a container that cannot hold one,
// and takes one that can.
func TestWrapNeedsFlowContainer(t *testing.T) {
	for _, h := range safety.Hosts() {
		c := policy.Mail().Config()
		c.Container = h.Element
		_, err := policy.Compile(c)
		holds := safety.Fits("<div></div>", h.Model)
		if holds && err != nil {
			t.Errorf("document: wrap in container %s: %v", h.Element, err)
		}
		if !holds && (err == nil || !strings.Contains(err.Error(), "cannot hold a whole document")) {
			t.Errorf("document: wrap in container %s: err = %v, want a refusal", h.Element, err)
		}
	}
}
