package policy

import (
	"errors"
	"strings"
	"testing"
)

// TestCompileRefusesLongNamesAndTokens checks each bounded setting: a
// value at the limit passes the length check, one byte more is refused
// with an error naming the setting.
func TestCompileRefusesLongNamesAndTokens(t *testing.T) {
	long := func(n int) string { return strings.Repeat("a", n+1) }
	for _, tc := range []struct {
		field string
		edit  func(c *Config, v string)
		limit int
	}{
		{"elements[0]", func(c *Config, v string) { c.Elements = []string{v} }, maxNameBytes},
		{"attributes[0].name", func(c *Config, v string) { c.Attributes = []Attribute{{Name: v}} }, maxNameBytes},
		{"add.elements[0]", func(c *Config, v string) { c.Add.Elements = []string{v} }, maxNameBytes},
		{"styles[0].property", func(c *Config, v string) { c.Styles = []Style{{Property: v}} }, maxNameBytes},
		{"urls.schemes[0]", func(c *Config, v string) { c.URLs.Schemes = []string{v} }, maxTokenBytes},
		{"add.schemes[0]", func(c *Config, v string) { c.Add.Schemes = []string{v} }, maxTokenBytes},
		{"links.rel[0]", func(c *Config, v string) { c.Links.Rel = []string{v} }, maxTokenBytes},
		{"links.internal_hosts[0]", func(c *Config, v string) { c.Links.InternalHosts = []string{v} }, maxTokenBytes},
		{"classes[0].tokens[0]", func(c *Config, v string) { c.Classes = []ClassRule{{Tokens: []string{v}}} }, maxTokenBytes},
		{"embeds.hosts[0]", func(c *Config, v string) { c.Embeds.Hosts = []string{v} }, maxTokenBytes},
		{"ids.prefix", func(c *Config, v string) { c.IDs.Prefix = v }, maxTokenBytes},
	} {
		t.Run(tc.field, func(t *testing.T) {
			for _, n := range []int{tc.limit - 1, tc.limit} {
				c, err := PresetConfig("ugc")
				if err != nil {
					t.Fatal(err)
				}
				tc.edit(&c, long(n))
				_, err = Compile(c)
				refused := lengthErrorAt(err, tc.field)
				if want := n >= tc.limit; refused != want {
					t.Errorf("%d bytes: refused for length %v, want %v (%v)", n+1, refused, want, err)
				}
			}
		})
	}
}

func lengthErrorAt(err error, field string) bool {
	if err == nil {
		return false
	}
	for _, e := range unjoin(err) {
		var ce *ConfigError
		if errors.As(e, &ce) && ce.Field == field && strings.Contains(ce.Msg, "is longer than") {
			return true
		}
	}
	return false
}

func TestLoadRefusesLongScheme(t *testing.T) {
	src := "extends: strict\nurls:\n  schemes: [https, " + strings.Repeat("s", 5000) + "]\n"
	_, err := Load(strings.NewReader(src), "p.yaml")
	var ce *ConfigError
	if !errors.As(err, &ce) || ce.Line != 3 || ce.Field != "urls.schemes[1]" || !strings.Contains(ce.Msg, "longer than 256 bytes") {
		t.Errorf("err = %v, want urls.schemes[1] on line 3 refused for length", err)
	}
}
