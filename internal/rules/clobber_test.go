package rules

import (
	"strings"
	"testing"
)

// TestClobbers is the value rule of ids.keep: unclobbered, value by
// value: what is kept and what is refused, and why.
func TestClobbers(t *testing.T) {
	tests := []struct {
		name, in string
		want     bool
	}{
		{"footnote", "fn1", false},
		{"footnote-ref", "fnref:2", false},
		{"heading", "section-1.2", false},
		{"non-ascii", "überblick", false},
		{"name-with-suffix", "cookie-1", false},
		{"name-with-prefix", "user-action", false},
		{"document-property", "cookie", true},
		{"document-property-other-case", "COOKIE", true},
		{"document-method", "getElementById", true},
		{"legacy-document-property", "fgColor", true},
		{"form-property", "action", true},
		{"form-property-case", "Action", true},
		{"form-method", "submit", true},
		{"window-global", "location", true},
		{"window-constructor", "Image", true},
		{"event-target-method", "addEventListener", true},
		{"object-prototype", "toString", true},
		{"proto", "__proto__", true},
		{"collection-method", "namedItem", true},
		{"radio-node-list", "value", true},
		{"array-index", "0", true},
		{"long-array-index", "1234567890123", true},
		{"digits-then-letter", "1a", false},
		{"empty", "", true},
		{"space", "a b", true},
		{"tab", "a\tb", true},
		{"quote", `a"b`, true},
		{"dollar", "a$b", true},
		{"invalid-utf8", "a\xffb", true},
		{"longer-than-every-name", strings.Repeat("a", clobberMaxLen+1), false},
		{"longer-than-the-buffer", strings.Repeat("b", maxClobberName+1), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Clobbers(tc.in); got != tc.want {
				t.Errorf("Clobbers(%q) = %v, want %v", tc.in, got, tc.want)
			}
		})
	}
}

// TestClobberNamesStored checks the embedded list: sorted names, each
// refused by Clobbers, none longer than the buffer Clobbers folds in,
// and the names every browser has there.
func TestClobberNamesStored(t *testing.T) {
	names := ClobberNames()
	if len(names) < 1000 {
		t.Fatalf("ClobberNames() holds %d names; the data file was cut", len(names))
	}
	if clobberMaxLen > maxClobberName {
		t.Errorf("the longest stored name is %d bytes, more than maxClobberName (%d)", clobberMaxLen, maxClobberName)
	}
	for _, n := range names {
		if !Clobbers(n) {
			t.Errorf("Clobbers(%q) = false for a stored name", n)
		}
	}
	for _, n := range []string{"cookie", "domain", "forms", "body", "action", "method", "elements", "submit", "reset", "length", "item", "namedItem", "alert", "name", "id"} {
		if !Clobbers(n) {
			t.Errorf("Clobbers(%q) = false", n)
		}
	}
}

// TestClobbersAllocatesNothing: one lookup per value, no allocation,
// whatever the value's length.
func TestClobbersAllocatesNothing(t *testing.T) {
	for _, v := range []string{"fn1", "Cookie", strings.Repeat("x", clobberMaxLen), strings.Repeat("y", 1<<16), "überblick"} {
		if n := testing.AllocsPerRun(100, func() { Clobbers(v) }); n != 0 {
			t.Errorf("Clobbers(%.20q...) allocates %v times", v, n)
		}
	}
}
