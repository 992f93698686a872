package sanitize

import (
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/rules"
	"github.com/htmlclean/htmlclean/policy"
)

// topLayerPolicy lists every top-layer attribute, and command and
// commandfor, on the elements that take them.
const topLayerPolicy = `extends: ugc
add:
  elements: [button, div, dialog, input]
  attributes:
    - {name: popover}
    - {name: popovertarget, on: [button, input]}
    - {name: popovertargetaction, on: [button, input]}
    - {name: commandfor, on: [button]}
    - {name: command, on: [button]}
    - {name: interestfor, on: [a, button], kind: text}
    - {name: interesttarget, on: [a, button], kind: text}
    - {name: interestaction, on: [a, button], kind: text}
`

// TestTopLayerAttributes: under a policy that lists them, every
// attribute of rules.TopLayer is dropped and reported as top-layer, with
// every value, on every element that takes it, unless allow_top_layer is
// set; then each is kept as written.
func TestTopLayerAttributes(t *testing.T) {
	def := mustPolicy(t, topLayerPolicy)
	allow := mustPolicy(t, topLayerPolicy+"allow_top_layer: true\n")
	elements := map[string][]string{
		"popover": {"div", "dialog", "button"}, "popovertarget": {"button", "input"},
		"popovertargetaction": {"button", "input"}, "command": {"button"},
		"interestfor": {"a", "button"}, "interesttarget": {"a", "button"}, "interestaction": {"a", "button"},
	}
	for _, e := range rules.TopLayer {
		if len(elements[e.Name]) == 0 {
			t.Fatalf("%s: no element to test it on", e.Name)
		}
		for _, el := range elements[e.Name] {
			for _, v := range []string{"", "auto", "manual", "hint", "x", "show-modal", "toggle-popover", "Show-Popover", "--custom"} {
				in := "<" + el + ` href="https://example.com/" ` + e.Name + `="` + v + `">x</` + el + ">"
				got, changes, err := stringReport(in, def)
				if err != nil {
					t.Fatal(err)
				}
				if val, kept := attrOf(got, el, e.Name); kept {
					t.Errorf("default: %s: %s=%q kept in %q", in, e.Name, val, got)
				}
				if !reported(changes, e.Name, ReasonTopLayer) {
					t.Errorf("default: %s: no top-layer report in %v", in, changes)
				}
				got, err = String(in, allow)
				if err != nil {
					t.Fatal(err)
				}
				if val, kept := attrOf(got, el, e.Name); !kept || val != v {
					t.Errorf("allow_top_layer: %s: %s = %q, %v, want %q", in, e.Name, val, kept, v)
				}
			}
		}
	}
}

// TestCommandValues: a command that only closes or hides its target is
// kept in any case; every value that opens one, a custom command, an
// unknown value and one with spaces is dropped.
func TestCommandValues(t *testing.T) {
	p := mustPolicy(t, topLayerPolicy)
	for _, v := range []string{"close", "CLOSE", "request-close", "Request-Close", "hide-popover", "HIDE-POPOVER"} {
		got, err := String(`<button commandfor=d command="`+v+`">x</button>`, p)
		if err != nil {
			t.Fatal(err)
		}
		if val, kept := attrOf(got, "button", "command"); !kept || val != v {
			t.Errorf("command=%q: got %q", v, got)
		}
	}
	for _, v := range []string{"show-modal", "SHOW-MODAL", "show-popover", "toggle-popover", "Toggle-Popover",
		"--open", "", " close", "close ", "toggle-fullscreen", "request-fullscreen", "show-picker", "x"} {
		got, changes, err := stringReport(`<button commandfor=d command="`+v+`">x</button>`, p)
		if err != nil {
			t.Fatal(err)
		}
		if _, kept := attrOf(got, "button", "command"); kept || !reported(changes, "command", ReasonTopLayer) {
			t.Errorf("command=%q: got %q, %v", v, got, changes)
		}
	}
}

// TestTopLayerPresets: the presets drop the top-layer attributes too,
// sanitizer-api's (which allows every attribute htmlclean knows)
// included.
func TestTopLayerPresets(t *testing.T) {
	in := `<div popover id=m>x</div><button popovertarget=m popovertargetaction=show commandfor=m command=show-popover>o</button>`
	for _, name := range policy.Presets() {
		got, err := String(in, preset(t, name))
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range []string{"popover", "popovertarget", "popovertargetaction", "command="} {
			if strings.Contains(got, a) {
				t.Errorf("%s: %q kept in %q", name, a, got)
			}
		}
	}
}

// TestAnchorStyles: a style attribute allowed whole drops every
// declaration that ties an element to another by a document-wide name,
// and a style allowed property by property drops it even where the
// policy lists its property; a mail's sheet drops it as well.
func TestAnchorStyles(t *testing.T) {
	whole := mustPolicy(t, "extends: ugc\nadd:\n  attributes:\n    - {name: style}\n")
	per := mustPolicy(t, "extends: ugc\nstyles:\n  - {property: color, values: color}\n"+
		"  - {property: anchor-name, match: '.*'}\n  - {property: position-anchor, match: '.*'}\n"+
		"  - {property: top, match: '.*'}\n  - {property: view-transition-name, match: '.*'}\n")
	decls := []string{
		"anchor-name:--menu", "anchor-name: --a, --menu", "ANCHOR-NAME:--menu", `anchor-n\61me:--menu`,
		"anchor-name:/**/--menu", "anchor-name:--menu !important", "anchor-scope:all",
		"position-anchor:--delete", "position-area:bottom span-all", "inset-area:top",
		"position-try-fallbacks:flip-block", "top:anchor(--delete top)", "top:ANCHOR(--delete top)",
		`top:\61nchor(--delete top)`, "width:anchor-size(--delete width)", "justify-self:anchor-center",
		"view-transition-name:header", "view-transition-class:x", "scroll-timeline-name:--page",
		"view-timeline:--page block", "timeline-scope:--page",
	}
	for _, d := range decls {
		in := `<p style="color:red;` + d + `">x</p>`
		got, changes, err := stringReport(in, whole)
		if err != nil {
			t.Fatal(err)
		}
		if _, kept := attrOf(got, "p", "style"); kept || !reported(changes, "style", ReasonCSSOverlay) {
			t.Errorf("whole: %s: got %q, %v", in, got, changes)
		}
		got, err = String(in, per)
		if err != nil {
			t.Fatal(err)
		}
		if v, _ := attrOf(got, "p", "style"); v != "color:red" && v != "color: red" {
			t.Errorf("per property: %s: style = %q", in, v)
		}
	}
	mail := `<html><head><style>p{color:red;anchor-name:--menu} div{position-anchor:--menu;position-area:bottom}</style></head><body><p>x</p></body></html>`
	got, err := String(mail, preset(t, "mail"))
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"anchor-name", "position-anchor", "position-area", "--menu"} {
		if strings.Contains(got, bad) {
			t.Errorf("mail: %q kept in %q", bad, got)
		}
	}
}

// reported says whether changes hold a removal of attr for reason.
func reported(changes []Change, attr string, reason Reason) bool {
	for _, c := range changes {
		if c.Attribute == attr && c.Reason == reason {
			return true
		}
	}
	return false
}
