package sanitize

import (
	"sort"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/policy"
)

// TestSVGCamelCase checks, for each SVG element a browser names in camel
// case (HTML §13.2.6.5, "adjust SVG tag name") that a policy may allow,
// that a start tag the pass writes anew keeps the name as written, so
// that it agrees with its end tag as written, and that an end tag the
// pass writes is in the browser's camel case.
func TestSVGCamelCase(t *testing.T) {
	var names []string
	for n := range svgCamel {
		names = append(names, n)
	}
	sort.Strings(names)
	var allowed []string
	for _, n := range names {
		// policy.Compile refuses some (animation, foreignObject).
		if _, err := policy.Load(strings.NewReader("extends: ugc\nadd:\n  elements: [\"svg:svg\", \"svg:"+n+"\"]\n"), "t.yaml"); err == nil {
			allowed = append(allowed, n)
		}
	}
	if len(allowed) < 30 {
		t.Fatalf("only %d camel-case SVG elements can be allowed: %q", len(allowed), allowed)
	}
	keys := make([]string, len(allowed))
	for i, n := range allowed {
		keys[i] = `"svg:` + n + `"`
	}
	p := mustPolicy(t, "extends: ugc\nadd:\n  elements: [\"svg:svg\", "+strings.Join(keys, ", ")+"]\n"+
		"  attributes:\n    - {name: fill, on: ["+strings.Join(keys, ", ")+"]}\n")
	for _, n := range allowed {
		c := svgCamel[n]
		tests := []struct{ name, in, want string }{
			{"attribute-removed", `<svg><` + c + ` onclick="x" fill="red">a</` + c + `></svg>`,
				`<svg><` + c + ` fill="red">a</` + c + `></svg>`},
			{"left-open", `<svg><` + c + ` fill="red">a</svg>`, `<svg><` + c + ` fill="red">a</` + c + `></svg>`},
			{"lower-kept", `<svg><` + n + ` id="x">a</` + n + `></svg>`, `<svg><` + n + `>a</` + n + `></svg>`},
			// A start tag left open is closed by a written end tag in the
			// browser's (camel) case, whatever the start tag's.
			{"lower-left-open", `<svg><` + n + `>a</svg>`, `<svg><` + n + `>a</` + c + `></svg>`},
			{"kept", `<svg><` + c + `>a</` + c + `></svg>`, `<svg><` + c + `>a</` + c + `></svg>`},
		}
		for _, tc := range tests {
			t.Run(c+"/"+tc.name, func(t *testing.T) {
				got, err := String(tc.in, p)
				if err != nil {
					t.Fatal(err)
				}
				if got != tc.want {
					t.Errorf("String(%q) = %q, want %q", tc.in, got, tc.want)
				}
			})
		}
	}
}
