//go:build browser

package browsertest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/htmlclean/htmlclean/policy/sanitizerapi"
	"github.com/htmlclean/htmlclean/sanitize"
)

// generatedConfigs is how many SanitizerConfig dictionaries
// TestSetHTMLConfigs builds (at least 50, to cover the dictionary's
// members in many combinations), and
// configSeed the seed they come from: a failure names its config's
// index, and the same index gives the same dictionary on every run.
const (
	generatedConfigs = 56
	configSeed       = 20261123
)

const (
	nsHTML   = "http://www.w3.org/1999/xhtml"
	nsSVG    = "http://www.w3.org/2000/svg"
	nsMathML = "http://www.w3.org/1998/Math/MathML"
)

// configElements and configAttributes are what generated dictionaries
// choose from: the browser default's lists (read from the data the
// sanitizer-api preset is built from) and names it leaves out that the
// corpus uses, so that a dictionary may allow what the default does not.
var (
	extraElements = []string{"font", "center", "form", "button", "input", "select", "textarea",
		"iframe", "object", "embed", "style", "script", "noscript", "template", "xmp", "foo", "xml", "marquee", "frameset", "body"}
	extraAttributes = []string{"style", "id", "name", "class", "href", "src", "srcset", "action", "formaction",
		"target", "rel", "onclick", "onerror", "srcdoc", "shadowrootmode", "background", "data-x", "data-foo", "xmlns", "type", "value",
		// SVG's camel-case names, one written in lower case (which
		// matches no SVG attribute), and names in the XLink and XML
		// namespaces (attrEntry writes them as {name, namespace}).
		"viewBox", "pathLength", "refX", "viewbox", "xlink:href", "xlink:title", "xml:lang", "mathvariant",
		// SVG animation: what it animates, with what, and when.
		"attributeName", "attributeType", "values", "from", "to", "by", "begin", "dur"}
	// extraSVGElements are SVG elements the default leaves out: the
	// animation elements (animateColor and discard htmlclean never
	// keeps) and mpath.
	extraSVGElements = []string{"animate", "set", "animateTransform", "animateMotion", "mpath", "animateColor", "discard"}
)

// attrEntry is the dictionary entry for an attribute of the universe:
// "xlink:href" stands for href in the XLink namespace.
func attrEntry(a string) any {
	prefix, local, ok := strings.Cut(a, ":")
	switch {
	case ok && prefix == "xlink":
		return map[string]any{"name": local, "namespace": "http://www.w3.org/1999/xlink"}
	case ok && prefix == "xml":
		return map[string]any{"name": local, "namespace": "http://www.w3.org/XML/1998/namespace"}
	}
	return a
}

// attrEntries maps attrEntry over l.
func attrEntries(l []string) []any {
	out := []any{}
	for _, a := range l {
		out = append(out, attrEntry(a))
	}
	return out
}

// sanitizerDefault is the browser default's dictionary, as recorded.
type sanitizerDefault struct {
	Elements []struct {
		Name      string  `json:"name"`
		Namespace *string `json:"namespace"`
	} `json:"elements"`
	Attributes []struct {
		Name      string  `json:"name"`
		Namespace *string `json:"namespace"`
	} `json:"attributes"`
}

// configUniverse returns the element names (as dictionary entries, with
// namespaces) and attribute names generated configs choose from.
func configUniverse(t testing.TB) (elements []any, attributes []string) {
	data, err := os.ReadFile(sanitizerDefaultPath)
	if err != nil {
		t.Fatal(err)
	}
	var d sanitizerDefault
	if err := json.Unmarshal(data, &d); err != nil {
		t.Fatalf("%s: %v", sanitizerDefaultPath, err)
	}
	seen := map[string]bool{}
	for _, e := range d.Elements {
		ns := nsHTML
		if e.Namespace != nil {
			ns = *e.Namespace
		}
		if seen[ns+" "+e.Name] {
			continue
		}
		seen[ns+" "+e.Name] = true
		if ns == nsHTML {
			elements = append(elements, e.Name)
		} else {
			elements = append(elements, map[string]any{"name": e.Name, "namespace": ns})
		}
	}
	for _, n := range extraElements {
		if !seen[nsHTML+" "+n] {
			seen[nsHTML+" "+n] = true
			elements = append(elements, n)
		}
	}
	for _, n := range extraSVGElements {
		if !seen[nsSVG+" "+n] {
			seen[nsSVG+" "+n] = true
			elements = append(elements, map[string]any{"name": n, "namespace": nsSVG})
		}
	}
	got := map[string]bool{}
	for _, a := range d.Attributes {
		if a.Namespace == nil && !got[a.Name] {
			got[a.Name] = true
			attributes = append(attributes, a.Name)
		}
	}
	for _, n := range extraAttributes {
		if !got[n] {
			got[n] = true
			attributes = append(attributes, n)
		}
	}
	return elements, attributes
}

// entryName is the local name of an element entry.
func entryName(e any) string {
	if m, ok := e.(map[string]any); ok {
		return m["name"].(string)
	}
	return e.(string)
}

// genConfig builds one valid dictionary from r: an allow list of
// elements or a remove list, an allow list of attributes or a remove
// list, per-element attribute lists, replaceWithChildrenElements,
// comments and dataAttributes each present or not. Validity follows the
// spec's rules, which sanitizerapi.Parse and the browser both check.
func genConfig(r *rand.Rand, elements []any, attributes []string) map[string]any {
	c := map[string]any{}
	pick := func(n int, frac float64) []int {
		var out []int
		for _, i := range r.Perm(n) {
			if r.Float64() < frac {
				out = append(out, i)
			}
		}
		slices.Sort(out)
		return out
	}
	isData := func(a string) bool { return strings.HasPrefix(a, "data-") }
	attrsMode := r.IntN(3) // 0: attributes list, 1: removeAttributes, 2: neither
	// data is whether a data-* name may not be listed: dataAttributes
	// is true, or absent beside an attributes list (Chromium's rule).
	var data bool
	global := map[string]bool{}
	removedGlobal := map[string]bool{}
	switch attrsMode {
	case 0:
		data = true
		if k := r.IntN(3); k < 2 {
			c["dataAttributes"] = k == 0
			data = k == 0
		}
		list := []string{}
		for _, i := range pick(len(attributes), 0.5) {
			if data && isData(attributes[i]) {
				continue
			}
			list = append(list, attributes[i])
			global[attributes[i]] = true
		}
		c["attributes"] = attrEntries(list)
	case 1:
		list := []string{}
		for _, i := range pick(len(attributes), 0.2) {
			list = append(list, attributes[i])
			removedGlobal[attributes[i]] = true
		}
		c["removeAttributes"] = attrEntries(list)
	}
	// perElement gives an element entry its own attribute list, valid
	// beside the global one.
	perElement := func(e any) any {
		if r.IntN(5) > 0 {
			return e
		}
		m := map[string]any{"name": entryName(e)}
		if em, ok := e.(map[string]any); ok {
			m["namespace"] = em["namespace"]
		} else if r.IntN(2) == 0 {
			m["namespace"] = nsHTML
		}
		var own, remove []string
		for _, i := range pick(len(attributes), 0.08) {
			a := attributes[i]
			switch {
			case attrsMode == 0 && global[a]:
				if r.IntN(2) == 0 {
					remove = append(remove, a)
				}
			case attrsMode == 0 && data && isData(a):
			case removedGlobal[a]:
			default:
				own = append(own, a)
			}
		}
		if attrsMode != 0 && len(own) > 0 && len(remove) > 0 {
			remove = nil
		}
		if attrsMode == 1 || attrsMode == 2 {
			// Without a global allow list an element removes only
			// what the config does not remove everywhere already.
			for _, i := range pick(len(attributes), 0.05) {
				if a := attributes[i]; len(own) == 0 && !removedGlobal[a] && !slices.Contains(remove, a) {
					remove = append(remove, a)
				}
			}
		}
		if len(own) > 0 {
			m["attributes"] = attrEntries(own)
		}
		if len(remove) > 0 {
			m["removeAttributes"] = attrEntries(remove)
		}
		return m
	}
	used := map[string]bool{}
	if r.IntN(5) < 3 {
		list := []any{}
		for _, i := range pick(len(elements), 0.55) {
			list = append(list, perElement(elements[i]))
			used[entryName(elements[i])] = true
		}
		c["elements"] = list
	} else {
		list := []any{}
		for _, i := range pick(len(elements), 0.15) {
			list = append(list, elements[i])
			used[entryName(elements[i])] = true
		}
		c["removeElements"] = list
	}
	var unwrap []any
	for _, i := range pick(len(elements), 0.1) {
		if n := entryName(elements[i]); !used[n] && n != "html" && n != "svg" && n != "math" {
			unwrap = append(unwrap, elements[i])
		}
	}
	if len(unwrap) > 0 || r.IntN(2) == 0 {
		c["replaceWithChildrenElements"] = append([]any{}, unwrap...)
	}
	if k := r.IntN(3); k < 2 {
		c["comments"] = k == 0
	}
	return c
}

// browserRefusals returns, for each dictionary (JSON), the error new
// Sanitizer(config) throws in Chromium, or "" when the browser accepts it.
func browserRefusals(t testing.TB, h *harness, configs [][]byte) []string {
	t.Helper()
	ctx, cancel := chromedp.NewContext(h.browser)
	defer cancel()
	list := "[" + string(bytes.Join(configs, []byte(","))) + "]"
	expr := "(" + list + ").map((c) => { try { new Sanitizer(c); return \"\"; } catch (e) { return String(e); } })"
	msgs, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](expr))
	if err != nil {
		t.Fatalf("browsertest: new Sanitizer in Chromium: %v", err)
	}
	if len(msgs) != len(configs) {
		t.Fatalf("browsertest: Chromium judged %d of %d dictionaries", len(msgs), len(configs))
	}
	return msgs
}

// mutation is a change to a valid dictionary that may make it invalid.
type mutation struct {
	name   string
	mutate func(c map[string]any)
}

// appendTo appends v to the list c[key], creating it.
func appendTo(c map[string]any, key string, v any) {
	l, _ := c[key].([]any)
	c[key] = append(l, v)
}

// firstEntry returns the first entry of the list c[key], or nil.
func firstEntry(c map[string]any, key string) any {
	if l, _ := c[key].([]any); len(l) > 0 {
		return l[0]
	}
	return nil
}

// mutations are the validity rules' edges: each breaks one rule, or comes
// close to it, so that htmlclean and the browser must agree on both sides
// of every rule.
var mutations = []mutation{
	{"replace html", func(c map[string]any) { appendTo(c, "replaceWithChildrenElements", "html") }},
	{"replace svg", func(c map[string]any) {
		appendTo(c, "replaceWithChildrenElements", map[string]any{"name": "svg", "namespace": nsSVG})
	}},
	{"replace svg g", func(c map[string]any) {
		appendTo(c, "replaceWithChildrenElements", map[string]any{"name": "g", "namespace": nsSVG})
	}},
	{"list data-x", func(c map[string]any) {
		if _, ok := c["attributes"]; ok {
			appendTo(c, "attributes", "data-x9")
		} else {
			appendTo(c, "removeAttributes", "data-x9")
		}
	}},
	{"element data-x", func(c map[string]any) {
		appendTo(c, "elements", map[string]any{"name": "x-elem", "attributes": []any{"data-x9"}})
	}},
	{"dataAttributes true", func(c map[string]any) { c["dataAttributes"] = true }},
	{"dataAttributes false", func(c map[string]any) { c["dataAttributes"] = false }},
	{"element twice", func(c map[string]any) {
		for _, k := range []string{"elements", "removeElements"} {
			if e := firstEntry(c, k); e != nil {
				appendTo(c, k, e)
				return
			}
		}
		appendTo(c, "removeElements", "p")
		appendTo(c, "removeElements", "p")
	}},
	{"kept and replaced", func(c map[string]any) {
		for _, k := range []string{"elements", "removeElements"} {
			if e := firstEntry(c, k); e != nil {
				if m, ok := e.(map[string]any); ok {
					e = map[string]any{"name": m["name"], "namespace": m["namespace"]}
				}
				appendTo(c, "replaceWithChildrenElements", e)
				return
			}
		}
	}},
	{"both element lists", func(c map[string]any) {
		if _, ok := c["elements"]; ok {
			appendTo(c, "removeElements", "x-other")
		} else {
			appendTo(c, "elements", "x-other")
		}
	}},
	{"both attribute lists", func(c map[string]any) {
		if _, ok := c["attributes"]; ok {
			appendTo(c, "removeAttributes", "x-other")
		} else {
			appendTo(c, "attributes", "x-other")
		}
	}},
	{"element allows and removes", func(c map[string]any) {
		appendTo(c, "elements", map[string]any{"name": "x-elem", "attributes": []any{"x-a"}, "removeAttributes": []any{"x-b"}})
	}},
	{"element removes unlisted", func(c map[string]any) {
		appendTo(c, "elements", map[string]any{"name": "x-elem", "removeAttributes": []any{"x-unlisted"}})
	}},
	{"attribute twice", func(c map[string]any) {
		for _, k := range []string{"attributes", "removeAttributes"} {
			if a := firstEntry(c, k); a != nil {
				appendTo(c, k, a)
				return
			}
		}
	}},
}

// deepCopy copies a dictionary through JSON.
func deepCopy(t testing.TB, c map[string]any) map[string]any {
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestSetHTMLConfigs is the differential against setHTML() under generated
// dictionaries: for each of generatedConfigs configs and every XSS corpus
// vector, htmlclean (sanitizerapi.Compile) keeps no element,
// attribute or resolved URL more often than setHTML(vector, {sanitizer:
// config}) in Chromium. Every distinct output of every config is then
// loaded in the detecting tabs: 0 may execute.
func TestSetHTMLConfigs(t *testing.T) {
	vectors := loadCorpus(t)
	elements, attributes := configUniverse(t)
	h := ready(t)
	r := rand.New(rand.NewPCG(configSeed, 0))

	var excesses, judged, rejected, equal, disagreements, refusedBoth int
	less := map[string]int{}
	index := map[string]int{}
	var distinct []string
	var from []string // a vector ID and config index per distinct output
	start := time.Now()
	for ci := range generatedConfigs {
		dict := genConfig(r, elements, attributes)
		cfg, err := json.Marshal(dict)
		if err != nil {
			t.Fatal(err)
		}
		p, err := fromSanitizerConfigAsBrowser(cfg)
		if err != nil {
			t.Fatalf("config %d: htmlclean refuses a valid dictionary: %v\n\t%s", ci, err, cfg)
		}
		// Validity: the browser accepts the dictionary, and htmlclean and
		// the browser agree on each mutation of it.
		checks := [][]byte{cfg}
		for _, m := range mutations {
			d := deepCopy(t, dict)
			m.mutate(d)
			b, err := json.Marshal(d)
			if err != nil {
				t.Fatal(err)
			}
			checks = append(checks, b)
		}
		refusals := browserRefusals(t, h, checks)
		if refusals[0] != "" {
			t.Errorf("config %d: htmlclean accepts a dictionary Chromium refuses (%s):\n\t%s", ci, refusals[0], cfg)
			continue
		}
		for i, m := range mutations {
			_, err := sanitizerapi.ParseWith(checks[i+1], asBrowser)
			if browserOK := refusals[i+1] == ""; browserOK != (err == nil) {
				disagreements++
				t.Errorf("config %d, mutation %q: htmlclean says %v, Chromium says %q\n\t%s", ci, m.name, err, refusals[i+1], trim(string(checks[i+1]), 600))
			} else if !browserOK {
				refusedBoth++
			}
		}
		var ids []string
		var pairs [][2]string
		for _, v := range vectors {
			out, err := sanitize.String(v.HTML, p)
			if err != nil {
				rejected++
				continue
			}
			ids = append(ids, v.ID)
			pairs = append(pairs, [2]string{v.HTML, out})
			if _, seen := index[out]; !seen {
				index[out] = len(distinct)
				distinct = append(distinct, out)
				from = append(from, fmt.Sprintf("%s under config %d", v.ID, ci))
			}
		}
		trees := setHTMLTrees(t, h, cfg, pairs)
		var bad int
		for i, id := range ids {
			judged++
			s, hc := trees[i][0].inventory(), trees[i][1].inventory()
			if more := keepsMore(s, hc); len(more) > 0 {
				excesses++
				if bad++; bad <= 3 {
					t.Errorf("config %d, vector %s: htmlclean keeps what setHTML removes: %s\n\tinput:     %q\n\thtmlclean: %q",
						ci, id, strings.Join(more, "; "), trim(pairs[i][0], 400), trim(pairs[i][1], 400))
				}
				continue
			}
			if sameDOM(trees[i][0], trees[i][1]) == "" {
				equal++
				continue
			}
			for cat, lk := range map[string][2]map[string]int{
				"element dropped":   {s.elements, hc.elements},
				"attribute dropped": {s.attrs, hc.attrs},
				"URL dropped":       {s.urls, hc.urls},
			} {
				if len(excess(lk[0], lk[1])) > 0 {
					less[cat]++
				}
			}
			if trees[i][0].Text != trees[i][1].Text {
				less["text differs"]++
			}
		}
		if bad > 0 {
			t.Errorf("config %d keeps more than setHTML on %d vectors:\n\t%s", ci, bad, trim(string(cfg), 300))
		}
	}
	t.Logf("%d generated configs × %d vectors: %d judged in %v, %d rejected by htmlclean; %d keep more than setHTML, %d give the same DOM",
		generatedConfigs, len(vectors), judged, time.Since(start).Round(time.Millisecond), rejected, excesses, equal)
	for _, cat := range slices.Sorted(maps.Keys(less)) {
		t.Logf("htmlclean keeps less (%s): %d", cat, less[cat])
	}
	t.Logf("validity: %d mutations of the configs; both refuse %d, they disagree on %d", generatedConfigs*len(mutations), refusedBoth, disagreements)
	if refusedBoth == 0 {
		t.Errorf("no mutation made a dictionary invalid; the validity check is not working")
	}
	if equal == 0 {
		t.Errorf("no vector gave the same DOM under any config; the comparison is not working")
	}

	t.Run("executions", func(t *testing.T) {
		start := time.Now()
		results, err := h.run(context.Background(), distinct)
		if err != nil {
			t.Fatal(err)
		}
		var executed int
		for i, res := range results {
			if res.Executed() {
				executed++
				t.Errorf("%s executed in Chromium after sanitizing\n\tsanitized: %q%s", from[i], trim(distinct[i], 2000), res.Summary())
			}
		}
		t.Logf("generated configs: %d distinct outputs loaded in %v (%v per output), %d executed",
			len(distinct), time.Since(start).Round(time.Millisecond), perItem(time.Since(start), len(distinct)), executed)
	})
}
