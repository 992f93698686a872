package policy_test

import (
	"reflect"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/htmlclean/htmlclean/policy"
)

// TestAPIBoundary lists the methods of the compiled types: reading a
// policy is public; applying one is package sanitize's alone (the
// bluemonday stage by itself keeps what the first stage refuses), and
// nothing exists for tests only. A method added here is a decision.
func TestAPIBoundary(t *testing.T) {
	methods := func(v any) []string {
		typ := reflect.TypeOf(v)
		var out []string
		for i := range typ.NumMethod() {
			out = append(out, typ.Method(i).Name)
		}
		slices.Sort(out)
		return out
	}
	tests := []struct {
		name string
		v    any
		want []string
	}{
		{"*Policy", (*policy.Policy)(nil), []string{
			"Config", "DropsContent", "Element", "EmbedHost", "EmbedSandbox", "Hooks", "IDPrefix", "Internal", "KeepsBareElements", "Limits", "PrefixID", "Rel", "RelOn", "ReportFlags", "SanitizerConfig",
			"String", "TargetBlank", "TextMismatch", "URLOptions", "WordBreaks",
		}},
		{"*Element", (*policy.Element)(nil), []string{"AllowsClass", "Attr", "FiltersClasses"}},
		{"*AttrRule", (*policy.AttrRule)(nil), []string{"Allows", "AllowsDeclaration", "Kind", "PerProperty"}},
	}
	for _, tc := range tests {
		if diff := cmp.Diff(tc.want, methods(tc.v)); diff != "" {
			t.Errorf("methods of %s (-want +got):\n%s", tc.name, diff)
		}
	}
}
