package htmltree

import "testing"

// TestIsHeading checks IsHeading against the Headings list.
func TestIsHeading(t *testing.T) {
	headings := map[string]bool{}
	for _, h := range Headings {
		headings[h] = true
	}
	for _, name := range []string{"h1", "h2", "h3", "h4", "h5", "h6", "h0", "h7", "h", "hr", "H1", "h1x", "", "th"} {
		if got, want := IsHeading(name), headings[name]; got != want {
			t.Errorf("IsHeading(%q) = %v, want %v", name, got, want)
		}
	}
}

// TestTableStructure checks TableStructure and FosterParent against the
// names HTML §13.2.6.4.9 lists.
func TestTableStructure(t *testing.T) {
	for _, tc := range []struct {
		name                string
		structure, fostered bool
	}{
		{"caption", true, false}, {"col", true, false}, {"colgroup", true, false},
		{"tbody", true, true}, {"td", true, false}, {"tfoot", true, true}, {"th", true, false},
		{"thead", true, true}, {"tr", true, true}, {"table", false, true}, {"div", false, false},
		{"TD", false, false}, {"", false, false},
	} {
		if got := TableStructure(tc.name); got != tc.structure {
			t.Errorf("TableStructure(%q) = %v, want %v", tc.name, got, tc.structure)
		}
		if got := FosterParent(tc.name); got != tc.fostered {
			t.Errorf("FosterParent(%q) = %v, want %v", tc.name, got, tc.fostered)
		}
	}
}
