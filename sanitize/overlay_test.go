package sanitize

import "testing"

// TestStyleOverlay: a style attribute allowed whole (the permissive
// policy) is dropped whole when a declaration would cover the page, as
// for any other problem; one allowed per property (comment-settings)
// loses that declaration and keeps the rest.
func TestStyleOverlay(t *testing.T) {
	ps := testPolicies(t)
	tests := []struct {
		name, policy, in, want string
	}{
		{"fixed-max-z", "permissive", `<b style="position:fixed; top:0; left:0; z-index:2147483647">x</b>`, `<b>x</b>`},
		{"fixed", "permissive", `<b style="color:red;position:fixed">x</b>`, `<b>x</b>`},
		{"fixed-upper", "permissive", `<b style="POSITION: FIXED">x</b>`, `<b>x</b>`},
		{"fixed-escaped", "permissive", `<b style="position:fi\78 ed">x</b>`, `<b>x</b>`},
		{"fixed-escaped-property", "permissive", `<b style="posit\69 on:fixed">x</b>`, `<b>x</b>`},
		{"fixed-commented", "permissive", `<b style="position:/**/fixed">x</b>`, `<b>x</b>`},
		{"fixed-important", "permissive", `<b style="position:fixed !important">x</b>`, `<b>x</b>`},
		{"sticky", "permissive", `<b style="position:sticky">x</b>`, `<b>x</b>`},
		{"sticky-webkit", "permissive", `<b style="position:-webkit-sticky">x</b>`, `<b>x</b>`},
		{"z-index-max", "permissive", `<b style="z-index:2147483647">x</b>`, `<b>x</b>`},
		{"z-index-overflow", "permissive", `<b style="z-index:99999999999999999999">x</b>`, `<b>x</b>`},
		{"z-index-negative", "permissive", `<b style="z-index:-5000">x</b>`, `<b>x</b>`},
		{"z-index-calc", "permissive", `<b style="z-index:calc(2147483647)">x</b>`, `<b>x</b>`},
		{"z-index-bound", "permissive", `<b style="z-index:1001">x</b>`, `<b>x</b>`},
		{"width-viewport", "permissive", `<b style="width:100vw">x</b>`, `<b>x</b>`},
		{"height-dynamic-viewport", "permissive", `<b style="height:100dvh">x</b>`, `<b>x</b>`},
		{"min-height-calc-sum", "permissive", `<b style="min-height:calc(50vh + 45vh)">x</b>`, `<b>x</b>`},
		{"width-exponent", "permissive", `<b style="width:1e2vw">x</b>`, `<b>x</b>`},
		{"kept-absolute", "permissive", `<b style="position:absolute">x</b>`, `<b style="position:absolute">x</b>`},
		{"kept-relative", "permissive", `<b style="position:relative;z-index:1000">x</b>`, `<b style="position:relative;z-index:1000">x</b>`},
		{"kept-z-negative", "permissive", `<b style="z-index:-1">x</b>`, `<b style="z-index:-1">x</b>`},
		{"kept-z-auto", "permissive", `<b style="z-index:auto">x</b>`, `<b style="z-index:auto">x</b>`},
		{"kept-z-important", "permissive", `<b style="z-index:10 !important">x</b>`, `<b style="z-index:10 !important">x</b>`},
		{"kept-width", "permissive", `<b style="width:89vw;max-width:100vw;height:50%">x</b>`, `<b style="width:89vw;max-width:100vw;height:50%">x</b>`},
		{"kept-fixed-in-string", "permissive", `<b style="font-family:'fixed'">x</b>`, `<b style="font-family:'fixed'">x</b>`},
		{"per-property-fixed", "comment-settings", `<span style="color:red;position:fixed">x</span>`, `<span style="color: red">x</span>`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := String(tc.in, ps[tc.policy])
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("String(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// TestStyleOverlayPerProperty: a policy that lists position and z-index
// by property still drops the overlay declarations and keeps the rest.
func TestStyleOverlayPerProperty(t *testing.T) {
	p := mustPolicy(t, `
extends: ugc
add:
  elements: [span]
styles:
  - {property: color, values: color}
  - {property: position, keywords: [static, relative, fixed, sticky]}
  - {property: z-index, values: number}
  - {property: width, values: length}
`)
	tests := []struct{ in, want string }{
		{`<span style="color:red; position:fixed">x</span>`, `<span style="color: red">x</span>`},
		{`<span style="position:sticky; z-index:5">x</span>`, `<span style="z-index: 5">x</span>`},
		{`<span style="color:red; z-index:2147483647">x</span>`, `<span style="color: red">x</span>`},
		{`<span style="width:100vw; color:red">x</span>`, `<span style="color: red">x</span>`},
		{`<span style="position:relative; z-index:10; width:50vw">x</span>`, `<span style="position:relative; z-index:10; width:50vw">x</span>`},
	}
	for _, tc := range tests {
		got, err := String(tc.in, p)
		if err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("String(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
