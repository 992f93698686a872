package policy_test

import (
	"testing"

	"github.com/htmlclean/htmlclean/policy"
)

// fromSanitizer maps a dictionary as FromSanitizerConfig does, failing
// the test on an error.
func fromSanitizer(t *testing.T, in string) (*policy.Policy, policy.Config) {
	t.Helper()
	sc, err := policy.ParseSanitizerConfig([]byte(in))
	if err != nil {
		t.Fatalf("%s: %v", in, err)
	}
	c, _ := sc.Config()
	p, err := policy.Compile(c)
	if err != nil {
		t.Fatalf("%s: %v", in, err)
	}
	return p, c
}

// TestSanitizerConfigAbsentCommentsKeepsNone: setHTML() is a safe
// method, for which an absent comments member means false; only true
// keeps them.
func TestSanitizerConfigAbsentCommentsKeepsNone(t *testing.T) {
	for in, want := range map[string]bool{
		`{}`:                                    false,
		`{"elements": ["p"]}`:                   false,
		`{"removeElements": ["b"]}`:             false,
		`{"comments": null}`:                    false,
		`{"comments": false}`:                   false,
		`{"comments": true}`:                    true,
		`{"elements": ["p"], "comments": true}`: true,
	} {
		if _, c := fromSanitizer(t, in); c.Comments != want {
			t.Errorf("%s: Comments %v, want %v", in, c.Comments, want)
		}
	}
}
