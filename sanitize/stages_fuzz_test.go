package sanitize

import "testing"

// FuzzStages checks, under every preset and the permissive test policy,
// that the policy's bluemonday stage changes nothing but serialisation in
// what the pass wrote: it is the second line of defence, and when it has
// to remove something the first stage has a bug. (The check needs the
// pass alone, so it lives here rather than in fuzz/FuzzSanitize.)
func FuzzStages(f *testing.F) {
	for _, v := range loadVectors(f) {
		f.Add(v.Input)
	}
	policies := testPolicies(f)
	f.Fuzz(func(t *testing.T, in string) {
		for name, p := range policies {
			if diff := policyStageDiff(t, in, p); diff != "" {
				t.Errorf("%s: the policy stage changed the pass's output: %s\ninput: %q", name, diff, in)
			}
		}
	})
}
