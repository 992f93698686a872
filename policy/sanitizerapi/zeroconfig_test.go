package sanitizerapi_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/testing/safety"
	"github.com/htmlclean/htmlclean/policy/sanitizerapi"
	"github.com/htmlclean/htmlclean/sanitize"
)

// sanitizerMemberNoEffect lists the SanitizerConfig members whose absence
// TestZeroSanitizerConfigAsStrict does not compare, with why.
var sanitizerMemberNoEffect = map[string]string{
	"Elements":                     "absent means what setHTML() keeps (the spec); htmlclean's refusals, URL and overlay rules apply whatever it says",
	"RemoveElements":               "absent removes nothing beyond the policy's own",
	"ReplaceWithChildrenElements":  "absent unwraps nothing beyond the policy's own",
	"Attributes":                   "absent means what setHTML() keeps (the spec), less id, name, style and the attributes htmlclean refuses",
	"RemoveAttributes":             "absent removes nothing beyond the policy's own",
	"ProcessingInstructions":       "the HTML parser makes none",
	"RemoveProcessingInstructions": "the HTML parser makes none",
	"Notes":                        "a note, never read",
}

// TestZeroSanitizerConfigAsStrict: every member of a SanitizerConfig left
// out is at least as strict as the presets, or listed with why not; a new
// member fails the test until listed. The empty dictionary keeps no
// comment, no javascript: URL and no data-* beside an attributes list,
// and removes every deceptive link the presets remove.
func TestZeroSanitizerConfigAsStrict(t *testing.T) {
	checked := map[string]bool{"Comments": true, "DataAttributes": true, "JavascriptURLs": true}
	for f := range reflect.TypeFor[sanitizerapi.Config]().Fields() {
		if !f.IsExported() {
			continue
		}
		_, listed := sanitizerMemberNoEffect[f.Name]
		if !listed && !checked[f.Name] {
			t.Errorf("member %s is neither checked nor listed as having no safety effect", f.Name)
		}
	}
	p, err := sanitizerapi.Compile([]byte(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range safety.DeceptiveLinks {
		if strings.Contains(in, `href="/`) {
			continue // relative: setHTML() keeps a page's own links, as the sanitizer-api preset
		}
		out, err := sanitize.String(in, p)
		if err != nil {
			t.Fatal(err)
		}
		if safety.HrefKept(out) {
			t.Errorf("{}: %s keeps the href the presets remove: %s", in, out)
		}
	}
	for _, tc := range []struct{ config, in, absent string }{
		{`{}`, "<p>a<!--x-->b</p>", "<!--"},
		{`{}`, `<a href="javascript:alert(1)">x</a>`, "javascript"},
		{`{"attributes": ["title"]}`, `<p data-x="1" title="t">a</p>`, "data-x"},
	} {
		p, err := sanitizerapi.Compile([]byte(tc.config))
		if err != nil {
			t.Fatal(err)
		}
		if out, _ := sanitize.String(tc.in, p); strings.Contains(out, tc.absent) {
			t.Errorf("%s: %s keeps %s: %s", tc.config, tc.in, tc.absent, out)
		}
	}
}
