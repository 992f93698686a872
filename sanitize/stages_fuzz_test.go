package sanitize

import "testing"

// FuzzStages checks, under every preset and the permissive test policy,
// the properties of TestFaithfulOutput: the policy's bluemonday stage,
// over the pass's faithful form, writes exactly the canonical form (it is the
// second line of defence: when it has to remove something the first stage
// has a bug); the faithful form parses to the same DOM as the stage's
// output; the output differs from the input exactly when a change is
// reported; and it is a fixed point. (The check needs the pass alone, so
// it lives here rather than in fuzz/FuzzSanitize.)
func FuzzStages(f *testing.F) {
	for _, v := range loadVectors(f) {
		f.Add(v.Input)
	}
	policies := testPolicies(f)
	f.Fuzz(func(t *testing.T, in string) {
		for name, p := range policies {
			if problem := faithfulProblem(t, in, p); problem != "" {
				t.Errorf("%s: %s\ninput: %q", name, problem, in)
			}
		}
	})
}
