package sanitize

import (
	"slices"
	"testing"
)

// TestMailTrackingPixelHidden: an image with a remote src is reported as
// a tracking pixel however it is kept from the reader: the hidden
// attribute, display, visibility, opacity, a zero or one-pixel size in
// CSS (which wins over the attributes), a zero max-width or max-height.
func TestMailTrackingPixelHidden(t *testing.T) {
	const src = `src="https://t.example/o.gif"`
	tests := []struct {
		name, attrs string
		want        bool
	}{
		{"hidden-attribute", `hidden`, true},
		{"hidden-attribute-until-found", `hidden=until-found`, true},
		{"display-none-important", `style="display: none !important"`, true},
		{"visibility-hidden", `style="visibility:hidden"`, true},
		{"visibility-collapse", `style="visibility: collapse"`, true},
		{"opacity-zero", `style="opacity: 0"`, true},
		{"opacity-zero-decimal", `style="opacity:0.0"`, true},
		{"opacity-zero-percent", `style="opacity:0%"`, true},
		{"css-width-zero", `style="width:0"`, true},
		{"css-height-zero-px", `style="height: 0px"`, true},
		{"css-height-zero-em", `style="height: 0em"`, true},
		{"css-one-px-square", `style="width: 1px; height: 1px"`, true},
		{"css-size-wins-over-attributes", `width=600 height=300 style="width:1px;height:1px"`, true},
		{"max-height-zero", `style="max-height:0; overflow:hidden"`, true},
		{"max-width-zero", `style="max-width: 0px"`, true},
		{"attribute-one-px", `width="1px" height="1px"`, true},
		{"attribute-height-zero", `width=600 height=0`, true},
		{"visible-opacity", `style="opacity: 0.5"`, false},
		{"visible-one-px-wide-only", `width=1 height=300`, false},
		{"visible-css-wins-over-tiny-attributes", `width=1 height=1 style="width:600px;height:300px"`, false},
		{"visible-display-block", `style="display:block; width:100%; height:auto"`, false},
		{"visible-one-em-square", `style="width:1em;height:1em"`, false},
	}
	for _, remote := range []string{"allow", "block", "proxy"} {
		p := mailPolicy(t, remote)
		for _, tc := range tests {
			t.Run(remote+"/"+tc.name, func(t *testing.T) {
				in := `<img ` + src + ` ` + tc.attrs + `>`
				_, changes, err := stringReport(in, p)
				if err != nil {
					t.Fatal(err)
				}
				got := slices.ContainsFunc(changes, func(c Change) bool { return c.Reason == ReasonTrackingPixel })
				if got != tc.want {
					t.Errorf("stringReport(%q): tracking pixel reported %v, want %v (%v)", in, got, tc.want, changes)
				}
			})
		}
	}
}

// TestMailHiddenKept: what a mail hides with the hidden attribute (a
// preheader, a pixel) stays hidden under the mail preset.
func TestMailHiddenKept(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"boolean", `<div hidden>preheader</div>`, `<div hidden>preheader</div>`},
		{"until-found", `<span hidden=until-found>x</span>`, `<span hidden=until-found>x</span>`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := String(tc.in, mailPolicy(t, "block"))
			if err != nil {
				t.Fatal(err)
			}
			if want := `<div class="htmlclean-mail" style="position: relative; overflow: hidden">` + tc.want + `</div>`; got != want {
				t.Errorf("String(%q) = %q, want %q", tc.in, got, want)
			}
		})
	}
}
