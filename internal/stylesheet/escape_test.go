package stylesheet

import (
	"strings"
	"testing"
)

func TestPreprocess(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"crlf", "a\r\nb", "a\nb"},
		{"cr", "a\rb", "a\nb"},
		{"form-feed", "a\fb", "a\nb"},
		{"nul", "a\x00b", "a\uFFFDb"},
		{"invalid-utf8", "a\xffb", "a\uFFFDb"},
		{"unchanged", "a{b:c}", "a{b:c}"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Preprocess(tc.in); got != tc.want {
				t.Errorf("Preprocess(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestDecode(t *testing.T) {
	tests := []struct {
		name, in, want string
		inString       bool
	}{
		{"hex-with-space", `\65 xpression`, "expression", false},
		{"hex-six-digits", `\000065xpression`, "expression", false},
		{"hex-tab", "\\65\txpression", "expression", false},
		{"literal", `\@import`, "@import", false},
		{"zero", `\0`, "\uFFFD", false},
		{"surrogate", `\d800`, "\uFFFD", false},
		{"too-large", `\110000`, "\uFFFD", false},
		{"end-of-input", `a\`, "a\uFFFD", false},
		{"line-continuation", "a\\\nb", "ab", true},
		{"two-spaces-keep-one", `\61  b`, "a b", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := decode(tc.in, tc.inString); got != tc.want {
				t.Errorf("decode(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// TestDecodeAttr checks the escape decoding (§4.3.7) on its own, as the
// attribute checks decode (appendDecoded, inString).
func TestDecodeAttr(t *testing.T) {
	tests := []struct{ in, want string }{
		{`a\62 c`, "abc"},
		{`a\000062c`, "abc"},
		{`\1F600`, "\U0001F600"},
		{`\0`, "\uFFFD"},
		{`\d800`, "\uFFFD"},
		{`\110000`, "\uFFFD"},
		{`\g`, "g"},
		{`\é`, "é"},
		{"a\\\nb", "ab"},
		{`a\`, "a"},
		{"\\41\tb", "Ab"},
		{`\41  b`, "A b"},
	}
	for _, tc := range tests {
		if got := string(appendDecoded(nil, []byte(tc.in), "", true)); got != tc.want {
			t.Errorf("appendDecoded(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestDecodeURL(t *testing.T) {
	tests := []struct{ in, want string }{
		{`url(a)`, "a"},
		{`url( "a b" )`, "a b"},
		{`u\rl(java\73 cript:x)`, "javascript:x"},
		{`url(a\))`, "a)"},
		{`url('a`, "a"},
	}
	for _, tc := range tests {
		if got := decodeURL(tc.in); got != tc.want {
			t.Errorf("decodeURL(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestWriteIdent(t *testing.T) {
	tests := []struct{ in, want string }{
		{"abc", "abc"},
		{"1a", `\31 a`},
		{"-1", `-\31 `},
		{"-", `\-`},
		{"</style>", `\3c \2f style\3e `},
		{"é-_", "é-_"},
	}
	for _, tc := range tests {
		var b strings.Builder
		writeIdent(&b, tc.in)
		if got := b.String(); got != tc.want {
			t.Errorf("writeIdent(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
