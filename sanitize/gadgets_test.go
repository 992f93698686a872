package sanitize

import (
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/rules"
	"github.com/htmlclean/htmlclean/policy"
)

// TestWildcardDropsGadgets: under the comment-settings policy's data-*
// wildcard, every script-gadget trigger of rules.Gadgets goes and an
// inert data-* attribute beside it stays, one test per entry, so a new
// entry is tested as it is listed.
func TestWildcardDropsGadgets(t *testing.T) {
	p := testPolicies(t)["comment-settings"]
	for _, g := range rules.Gadgets {
		name := g.Name
		if g.Prefix {
			name += "click"
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			in := `<span data-note="1" ` + name + `="alert(1)">x</span>`
			got, err := String(in, p)
			if err != nil {
				t.Fatal(err)
			}
			if want := `<span data-note="1">x</span>`; got != want {
				t.Errorf("String(%q) = %q, want %q (%s)", in, got, want, g.Library)
			}
		})
	}
}

// TestNamedGadgetKept: a policy that names a trigger keeps it; the
// wildcard does not take away what an exact entry allows.
func TestNamedGadgetKept(t *testing.T) {
	c, err := policy.ParseConfig(strings.NewReader(`
extends: ugc
add:
  elements: [span]
  attributes:
    - {name: "data-*", on: [span]}
    - {name: data-bind, kind: text, on: [span]}
`), "named.yaml")
	if err != nil {
		t.Fatal(err)
	}
	p, err := policy.Compile(c)
	if err != nil {
		t.Fatal(err)
	}
	in := `<span data-bind="text: name" data-hx-get="/x">x</span>`
	got, err := String(in, p)
	if err != nil {
		t.Fatal(err)
	}
	if want := `<span data-bind="text: name">x</span>`; got != want {
		t.Errorf("String(%q) = %q, want %q", in, got, want)
	}
}
