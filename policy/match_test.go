package policy

import (
	"regexp"
	"testing"
)

// TestClassStarMatchesRegexp checks the byte-table matcher against the
// regexp it replaces, on the patterns the presets use and odd values.
func TestClassStarMatchesRegexp(t *testing.T) {
	patterns := []string{patText, `[a-z0-9 ]*`, `[^"]*`, `\PL*`, `[\p{Greek}x]*`}
	values := []string{"", "plain title", "a<b", "x>", "é ü ß", "Ωmega", "\xff\xfe", "tab\there", "naïve <", "ABC", "αβγ x", "日本"}
	for _, p := range patterns {
		m := newMatcher(regexp.MustCompile(`^(?:`+p+`)$`), p)
		if m.class == nil {
			t.Errorf("%q: not recognised as a repeated class", p)
			continue
		}
		for _, v := range values {
			if got, want := m.MatchString(v), m.re.MatchString(v); got != want {
				t.Errorf("%q on %q: table %v, regexp %v", p, v, got, want)
			}
		}
	}
	for _, p := range []string{patDir, patSize, `[a-z]+`, `(?i:[a-z]*)`, `[a-z]*x`} {
		if m := newMatcher(regexp.MustCompile(`^(?:`+p+`)$`), p); m.class != nil {
			t.Errorf("%q recognised as a repeated class", p)
		}
	}
}
