package htmlscan

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestEntitiesMatchTokenizer checks the generated table against x/net/html:
// the same names as its entity.go and the same characters from its
// UnescapeString.
func TestEntitiesMatchTokenizer(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(html5libDir(t), "..", "..", "..", "entity.go"))
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, m := range regexp.MustCompile(`(?m)^\s*"([A-Za-z0-9]+;?)":`).FindAllSubmatch(src, -1) {
		want = append(want, string(m[1]))
	}
	slices.Sort(want)
	var got []string
	for _, e := range entities {
		got = append(got, e.name)
		if u := html.UnescapeString("&" + e.name); u != e.val {
			t.Errorf("UnescapeString(%q) = %q, table has %q", "&"+e.name, u, e.val)
		}
	}
	if !slices.IsSorted(got) || len(slices.Compact(slices.Clone(got))) != len(got) {
		t.Error("entities are not sorted and unique: lookupEntity needs them so")
	}
	if !slices.Equal(want, got) {
		t.Errorf("%d names in x/net/html's entity.go, %d in the table", len(want), len(got))
	}
	if len(got) != 2231 {
		t.Errorf("%d named references, want the standard's 2231", len(got))
	}
	for _, e := range entities {
		if !strings.HasSuffix(e.name, ";") && len(e.name) > maxLegacyName {
			t.Errorf("%q needs no semicolon but is longer than maxLegacyName", e.name)
		}
	}
}

// TestNumericRefs compares every numeric reference to a code point up to
// U+10000, and the edges beyond, with html.UnescapeString, in text and in
// an attribute value.
func TestNumericRefs(t *testing.T) {
	var z Scanner
	check := func(ref string) {
		t.Helper()
		want := html.UnescapeString(ref + "x")
		if got := string(z.decode([]byte(ref+"x"), true, true, false)); got != want {
			t.Fatalf("decode(%q) = %q, want %q", ref+"x", got, want)
		}
		if got := string(z.decode([]byte(ref+"x"), true, true, true)); got != want {
			t.Fatalf("decode(%q) in an attribute = %q, want %q", ref+"x", got, want)
		}
	}
	for r := range 0x10001 {
		check(fmt.Sprintf("&#%d;", r))
		check(fmt.Sprintf("&#x%X", r))
	}
	for _, ref := range []string{"&#x10FFFF;", "&#x110000;", "&#99999999999999999999;", "&#xFFFFFFFFFFFF", "&#", "&#x", "&#;", "&#x;", "&#a"} {
		check(ref)
	}
}

// TestAttributeRefs checks where a named reference is decoded in an
// attribute value and where only in text.
func TestAttributeRefs(t *testing.T) {
	tests := []struct {
		name, in, text, attr string
	}{
		{"exact", "&amp;", "&", "&"},
		{"legacy without semicolon", "&amp", "&", "&"},
		{"legacy before equals", "&amp=", "&=", "&amp="},
		{"prefix of a longer name", "&ampx", "&x", "&ampx"},
		{"prefix with semicolon", "&notit;", "¬it;", "&notit;"},
		{"needs its semicolon", "&notin", "¬in", "&notin"},
		{"two code points", "&fjlig;", "fj", "fj"},
		{"not a reference", "&xyzzy;", "&xyzzy;", "&xyzzy;"},
		{"bare ampersand", "a & b", "a & b", "a & b"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var z Scanner
			if got := string(z.decode([]byte(tc.in), false, true, false)); got != tc.text {
				t.Errorf("decode(%q) in text = %q, want %q", tc.in, got, tc.text)
			}
			if got := string(z.decode([]byte(tc.in), false, true, true)); got != tc.attr {
				t.Errorf("decode(%q) in an attribute = %q, want %q", tc.in, got, tc.attr)
			}
		})
	}
}
