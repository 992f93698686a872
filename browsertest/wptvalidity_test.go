//go:build browser

package browsertest

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
)

// validityCase is one new Sanitizer(config) call of WPT's
// sanitizer-config.html: the dictionary and whether WPT expects the
// constructor to accept it.
type validityCase struct {
	id     string
	config map[string]any
	valid  bool
}

// obj is a JSON object literal.
type obj = map[string]any

// wptDuplicates are sanitizer-config.html's DUPLICATE_NAMES pairs: two
// spellings of one name.
var wptDuplicates = [][2]any{
	{"", ""},
	{"abc", "abc"},
	{"data-xyz", "data-xyz"},
	{"abc", obj{"name": "abc"}},
	{obj{"name": "abc", "namespace": "xyz"}, obj{"name": "abc", "namespace": "xyz"}},
	{obj{"name": "abc", "namespace": ""}, obj{"name": "abc", "namespace": nil}},
}

// wptDupElements and wptDupAttributes add the pairs that are duplicates
// only for elements (default namespace HTML) or attributes (none).
var (
	wptDupElements = append(slices.Clone(wptDuplicates),
		[2]any{"abc", obj{"name": "abc", "namespace": nsHTML}},
		[2]any{obj{"name": "abc"}, obj{"name": "abc", "namespace": nsHTML}})
	wptDupAttributes = append(slices.Clone(wptDuplicates),
		[2]any{"abc", obj{"name": "abc", "namespace": nil}},
		[2]any{obj{"name": "abc"}, obj{"name": "abc", "namespace": nil}})
	wptDupTargets = [][2]any{{"", ""}, {"abc", "abc"}, {"data-xyz", "data-xyz"},
		{"abc", obj{"target": "abc"}}, {obj{"target": "abc"}, obj{"target": "abc"}}}
)

// wptValidityCases expands sanitizer-config.html's constructor calls.
func wptValidityCases() []validityCase {
	var out []validityCase
	add := func(id string, valid bool, c obj) {
		out = append(out, validityCase{fmt.Sprintf("%s#%d", id, len(out)), c, valid})
	}
	add("constructor-empty", true, obj{})
	add("constructor-unknown-values", true, obj{"testConfig": []any{1, 2, 3}, "attr": []any{"test", "i", "am"}})
	for _, c := range []obj{{"comments": true}, {"comments": false}, {"attributes": []any{}}, {"removeAttributes": []any{}},
		{"attributes": []any{}, "dataAttributes": true}, {"attributes": []any{}, "dataAttributes": false},
		{"javascriptURLs": true}, {"javascriptURLs": false}, {"javascriptURLs": nil}} {
		add("boolean-fields", true, c)
	}
	for _, key := range []string{"elements", "removeElements", "replaceWithChildrenElements"} {
		for _, v := range []any{"div", obj{"name": "b"}, obj{"name": "b", "namespace": nil}, obj{"name": "b", "namespace": ""},
			obj{"name": "p", "namespace": nsHTML}, obj{"name": "bla", "namespace": "http://fantasy.org/namespace"}} {
			add("normalization-"+key, true, obj{key: []any{v}})
		}
	}
	for _, key := range []string{"processingInstructions", "removeProcessingInstructions"} {
		for _, v := range []any{"target-1", obj{"target": "target-1"}} {
			add("normalization-"+key, true, obj{key: []any{v}})
		}
	}
	for _, key := range []string{"attributes", "removeAttributes"} {
		for _, v := range []any{"href", obj{"name": "href", "namespace": nil}, obj{"name": "href", "namespace": ""},
			obj{"name": "href", "namespace": "https://www.w3.org/1999/xlink"}} {
			add("normalization-"+key, true, obj{key: []any{v}})
		}
	}
	for _, key := range []string{"elements", "removeElements", "replaceWithChildrenElements", "attributes", "removeAttributes"} {
		add("modifiers-"+key, true, obj{key: []any{"div", "p"}})
	}
	for _, key := range []string{"processingInstructions", "removeProcessingInstructions"} {
		add("modifiers-"+key, true, obj{key: []any{"target-1", "target-2"}})
	}
	add("per-element-attributes", true, obj{"elements": []any{obj{"name": "div", "attributes": []any{"href", "src"}}}})
	add("per-element-removeAttributes", true, obj{"elements": []any{obj{"name": "div", "removeAttributes": []any{"href", "src"}}}})
	add("elements-and-removeElements", false, obj{"elements": []any{}, "removeElements": []any{}})
	add("attributes-and-removeAttributes", false, obj{"attributes": []any{}, "removeAttributes": []any{}})
	add("processingInstructions-both", false, obj{"processingInstructions": []any{}, "removeProcessingInstructions": []any{}})
	for _, key := range []string{"elements", "removeElements", "replaceWithChildrenElements"} {
		for _, d := range wptDupElements {
			add("duplicates-"+key, false, obj{key: []any{d[0], d[1]}})
		}
	}
	for _, key := range []string{"attributes", "removeAttributes"} {
		for _, d := range wptDupAttributes {
			add("duplicates-"+key, false, obj{key: []any{d[0], d[1]}})
		}
	}
	for _, key := range []string{"processingInstructions", "removeProcessingInstructions"} {
		for _, d := range wptDupTargets {
			add("duplicates-"+key, false, obj{key: []any{d[0], d[1]}})
		}
	}
	for _, e := range []any{"html", obj{"name": "svg", "namespace": nsSVG}, obj{"name": "math", "namespace": nsMathML}} {
		add("non-replaceable", false, obj{"replaceWithChildrenElements": []any{e}})
	}
	add("replace-template", true, obj{"replaceWithChildrenElements": []any{"template"}})
	add("replace-template", true, obj{"replaceWithChildrenElements": []any{obj{"name": "template", "namespace": nsHTML}}})
	return append(out, wptValidityPerElement(len(out))...)
}

// wptValidityPerElement expands the cases of sanitizer-config.html's
// steps 5 to 8 (lists that must not intersect, per-element lists),
// numbering from n.
func wptValidityPerElement(n int) []validityCase {
	var out []validityCase
	add := func(id string, c obj) {
		out = append(out, validityCase{fmt.Sprintf("%s#%d", id, n+len(out)), c, false})
	}
	div := func(key string, v []any) []any { return []any{obj{"name": "div", key: v}} }
	for _, d := range wptDupElements {
		add("elements-replace-intersect", obj{"elements": []any{d[0]}, "replaceWithChildrenElements": []any{d[1]}})
	}
	for _, d := range wptDupElements {
		add("removeElements-replace-intersect", obj{"removeElements": []any{d[0]}, "replaceWithChildrenElements": []any{d[1]}})
	}
	for _, global := range []string{"attributes", "removeAttributes"} {
		for _, key := range []string{"attributes", "removeAttributes"} {
			for _, d := range wptDupAttributes {
				add("duplicates-element-"+key+"-with-"+global, obj{global: []any{}, "elements": div(key, []any{d[0], d[1]})})
			}
		}
	}
	for _, d := range wptDupAttributes {
		add("attributes-element-attributes-intersect", obj{"attributes": []any{d[0]}, "elements": div("attributes", []any{d[1]})})
	}
	add("element-removeAttributes-not-subset", obj{"attributes": []any{"class"}, "elements": div("removeAttributes", []any{"title"})})
	add("element-data-attribute-with-dataAttributes", obj{"attributes": []any{}, "dataAttributes": true, "elements": div("attributes", []any{"data-foo"})})
	add("element-data-attribute-with-dataAttributes", obj{"attributes": []any{}, "dataAttributes": true,
		"elements": div("attributes", []any{obj{"name": "data-bar", "namespace": nil}})})
	add("data-attribute-with-dataAttributes", obj{"attributes": []any{"data-bar"}, "dataAttributes": true})
	add("data-attribute-with-dataAttributes", obj{"attributes": []any{obj{"name": "data-foo", "namespace": nil}}, "dataAttributes": true})
	add("element-both-lists-with-removeAttributes", obj{"removeAttributes": []any{},
		"elements": []any{obj{"name": "div", "attributes": []any{}, "removeAttributes": []any{}}}})
	for _, key := range []string{"attributes", "removeAttributes"} {
		for _, d := range wptDupAttributes {
			add("removeAttributes-element-"+key+"-intersect", obj{"removeAttributes": []any{d[0]}, "elements": div(key, []any{d[1]})})
		}
	}
	add("dataAttributes-with-removeAttributes", obj{"removeAttributes": []any{}, "dataAttributes": true})
	add("dataAttributes-with-removeAttributes", obj{"removeAttributes": []any{}, "dataAttributes": false})
	return out
}

// knownValidityDisagreements are the cases where htmlclean and Chromium
// part ways, with the reason. They are logged, not failed; one that comes
// to agree fails, so that the list is kept true. It is empty: htmlclean
// accepts and refuses every dictionary of sanitizer-config.html as
// Chromium does.
var knownValidityDisagreements = map[string]string{}

// TestWPTConfigValidity runs each constructor call of WPT's
// sanitizer-config.html in Chromium (new Sanitizer(config)) and through
// sanitizerapi.Compile, logs how often they agree on accepting the
// dictionary, and fails on a disagreement not in
// knownValidityDisagreements.
func TestWPTConfigValidity(t *testing.T) {
	cases := wptValidityCases()
	configs := make([][]byte, len(cases))
	for i, c := range cases {
		b, err := json.Marshal(c.config)
		if err != nil {
			t.Fatal(err)
		}
		configs[i] = b
	}
	h := ready(t)
	refusals := browserRefusals(t, h, configs)
	var agree, chromiumAsWPT int
	seen := map[string]bool{}
	for i, c := range cases {
		browserOK := refusals[i] == ""
		_, err := fromSanitizerConfigAsBrowser(configs[i])
		if browserOK == c.valid {
			chromiumAsWPT++
		}
		reason, known := knownValidityDisagreements[c.id]
		seen[c.id] = true
		switch {
		case browserOK == (err == nil) && known:
			t.Errorf("%s: htmlclean and Chromium now agree (%v); take it out of knownValidityDisagreements (%s)\n\t%s", c.id, browserOK, reason, configs[i])
		case browserOK == (err == nil):
			agree++
		case known:
			t.Logf("%s: known disagreement (%s): Chromium %q, htmlclean %v", c.id, reason, refusals[i], err)
		default:
			t.Errorf("%s: Chromium accepts %v (%s), htmlclean says %v\n\t%s", c.id, browserOK, refusals[i], err, configs[i])
		}
	}
	for _, id := range slices.Sorted(maps.Keys(knownValidityDisagreements)) {
		if !seen[id] {
			t.Errorf("knownValidityDisagreements names %s, which is no case", id)
		}
	}
	t.Logf("WPT config validity: %d cases; Chromium as WPT expects on %d; htmlclean agrees with Chromium on %d (%.0f%%)",
		len(cases), chromiumAsWPT, agree, 100*float64(agree)/float64(len(cases)))
	if testing.Verbose() {
		t.Logf("disagreements pinned: %s", strings.Join(slices.Sorted(maps.Keys(knownValidityDisagreements)), " "))
	}
}
