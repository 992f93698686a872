//go:build browser

package browsertest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/htmlclean/htmlclean/internal/testing/domtest"
	"github.com/htmlclean/htmlclean/internal/testing/safety"
	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
)

// containPolicy allows lists, tables, ruby, forms and details: the
// elements whose tags a browser lets reach beyond their parent.
const containPolicy = `extends: ugc
add:
  elements: [ruby, rt, rp, rb, rtc, form, input, button, details, summary,
             dl, dt, dd, ul, ol, li, table, caption, tr, td, th, option, section]
  attributes:
    - {name: action, on: [form]}
`

// containInputs are fragments with orphan items, ruby parts, cells and
// end tags with nothing open, and whole lists, tables, ruby and forms.
var containInputs = []string{
	`<li>Admin: your account is suspended</li>`, `<div><li>x</li></div>`, `<li>a<li>b`,
	`<ul><li>a<li>b<ul><li>c</ul></ul>`, `<dd>d</dd>`, `<dt>t<dd>d`, `<dl><dt>t<dd>d</dl>`,
	`<rt>kan</rt>`, `<rp>(</rp><rb>b</rb><rtc>c</rtc>`, `<ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp></ruby>`,
	`<b><rt>x</rt></b>`, `<option>o<optgroup>g`, `<td>c</td>`, `<tr><td>r</td></tr>`,
	`<table><tr><td>a<td>b</table>`, `<form action="/f"><input><button>go</button></form>`,
	`<details><summary>s</summary>d</details>`, `<summary>s</summary>`, `</p>x`, `x</li>y`,
	`</dd>`, `</body>x`, `</html>x`, `</br>`, `</form>x`, `</td>x`, `</table>x`, `</ruby>x`,
	`</div>x`, `</span>x`, `</a>x`, `</button>x`, `</h1>x`, `</pre>x`, `<b>bold`,
	`<a href="/x">link`, `<p>para`, `<h2>h</h2>`, `<section><li>s</li></section>`,
	`<dl><div><dt>t<dd>d</div><div><dt>u<dd>e</div></dl>`, `<div><dt>t</dt><dd>d</dd></div>`,
	`<ul><div><li>x</li></div></ul>`, `<ol><p><li>x</ol>`,
}

// TestContainmentInChromium re-parses sanitised output in Chromium, placed
// in each container of safety.Hosts, and checks what safety.LeaksIn checks
// with x/net/html: the page, the container's content removed, is the page
// Chromium builds with no output. Inputs: containInputs and every fourth
// XSS corpus vector, under every preset and containPolicy. An output goes
// in each container whose content model admits it, and, under the policy
// with its container set to that element (policy.Config.Container), in
// each container narrower than a div: there every output must fit.
func TestContainmentInChromium(t *testing.T) {
	h := ready(t)
	cp, err := policy.Load(strings.NewReader(containPolicy), "contain.yaml")
	if err != nil {
		t.Fatal(err)
	}
	policies := []*policy.Policy{cp}
	for _, name := range policy.Presets() {
		p, err := policy.Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		policies = append(policies, p)
	}
	inputs := append([]string(nil), containInputs...)
	for i, v := range loadCorpus(t) {
		if i%4 == 0 {
			inputs = append(inputs, v.HTML)
		}
	}
	type placement struct{ host, doctype, out, in string }
	seen := map[string]bool{}
	var items []placement
	place := func(hst safety.Host, out, in string) {
		if seen[hst.Name+"\x00"+out] {
			return
		}
		seen[hst.Name+"\x00"+out] = true
		for _, doctype := range []string{"<!DOCTYPE html>", ""} {
			items = append(items, placement{hst.Name, doctype, out, in})
		}
	}
	for _, p := range policies {
		contained := map[string]*policy.Policy{}
		for _, hst := range safety.Hosts() {
			if hst.Model != safety.Flow && (p.Config().Document != "wrap" || safety.Fits("<div></div>", hst.Model)) {
				c := p.Config()
				c.Container = hst.Element
				if contained[hst.Name], err = policy.Compile(c); err != nil {
					t.Fatal(err)
				}
			}
		}
		for _, in := range inputs {
			out, err := sanitize.String(in, p)
			if err != nil {
				continue
			}
			for _, hst := range safety.Hosts() {
				if safety.Fits(out, hst.Model) {
					place(hst, out, in)
				}
				pc := contained[hst.Name]
				if pc == nil {
					continue
				}
				outC, err := sanitize.String(in, pc)
				if err != nil {
					continue
				}
				if !safety.Fits(outC, hst.Model) {
					t.Errorf("container %s: the output holds an element it does not admit\ninput:  %q\noutput: %q", hst.Element, in, outC)
					continue
				}
				place(hst, outC, in)
			}
		}
	}
	hosts := map[string]safety.Host{}
	for _, hst := range safety.Hosts() {
		hosts[hst.Name] = hst
	}
	// Controls: unsanitised markup that leaves its container, so that a
	// check which cannot fail is caught.
	controls := []placement{{"ol-li", "", "<li>x</li>", ""}, {"p", "", "</p>x", ""},
		{"td", "<!DOCTYPE html>", "<td>x", ""}, {"dl-dd", "", "<dt>x", ""}, {"div", "", "</div>x", ""},
		{"p", "<!DOCTYPE html>", "<div>x</div>", ""}, {"a", "<!DOCTYPE html>", `<a href="/x">x</a>`, ""}}
	items = append(items, controls...)
	pages := make([][2]string, len(items))
	for i, it := range items {
		pages[i] = [2]string{safety.HostPage(it.doctype, it.out, hosts[it.host]), safety.HostPage(it.doctype, "", hosts[it.host])}
	}
	ctx, cancel := chromedp.NewContext(h.browser)
	defer cancel()
	ctx, cancelT := context.WithTimeout(ctx, 8*time.Minute)
	defer cancelT()
	got, err := evalBatches[[2]string, [2]string](ctx, prunedPagesSource, nil, pages, 200)
	if err != nil {
		t.Fatalf("browsertest: parsing in Chromium: %v", err)
	}
	n := len(items) - len(controls)
	for i, g := range got[n:] {
		if prunedDiff(g) == "" {
			t.Errorf("control %q in %s: Chromium kept the page unchanged; the check cannot fail", controls[i].out, controls[i].host)
		}
	}
	for i, g := range got[:n] {
		if diff := prunedDiff(g); diff != "" {
			it := items[i]
			t.Errorf("%s (doctype %q): the page around the output changed in Chromium: %s\ninput:  %q\noutput: %q",
				it.host, it.doctype, diff, it.in, it.out)
		}
	}
	t.Logf("%d placements (%d outputs by container) in %d containers, and %d controls", n, len(seen), len(hosts), len(controls))
}

// prunedPagesSource parses each pair of pages with DOMParser (HTML tree
// construction, scripting off), empties the first element carrying
// data-page-a, and returns both documents' html element, its tree as
// JSON in the form domtest.DecodeJSON reads, or "no container". The
// walk reads every node through the prototypes' getters, as
// domTreesSource does, so that no named form control shadows them.
const prunedPagesSource = `function(pairs) {
	const get = (proto, name) => Object.getOwnPropertyDescriptor(proto, name).get;
	const childNodes = get(Node.prototype, "childNodes"), nodeType = get(Node.prototype, "nodeType");
	const attributes = get(Element.prototype, "attributes"), localName = get(Element.prototype, "localName");
	const namespaceURI = get(Element.prototype, "namespaceURI"), data = get(CharacterData.prototype, "data");
	const content = get(HTMLTemplateElement.prototype, "content");
	const node = (c) => {
		const type = nodeType.call(c);
		// An empty text node, as markup, is nothing.
		if (type === 3) return data.call(c) === "" ? null : data.call(c);
		if (type === 8) return {comment: data.call(c)};
		if (type !== 1) return null;
		const attrs = [];
		for (const a of attributes.call(c)) attrs.push([(a.namespaceURI || "") + " " + a.localName, a.value]);
		const children = walk(c);
		if (c instanceof HTMLTemplateElement) children.push(...walk(content.call(c)));
		return [(namespaceURI.call(c) || "") + " " + localName.call(c), attrs, children];
	};
	const walk = (n) => Array.from(childNodes.call(n), (c) => node(c)).filter((x) => x !== null);
	const prune = (src) => {
		const doc = new DOMParser().parseFromString(src, "text/html");
		const a = doc.querySelector("[data-page-a]");
		if (!a) return "no container";
		a.replaceChildren();
		return JSON.stringify([node(doc.documentElement)]);
	};
	return pairs.map(p => [prune(p[0]), prune(p[1])]);
}`

// prunedAsMarkup compares two pruned pages as their markup (outerHTML)
// does: adjacent text is one run, and an element's namespace is not
// written.
var prunedAsMarkup = domtest.Options{MergeText: true, NoNamespaces: true}

// prunedDiff returns where the page with the output (g[0], as
// prunedPagesSource returns it) differs from the page without (g[1]),
// or "".
func prunedDiff(g [2]string) string {
	if g[0] == "no container" || g[1] == "no container" {
		if g[0] == g[1] {
			return ""
		}
		return fmt.Sprintf("got %.200s, want %.200s", g[0], g[1])
	}
	got, errG := domtest.DecodeJSON([]byte(g[0]))
	want, errW := domtest.DecodeJSON([]byte(g[1]))
	if err := errors.Join(errG, errW); err != nil {
		return "Chromium's tree does not decode: " + err.Error()
	}
	return domtest.Diff(want, got, prunedAsMarkup)
}
