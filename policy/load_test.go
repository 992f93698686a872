package policy

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// configErrors flattens a joined error into its *ConfigErrors.
func configErrors(t *testing.T, err error) []*ConfigError {
	t.Helper()
	var out []*ConfigError
	for _, e := range unjoin(err) {
		var ce *ConfigError
		if !errors.As(e, &ce) {
			t.Fatalf("error %v is not a *ConfigError", e)
		}
		out = append(out, ce)
	}
	return out
}

// TestLoadErrors checks that every kind of mistake in a policy file is
// reported with the file, the line and the setting, in the message too.
func TestLoadErrors(t *testing.T) {
	tests := []struct {
		name, file string
		line       int
		field      string
		msg        string // a fragment of the message
	}{
		{"unknown-top-level", "extends: ugc\ncolour: red\n", 2, "colour", `unknown setting "colour"`},
		{"unknown-nested", "extends: ugc\nlinks:\n  rel: [nofollow]\n  colour: red\n", 4, "links.colour", `unknown setting "colour"`},
		{"unknown-in-list-item", "extends: ugc\nadd:\n  attributes:\n    - name: title\n      onn: [p]\n", 5, "add.attributes[0].onn", `unknown setting "onn"`},
		{"bad-type", "extends: ugc\nurls:\n  strict: maybe\n", 3, "urls.strict", "cannot unmarshal"},
		{"bad-enum", "extends: ugc\nurls:\n  relative: sometimes\n", 3, "urls.relative", "not one of allow, deny, resolve"},
		{"bad-rel-token", "extends: ugc\nlinks:\n  rel: [nofollow, No-Follow]\n", 3, "links.rel[1]", `"No-Follow" is not a link type`},
		{"bad-regexp", "extends: ugc\nadd:\n  attributes:\n    - name: class\n      match: \"[a-\"\n", 5, "add.attributes[0].match", "bad regular expression"},
		{"bad-limit", "extends: ugc\nlimits:\n  max_depth: -5\n", 3, "limits.max_depth", "out of range"},
		{"style-property", "extends: ugc\nstyles:\n  - property: Color\n    values: color\n", 3, "styles[0].property", "not a CSS property name"},
		{"style-custom-property", "extends: ugc\nstyles:\n  - property: --x\n    values: color\n", 3, "styles[0].property", "not a CSS property name"},
		{"style-refused", "extends: ugc\nstyles:\n  - property: -moz-binding\n    match: '.*'\n", 3, "styles[0].property", "runs script"},
		{"style-no-rule", "extends: ugc\nstyles:\n  - property: color\n", 3, "styles[0]", "exactly one of values, keywords and match"},
		{"style-two-rules", "extends: ugc\nstyles:\n  - property: color\n    values: color\n    keywords: [red]\n", 3, "styles[0]", "exactly one of"},
		{"style-grammar", "extends: ugc\nstyles:\n  - property: color\n    values: colour\n", 3, "styles[0]", `"colour" is not a value grammar`},
		{"style-keyword", "extends: ugc\nstyles:\n  - property: text-align\n    keywords: [left, \"x;y\"]\n", 3, "styles[0]", `"x;y" is not a CSS keyword`},
		{"style-regexp", "extends: ugc\nstyles:\n  - property: color\n    match: \"[a-\"\n", 3, "styles[0]", "bad regular expression"},
		{"style-anchor", "extends: ugc\nstyles:\n  - property: color\n    match: \"^red$\"\n", 3, "styles[0]", "are implied"},
		{"style-element", "extends: ugc\nstyles:\n  - property: color\n    values: color\n    on: [p, marquee]\n", 5, "styles[0].on[1]", `"marquee" is not an allowed element`},
		{"style-whole-and-per-property", "extends: ugc\nadd:\n  attributes:\n    - name: style\n      on: [p]\nstyles:\n  - property: color\n    values: color\n", 7, "styles[0]", "whole or per property"},
		{"word-breaks", "extends: strict\nword_breaks: maybe\n", 2, "word_breaks", "cannot unmarshal"},
		{"unlisted-enum", "extends: ugc\nunlisted: remove\n", 2, "unlisted", `"remove" is not one of unwrap, drop`},
		{"drop-allowed", "extends: ugc\ndrop: [x-card, b]\n", 2, "drop[1]", `"b" is allowed`},
		{"unwrap-allowed-by-add", "extends: strict\nadd:\n  elements: [center]\nunwrap: [center]\n", 4, "unwrap[0]", `"center" is allowed`},
		{"drop-and-unwrap", "extends: ugc\nunlisted: drop\ndrop: [foo]\nunwrap:\n  - bar\n  - foo\n", 6, "unwrap[1]", `"foo" is in both drop and unwrap`},
		{"drop-forbidden", "extends: ugc\ndrop: [script]\n", 2, "drop[0]", `"script" is never allowed`},
		{"unwrap-bad-name", "extends: ugc\nunwrap: [Center]\n", 2, "unwrap[0]", "not an element name"},
		{"unknown-preset", "extends: ugcc\n", 1, "extends", `unknown preset "ugcc"`},
		{"contradiction-script", "extends: ugc\nadd:\n  elements: [p, script]\n", 3, "add.elements[1]", `"script" is never allowed`},
		{"contradiction-base", "elements: [a, base]\n", 1, "elements[1]", `"base" is never allowed`},
		{"contradiction-javascript", "extends: ugc\nadd:\n  schemes: [javascript]\n", 3, "add.schemes[0]", `"javascript" is never allowed`},
		{"contradiction-event-handler", "extends: ugc\nadd:\n  attributes:\n    - name: onclick\n", 4, "add.attributes[0].name", "event handlers run script"},
		{"contradiction-resolve-without-base", "extends: ugc\nurls:\n  relative: resolve\n", 3, "urls.relative", "resolve needs a base URL"},
		{"contradiction-rel-attribute", "extends: ugc\nadd:\n  attributes:\n    - name: rel\n      on: [a]\n", 4, "add.attributes[0].name", "links settings"},
		{"contradiction-attribute-without-element", "extends: basic\nadd:\n  attributes:\n    - name: src\n      on: [img]\n", 5, "add.attributes[0].on", "none of [img] is an allowed element"},
		{"bad-base", "extends: ugc\nurls:\n  base: \"javascript:alert(1)\"\n", 3, "urls.base", "not an absolute http(s) URL"},
		{"yaml-syntax", "extends: ugc\nurls:\n  relative: allow\n   userinfo: strip\n", 4, "urls.relative.userinfo", "mapping values are not allowed"},
		// yaml.v3 reports an unclosed flow list at the line of its block.
		{"yaml-syntax-unclosed", "extends: ugc\nlinks:\n  rel: [nofollow\n", 3, "links.rel", `the flow list opened with "[" at column 8 is not closed`},
		{"json-syntax", "{\"extends\": \"ugc\",\n \"urls\": {\"strict\": tru}\n}\n", 2, "urls.strict", "cannot unmarshal"},
		// The settings for comment systems: wildcards, classes, ids, rel.
		{"wildcard-not-data", "extends: ugc\nadd:\n  attributes:\n    - name: \"x-*\"\n", 4, "add.attributes[0].name", "only data-* attributes can be allowed by prefix"},
		{"wildcard-event-handler", "extends: ugc\nadd:\n  attributes:\n    - name: \"on*\"\n", 4, "add.attributes[0].name", "event handlers run script"},
		{"wildcard-url-prefix", "extends: ugc\nattributes:\n  - {name: \"data-src-*\", on: [img]}\n", 3, "attributes[0].name", "say they hold a URL"},
		{"wildcard-xml", "extends: ugc\nadd:\n  attributes:\n    - name: \"data-xml-*\"\n", 4, "add.attributes[0].name", "reserved for XML"},
		{"wildcard-shape", "extends: ugc\nadd:\n  attributes:\n    - name: \"data-x*\"\n", 4, "add.attributes[0].name", "is not a data-* wildcard"},
		{"wildcard-too-long", "extends: ugc\nadd:\n  attributes:\n    - name: \"data-" + strings.Repeat("a-", 30) + "*\"\n", 4, "add.attributes[0].name", "longer than 64 bytes"},
		{"wildcard-remove-shape", "extends: ugc\nremove:\n  attributes:\n    - name: \"x-*\"\n", 4, "remove.attributes[0].name", "not an attribute name or a data-* wildcard"},
		{"wildcard-kind", "extends: ugc\nadd:\n  attributes:\n    - name: \"data-*\"\n      kind: url\n", 5, "add.attributes[0].kind", "a wildcard allows text only"},
		{"wildcard-remove-one-name", "extends: ugc\nadd:\n  attributes:\n    - name: \"data-*\"\nremove:\n  attributes:\n    - name: data-track\n", 7, "remove.attributes[0].name", "cannot take one name out of a wildcard"},
		{"class-token", "extends: ugc\nclasses:\n  - tokens: [note, \"two words\"]\n", 3, "classes[0].tokens[1]", "is not a class token"},
		{"class-match", "extends: ugc\nclasses:\n  - tokens: [note]\n    match: \"[a-\"\n", 4, "classes[0].match", "bad regular expression"},
		{"class-match-anchor", "extends: ugc\nclasses:\n  - match: \"^lang-.*\"\n", 3, "classes[0].match", "means nothing in a token pattern"},
		{"class-rule-empty", "extends: ugc\nclasses:\n  - on: [code]\n", 3, "classes[0]", "allows no class"},
		{"class-on-name", "extends: ugc\nclasses:\n  - tokens: [note]\n    on: [p, Code]\n", 4, "classes[0].on[1]", "is not an element name"},
		{"class-on-not-allowed", "extends: basic\nclasses:\n  - {on: [img], tokens: [note]}\n", 3, "classes[0].on", "none of [img] is an allowed element"},
		{"ids-prefix", "extends: ugc\nids:\n  prefix: \"user content\"\n", 3, "ids.prefix", "is not an id prefix"},
		{"ids-attribute-entry", "extends: ugc\nids:\n  prefix: u-\nadd:\n  attributes:\n    - {name: name, on: [a]}\n", 6, "add.attributes[0].name", "written by the ids settings"},
		{"rel-opener", "extends: ugc\nlinks:\n  rel: [opener]\n", 3, "links.rel[0]", "window.opener"},
		{"rel-on", "extends: ugc\nlinks:\n  rel_on: internal\n", 3, "links.rel_on", `"internal" is not one of all, external`},
		{"not-a-mapping", "- a\n- b\n", 1, "(file)", "a policy is a mapping"},
		{"empty", "", 0, "(file)", "empty policy"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { checkLoadError(t, tc.file, tc.line, tc.field, tc.msg) })
	}
}

// checkLoadError loads file as a policy file and checks that it fails with
// an error at line (0: the file as a whole) naming field, whose message
// holds msg, and that Error() says "file:line: field:" (file and field,
// for the file as a whole).
func checkLoadError(t *testing.T, file string, line int, field, msg string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "p.yaml")
	if err := os.WriteFile(path, []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := LoadFile(path)
	if err == nil {
		t.Fatal("LoadFile succeeded")
	}
	for _, ce := range configErrors(t, err) {
		if ce.Field != field || ce.Line != line || ce.File != path {
			continue
		}
		if !strings.Contains(ce.Msg, msg) {
			t.Errorf("message %q does not contain %q", ce.Msg, msg)
		}
		want := path + ":"
		if line > 0 {
			want += itoa(line) + ":"
		}
		if line > 0 {
			want += " " + field + ":"
		}
		if got := ce.Error(); !strings.Contains(got, want) || !strings.Contains(got, field) {
			t.Errorf("Error() = %q, want %q and field %q in it", got, want, field)
		}
		return
	}
	t.Errorf("no error for %s at line %d in:\n%v", field, line, err)
}

func itoa(n int) string {
	var b []byte
	for n > 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	return string(b)
}

// TestLoadReportsEveryMistake: one run lists all of a file's errors.
func TestLoadReportsEveryMistake(t *testing.T) {
	_, err := Load(strings.NewReader("extends: ugc\nadd:\n  elements: [script]\n  schemes: [javascript]\nurls:\n  relative: maybe\n  nested: perhaps\nlinks:\n  colour: red\n"), "p.yaml")
	if got := len(configErrors(t, err)); got != 5 {
		t.Errorf("%d errors, want 5:\n%v", got, err)
	}
}

// TestPresetsRoundTrip: the effective policy printed as YAML loads back
// to the same policy.
func TestPresetsRoundTrip(t *testing.T) {
	if got, want := Presets(), []string{"basic", "bluemonday-ugc", "mail", "sanitizer-api", "strict", "svg-upload", "ugc"}; !cmp.Equal(got, want) {
		t.Errorf("Presets() = %v, want %v", got, want)
	}
	if s := PresetSummary("nonesuch"); s != "" {
		t.Errorf("PresetSummary(nonesuch) = %q, want \"\"", s)
	}
	for _, name := range Presets() {
		p, err := Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		if PresetSummary(name) == "" {
			t.Errorf("%s: no summary", name)
		}
		again, err := Load(strings.NewReader(p.String()), name+".yaml")
		if err != nil {
			t.Fatalf("%s: printed policy does not load: %v\n%s", name, err, p)
		}
		if diff := cmp.Diff(p.Config(), again.Config(), cmp.AllowUnexported(Config{})); diff != "" {
			t.Errorf("%s: round trip changed the policy (-want +got):\n%s", name, diff)
		}
	}
}

// TestExampleFiles loads every policy file in testdata/policies.
func TestExampleFiles(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "policies", "*"))
	if len(files) < 3 {
		t.Fatalf("only %d example policies", len(files))
	}
	for _, f := range files {
		if _, err := LoadFile(f); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}

// TestSubtractive checks add and remove.
func TestSubtractive(t *testing.T) {
	p, err := Load(strings.NewReader(`
extends: ugc
add:
  elements: [kbd]
  attributes: [{name: title, on: [kbd]}]
remove:
  elements: [img]
  attributes: [{name: title, on: [abbr]}, {name: cite}]
  schemes: [mailto]
`), "p.yaml")
	if err != nil {
		t.Fatal(err)
	}
	switch {
	case p.r.Elements["img"] != nil:
		t.Error("img still allowed")
	case p.r.Elements["kbd"] == nil || p.r.Elements["kbd"].Attr("title") == nil:
		t.Error("kbd title not allowed")
	case p.r.Elements["abbr"].Attr("title") != nil:
		t.Error("abbr title still allowed")
	case p.r.Elements["p"].Attr("title") == nil:
		t.Error("title removed from p too")
	case p.r.Elements["blockquote"].Attr("cite") != nil:
		t.Error("cite still allowed")
	case strings.Contains(strings.Join(p.URLOptions().Schemes, ","), "mailto"):
		t.Error("mailto still allowed")
	}
}

// TestAttributeMatchAnchored: a pattern must match the whole value.
func TestAttributeMatchAnchored(t *testing.T) {
	p, err := Compile(Config{Elements: []string{"p"}, Attributes: []Attribute{{Name: "lang", Match: "[a-z]{2}"}}})
	if err != nil {
		t.Fatal(err)
	}
	rule := p.r.Elements["p"].Attr("lang")
	for v, want := range map[string]bool{"en": true, "eng": false, "x en": false, "": false} {
		if got := rule.Allows(v); got != want {
			t.Errorf("Attr(lang).Allows(%q) = %v, want %v", v, got, want)
		}
	}
}

// TestConcurrentUse exercises one policy from parallel subtests (run with
// -race).
func TestConcurrentUse(t *testing.T) {
	p, err := Preset("ugc")
	if err != nil {
		t.Fatal(err)
	}
	for i := range 8 {
		t.Run(itoa(i+1), func(t *testing.T) {
			t.Parallel()
			for range 100 {
				_ = p.r.Elements["a"].Attr("title").Allows("x")
				o := p.URLOptions()
				o.Schemes[0] = "changed" // a copy: must not reach the policy
				if p.URLOptions().Schemes[0] == "changed" {
					t.Fatal("URLOptions shares the policy's slice")
				}
				_ = p.String()
			}
		})
	}
}
