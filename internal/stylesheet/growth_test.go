package stylesheet

import (
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/testing/growth"
)

// TestSanitizeGrowth checks that the work grows linearly along each
// dimension of a style sheet an attacker controls.
func TestSanitizeGrowth(t *testing.T) {
	o := testOptions()
	o.MaxBytes, o.MaxRules = 1<<30, 1<<30
	tests := []struct {
		name string
		gen  func(n int) string
	}{
		{"sheet-size", func(n int) string { return strings.Repeat(mailSheets[0].in, n) }},
		{"rule-count", func(n int) string { return strings.Repeat(".a p:hover{color:red}", n) }},
		{"removed-rules", func(n int) string { return strings.Repeat("a[b=c]{color:red}", n) }},
		{"selector-list", func(n int) string { return strings.Repeat(".a b,", n) + "p{color:red}" }},
		{"compound-length", func(n int) string { return "p" + strings.Repeat(".a:hover", n) + "{color:red}" }},
		{"not-list", func(n int) string { return "p:not(" + strings.Repeat(".a,", n) + ".b){color:red}" }},
		{"declarations", func(n int) string { return "p{" + strings.Repeat("color:red;", n) + "}" }},
		{"value-tokens", func(n int) string { return "p{margin:" + strings.Repeat("calc(1px + 2px) ", n) + "}" }},
		{"media-nesting", func(n int) string {
			return strings.Repeat("@media print{", n) + "p{color:red}" + strings.Repeat("}", n)
		}},
		{"rule-nesting", func(n int) string { return strings.Repeat("p{color:red;", n) + strings.Repeat("}", n) }},
		{"paren-nesting", func(n int) string {
			return "p{width:" + strings.Repeat("calc(", n) + "1px" + strings.Repeat(")", n) + "}"
		}},
		{"long-escapes", func(n int) string { return "p{font-family:" + strings.Repeat(`\61 `, n) + "}" }},
		{"long-string", func(n int) string { return `p{content:"` + strings.Repeat(`\3c x`, n) + `"}` }},
		{"long-url", func(n int) string { return "p{background:url(https://a.example/" + strings.Repeat("ab", n) + ")}" }},
		{"unclosed-blocks", func(n int) string { return strings.Repeat("@media print{p{color:red;", n) }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			growth.Check(t, 500, tc.gen, func(in string) {
				if _, _, err := Sanitize(in, o); err != nil {
					t.Fatal(err)
				}
			})
		})
	}
}
