package rules

import (
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/testing/growth"
)

// TestGadgetEntries: every entry of Gadgets is well formed and found by
// Gadget, as a name and, for a prefix, with any name after it.
func TestGadgetEntries(t *testing.T) {
	seen := map[string]bool{}
	for _, g := range Gadgets {
		switch {
		case g.Library == "" || g.Runs == "":
			t.Errorf("%s: library and what it runs must be said", g.Name)
		case !strings.HasPrefix(g.Name, "data-") || strings.ToLower(g.Name) != g.Name:
			t.Errorf("%s: not a lower-case data- name a wildcard could admit", g.Name)
		case len(g.Name) > maxGadgetPrefix:
			t.Errorf("%s: longer than maxGadgetPrefix (%d)", g.Name, maxGadgetPrefix)
		case seen[g.Name]:
			t.Errorf("%s: listed twice", g.Name)
		}
		seen[g.Name] = true
		if !Gadget(g.Name) {
			t.Errorf("Gadget(%q) = false, want true", g.Name)
		}
		if g.Prefix && !Gadget(g.Name+"click") {
			t.Errorf("Gadget(%q) = false, want true (under the prefix %s)", g.Name+"click", g.Name)
		}
	}
}

// TestGadgetInertNames: names no listed library reads are not gadgets.
func TestGadgetInertNames(t *testing.T) {
	for _, name := range []string{
		"data-id", "data-lang", "data-md-lang", "data-count", "data-v-1a2b3c",
		"data-binding", "data-toggled", "data-ng", "data-hx", "data-bs",
		"data-ontario", "data-attribution", "data-mainland", "data-x",
		"bind", "ng-click", "hx-get", "x-data", "data-",
	} {
		if Gadget(name) {
			t.Errorf("Gadget(%q) = true, want false", name)
		}
	}
}

// TestCoveredNameRefusesGadgets: a data-* wildcard, and a narrower one,
// covers no trigger.
func TestCoveredNameRefusesGadgets(t *testing.T) {
	for _, tc := range []struct {
		prefix, name string
		want         bool
	}{
		{"data-", "data-bind", false},
		{"data-", "data-ng-click", false},
		{"data-", "data-hx-get", false},
		{"data-", "data-bs-content", false},
		{"data-x-", "data-x-init", false}, // Alpine's directive, data-x- prefix
		{"data-hx-", "data-hx-on-click", false},
		{"data-", "data-note", true},
		{"data-x-", "data-x-y", true}, // no Alpine directive
		{"data-md-", "data-md-lang", true},
	} {
		if got := CoveredName(tc.prefix, tc.name, nil); got != tc.want {
			t.Errorf("CoveredName(%q, %q) = %v, want %v", tc.prefix, tc.name, got, tc.want)
		}
	}
}

// TestGadgetGrowth: the check reads a bounded prefix of a name, so its
// cost is at most linear in the name (the map hashes it once).
func TestGadgetGrowth(t *testing.T) {
	gen := func(n int) string { return "data-" + strings.Repeat("a-", n) }
	growth.Check(t, 1<<12, gen, func(s string) { Gadget(s) })
}

func BenchmarkGadget(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		Gadget("data-comment-author-id")
	}
}
