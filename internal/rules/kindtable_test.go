package rules

import "testing"

// TestKindTable checks the built-in table's shape: each name once, in a
// group of a known kind (package policy checks the names themselves).
func TestKindTable(t *testing.T) {
	seen := map[string]Kind{}
	for _, g := range kindGroups {
		for _, name := range g.names {
			if prev, dup := seen[name]; dup {
				t.Errorf("%q is in the table as %s and %s", name, prev, g.kind)
			}
			seen[name] = g.kind
		}
		if g.kind == KindUnknown || g.kind.String() == "unknown" {
			t.Errorf("a group of kind %d", g.kind)
		}
	}
}
