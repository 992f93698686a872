package stylesheet

import (
	"strings"
	"testing"
)

// attrSeeds are style attribute values at the edges of CSS Syntax §4:
// escapes, strings, url tokens, comments and the end of input.
var attrSeeds = []string{
	`color:red;font-weight:bold`,
	`background:url(https://a.example/a.png), url('/b.png')`,
	`content:"a\"/*";background:url(data:x)`,
	"content:'a\\\nb'",
	"x:'a\r\n' ;y:url(a)",
	`background:u\72l(data:x)`,
	`x:\65 xpression(1)`,
	`position:fixed\`,
	`content:"abc`,
	`color:red/*url(//`,
	`a:url(a\))`,
	"a:\x00b\fc",
}

// FuzzAttr checks the style attribute checks on any value: Check and
// Filter never panic, the two instantiations of the escape decoder
// agree, and what Filter keeps (every declaration with a value allowed,
// as a policy's value patterns allow, every URL accepted) is kept again
// as written.
func FuzzAttr(f *testing.F) {
	for _, s := range attrSeeds {
		f.Add(s)
	}
	allow := func(prop, value string) bool { return value != "" }
	same := func(raw string) (string, bool) { return raw, true }
	accept := func(u string) bool { return true }
	f.Fuzz(func(t *testing.T, in string) {
		for _, inString := range []bool{false, true} {
			s := string(appendDecoded(nil, in, ") \t\n", inString))
			b := string(appendDecoded(nil, []byte(in), ") \t\n", inString))
			if s != b {
				t.Fatalf("appendDecoded(%q, %v): string %q, bytes %q", in, inString, s, b)
			}
		}
		Check(in, accept)
		out, _, fault := Filter(in, allow, same, accept)
		if fault != FaultNone {
			return
		}
		again, rewrote, fault := Filter(out, allow, same, accept)
		if fault != FaultNone || rewrote || again != out {
			t.Fatalf("Filter(%q) = %q; again %q, %v, %v", in, out, again, rewrote, fault)
		}
		if strings.Contains(out, "\r") {
			t.Fatalf("Filter(%q) = %q: not preprocessed", in, out)
		}
	})
}
