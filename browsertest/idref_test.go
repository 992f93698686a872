//go:build browser

package browsertest

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
)

// idRefPolicyFile allows every attribute that names ids, on the elements
// that take it, with ids under a prefix; sanitize's id-reference tests
// read it too.
var idRefPolicyFile = filepath.Join("..", "sanitize", "testdata", "idref", "policy.yaml")

// idRefBrowserCase is one referencing attribute: ref is the element that
// carries it (title="ref", %s for the ids), target an element with id
// "t" it can name, host the id of the host page's element it could name.
type idRefBrowserCase struct{ attr, ref, target, host string }

var idRefBrowserCases = []idRefBrowserCase{
	{"form", `<button title="ref" form="%s" formaction="https://a.example/">b</button>`, `<form id="t"></form>`, "hostform"},
	{"for", `<label title="ref" for="%s">l</label>`, `<input id="t">`, "hostinput"},
	{"for", `<output title="ref" for="%s">o</output>`, `<input id="t">`, "hostinput"},
	{"list", `<input title="ref" list="%s">`, `<datalist id="t"><option>a</option></datalist>`, "hostlist"},
	{"headers", `<table><tr><td title="ref" headers="%s">c</td></tr></table>`, `<span id="t">x</span>`, "hostcell"},
	{"popovertarget", `<button title="ref" popovertarget="%s">p</button>`, `<div popover id="t">x</div>`, "hostpop"},
	{"commandfor", `<button title="ref" command="show-popover" commandfor="%s">p</button>`, `<div popover id="t">x</div>`, "hostpop"},
	{"interestfor", `<button title="ref" interestfor="%s">p</button>`, `<div popover id="t">x</div>`, "hostpop"},
	{"itemref", `<div title="ref" itemscope itemref="%s">x</div>`, `<div id="t">x</div>`, "hostpop"},
	{"aria-actions", `<div title="ref" aria-actions="%s">x</div>`, `<button id="t">x</button>`, "hostinput"},
	{"aria-activedescendant", `<div title="ref" aria-activedescendant="%s">x</div>`, `<div id="t">x</div>`, "hostpop"},
	{"aria-controls", `<div title="ref" aria-controls="%s">x</div>`, `<div id="t">x</div>`, "hostpop"},
	{"aria-describedby", `<div title="ref" aria-describedby="%s">x</div>`, `<div id="t">x</div>`, "hostpop"},
	{"aria-details", `<div title="ref" aria-details="%s">x</div>`, `<div id="t">x</div>`, "hostpop"},
	{"aria-errormessage", `<div title="ref" aria-errormessage="%s">x</div>`, `<div id="t">x</div>`, "hostpop"},
	{"aria-flowto", `<div title="ref" aria-flowto="%s">x</div>`, `<div id="t">x</div>`, "hostpop"},
	{"aria-labelledby", `<div title="ref" aria-labelledby="%s">x</div>`, `<div id="t">x</div>`, "hostpop"},
	{"aria-owns", `<div title="ref" aria-owns="%s">x</div>`, `<div id="t">x</div>`, "hostpop"},
}

// idRefHostPage is a page with elements every referencing attribute can
// name, and the container data-page-a for the output.
func idRefHostPage(out string) string {
	return `<!DOCTYPE html><html><head><title>host</title></head><body>` +
		`<form id="hostform"></form><input id="hostinput"><datalist id="hostlist"><option>h</option></datalist>` +
		`<div id="hostpop" popover>p</div><table><tr><th id="hostcell">h</th></tr></table>` +
		`<div data-page-a>` + out + `</div></body></html>`
}

// idRefItem is one page to check: the attribute on the element
// title="ref" inside the container.
type idRefItem struct {
	Page string `json:"page"`
	Attr string `json:"attr"`
}

// idRefResult is what the attribute names in Chromium: how many
// elements inside the container and outside it, and whether the element
// carrying it was found.
type idRefResult struct {
	Found   bool `json:"found"`
	Inside  int  `json:"inside"`
	Outside int  `json:"outside"`
}

// idRefSource resolves each item's reference as Chromium does: by the
// element's own reflection where it has one (form, control, list,
// popoverTargetElement, commandForElement, interestForElement, the ARIA
// element reflection), else by getElementById of each token.
const idRefSource = `function(items) {
	const props = {
		"form": ["form"], "list": ["list"], "popovertarget": ["popoverTargetElement"],
		"commandfor": ["commandForElement"], "interestfor": ["interestForElement"],
		"aria-actions": ["ariaActionsElements"],
		"aria-activedescendant": ["ariaActiveDescendantElement"],
		"aria-controls": ["ariaControlsElements"], "aria-describedby": ["ariaDescribedByElements"],
		"aria-details": ["ariaDetailsElements"], "aria-errormessage": ["ariaErrorMessageElements"],
		"aria-flowto": ["ariaFlowToElements"], "aria-labelledby": ["ariaLabelledByElements"],
		"aria-owns": ["ariaOwnsElements"],
	};
	return items.map(it => {
		const doc = new DOMParser().parseFromString(it.page, "text/html");
		const box = doc.querySelector("[data-page-a]");
		const el = box && box.querySelector("[title=ref]");
		if (!el) return {found: false, inside: 0, outside: 0};
		let named = [];
		const p = (props[it.attr] || [])[0];
		if (it.attr === "for" && el.localName === "label") {
			named = [el.control];
		} else if (p && el[p] !== undefined) {
			const v = el[p];
			named = Array.isArray(v) ? v : [v];
		} else {
			const raw = el.getAttribute(it.attr) || "";
			named = raw.split(/[ \t\n\f\r]+/).filter(Boolean).map(id => doc.getElementById(id));
		}
		named = named.filter(Boolean);
		const inside = named.filter(n => box.contains(n)).length;
		return {found: true, inside: inside, outside: named.length - inside};
	});
}`

// TestIDRefsInChromium: under ids.prefix, for every attribute that names
// ids, a document whose references resolve keeps them working in
// Chromium (the element named is the document's, prefixed, inside the
// container), and one that names the host page's ids names nothing
// (button.form, label.control, input.list, the ARIA relations are null
// or empty). Controls: the same references unsanitised bind to the host.
func TestIDRefsInChromium(t *testing.T) {
	h := ready(t)
	p, err := policy.LoadFile(idRefPolicyFile)
	if err != nil {
		t.Fatal(err)
	}
	type check struct {
		name    string
		tc      idRefBrowserCase
		resolve bool // the reference names the document's own element
		control bool // unsanitised: must name the host's
	}
	var checks []check
	var items []idRefItem
	add := func(c check, doc string) {
		out := doc
		if !c.control {
			if out, err = sanitize.String(doc, p); err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
		}
		checks = append(checks, c)
		items = append(items, idRefItem{idRefHostPage(out), c.tc.attr})
	}
	for _, tc := range idRefBrowserCases {
		ref := func(id string) string { return strings.Replace(tc.ref, "%s", id, 1) }
		add(check{tc.attr + "/defined-before", tc, true, false}, tc.target+ref("t"))
		add(check{tc.attr + "/defined-after", tc, true, false}, ref("t")+tc.target)
		add(check{tc.attr + "/host-id", tc, false, false}, ref(tc.host))
		add(check{tc.attr + "/host-id-beside-own", tc, false, false}, tc.target+ref(tc.host))
		add(check{tc.attr + "/control", tc, false, true}, ref(tc.host))
	}
	ctx, cancel := chromedp.NewContext(h.browser)
	defer cancel()
	ctx, cancelT := context.WithTimeout(ctx, time.Minute)
	defer cancelT()
	got, err := evalBatches[idRefItem, idRefResult](ctx, idRefSource, nil, items, 100)
	if err != nil {
		t.Fatalf("browsertest: resolving in Chromium: %v", err)
	}
	for i, g := range got {
		c := checks[i]
		switch {
		case !g.Found:
			t.Errorf("%s: no element title=ref in the output %q", c.name, items[i].Page)
		case c.control && g.Outside == 0:
			t.Errorf("%s: unsanitised, the reference names no host element: the check cannot fail", c.name)
		case c.control:
		case g.Outside != 0:
			t.Errorf("%s: the reference names %d element(s) of the host page\npage: %s", c.name, g.Outside, items[i].Page)
		case c.resolve && g.Inside == 0:
			t.Errorf("%s: the reference names nothing; want the document's own element\npage: %s", c.name, items[i].Page)
		case !c.resolve && g.Inside != 0:
			t.Errorf("%s: the reference names %d element(s); want none", c.name, g.Inside)
		}
	}
	t.Logf("%d references resolved in Chromium, %d attributes", len(got), len(idRefBrowserCases))
}
