package policy_test

import (
	"reflect"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/htmlclean/htmlclean/policy"
)

// TestAPIBoundary lists the methods of a compiled policy: reading a
// policy is public; what package sanitize enforces crosses once, as the
// internal value Rules returns (the bluemonday stage by itself keeps what
// the first stage refuses), and nothing exists for tests only. A method
// added here is a decision.
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
			"Config", "Limits", "Rel", "Rules", "String", "URLOptions",
		}},
	}
	for _, tc := range tests {
		if diff := cmp.Diff(tc.want, methods(tc.v)); diff != "" {
			t.Errorf("methods of %s (-want +got):\n%s", tc.name, diff)
		}
	}
}
