package sanitizerapi

import (
	"fmt"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/testing/growth"
)

// printSanitizerConfig is what `htmlclean -sanitizer-config F
// -print-policy` does: map the configuration, then print the policy as
// YAML. It reports whether the configuration was accepted.
func printSanitizerConfig(in string) bool {
	p, err := Compile([]byte(in))
	if err != nil {
		return false
	}
	_ = p.String()
	return true
}

func TestSanitizerConfigNameLengthGrowth(t *testing.T) {
	gen := func(n int) string {
		return `{"elements":["x-` + strings.Repeat("a", n) + `"],"attributes":["x` + strings.Repeat("b", n) + `"]}`
	}
	for _, tc := range []struct {
		name   string
		n      int
		accept bool
	}{
		{"accepted", maxNameBytes / growth.Factor / 2, true},
		{"refused", 4 * maxNameBytes, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, n := range []int{tc.n, growth.Factor * tc.n} {
				if got := printSanitizerConfig(gen(n)); got != tc.accept {
					t.Fatalf("name of %d bytes: accepted %v, want %v", n, got, tc.accept)
				}
			}
			growth.Check(t, tc.n, gen, func(in string) { printSanitizerConfig(in) })
		})
	}
}

func TestSanitizerConfigNameCountGrowth(t *testing.T) {
	gen := func(n int) string {
		var b strings.Builder
		b.WriteString(`{"elements":[`)
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `"x-e%d"`, i)
		}
		b.WriteString(`]}`)
		return b.String()
	}
	if !printSanitizerConfig(gen(growth.Factor * 50)) {
		t.Fatal("configuration refused")
	}
	growth.Check(t, 50, gen, func(in string) { printSanitizerConfig(in) })
}

func TestSanitizerConfigRefusesLongNamespace(t *testing.T) {
	src := `{"elements":[{"name":"x-a","namespace":"` + strings.Repeat("n", maxNamespaceBytes+1) + `"}]}`
	_, err := Compile([]byte(src))
	if err == nil || !strings.Contains(err.Error(), "elements[0].namespace") || !strings.Contains(err.Error(), "longer than") {
		t.Errorf("err = %v, want a length error at elements[0].namespace", err)
	}
}
