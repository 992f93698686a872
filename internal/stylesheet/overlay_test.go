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
