//go:build browser

package browsertest

import (
	"context"
	"html"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/chromedp/chromedp"

	"github.com/htmlclean/htmlclean/internal/rules"
	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
)

// clobberPolicy keeps every element that gives window, document or a form
// a named property and that htmlclean keeps (object and embed it never
// keeps; an iframe only under embeds; select and textarea never), with
// ids.keep: unclobbered.
const clobberPolicy = `elements: [div, a, img, form, input, button, fieldset, output, map]
attributes:
  - {name: src, on: [img]}
urls:
  schemes: [https]
ids:
  keep: unclobbered
`

// clobberMarkup puts v in every place named access reads: any id
// (window), the name of img and form and the id of an img with a name
// (document), the id and name of a form's controls and images (the form).
func clobberMarkup(v string) string {
	return strings.ReplaceAll(`<div id="V"></div><a id="V" name="V">l</a><img name="V" src="https://img.test/a.png">`+
		`<img id="V" name="V" src="https://img.test/b.png"><form name="V"></form><form id="V"></form>`+
		`<form><input name="V"><input id="V"><button name="V"></button>`+
		`<fieldset name="V"></fieldset><output name="V"></output><img name="V" src="https://img.test/c.png"></form><map name="V"></map>`,
		"V", html.EscapeString(v))
}

// clobberSource takes cases [value, markup] and returns for each the
// targets whose built-in property of that name the markup replaced
// ("window", "document", "form"), space-separated, and how many elements
// of the markup carry the value as id or name. The built-in is read from
// the property's descriptor, found before the markup is in the page: on
// window past the WindowProperties object (where named properties live),
// on document its own and inherited ones, on a form HTMLFormElement's
// prototype chain; called on the object (a getter) after the markup is
// in, it must give what the object's property gives.
const clobberSource = `(cases) => {
	const host = document.createElement("div");
	document.body.appendChild(host);
	const named = Object.getPrototypeOf(Window.prototype);
	const find = (o, v) => {
		for (let p = o; p; p = Object.getPrototypeOf(p)) {
			if (p === named) continue;
			const d = Object.getOwnPropertyDescriptor(p, v);
			if (d) return d;
		}
		return null;
	};
	const threw = {};
	const builtin = (o, d) => { try { return d.get ? d.get.call(o) : d.value; } catch (e) { return threw; } };
	const read = (o, v) => { try { return o[v]; } catch (e) { return threw; } };
	return cases.map(([v, markup]) => {
		host.innerHTML = "";
		const before = [["window", window, find(window, v)], ["document", document, find(document, v)]];
		const formD = find(HTMLFormElement.prototype, v);
		host.innerHTML = markup;
		const out = [];
		for (const [name, o, d] of before) if (d && read(o, v) !== builtin(o, d)) out.push(name);
		if (formD) for (const f of host.querySelectorAll("form")) if (read(f, v) !== builtin(f, formD)) { out.push("form"); break; }
		let carried = 0;
		for (const el of host.querySelectorAll("[id], [name]")) if (el.id === v || el.getAttribute("name") === v) carried++;
		host.innerHTML = "";
		return [out.join(" "), carried];
	});
}`

// clobberValues returns values made from the stored names (the name, in
// other cases, with something before or after) and ordinary ids, split
// by the Go rule into those it keeps and those it refuses; caseOnly are
// the refused ones that differ from a stored name only in case.
func clobberValues() (kept, refused, caseOnly []string) {
	seen := map[string]bool{}
	add := func(v string) {
		if seen[v] {
			return
		}
		seen[v] = true
		if rules.Clobbers(v) {
			refused = append(refused, v)
		} else {
			kept = append(kept, v)
		}
	}
	names := rules.ClobberNames()
	stored, lower := map[string]bool{}, map[string]bool{}
	for _, n := range names {
		stored[n], lower[strings.ToLower(n)] = true, true
	}
	for _, n := range names {
		r := []rune(n)
		r[0] = unicode.ToUpper(r[0])
		if r[0] == []rune(n)[0] {
			r[0] = unicode.ToLower(r[0])
		}
		for _, v := range []string{n, string(r), strings.ToUpper(n), n + "1", "x-" + n} {
			add(v)
		}
	}
	for _, v := range []string{"fn1", "fnref:2", "intro", "section-1.2", "überblick", "a", "top", "main", "content", "footnotes", "user-content-x", "0", "12", "", " ", "a b"} {
		add(v)
	}
	for _, v := range refused {
		if !stored[v] && lower[strings.ToLower(v)] {
			caseOnly = append(caseOnly, v)
		}
	}
	return kept, refused, caseOnly
}

// clobbers runs clobberSource over values, each in markup made by mk, and
// returns per value the targets clobbered and the elements carrying it.
func clobbers(t *testing.T, h *harness, values []string, mk func(string) string) ([]string, []int) {
	t.Helper()
	ctx, cancel := chromedp.NewContext(h.browser)
	defer cancel()
	ctx, cancelT := context.WithTimeout(ctx, 5*time.Minute)
	defer cancelT()
	rec := h.newRecord("", "")
	defer h.forget([]*record{rec})
	if err := chromedp.Do(ctx, chromedp.Navigate(h.site.URL+pagePrefix+strconv.FormatInt(rec.id, 10))); err != nil {
		t.Fatalf("browsertest: %v", err)
	}
	cases := make([][2]string, len(values))
	for i, v := range values {
		cases[i] = [2]string{v, mk(v)}
	}
	res, err := evalBatches[[2]string, [2]any](ctx, clobberSource, nil, cases, 500)
	if err != nil {
		t.Fatalf("browsertest: %v", err)
	}
	hit, carried := make([]string, len(res)), make([]int, len(res))
	for i, r := range res {
		hit[i], _ = r[0].(string)
		f, _ := r[1].(float64)
		carried[i] = int(f)
	}
	return hit, carried
}

// clobberExpected are refused values whose unsanitised markup must
// replace a built-in of the target named: the controls of the check.
// window has none: its named properties are visible only where no
// object of its prototype chain has the name (Web IDL, "named property
// visibility algorithm"), as Chromium does, so there an id only adds a
// name no built-in has (which the list still refuses, for scripts that
// test a global by its absence).
var clobberExpected = map[string]string{
	"cookie": "document", "domain": "document", "getElementById": "document", "body": "document",
	"addEventListener": "document", "toString": "document",
	"action": "form", "submit": "form", "elements": "form", "method": "form", "hasOwnProperty": "form",
}

// TestClobberKeptValues checks ids.keep: unclobbered in Chromium: for
// values made from every stored name, each the Go rule keeps, put by
// htmlclean's output in every place named access reads, replaces no
// built-in property of window, document or a form (0 clobbers), and is
// in the output (so the check is not vacuous). The same markup unsanitised
// with the refused values clobbers (the check can fail); refused values
// are gone from the output; and a stored name in another case clobbers
// nothing unsanitised (named access is case-sensitive: refusing those is
// htmlclean's margin, not a need).
func TestClobberKeptValues(t *testing.T) {
	c, err := policy.ParseConfig(strings.NewReader(clobberPolicy), "clobber.yaml")
	if err != nil {
		t.Fatal(err)
	}
	p, err := policy.Compile(c)
	if err != nil {
		t.Fatal(err)
	}
	sanitized := func(v string) string {
		out, err := sanitize.String(clobberMarkup(v), p)
		if err != nil {
			t.Fatalf("sanitize.String: %v", err)
		}
		return out
	}
	h := ready(t)
	kept, refused, caseOnly := clobberValues()

	hit, carried := clobbers(t, h, kept, sanitized)
	bad := 0
	for i, v := range kept {
		if hit[i] != "" {
			bad++
			t.Errorf("kept value %q replaces a built-in of %s", v, hit[i])
		}
		if carried[i] == 0 {
			t.Errorf("kept value %q is not in htmlclean's output %q", v, sanitized(v))
		}
	}
	t.Logf("kept values: %d, clobbering: %d", len(kept), bad)

	_, carriedRefused := clobbers(t, h, refused, sanitized)
	for i, v := range refused {
		if carriedRefused[i] != 0 {
			t.Errorf("refused value %q is in htmlclean's output %d times", v, carriedRefused[i])
		}
	}
	raw, _ := clobbers(t, h, refused, clobberMarkup)
	rawHits := 0
	for i, x := range raw {
		if x != "" {
			rawHits++
		}
		// Named access on each target, for a name of each kind.
		if want := clobberExpected[refused[i]]; want != "" && !strings.Contains(x, want) {
			t.Errorf("unsanitised, %q replaces the built-in of %q, want %s among them: the check is broken", refused[i], x, want)
		}
	}
	t.Logf("refused values: %d; unsanitised, %d of them clobber", len(refused), rawHits)

	rawCase, _ := clobbers(t, h, caseOnly, clobberMarkup)
	caseHits := 0
	for i, x := range rawCase {
		if x != "" {
			caseHits++
			t.Logf("stored name in another case %q clobbers %s unsanitised", caseOnly[i], x)
		}
	}
	t.Logf("stored names in another case: %d; unsanitised, %d clobber", len(caseOnly), caseHits)
}
