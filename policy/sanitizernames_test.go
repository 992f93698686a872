package policy_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

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

// TestSanitizerConfigDefaultPreset: the JSON string "default", which
// setHTML() takes in place of a dictionary, is the browser's built-in
// default, mapped as the sanitizer-api preset; any other string is
// refused, as a browser throws on it.
func TestSanitizerConfigDefaultPreset(t *testing.T) {
	for _, in := range []string{`"default"`, " \"default\"\n"} {
		p, _ := fromSanitizer(t, in)
		if diff := cmp.Diff(policy.SanitizerAPI().Config(), p.Config()); diff != "" {
			t.Errorf("%q: not the sanitizer-api preset (-preset +got):\n%s", in, diff)
		}
	}
	for _, in := range []string{`"Default"`, `"safe"`, `""`, `"default`} {
		if _, err := policy.ParseSanitizerConfig([]byte(in)); err == nil {
			t.Errorf("%s: accepted", in)
		}
	}
}
