package sanitize

import (
	"strings"
	"testing"
)

// TestNameMap checks that a nameMap finds what the Go map it was built
// from holds, and nothing else: every known element name, and names that
// differ from one by a byte, a case, a NUL or their length.
func TestNameMap(t *testing.T) {
	m := map[string]int{}
	for _, set := range []map[string]bool{closesP, impliedEnd, scopeBoundary, listBoundary, optionalEnd,
		needsAttributes, voidElements, breakout, htmlIntegrationPoint, rawTextElements, contentDropped} {
		for n := range set {
			m[n] = len(n)
		}
	}
	nm := newNameMap(m)
	var probes []string
	for n := range m {
		probes = append(probes, n, strings.ToUpper(n), n+"x", n[:len(n)-1], "\x00"+n, n+"\x00", "x"+n[1:])
	}
	probes = append(probes, "", "a", strings.Repeat("z", 1000))
	for _, name := range probes {
		want, wantOK := m[name]
		got, ok := nm.get(name)
		if got != want || ok != wantOK {
			t.Errorf("get(%q) = %d, %v, want %d, %v", name, got, ok, want, wantOK)
		}
		if at := nm.at(name); at != want {
			t.Errorf("at(%q) = %d, want %d", name, at, want)
		}
	}
	var empty nameMap[int]
	if _, ok := empty.get("a"); ok {
		t.Error("zero nameMap: get found a name")
	}
}

// TestNameMapFull fills a table to its limit with names whose hashes
// collide as much as short names can: lookups of present and absent
// names still end.
func TestNameMapFull(t *testing.T) {
	m := map[string]int{}
	for i := 0; i < 200; i++ {
		m["a"+strings.Repeat("b", i)+"a"] = i
	}
	nm := newNameMap(m)
	for name, want := range m {
		if got, ok := nm.get(name); !ok || got != want {
			t.Errorf("get(%q) = %d, %v, want %d, true", name, got, ok, want)
		}
		if _, ok := nm.get(name + "c"); ok {
			t.Errorf("get(%q) found an absent name", name+"c")
		}
	}
}

// TestIsHeading checks isHeading against the headings set.
func TestIsHeading(t *testing.T) {
	for _, name := range []string{"h1", "h2", "h3", "h4", "h5", "h6", "h0", "h7", "h", "hr", "H1", "h1x", "", "th"} {
		if got, want := isHeading(name), headings[name]; got != want {
			t.Errorf("isHeading(%q) = %v, want %v", name, got, want)
		}
	}
}
