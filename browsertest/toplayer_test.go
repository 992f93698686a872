//go:build browser

package browsertest

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
)

// topLayerPolicy keeps every top-layer attribute on the elements that
// take it, ids under a prefix (so that an invoker finds its own popover)
// and style attributes whole (so that anchor positioning reaches the
// style check): what a page would write to let its users build menus.
const topLayerPolicy = `extends: ugc
add:
  elements: [button, div, dialog, p, a]
  attributes:
    - {name: popover}
    - {name: popovertarget, on: [button]}
    - {name: popovertargetaction, on: [button]}
    - {name: commandfor, on: [button]}
    - {name: command, on: [button]}
    - {name: interestfor, on: [a, button], kind: text}
    - {name: style}
ids:
  prefix: user-content-
`

// topLayerPage is the host page: its own menu button with the anchor
// name --menu and a menu anchored below it, a "Delete account" button
// with the anchor name --del at the top right, then the recommended
// container (positioned, overflow hidden, contain: paint) at the top
// left, holding the output. The host's elements come first, so a user's
// anchor name, later in tree order, would win.
func topLayerPage(output string) string {
	return `<!DOCTYPE html><html><head><meta charset=utf-8><style>
#host-menu-button{position:absolute;left:420px;top:20px;width:100px;height:30px;anchor-name:--menu}
#host-menu{position:absolute;position-anchor:--menu;top:anchor(bottom);left:anchor(left);width:150px;height:50px;margin:0;background:#eee}
#host-delete{position:absolute;right:20px;top:20px;width:140px;height:40px;anchor-name:--del}
#user{position:relative;overflow:hidden;contain:paint;width:300px;height:200px}
</style></head><body style="margin:0">
<button id="host-menu-button">Menu</button><div id="host-menu">Settings</div>
<button id="host-delete">Delete account</button>
<div id="user" data-user>` + output + `</div></body></html>`
}

// topLayerMeasure reports what the output does to the page: grid points
// outside the container that an element of the output covers (every 20
// px of the 800×1200 viewport), whether the host's Delete button is the
// element at its centre, the host menu's box, and how many of the
// output's elements are in the top layer (an open popover, a modal
// dialog).
const topLayerMeasure = `(() => {
	const u = document.querySelector("[data-user]"), r = u.getBoundingClientRect();
	let covered = 0;
	for (let x = 10; x < 800; x += 20) for (let y = 10; y < 1200; y += 20) {
		if (x >= r.left && x < r.right && y >= r.top && y < r.bottom) continue;
		const e = document.elementFromPoint(x, y);
		if (e && u.contains(e)) covered++;
	}
	const d = document.getElementById("host-delete").getBoundingClientRect();
	const hit = document.elementFromPoint(d.left + d.width / 2, d.top + d.height / 2);
	const m = document.getElementById("host-menu").getBoundingClientRect();
	let top = 0;
	for (const e of u.querySelectorAll("*")) {
		if (e.matches(":popover-open") || e.matches(":modal")) top++;
	}
	return {covered, delete: hit !== null && hit.id === "host-delete",
		menu: [m.left, m.top, m.width, m.height].join(","), topLayer: top};
})()`

// topLayerTargets returns the centres of the output's buttons (to click)
// and of its elements with interestfor (to point at).
const topLayerTargets = `(() => {
	const c = e => { const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
	const u = document.querySelector("[data-user]");
	return {click: [...u.querySelectorAll("button")].map(c), point: [...u.querySelectorAll("[interestfor]")].map(c)};
})()`

// topLayerSupport says which of the features Chromium has.
const topLayerSupport = `({
	popover: typeof HTMLElement.prototype.showPopover === "function",
	command: "command" in HTMLButtonElement.prototype,
	interestfor: "interestForElement" in HTMLButtonElement.prototype,
	anchor: CSS.supports("anchor-name: --a") && CSS.supports("top: anchor(--a top)"),
})`

type topLayerMetrics struct {
	Covered  int    `json:"covered"`
	Delete   bool   `json:"delete"`
	Menu     string `json:"menu"`
	TopLayer int    `json:"topLayer"`
}

// An overlayEffect is what a case does to the page without the rule,
// measured against the page with an empty container.
type overlayEffect int

const (
	coversPage   overlayEffect = iota // in the top layer, over the page outside the container
	movesMenu                         // the host's anchored menu moves
	coversDelete                      // the host's Delete button is covered
)

func (e overlayEffect) seen(m, base topLayerMetrics) bool {
	switch e {
	case coversPage:
		return m.TopLayer > 0 && m.Covered > 0
	case movesMenu:
		return m.Menu != base.Menu
	default:
		return !m.Delete
	}
}

func (e overlayEffect) String() string {
	return [...]string{"covers the page from the top layer", "moves the page's anchored menu", "covers the page's Delete button"}[e]
}

// topLayerCases are the markup forms that reach the top layer or the
// page's anchors; feature names the topLayerSupport entry each needs.
var topLayerCases = []struct {
	name, feature, markup string
	effect                overlayEffect
}{
	{"popovertarget", "popover", `<div popover id="m"><p>Your session expired. Enter your password to go on: ________________ ________________ ________________</p></div><button popovertarget="m">Open</button>`, coversPage},
	{"popovertarget-manual-show", "popover", `<div popover="manual" id="m"><p>Pay here: ________________ ________________ ________________</p></div><button popovertarget="m" popovertargetaction="show">Open</button>`, coversPage},
	{"command-show-modal", "command", `<dialog id="d"><p>Confirm your password</p></dialog><button commandfor="d" command="show-modal">Open</button>`, coversPage},
	{"command-show-popover", "command", `<div popover id="m"><p>Pay here: ________________ ________________</p></div><button commandfor="m" command="show-popover">Open</button>`, coversPage},
	{"command-toggle-popover", "command", `<div popover="hint" id="m"><p>Pay here: ________________ ________________</p></div><button commandfor="m" command="toggle-popover">Open</button>`, coversPage},
	{"interestfor", "interestfor", `<div popover="hint" id="m"><p>Pay here: ________________ ________________</p></div><button interestfor="m">Point here</button>`, coversPage},
	{"anchor-name", "anchor", `<p style="anchor-name:--menu">Look here</p>`, movesMenu},
	{"anchor-name-escaped", "anchor", `<p style="anchor-n\61me:--menu">Look here</p>`, movesMenu},
	{"position-anchor-popover", "anchor", `<div popover id="m" style="position-anchor:--del;inset:auto;top:anchor(top);left:anchor(left);margin:0;width:140px;height:40px;background:red">Delete account</div><button popovertarget="m">Open</button>`, coversDelete},
	{"position-area-popover", "anchor", `<div popover id="m" style="position-anchor:--del;position-area:center;margin:0;width:160px;height:60px;background:red">Delete account</div><button popovertarget="m">Open</button>`, coversDelete},
	{"anchor-size-popover", "anchor", `<div popover id="m" style="position-anchor:--del;inset:auto;left:anchor(left);top:anchor(top);width:anchor-size(width);height:anchor-size(height);margin:0;background:red">x</div><button popovertarget="m">Open</button>`, coversDelete},
}

// TestTopLayerInChromium: each top-layer and anchor form, placed in the
// recommended container, and activated as a reader would (a click on
// each of its buttons, the pointer resting on each interestfor
// element). The unsanitised markup (the control) must cover or move the
// page's controls, or the check proves nothing; the output under a
// policy that lists every attribute involved must leave the page as it
// is with an empty container; under allow_top_layer the top-layer forms
// must work again (the setting does what it says), while anchor
// positioning stays refused.
func TestTopLayerInChromium(t *testing.T) {
	srv := newMailServer()
	defer srv.srv.Close()
	ctx := mailBrowser(t, srv.srv.URL, false)
	def, err := policy.Load(strings.NewReader(topLayerPolicy), "toplayer.yaml")
	if err != nil {
		t.Fatal(err)
	}
	allow, err := policy.Load(strings.NewReader(topLayerPolicy+"allow_top_layer: true\n"), "toplayer-allow.yaml")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	load := func(output string) (topLayerMetrics, error) {
		n++
		return loadTopLayer(ctx, srv.put(fmt.Sprintf("/toplayer/%d", n), topLayerPage(output)))
	}
	base, err := load("")
	if err != nil {
		t.Fatal(err)
	}
	if !base.Delete || base.Covered != 0 || base.TopLayer != 0 {
		t.Fatalf("the empty page: %+v", base)
	}
	support, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]bool](topLayerSupport))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("Chromium supports: %v; the empty page: %+v", support, base)
	for _, tc := range topLayerCases {
		t.Run(tc.name, func(t *testing.T) {
			if !support[tc.feature] {
				t.Skipf("this Chromium lacks %s", tc.feature)
			}
			raw, err := load(tc.markup)
			if err != nil {
				t.Fatal(err)
			}
			if !tc.effect.seen(raw, base) {
				t.Fatalf("control: unsanitised, %q does not %s: %+v (empty page %+v)", tc.markup, tc.effect, raw, base)
			}
			clean, err := sanitize.String(tc.markup, def)
			if err != nil {
				t.Fatal(err)
			}
			got, err := load(clean)
			if err != nil {
				t.Fatal(err)
			}
			if got != base {
				t.Errorf("sanitised, the output changes the page: %+v, want %+v\noutput: %q", got, base, clean)
			}
			kept, err := sanitize.String(tc.markup, allow)
			if err != nil {
				t.Fatal(err)
			}
			got, err = load(kept)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("control %+v; allow_top_layer %+v", raw, got)
			if seen := tc.effect.seen(got, base); seen != (tc.effect == coversPage) {
				t.Errorf("allow_top_layer: %s is %v, want %v: %+v\noutput: %q", tc.effect, seen, !seen, got, kept)
			}
		})
	}
}

// loadTopLayer loads u, clicks each of the output's buttons, rests the
// pointer on each interestfor element, and measures.
func loadTopLayer(ctx context.Context, u string) (topLayerMetrics, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(u), chromedp.Sleep(200*time.Millisecond)); err != nil {
		return topLayerMetrics{}, err
	}
	targets, err := chromedp.Run(ctx, chromedp.Evaluate[map[string][][2]float64](topLayerTargets))
	if err != nil {
		return topLayerMetrics{}, err
	}
	for _, c := range targets["click"] {
		if err := chromedp.Do(ctx, chromedp.MouseClickXY(c[0], c[1]), chromedp.Sleep(100*time.Millisecond)); err != nil {
			return topLayerMetrics{}, err
		}
	}
	for _, c := range targets["point"] {
		// interest-delay-start is 0.5 s by default.
		if err := chromedp.Do(ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, c[0], c[1]), chromedp.Sleep(1200*time.Millisecond)); err != nil {
			return topLayerMetrics{}, err
		}
	}
	return chromedp.Run(ctx, chromedp.Evaluate[topLayerMetrics](topLayerMeasure))
}
