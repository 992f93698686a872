package sanitize

import (
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/policy"
)

// unclobberedPolicy is a policy with the attribute entries attrs (YAML
// list items) and the settings yaml.
func unclobberedPolicy(t *testing.T, attrs, yaml string) *policy.Policy {
	t.Helper()
	c, err := policy.ParseConfig(strings.NewReader("elements: [p, form, input, img, a, map, area]\nattributes:\n  - name: href\n  - name: src\n  - name: alt\n"+attrs+"urls:\n  schemes: [https]\n  relative: allow\n"+yaml), "unclobbered.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return mustCompile(t, c)
}

// TestIDsKeepUnclobbered: under ids.keep: unclobbered an id or name is
// kept where it cannot replace a built-in property of window, document
// or a form, and removed where it could.
func TestIDsKeepUnclobbered(t *testing.T) {
	tests := []struct{ name, attrs, yaml, in, want string }{
		{"kept-id", "", "ids: {keep: unclobbered}\n", `<p id="fn1">a</p>`, `<p id="fn1">a</p>`},
		{"kept-name-in-form", "", "ids: {keep: unclobbered}\n", `<form><input name="email"></form>`, `<form><input name="email"></form>`},
		{"same-document-link-stays", "", "ids: {keep: unclobbered}\n", `<a href="#fn1">1</a><p id="fn1">n</p>`, `<a href="#fn1">1</a><p id="fn1">n</p>`},
		{"document-property", "", "ids: {keep: unclobbered}\n", `<img src="https://x.test/i.png" name="cookie">`, `<img src="https://x.test/i.png">`},
		{"form-property", "", "ids: {keep: unclobbered}\n", `<form><input name="action" id="submit"></form>`, `<form></form>`},
		{"other-case", "", "ids: {keep: unclobbered}\n", `<p id="Location">a</p>`, `<p>a</p>`},
		{"window-global", "", "ids: {keep: unclobbered}\n", `<p id="alert">a</p>`, `<p>a</p>`},
		{"object-prototype", "", "ids: {keep: unclobbered}\n", `<p id="__proto__" name="toString">a</p>`, `<p>a</p>`},
		{"digits", "", "ids: {keep: unclobbered}\n", `<p id="0">a</p>`, `<p>a</p>`},
		{"space", "", "ids: {keep: unclobbered}\n", `<p id="a b">a</p>`, `<p>a</p>`},
		{"image-map", "", "ids: {keep: unclobbered}\n", `<map name="m1"><area href="/x" alt="x"></map><map name="images"></map>`, `<map name="m1"><area href="/x" alt="x"></map>`},
		{"entry-says-where", "  - {name: id, on: [p]}\n", "ids: {keep: unclobbered}\n", `<p id="a">x</p><form id="b"></form>`, `<p id="a">x</p><form></form>`},
		{"entry-checked", "  - name: id\n", "ids: {keep: unclobbered}\n", `<p id="body">x</p><p id="b">y</p>`, `<p>x</p><p id="b">y</p>`},
		{"entry-as-written-without-keep", "  - name: id\n", "", `<p id="body">x</p>`, `<p id="body">x</p>`},
		{"remove-takes-it-away", "", "ids: {keep: unclobbered}\nremove:\n  attributes: [{name: name}]\n", `<p id="a" name="b">x</p>`, `<p id="a">x</p>`},
		{"under-prefix", "", "ids: {keep: unclobbered, prefix: on}\n", `<p id="load">x</p><p id="fn1">y</p>`, `<p>x</p><p id="onfn1">y</p>`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := String(tc.in, unclobberedPolicy(t, tc.attrs, tc.yaml))
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("String(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// TestIDsKeepUnclobberedUnset: the presets, which do not set ids.keep,
// keep no id or name, as before it.
func TestIDsKeepUnclobberedUnset(t *testing.T) {
	in := `<p id="cookie" name="x">a</p>`
	for _, tc := range []struct{ preset, want string }{
		{"ugc", "<p>a</p>"},
		{"basic", "a"},
	} {
		got, err := String(in, preset(t, tc.preset))
		if err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("%s: String(%q) = %q, want %q", tc.preset, in, got, tc.want)
		}
	}
}

// TestGrowthIDsKeepUnclobbered: long id values and many ids stay linear
// under ids.keep: unclobbered.
func TestGrowthIDsKeepUnclobbered(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test; runs without -short")
	}
	c, err := policy.ParseConfig(strings.NewReader("elements: [p, form, input]\nids: {keep: unclobbered}\n"), "ids.yaml")
	if err != nil {
		t.Fatal(err)
	}
	c.Limits = policy.Limits{MaxTokenBytes: 64 << 20, MaxAttributeBytes: 32 << 20, MaxInputBytes: 1 << 30}
	checkGrowth(t, mustCompile(t, c), []growthCase{
		{"long-id", 100_000, func(n int) string { return `<p id="` + strings.Repeat("a", n) + `">x</p>` }},
		{"long-name-with-case", 100_000, func(n int) string { return `<input name="` + strings.Repeat("Cookie", n) + `">` }},
		{"many-ids", 2000, func(n int) string { return strings.Repeat(`<p id="cookie" name="fn1">x</p>`, n) }},
	})
}
