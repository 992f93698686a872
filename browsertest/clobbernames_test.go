//go:build browser

package browsertest

import (
	"context"
	"flag"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"

	"github.com/htmlclean/htmlclean/internal/rules"
)

// clobberNamesPath is the list of property names an id or name must not
// take (internal/rules, clobber.go), as data in the root module.
const clobberNamesPath = "../internal/rules/clobber-names.txt"

// clobberRegenerate rewrites clobberNamesPath from the live browser.
const clobberRegenerate = "cd browsertest && go test -tags browser -run TestClobberNamesCurrent -update-clobber-names ."

var updateClobberNames = flag.Bool("update-clobber-names", false,
	"rewrite "+clobberNamesPath+" with the property names "+chromiumPath+" gives the clobbering targets")

// clobberNamesSource returns, sorted, the name of every property, own or
// inherited, enumerable or not (methods, accessors, legacy ones such as
// document.all and window.event), of the objects an element's id or
// name can add a named property to, in a page of the harness's site (a
// secure context, so the secure-context-only names are there):
//   - window (HTML §7.2.2.3, named access on the Window object: every id,
//     and the name of embed, form, img and object; an iframe's browsing
//     context name), with the WindowProperties object and every
//     constructor and global;
//   - document (§3.1.6, the Document's named properties: the name of
//     embed, form, iframe, img and object, the id of object, and of img
//     with a name), [LegacyOverrideBuiltIns], so it shadows document.cookie;
//   - a form (§4.10.3, HTMLFormElement's named getter: the id and name of
//     its listed elements and images), [LegacyOverrideBuiltIns] too;
//   - the collections a repeated name gives instead of one element
//     (HTMLCollection, RadioNodeList, NodeList), and the named getters of
//     document.all, form.elements and select.options.
const clobberNamesSource = `() => {
	const names = new Set();
	const walk = (o) => { for (let p = o; p; p = Object.getPrototypeOf(p)) for (const n of Object.getOwnPropertyNames(p)) names.add(n); };
	// window and document first, while the page has no named element;
	// the others from their prototypes, past the probe's own names.
	walk(window); walk(document);
	const form = document.createElement("form");
	form.innerHTML = '<input name="r"><input name="r"><select><option>o</option></select>';
	document.body.appendChild(form);
	const proto = (o) => walk(Object.getPrototypeOf(o));
	proto(form); proto(document.forms); proto(document.all); proto(form.elements); proto(form.elements.namedItem("r"));
	proto(document.getElementsByName("r")); proto(document.childNodes); proto(form.querySelector("select").options);
	form.remove();
	return [...names].sort();
}`

// liveClobberNames returns the browser's product version and the names
// clobberNamesSource gives.
func liveClobberNames(t *testing.T, h *harness) (string, []string) {
	t.Helper()
	ctx, cancel := chromedp.NewContext(h.browser)
	defer cancel()
	ctx, cancelT := context.WithTimeout(ctx, time.Minute)
	defer cancelT()
	rec := h.newRecord("", "")
	defer h.forget([]*record{rec})
	if err := chromedp.Do(ctx, chromedp.Navigate(h.site.URL+pagePrefix+strconv.FormatInt(rec.id, 10))); err != nil {
		t.Fatalf("browsertest: %v", err)
	}
	v, err := chromedp.CallBrowser(ctx, browser.GetVersion, cdp.Empty{})
	if err != nil {
		t.Fatalf("browsertest: %v", err)
	}
	names, err := chromedp.Run(ctx, chromedp.Evaluate[[]string]("("+clobberNamesSource+")()"))
	if err != nil {
		t.Fatalf("browsertest: enumerating names: %v", err)
	}
	return v.Product, names
}

// TestClobberNamesCurrent checks that the stored list of names an id or
// name must not take holds every name current Chromium gives the
// clobbering targets (clobberNamesSource), and that the rule refuses
// each: a Chromium that adds a property fails here, naming it, until the
// list is regenerated with clobberRegenerate. Names the list holds that
// this Chromium lacks (older or other browsers' names) are logged.
func TestClobberNamesCurrent(t *testing.T) {
	h := ready(t)
	version, live := liveClobberNames(t, h)
	if len(live) < 1000 {
		t.Fatalf("%s gives %d names; the enumeration broke", version, len(live))
	}
	if *updateClobberNames {
		var b strings.Builder
		b.WriteString("# Property names of window, document, HTMLFormElement and the collections a\n")
		b.WriteString("# named element can appear in, own and inherited, from " + version + ".\n")
		b.WriteString("# An id or name equal to one of them (ignoring ASCII case) is not kept under\n")
		b.WriteString("# ids.keep: unclobbered. Regenerate: " + clobberRegenerate + "\n")
		for _, n := range live {
			b.WriteString(n + "\n")
		}
		if err := os.WriteFile(clobberNamesPath, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %d names from %s to %s; rebuild for the embedded copy", len(live), version, clobberNamesPath)
		return
	}
	stored := rules.ClobberNames()
	var missing []string
	for _, n := range live {
		if _, ok := slices.BinarySearch(stored, n); !ok {
			missing = append(missing, n)
		}
		if !rules.Clobbers(n) {
			t.Errorf("rules.Clobbers(%q) = false for a property name of %s", n, version)
		}
	}
	if len(missing) > 0 {
		t.Errorf("%s has %d property names %s lacks: %s\nregenerate with: %s", version, len(missing), clobberNamesPath, strings.Join(missing, " "), clobberRegenerate)
	}
	extra := 0
	for _, n := range stored {
		if _, ok := slices.BinarySearch(live, n); !ok {
			extra++
		}
	}
	t.Logf("%s: %d names; the stored list has %d (%d this browser lacks)", version, len(live), len(stored), extra)
}
