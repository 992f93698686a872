package fuzz

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/policy/sanitizerapi"
	"github.com/htmlclean/htmlclean/sanitize"
)

// FuzzSanitizerConfig checks sanitizerapi.Compile on any input:
//   - no panic; an error is made of *policy.ConfigError values only;
//   - a dictionary that loads compiles to a policy under which a script,
//     an event handler and a javascript: link never survive;
//   - the policy written back as a dictionary loads again.
func FuzzSanitizerConfig(f *testing.F) {
	for _, s := range []string{
		`{}`, `{"elements": ["p", {"name": "a", "attributes": ["href", "onclick"]}], "attributes": ["title"], "dataAttributes": true}`,
		`{"removeElements": ["img"], "replaceWithChildrenElements": ["b"], "removeAttributes": ["data-x"]}`,
		`{"elements": ["script", {"name": "svg", "namespace": "http://www.w3.org/2000/svg"}], "comments": true}`,
		`{"elements": ["p"], "removeElements": ["p"]}`, `[1, 2]`, `{"elements": [{"name": 3}]}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		p, err := sanitizerapi.Compile([]byte(in))
		if err != nil {
			for _, e := range leaves(err) {
				var ce *policy.ConfigError
				if !errors.As(e, &ce) {
					t.Fatalf("sanitizerapi.Compile(%q): error %v (%T) is not a *policy.ConfigError", in, e, e)
				}
			}
			return
		}
		out, err := sanitize.String(`<p onclick="x()"><a href="javascript:alert(1)" onmouseover="x()">a</a><script>alert(1)</script></p>`, p)
		if err != nil {
			t.Fatalf("sanitize: %v", err)
		}
		for _, bad := range []string{"onclick", "onmouseover", "javascript", "<script", "alert"} {
			if strings.Contains(out, bad) {
				t.Fatalf("sanitizerapi.Compile(%q): %q kept in %q", in, bad, out)
			}
		}
		data, err := json.Marshal(sanitizerapi.Export(p))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := sanitizerapi.Compile(data); err != nil {
			t.Fatalf("sanitizerapi.Compile(%q) written back as %s does not load: %v", in, data, err)
		}
	})
}

// leaves returns the leaves of a tree of errors.Join errors.
func leaves(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var all []error
		for _, e := range j.Unwrap() {
			all = append(all, leaves(e)...)
		}
		return all
	}
	return []error{err}
}
