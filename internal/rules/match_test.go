package rules

import (
	"regexp"
	"testing"
)

// TestClassStarMatchesRegexp checks the byte-table matcher against the
// regexp it replaces, on patterns the presets use (text, dir, size) and odd values.
func TestClassStarMatchesRegexp(t *testing.T) {
	patterns := []string{`[^<>]*`, `[a-z0-9 ]*`, `[^"]*`, `\PL*`, `[\p{Greek}x]*`}
	values := []string{"", "plain title", "a<b", "x>", "é ü ß", "Ωmega", "\xff\xfe", "tab\there", "naïve <", "ABC", "αβγ x", "日本"}
	for _, p := range patterns {
		m := NewMatcher(regexp.MustCompile(`^(?:`+p+`)$`), p)
		if m.class == nil {
			t.Errorf("%q: not recognised as a repeated class", p)
			continue
		}
		for _, v := range values {
			if got, want := m.MatchString(v), m.RE.MatchString(v); got != want {
				t.Errorf("%q on %q: table %v, regexp %v", p, v, got, want)
			}
		}
	}
	for _, p := range []string{`(?i:ltr|rtl|auto)`, `[0-9]{1,4}%?`, `[a-z]+`, `(?i:[a-z]*)`, `[a-z]*x`} {
		if m := NewMatcher(regexp.MustCompile(`^(?:`+p+`)$`), p); m.class != nil {
			t.Errorf("%q recognised as a repeated class", p)
		}
	}
}
