package policy

import (
	"testing"

	"github.com/htmlclean/htmlclean/internal/rules"
)

// TestRulesSettings checks that every value of a file setting that
// package sanitize reads becomes its typed constant in the compiled
// rules, the unset value included.
func TestRulesSettings(t *testing.T) {
	tests := []struct {
		name string
		edit func(c *Config)
		ok   func(r rules.Rules) bool
	}{
		{"text-mismatch-unset", func(c *Config) { c.Links.TextMismatch = "" }, func(r rules.Rules) bool { return r.Mismatch == rules.MismatchReject }},
		{"text-mismatch-reject", func(c *Config) { c.Links.TextMismatch = "reject" }, func(r rules.Rules) bool { return r.Mismatch == rules.MismatchReject }},
		{"text-mismatch-rewrite", func(c *Config) { c.Links.TextMismatch = "rewrite" }, func(r rules.Rules) bool { return r.Mismatch == rules.MismatchRewrite }},
		{"text-mismatch-report", func(c *Config) { c.Links.TextMismatch = "report" }, func(r rules.Rules) bool { return r.Mismatch == rules.MismatchReport }},
		{"text-mismatch-ignore", func(c *Config) { c.Links.TextMismatch = "ignore" }, func(r rules.Rules) bool { return r.Mismatch == rules.MismatchIgnore }},
		{"text-mismatch-mark", func(c *Config) { c.Links.TextMismatch = "mark" }, func(r rules.Rules) bool { return r.Mismatch == rules.MismatchMark }},
		{"rel-on-unset", func(c *Config) { c.Links.RelOn = "" }, func(r rules.Rules) bool { return r.RelOn == rules.RelAll }},
		{"rel-on-external", func(c *Config) { c.Links.RelOn = "external" }, func(r rules.Rules) bool { return r.RelOn == rules.RelExternal }},
		{"bare-unset", func(c *Config) { c.BareElements = "" }, func(r rules.Rules) bool { return r.Bare == rules.BareDrop }},
		{"bare-keep", func(c *Config) { c.BareElements = "keep" }, func(r rules.Rules) bool { return r.Bare == rules.BareKeep }},
		{"unlisted-unset", func(c *Config) { c.Unlisted = "" }, func(r rules.Rules) bool { return r.Unlisted == rules.UnlistedUnwrap && !r.DropsAny }},
		{"unlisted-drop", func(c *Config) { c.Unlisted = "drop" }, func(r rules.Rules) bool { return r.Unlisted == rules.UnlistedDrop && r.DropsAny }},
		{"drop-named", func(c *Config) { c.Drop = []string{"font"} }, func(r rules.Rules) bool { return r.DropsAny && r.DropsContent("font") && !r.DropsContent("center") }},
		{"word-breaks", func(c *Config) { c.WordBreaks = true }, func(r rules.Rules) bool { return r.WordBreaks }},
		{"target-blank", func(c *Config) { c.Links.TargetBlank = true }, func(r rules.Rules) bool { return r.TargetBlank && r.Rel == "nofollow noopener ugc" }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := PresetConfig("ugc")
			if err != nil {
				t.Fatal(err)
			}
			tc.edit(&c)
			p, err := Compile(c)
			if err != nil {
				t.Fatal(err)
			}
			if !tc.ok(p.Rules(rules.Key{})) {
				r := p.Rules(rules.Key{})
				t.Errorf("rules: mismatch %d, rel_on %d, bare %d, unlisted %d (drops any: %v), word breaks %v, target_blank %v, rel %q",
					r.Mismatch, r.RelOn, r.Bare, r.Unlisted, r.DropsAny, r.WordBreaks, r.TargetBlank, r.Rel)
			}
		})
	}
}

// TestRulesStageAndOrder: the stage is set, and Order lists exactly the
// allowed elements.
func TestRulesStageAndOrder(t *testing.T) {
	r := UGC().Rules(rules.Key{})
	if r.Stage == nil {
		t.Fatal("no policy stage")
	}
	if len(r.Order) != len(r.Elements) {
		t.Fatalf("Order has %d names, Elements %d", len(r.Order), len(r.Elements))
	}
	for _, name := range r.Order {
		if r.Elements[name] == nil {
			t.Errorf("Order names %q, which is not allowed", name)
		}
	}
}
