package stylesheet

import (
	"strings"
	"testing"
)

func TestCoversPage(t *testing.T) {
	tests := []struct {
		name, prop, value string
		want              Reason
		covers            bool
	}{
		{"fixed", "position", "fixed", ReasonPosition, true},
		{"sticky-important", "position", "STICKY !important", ReasonPosition, true},
		{"absolute", "position", "absolute", 0, false},
		{"z-small", "z-index", "10", 0, false},
		{"z-plus", "z-index", "+1000", 0, false},
		{"z-huge", "z-index", "2147483647", ReasonZIndex, true},
		{"z-negative-huge", "z-index", "-1001", ReasonZIndex, true},
		{"z-calc", "z-index", "calc(99999)", ReasonZIndex, true},
		{"z-auto", "z-index", "auto", 0, false},
		{"z-inherit", "z-index", "inherit", 0, false},
		{"vw", "width", "100vw", ReasonViewport, true},
		{"calc-sum", "min-height", "calc(50vh + 45svh)", ReasonViewport, true},
		{"exponent", "height", "1e2vh", ReasonViewport, true},
		{"escaped-unit", "width", `100\76w`, ReasonViewport, true},
		{"small", "width", "50vw", 0, false},
		{"max-width", "max-width", "100vw", 0, false},
		{"pixels", "width", "100%", 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, covers := CoversPage(tc.prop, tc.value)
			if got != tc.want || covers != tc.covers {
				t.Errorf("CoversPage(%q, %q) = %v, %v, want %v, %v", tc.prop, tc.value, got, covers, tc.want, tc.covers)
			}
		})
	}
}

// TestCoversPagePageUnits: every viewport unit, in its plain, small,
// large and dynamic forms, and every container query unit sizes a box
// to the page: 100 of any of them covers it, 50 does not, in any case.
func TestCoversPagePageUnits(t *testing.T) {
	var units []string
	for _, u := range []string{"vw", "vh", "vi", "vb", "vmin", "vmax"} {
		units = append(units, u, "s"+u, "l"+u, "d"+u)
	}
	units = append(units, "cqw", "cqh", "cqi", "cqb", "cqmin", "cqmax")
	for _, u := range units {
		for _, prop := range []string{"width", "height", "min-block-size"} {
			t.Run(u+"/"+prop, func(t *testing.T) {
				for _, v := range []string{"100" + u, "100" + strings.ToUpper(u), "calc(60" + u + " + 40" + u + ")"} {
					if r, covers := CoversPage(prop, v); !covers || r != ReasonViewport {
						t.Errorf("CoversPage(%q, %q) = %v, %v, want %v, true", prop, v, r, covers, ReasonViewport)
					}
				}
				if r, covers := CoversPage(prop, "50"+u); covers {
					t.Errorf("CoversPage(%q, %q) = %v, true, want false", prop, "50"+u, r)
				}
			})
		}
	}
}

// TestCoversPageAnchors: every property that ties an element to another
// by a document-wide name (anchor positioning, view transitions,
// timelines) is refused whatever its value, none included, in any case
// and with !important; a value that places or sizes the element by an
// anchor is refused on any property; the properties and values that
// merely look alike are kept.
func TestCoversPageAnchors(t *testing.T) {
	props := []string{
		"anchor-name", "anchor-scope", "position-anchor", "position-area", "inset-area",
		"position-try", "position-try-fallbacks", "position-try-options", "position-try-order",
		"position-visibility", "view-transition-name", "view-transition-class",
		"view-transition-group", "scroll-timeline", "scroll-timeline-name",
		"view-timeline", "view-timeline-name", "timeline-scope", "overlay",
	}
	for _, prop := range props {
		for _, v := range []string{"--menu", "--Menu, --b", "all", "none", "top center", "auto", "inherit", "--m !important"} {
			if r, covers := CoversPage(prop, v); !covers || r != ReasonAnchor {
				t.Errorf("CoversPage(%q, %q) = %v, %v, want %v, true", prop, v, r, covers, ReasonAnchor)
			}
		}
	}
	for _, d := range [][2]string{
		{"top", "anchor(--menu bottom)"},
		{"left", "ANCHOR(--menu right)"},
		{"inset-block-start", "calc(anchor(bottom) + 4px)"},
		{"width", "anchor-size(--menu width)"},
		{"max-height", "calc(anchor-size(height) * 2)"},
		{"margin-top", "anchor(--m top, 0px)"},
		{"justify-self", "anchor-center"},
		{"align-self", "Anchor-Center"},
		{"place-self", "anchor-center anchor-center"},
		{"--x", "anchor(--menu top)"},
	} {
		if r, covers := CoversPage(d[0], d[1]); !covers || r != ReasonAnchor {
			t.Errorf("CoversPage(%q, %q) = %v, %v, want %v, true", d[0], d[1], r, covers, ReasonAnchor)
		}
	}
	for _, d := range [][2]string{
		{"text-anchor", "middle"},
		{"position", "relative"},
		{"transition", "opacity 1s"},
		{"font-family", "Anchorage"},
		{"inset", "0"},
		{"top", "4px"},
		{"animation-timeline", "auto"},
		{"container-name", "card"},
	} {
		if r, covers := CoversPage(d[0], d[1]); covers {
			t.Errorf("CoversPage(%q, %q) = %v, true, want false", d[0], d[1], r)
		}
	}
}
