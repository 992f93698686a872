package main

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/testing/growth"
	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/policy/sanitizerapi"
)

// globalsConfig is a SanitizerConfig with n custom elements and n
// attributes allowed on all of them, every name long: the shape whose
// effective policy lists every element once per attribute.
func globalsConfig(n int) string {
	var b strings.Builder
	b.WriteString(`{"elements":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"x-e%d%s"`, i, strings.Repeat("e", 200))
	}
	b.WriteString(`],"attributes":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"data-a%d%s"`, i, strings.Repeat("a", 200))
	}
	b.WriteString(`],"dataAttributes":false}`)
	return b.String()
}

// TestPrintPolicyGrowth: -print-policy writes a policy in time and space
// linear in the configuration it came from, in both formats, for many
// long element names and as many attributes allowed on every one. The
// policy is compiled before the clock starts: this measures the writer.
func TestPrintPolicyGrowth(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test; runs without -short")
	}
	compiled := map[string]*policy.Policy{}
	gen := func(n int) string {
		in := globalsConfig(n)
		p, err := sanitizerapi.Compile([]byte(in))
		if err != nil {
			t.Fatal(err)
		}
		compiled[in] = p
		return in
	}
	for _, format := range []string{"yaml", "sanitizer-config"} {
		t.Run(format, func(t *testing.T) {
			e := &env{stdout: io.Discard, stderr: io.Discard}
			growth.Check(t, 40, gen, func(in string) {
				if code := e.printPolicy(compiled[in], format); code != exitOK {
					t.Fatalf("printPolicy: exit %d", code)
				}
			})
		})
	}
}

// TestPrintPolicyGlobalsOnce: an attribute allowed on every element is
// printed once, without the element list, and the printed policy loads
// back to the same effective policy.
func TestPrintPolicyGlobalsOnce(t *testing.T) {
	in := globalsConfig(30)
	p, err := sanitizerapi.Compile([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	e := &env{stdout: &out, stderr: io.Discard}
	if code := e.printPolicy(p, "yaml"); code != exitOK {
		t.Fatalf("printPolicy: exit %d", code)
	}
	// Each element name once (elements), not once per attribute.
	if n := strings.Count(out.String(), "x-e7"+strings.Repeat("e", 200)); n != 1 {
		t.Errorf("an element name appears %d times in the printed policy, want 1", n)
	}
	if len(out.String()) > 4*len(in) {
		t.Errorf("printed policy is %d bytes for a %d-byte configuration", len(out.String()), len(in))
	}
	back, err := policy.Load(strings.NewReader(out.String()), "printed.yaml")
	if err != nil {
		t.Fatalf("the printed policy does not load: %v", err)
	}
	if got, want := back.String(), p.String(); got != want {
		t.Errorf("the printed policy loads back to another policy:\n got %.500s\nwant %.500s", got, want)
	}
}
