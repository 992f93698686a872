package sanitize

import (
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/htmltree"
	"github.com/htmlclean/htmlclean/internal/rules"
)

// TestNameMap checks that a nameMap finds what the Go map it was built
// from holds, and nothing else: every known element name, and names that
// differ from one by a byte, a case, a NUL or their length.
func TestNameMap(t *testing.T) {
	m := map[string]int{}
	for _, set := range []map[string]bool{optionalEnd, needsAttributes, voidElements, rawTextElements, contentDropped,
		set(htmltree.ClosesPNames()...), set(htmltree.BreakoutNames()...)} {
		for n := range set {
			m[n] = len(n)
		}
	}
	for n := range htmltree.PropTable() {
		m[n] = len(n)
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

// TestNamespaceSeam checks that rules.Namespace and htmltree.Namespace
// number the namespaces alike: the pass converts one to the other.
func TestNamespaceSeam(t *testing.T) {
	for _, tc := range []struct {
		r rules.Namespace
		h htmltree.Namespace
	}{{rules.NSHTML, htmltree.HTML}, {rules.NSSVG, htmltree.SVG}, {rules.NSMathML, htmltree.MathML}} {
		if got := htmltree.Namespace(tc.r); got != tc.h {
			t.Errorf("htmltree.Namespace(%v) = %d, want %d", tc.r, got, tc.h)
		}
	}
}
