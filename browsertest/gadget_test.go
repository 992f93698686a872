//go:build browser

package browsertest

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
)

// gadgetLibsEnv names the directory that holds node_modules with the
// front-end libraries TestScriptGadgets loads, installed with:
//
//	npm install --prefix DIR knockout@3 angular@1 htmx.org@2 jquery@3 bootstrap@5
const gadgetLibsEnv = "HTMLCLEAN_GADGET_LIBS"

// gadgetLibs are the library files of the page, as npm installs them.
var gadgetLibs = []string{
	"jquery/dist/jquery.min.js",
	"knockout/build/output/knockout-latest.js",
	"angular/angular.min.js",
	"htmx.org/dist/htmx.min.js",
	"bootstrap/dist/js/bootstrap.bundle.min.js",
}

// gadgetPayloads are script-gadget payloads (Lekies et al., CCS 2017)
// that run code on a page that loads the library: each executes
// unsanitised (the control), and must not once sanitised.
var gadgetPayloads = []struct{ name, html string }{
	{"knockout-data-bind", `<div data-bind="text: alert('knockout')"></div>`},
	{"angularjs-data-ng-init", `<div data-ng-init="$on.constructor('alert(&quot;angularjs&quot;)')()"></div>`},
	{"angularjs-data-ng-click", `<button data-ng-click="$event.view.alert('ng-click')">x</button>`},
	{"htmx-data-hx-vals", `<div data-hx-post="/x" data-hx-trigger="load" data-hx-vals="js:{a: alert('htmx')}"></div>`},
	// Bootstrap writes a tooltip's title as HTML with data-bs-html, when
	// the harness clicks the element; the page's tooltips are
	// its own rich ones, so it turns Bootstrap's sanitiser off (which a
	// data attribute cannot do, see gadgetPage).
	{"bootstrap-data-bs-html", `<button data-bs-toggle="tooltip" data-bs-trigger="click" data-bs-html="true" data-bs-title="<img src onerror=alert('bootstrap')>">x</button>`},
	// data-bs-template is the tooltip's whole markup, written the same way.
	{"bootstrap-data-bs-template", `<button data-bs-toggle="tooltip" data-bs-trigger="click" data-bs-title="t" data-bs-template="<div class=tooltip><img src onerror=alert('bs-template')></div>">x</button>`},
}

// gadgetPage is a page that uses the libraries as comment pages do:
// AngularJS bootstrapped on the content's container (in its CSP mode, see
// below), Knockout bindings
// applied to the document, htmx and Bootstrap's data APIs active, and
// Bootstrap's tooltips started on every element that asks for one. Its
// scripts carry the harness's sourceURL, so only code the content makes
// them compile counts.
func gadgetPage(t *testing.T, dir, content string) string {
	var b strings.Builder
	// ng-csp: without it AngularJS probes for eval with new Function(''),
	// which the harness would count; its expressions still run.
	b.WriteString("<div ng-app ng-csp>\n" + content + "\n</div>\n")
	for i, lib := range gadgetLibs {
		src, err := os.ReadFile(filepath.Join(dir, "node_modules", lib))
		if err != nil {
			t.Fatal(err)
		}
		b.WriteString("<script>" + strings.ReplaceAll(string(src), "</script", `<\/script`))
		b.WriteString("\n//# sourceURL=" + harnessURLPrefix + "lib" + string(rune('0'+i)) + ".js\n</script>\n")
	}
	// Bootstrap's tooltips are opt-in: the page starts them as
	// Bootstrap's documentation shows, for its own markup, with
	// sanitize: false (Bootstrap refuses that option from data
	// attributes, so only the page can set it).
	b.WriteString("<script>ko.applyBindings({});\n" +
		"document.querySelectorAll('[data-bs-toggle=\"tooltip\"]').forEach(e => new bootstrap.Tooltip(e, {sanitize: false}));\n" +
		"//# sourceURL=" + harnessURLPrefix + "page.js\n</script>\n")
	return b.String()
}

// TestScriptGadgets: under a data-* policy (comment-settings), the
// sanitised gadget payloads run nothing in Chromium on a page that loads
// Knockout, AngularJS, htmx, jQuery and Bootstrap, while each payload as
// written does, and the page with only inert content does not.
func TestScriptGadgets(t *testing.T) {
	dir := os.Getenv(gadgetLibsEnv)
	if dir == "" {
		t.Skipf("%s is not set: install the libraries with npm (see gadgetLibsEnv) and name the directory", gadgetLibsEnv)
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", gadgetLibs[1])); err != nil {
		t.Skipf("%s: libraries not found: %v", gadgetLibsEnv, err)
	}
	p, err := policy.LoadFile(filepath.Join("..", "testdata", "policies", "comment-settings.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	h := ready(t)
	pages := []string{gadgetPage(t, dir, `<p data-note="1">inert</p>`)}
	for _, g := range gadgetPayloads {
		out, err := sanitize.String(g.html, p)
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, gadgetPage(t, dir, g.html), gadgetPage(t, dir, out))
	}
	results, err := h.run(context.Background(), pages)
	if err != nil {
		t.Fatal(err)
	}
	if r := results[0]; r.Executed() || r.Lost {
		t.Fatalf("the page with inert content executed (the libraries compile code of their own?):%s", r.Summary())
	}
	for i, g := range gadgetPayloads {
		control, clean := results[1+2*i], results[2+2*i]
		if !control.Executed() {
			t.Errorf("%s: the payload as written ran nothing, so the library did not load or the payload is wrong for its version", g.name)
		}
		if clean.Executed() || clean.Lost {
			t.Errorf("%s: the sanitised payload executed (lost: %v):%s", g.name, clean.Lost, clean.Summary())
		}
	}
}
