package policy

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/htmlclean/htmlclean/internal/rules"
)

// commentFile turns on the settings for comment systems (data-*
// wildcards, class rules, ids.prefix, rel on external links) in a policy
// file; commentConfig is the same policy built in code. The tests below run on both.
const commentFile = `
extends: basic
add:
  elements: [p, pre]
  attributes:
    - name: "data-*"
      on: [p, span]
    - {name: "data-md-*", on: [code], match: "[a-z]+"}
    - {name: data-fill, kind: css, on: [b]}
classes:
  - tokens: [note, spoiler]
  - {on: [code, pre], match: "lang-[a-z]+"}
ids:
  prefix: user-content-
links:
  rel: [nofollow, me]
  rel_on: external
`

func commentConfig(t *testing.T) Config {
	t.Helper()
	c, err := PresetConfig("basic")
	if err != nil {
		t.Fatal(err)
	}
	c.Add = Change{Elements: []string{"p", "pre"}, Attributes: []Attribute{
		{Name: "data-*", On: []string{"p", "span"}},
		{Name: "data-md-*", On: []string{"code"}, Match: "[a-z]+"},
		{Name: "data-fill", Kind: "css", On: []string{"b"}},
	}}
	c.Classes = []ClassRule{{Tokens: []string{"note", "spoiler"}}, {On: []string{"code", "pre"}, Match: "lang-[a-z]+"}}
	c.IDs = IDs{Prefix: "user-content-"}
	c.Links.Rel, c.Links.RelOn = []string{"nofollow", "me"}, "external"
	return c
}

// commentPolicies returns the comment-settings policy loaded from the file and
// compiled from the Config.
func commentPolicies(t *testing.T) map[string]*Policy {
	t.Helper()
	file, err := Load(strings.NewReader(commentFile), "comment-settings.yaml")
	if err != nil {
		t.Fatal(err)
	}
	code, err := Compile(commentConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(file.Config(), code.Config()); diff != "" {
		t.Errorf("file and Config compile differently (-file +code):\n%s", diff)
	}
	return map[string]*Policy{"file": file, "config": code}
}

// TestWildcardAttributes: data-* allows every data- name as text, except
// names that say they hold a URL, names declared another kind, data-xml*
// and names with other characters; an entry that names an attribute wins.
func TestWildcardAttributes(t *testing.T) {
	for how, p := range commentPolicies(t) {
		tests := []struct {
			el, attr, value string
			want            bool
		}{
			{"p", "data-x", "anything <at> all", true},
			{"span", "data-note-id", "42", true},
			{"p", "data-a.b_c-d", "", true},
			{"p", "data-", "x", false},          // nothing after the prefix
			{"p", "data-src", "/a.png", false},  // named like a URL
			{"p", "data-lazy-img", "/a", false}, // named like a URL
			{"p", "data-xmlns", "x", false},     // reserved for XML
			{"p", "data-a:b", "x", false},       // not a character data-* names have
			{"p", "data-fill", "red", false},    // declared css elsewhere
			{"b", "data-fill", "red", true},     // its own entry
			{"p", "x-data-y", "x", false},
			{"b", "data-x", "x", false}, // not on b
			{"code", "data-md-lang", "go", true},
			{"code", "data-md-lang", "Go", false}, // the wildcard's pattern
			{"code", "data-x", "go", false},
		}
		for _, tc := range tests {
			r := p.r.Elements[tc.el].Attr(tc.attr)
			if got := r != nil && r.Allows(tc.value); got != tc.want {
				t.Errorf("%s: %s %s allows %q: %v, want %v", how, tc.el, tc.attr, tc.value, got, tc.want)
			}
		}
		if r := p.r.Elements["p"].Attr("data-x"); r == nil || r.Kind != KindText {
			t.Errorf("%s: data-x on p: %v, want a text rule", how, r)
		}
		if r := p.r.Elements["b"].Attr("data-fill"); r == nil || r.Kind != KindCSS {
			t.Errorf("%s: data-fill on b: %v, want a css rule", how, r)
		}
	}
}

// TestClassRules: a token is allowed by the element's rules, listed or
// matched whole.
func TestClassRules(t *testing.T) {
	for how, p := range commentPolicies(t) {
		tests := []struct {
			el, token string
			want      bool
		}{
			{"p", "note", true},
			{"span", "spoiler", true},
			{"p", "lang-go", false}, // only on code and pre
			{"code", "lang-go", true},
			{"pre", "note", true},
			{"code", "lang-Go", false},
			{"code", "xlang-go", false}, // anchored
			{"code", "lang-go-x", false},
			{"p", "Note", false},
		}
		for _, tc := range tests {
			if got := p.r.Elements[tc.el].AllowsClass(tc.token); got != tc.want {
				t.Errorf("%s: %s AllowsClass(%q) = %v, want %v", how, tc.el, tc.token, got, tc.want)
			}
		}
		if !p.r.Elements["p"].FiltersClasses() {
			t.Errorf("%s: classes do not cover p", how)
		}
	}
	p, err := Preset("ugc")
	if err != nil {
		t.Fatal(err)
	}
	if p.r.Elements["code"].FiltersClasses() {
		t.Error("ugc filters classes per token; it keeps its whole-value pattern")
	}
}

// TestClassListPattern: what the policy stage allows is any list of
// allowed tokens, with HTML's white space around and between.
func TestClassListPattern(t *testing.T) {
	p, err := Compile(commentConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	for v, want := range map[string]bool{
		"note": true, " note\tspoiler\n": true, "lang-go note": true, "note\fnote\r": true,
		"": false, "note x": false, "lang-go-x": false, "note\u00a0spoiler": false,
	} {
		if got := p.classRE.MatchString(v); got != want {
			t.Errorf("classRE.MatchString(%q) = %v, want %v", v, got, want)
		}
	}
}

// TestPrefixID: ids are checked and prefixed once.
func TestPrefixID(t *testing.T) {
	for how, p := range commentPolicies(t) {
		if got := p.r.IDPrefix; got != "user-content-" {
			t.Errorf("%s: IDPrefix() = %q", how, got)
		}
		tests := []struct {
			in, want string
			ok       bool
		}{
			{"fn:1", "user-content-fn:1", true},
			{"fnref-2.a_b", "user-content-fnref-2.a_b", true},
			{"überblick", "user-content-überblick", true},
			{"user-content-x", "user-content-x", true}, // already prefixed: a fixed point
			{"", "", false},
			{"a b", "", false},
			{"a<b", "", false},
			{"a#b", "", false},
			{"a\uFFFDb", "", false},
			{"\xff", "", false},
		}
		for _, tc := range tests {
			got, ok := p.r.PrefixID(tc.in)
			if got != tc.want || ok != tc.ok {
				t.Errorf("%s: PrefixID(%q) = %q, %v, want %q, %v", how, tc.in, got, ok, tc.want, tc.ok)
			}
			if ok && !idRE(p.r.IDPrefix).MatchString(got) {
				t.Errorf("%s: the policy stage would refuse id %q", how, got)
			}
		}
	}
	p, err := Preset("ugc")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := p.r.PrefixID("x"); ok || p.r.IDPrefix != "" || p.r.Elements["p"].Attr("id") != nil {
		t.Error("ugc keeps ids; without a prefix they stay dropped")
	}
}

// TestRelTokens: any link type is written, on external links only when
// rel_on says so.
func TestRelTokens(t *testing.T) {
	for how, p := range commentPolicies(t) {
		if got, want := p.Rel(), []string{"me", "nofollow"}; !cmp.Equal(got, want) {
			t.Errorf("%s: Rel() = %v, want %v", how, got, want)
		}
		if got := p.r.RelOn; got != rules.RelExternal {
			t.Errorf("%s: RelOn = %d, want external", how, got)
		}
	}
	p, err := Preset("ugc")
	if err != nil {
		t.Fatal(err)
	}
	if got := p.r.RelOn; got != rules.RelAll {
		t.Errorf("ugc: RelOn = %d, want all", got)
	}
	for _, tok := range []string{"me", "privacy-policy", "x.y_z", "2fa"} {
		if why := relProblem(tok); why != "" {
			t.Errorf("relProblem(%q) = %q, want accepted", tok, why)
		}
	}
	for _, tok := range []string{"opener", "No-Follow", "-x", "a b", "http://e.example/rel", "é"} {
		if relProblem(tok) == "" {
			t.Errorf("relProblem(%q) accepted it", tok)
		}
	}
}

// TestCommentSettingErrors is TestLoadErrors' new cases through the Go
// API: each mistake names its setting as written in the Config.
func TestCommentSettingErrors(t *testing.T) {
	ugc := func(edit func(c *Config)) Config {
		c, err := PresetConfig("ugc")
		if err != nil {
			t.Fatal(err)
		}
		edit(&c)
		return c
	}
	tests := []struct {
		name  string
		cfg   Config
		field string
	}{
		{"wildcard-not-data", ugc(func(c *Config) { c.Add.Attributes = []Attribute{{Name: "x-*"}} }), "add.attributes[0].name"},
		{"wildcard-event-handler", ugc(func(c *Config) { c.Add.Attributes = []Attribute{{Name: "on*"}} }), "add.attributes[0].name"},
		{"wildcard-url-prefix", ugc(func(c *Config) { c.Add.Attributes = []Attribute{{Name: "data-href-*"}} }), "add.attributes[0].name"},
		{"wildcard-kind", ugc(func(c *Config) { c.Add.Attributes = []Attribute{{Name: "data-*", Kind: "number"}} }), "add.attributes[0].kind"},
		{"wildcard-remove-one-name", ugc(func(c *Config) {
			c.Add.Attributes = []Attribute{{Name: "data-*"}}
			c.Remove.Attributes = []Attribute{{Name: "title"}, {Name: "data-x", On: []string{"p"}}}
		}), "remove.attributes[1].name"},
		{"class-token", ugc(func(c *Config) { c.Classes = []ClassRule{{Tokens: []string{"a\tb"}}} }), "classes[0].tokens[0]"},
		{"class-match-anchor", ugc(func(c *Config) { c.Classes = []ClassRule{{Match: `x\b`}} }), "classes[0].match"},
		{"class-rule-empty", ugc(func(c *Config) { c.Classes = []ClassRule{{Tokens: []string{"a"}}, {}} }), "classes[1]"},
		{"class-on-not-allowed", ugc(func(c *Config) { c.Classes = []ClassRule{{On: []string{"video"}, Tokens: []string{"a"}}} }), "classes[0].on"},
		{"ids-prefix", ugc(func(c *Config) { c.IDs.Prefix = "1x-" }), "ids.prefix"},
		{"ids-attribute-entry", ugc(func(c *Config) {
			c.IDs.Prefix = "u-"
			c.Attributes = append(c.Attributes, Attribute{Name: "id"})
		}), "attributes[" + itoa(len(ugcAttributes(t))) + "].name"},
		{"rel-token", ugc(func(c *Config) { c.Links.Rel = []string{"nofollow", "opener"} }), "links.rel[1]"},
		{"rel-on", ugc(func(c *Config) { c.Links.RelOn = "sometimes" }), "links.rel_on"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Compile(tc.cfg)
			if err == nil {
				t.Fatal("Compile succeeded")
			}
			var fields []string
			for _, ce := range configErrors(t, err) {
				fields = append(fields, ce.Field)
			}
			if len(fields) != 1 || fields[0] != tc.field {
				t.Errorf("errors at %v, want one at %s:\n%v", fields, tc.field, err)
			}
		})
	}
	// Without the mistakes, each compiles: the errors are not the
	// settings themselves.
	for _, c := range []Config{
		ugc(func(c *Config) { c.Add.Attributes = []Attribute{{Name: "data-*", Kind: "text"}} }),
		ugc(func(c *Config) {
			c.Add.Attributes = []Attribute{{Name: "data-*", On: []string{"p", "span"}}}
			c.Remove.Attributes = []Attribute{{Name: "data-src"}, {Name: "data-*", On: []string{"p"}}}
		}),
		ugc(func(c *Config) { c.Classes = []ClassRule{{Match: `(?i)x[a-z]*`}} }),
		ugc(func(c *Config) { c.IDs.Prefix = "u-"; c.Remove.Attributes = []Attribute{{Name: "id"}} }),
		ugc(func(c *Config) { c.Links.Rel = []string{"me"}; c.Links.RelOn = "all" }),
	} {
		if _, err := Compile(c); err != nil {
			t.Errorf("Compile: %v", err)
		}
	}
}

func ugcAttributes(t *testing.T) []Attribute {
	c, err := PresetConfig("ugc")
	if err != nil {
		t.Fatal(err)
	}
	return c.Attributes
}

// TestCommentSettingsRoundTrip: a policy with the settings for comment
// systems prints as YAML that loads back to the same policy; so does
// testdata/policies/comment-settings.yaml.
func TestCommentSettingsRoundTrip(t *testing.T) {
	settings, err := LoadFile(filepath.Join("..", "testdata", "policies", "comment-settings.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	ps := commentPolicies(t)
	ps["comment-settings.yaml"] = settings
	for how, p := range ps {
		again, err := Load(strings.NewReader(p.String()), "printed.yaml")
		if err != nil {
			t.Fatalf("%s: printed policy does not load: %v\n%s", how, err, p)
		}
		if diff := cmp.Diff(p.Config(), again.Config()); diff != "" {
			t.Errorf("%s: round trip changed the policy (-want +got):\n%s", how, diff)
		}
		for _, want := range []string{"classes:", "ids:", "rel_on: external", "name: data-*"} {
			if !strings.Contains(p.String(), want) {
				t.Errorf("%s: printed policy lacks %q", how, want)
			}
		}
	}
}

// TestConfigClassesNotShared: the caller's Config stays theirs.
func TestConfigClassesNotShared(t *testing.T) {
	c := commentConfig(t)
	p, err := Compile(c)
	if err != nil {
		t.Fatal(err)
	}
	c.Classes[0].Tokens[0] = "changed"
	got := p.Config()
	if got.Classes[0].Tokens[0] != "note" || !p.r.Elements["p"].AllowsClass("note") {
		t.Error("the policy shares the caller's class lists")
	}
	got.Classes[0].Tokens[0] = "changed"
	if p.Config().Classes[0].Tokens[0] != "note" {
		t.Error("Config() shares the policy's class lists")
	}
}

// TestClassRuleCap: class rules count toward the rule bound, as
// attribute rules do.
func TestClassRuleCap(t *testing.T) {
	c := Config{}
	for i := range 1 << 10 {
		c.Elements = append(c.Elements, "x"+itoa(i+1))
	}
	for range (maxRules >> 10) + 1 {
		c.Classes = append(c.Classes, ClassRule{Tokens: []string{"a"}})
	}
	_, err := Compile(c)
	var ce *ConfigError
	if !errors.As(err, &ce) || !strings.Contains(ce.Msg, "class rules") {
		t.Errorf("Compile: %v, want the rule bound", err)
	}
}
