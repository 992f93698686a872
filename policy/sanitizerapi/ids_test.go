package sanitizerapi_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/rules"
	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/policy/sanitizerapi"
	"github.com/htmlclean/htmlclean/sanitize"
)

// TestSanitizerConfigIDs: a dictionary that allows id or name (without an
// attributes list, or by listing them) keeps them where they cannot
// clobber, as ids.keep: unclobbered does; one that allows neither keeps
// none.
func TestSanitizerConfigIDs(t *testing.T) {
	tests := []struct{ name, config, in, want string }{
		{"no-attributes-list", `{"elements": ["p", "form", "input"]}`, `<p id="fn1">a</p><p id="cookie">b</p><form><input name="action"><input name="q"></form>`,
			`<p id="fn1">a</p><p>b</p><form><input><input name="q"></form>`},
		{"listed", `{"elements": ["p"], "attributes": ["id"]}`, `<p id="intro" name="x">a</p><p id="domain">b</p>`, `<p id="intro">a</p><p>b</p>`},
		{"per-element", `{"elements": [{"name": "p", "attributes": ["id"]}, "b"]}`, `<p id="intro">a</p><b id="x">b</b><p id="Forms">c</p>`, `<p id="intro">a</p><b id="x">b</b><p>c</p>`},
		{"removed", `{"removeAttributes": ["id"]}`, `<p id="intro" name="n">a</p>`, `<p name="n">a</p>`},
		{"removed-in-upper-case", `{"removeAttributes": ["ID"]}`, `<p id="test">a</p>`, `<p id="test">a</p>`},
		{"not-listed", `{"elements": ["p"], "attributes": ["title"]}`, `<p id="intro">a</p>`, `<p>a</p>`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := sanitizerapi.Compile([]byte(tc.config))
			if err != nil {
				t.Fatal(err)
			}
			got, err := sanitize.String(tc.in, p)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("String(%q) under %s = %q, want %q", tc.in, tc.config, got, tc.want)
			}
		})
	}
}

// TestSanitizerConfigContext: ParseOptions.Context maps the element
// setHTML() is called on to the policy's container, or refuses it.
func TestSanitizerConfigContext(t *testing.T) {
	tests := []struct {
		ctx, container string
		refused        bool
	}{
		{"", "", false}, {"div", "", false}, {"p", "p", false}, {"li", "li", false}, {"span", "span", false},
		{"body", "body", false}, {"a", "a", false},
		{"script", "", true}, {"html", "", true}, {"template", "", true}, {"textarea", "", true}, {"style", "", true},
		{"td", "", true}, {"select", "", true}, {"table", "", true}, {"svg", "", true}, {"DIV", "", true}, {"x-widget", "", true},
	}
	for _, tc := range tests {
		t.Run(tc.ctx, func(t *testing.T) {
			sc, err := sanitizerapi.ParseWith([]byte(`{}`), sanitizerapi.ParseOptions{Context: tc.ctx})
			if tc.refused {
				var ce *policy.ConfigError
				if !errors.As(err, &ce) || ce.Field != "(context)" {
					t.Fatalf("ParseWith(context %q) = %v, want a ConfigError at (context)", tc.ctx, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			c, _ := sc.PolicyConfig()
			if c.Container != tc.container {
				t.Errorf("context %q: container %q, want %q", tc.ctx, c.Container, tc.container)
			}
			p, err := policy.Compile(c)
			if err != nil {
				t.Fatal(err)
			}
			if tc.container == "p" && !p.Rules(rules.Key{}).Outside["div"] {
				t.Error("context p: a div is not unwrapped")
			}
		})
	}
}

// TestExportIDsKeep: a policy with ids.keep written as a dictionary
// says that htmlclean keeps fewer id and name values than a browser.
func TestExportIDsKeep(t *testing.T) {
	p, err := policy.Compile(policy.Config{Elements: []string{"p"}, IDs: policy.IDs{Keep: policy.IDKeepUnclobbered}})
	if err != nil {
		t.Fatal(err)
	}
	sc := sanitizerapi.Export(p)
	if !slices.ContainsFunc(sc.Notes, func(n string) bool { return strings.HasPrefix(n, "ids.keep: unclobbered") }) {
		t.Errorf("Export notes %q, want one on ids.keep", sc.Notes)
	}
}
