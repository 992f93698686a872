package stylesheet

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRefusedURLKeepsRest: a url() the sanitiser refuses, or one the
// tokenizer reads as a bad url, removes its declaration only, with a
// report line; the rest of the rule and the rules after it stay, as a
// browser keeps them (CSS Syntax §5.4.7: the ")" a bad url leaves
// behind is a preserved token in the declaration).
func TestRefusedURLKeepsRest(t *testing.T) {
	const rest = `;color:blue}.c{color:green}`
	const want = testScope + " .a{color:red}\n" + testScope + " .b{color:blue}\n" + testScope + " .c{color:green}\n"
	tests := []struct {
		name, decl string
		reason     Reason
	}{
		{"scheme-refused", `background:url(javascript:alert(1))`, ReasonURL},
		{"nested-parens", `background:url(https://x.example/a(b))`, ReasonURL},
		{"quoted-refused", `background:url("javascript:alert(1)")`, ReasonURL},
		{"bare-refused", `background:url(javascript:void)`, ReasonURL},
		{"upper-case-url", `background:URL(javascript:alert(1))`, ReasonURL},
		{"escaped-url-name", `background:u\72l(javascript:alert(1))`, ReasonFunction},
		{"stray-paren", `background:red)`, ReasonValue},
		{"stray-bracket", `background:red]`, ReasonValue},
		{"stray-in-function", `background:rgb(1,2,3))`, ReasonValue},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := `.a{color:red}.b{` + tc.decl + rest
			got, removed, err := Sanitize(in, testOptions())
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("Sanitize(%q) mismatch (-want +got):\n%s", in, diff)
			}
			if len(removed) != 1 || removed[0].Reason != tc.reason || !strings.HasPrefix(removed[0].What, "background:") {
				t.Errorf("Sanitize(%q) removed %v, want the background declaration alone (%v)", in, removed, tc.reason)
			}
		})
	}
}

// TestStrayCloserStaysInvalid: a stray ")" or "]" in a selector or a
// media query still invalidates it: the rule goes, the next one stays.
func TestStrayCloserStaysInvalid(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"selector", `.a) .b{color:red}.c{color:green}`, testScope + " .c{color:green}\n"},
		{"selector-bracket", `.a] .b{color:red}.c{color:green}`, testScope + " .c{color:green}\n"},
		{"before-equals", `.a)=b{color:red}.c{color:green}`, testScope + " .c{color:green}\n"},
		{"media", `@media (max-width:600px)){.a{color:red}}.c{color:green}`, testScope + " .c{color:green}\n"},
		{"important", `.a{color:red) important}.c{color:green}`, testScope + " .c{color:green}\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, _, err := Sanitize(tc.in, testOptions())
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Sanitize(%q) mismatch (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

// TestCloseStraysKeepsLength: the sheet keeps its length and lines, so
// that removals name the lines they were on.
func TestCloseStraysKeepsLength(t *testing.T) {
	for _, in := range []string{"a{b:c)}\n)", "a{b:url(x(y))}", "/* ) */ a{b:\")\"}", "f(])", ""} {
		if got := closeStrays(in); len(got) != len(in) || strings.Count(got, "\n") != strings.Count(in, "\n") {
			t.Errorf("closeStrays(%q) = %q: length or lines changed", in, got)
		}
	}
	if got := closeStrays(`/* ) */ a{b:")"}`); got != `/* ) */ a{b:")"}` {
		t.Errorf("closeStrays changed a comment or a string: %q", got)
	}
}

// TestMayHoldStrays: a sheet is lexed for strays when a closer outnumbers
// its openers, or it holds url( in any case or an escape; a balanced
// sheet without them is not.
func TestMayHoldStrays(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"a{color:red}", false},
		{"a{color:rgb(1,2,3)}[x]{color:red}", false},
		{"a{color:red)}", true},
		{"a]{color:red}", true},
		{"a{background:url(x)}", true},
		{"a{background:URL(x)}", true},
		{"a{background:uRl (x)}", false},
		{`a{color:r\65 d}`, true},
		{"(", false},
	}
	for _, tc := range tests {
		if got := mayHoldStrays(tc.in); got != tc.want {
			t.Errorf("mayHoldStrays(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}
