//go:build browser

package browsertest

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
)

// scopeAttacker is a mail whose sheets try to style what is not its own:
// every element of the page, the next mail (siblings of the wrapper, of
// body, of :root), the host's classes, with :scope and @scope tricks
// and an absolutely positioned box; and one rule (.mine) that must still
// apply to its own element.
const scopeAttacker = `<html><head><style>
body *{display:none}
p, div{color:rgb(255, 0, 0) !important; font-size:40px !important; background-color:rgb(255, 0, 0)}
.x{position:absolute; top:0; left:0; width:790px; height:1000px; background:rgb(255, 0, 0); z-index:1000}
.own{color:rgb(255, 0, 0) !important}
:root ~ *{display:none} body ~ div{display:none} body + div{display:none} html > body ~ div{display:none}
:is(body ~ div) p{color:rgb(255, 0, 0)} :where(body) ~ div{display:none} p:not(body + *){margin-top:33px}
:scope p{color:rgb(255, 0, 0)} :scope ~ div{display:none} .htmlclean-mail ~ div p{display:none}
.htmlclean-mail + .htmlclean-mail p{display:none} div.htmlclean-mail p{display:none}
.mine{color:rgb(1, 2, 3) !important}
</style><style>@scope{:scope ~ *{display:none} p{font-size:50px}}</style><style>@scope (div){p{display:none}}</style></head>
<body style="padding:900px"><div class="x">cover</div><p class="mine">a</p><p>a</p></body></html>`

// scopeVictim is a mail with a sheet of its own: its own rule must apply,
// and nothing of scopeAttacker's.
const scopeVictim = `<style>.own{color:rgb(0, 128, 0)} p{margin-top:5px}</style>` +
	`<div class="v"><p class="own">own rule</p><p>plain <b>text</b></p><table><tr><td>cell</td></tr></table></div>`

// scopeHost wraps the mails between elements of the host page's own.
func scopeHost(mails ...string) string {
	return hostPage(`<div id="host-before"><p class="x">host <b>before</b></p></div>` +
		strings.Join(mails, "") + `<div id="host-after"><p class="own">host after</p></div>`)
}

// scopeStyles lists the computed styles of the host's elements
// ("host/..."), and of each wrapper's subtree ("mail-own/..." for the
// one holding .own, "mail-other/..." otherwise), one entry per element
// in document order, <style> aside; and what is drawn at the centre of
// each element of the victim's.
const scopeStyles = `(() => {
	const props = ["display", "visibility", "color", "background-color", "font-size", "position",
		"margin-top", "padding-top", "z-index", "width", "height"];
	const out = {};
	const put = (key, e, list) => {
		const cs = getComputedStyle(e);
		out[key] = list.map(p => p + ":" + cs.getPropertyValue(p)).join(";");
	};
	const page = ["display", "visibility", "color", "background-color", "font-size", "margin-top", "padding-top"];
	put("host/html", document.documentElement, page);
	put("host/body", document.body, page);
	for (const id of ["host-before", "host-after"]) {
		const root = document.getElementById(id);
		[root, ...root.querySelectorAll("*")].forEach((e, i) => put("host/" + id + "/" + i + ":" + e.tagName, e, props));
	}
	for (const w of document.querySelectorAll(".htmlclean-mail")) {
		const name = w.querySelector(".own") ? "mail-own" : "mail-other";
		const els = [w, ...w.querySelectorAll("*")].filter(e => e.tagName !== "STYLE");
		els.forEach((e, i) => put(name + "/" + i + ":" + e.tagName, e, props));
		if (name === "mail-own") {
			els.forEach((e, i) => {
				const r = e.getBoundingClientRect();
				e.scrollIntoView({block: "center"});
				const r2 = e.getBoundingClientRect();
				const at = document.elementFromPoint(r2.left + r2.width / 2, r2.top + r2.height / 2);
				out["drawn/" + i + ":" + e.tagName] = at && w.contains(at) ? "own" : "covered by " + (at ? at.tagName + "." + at.className : "nothing");
			});
		}
	}
	return JSON.stringify(out);
})()`

// TestMailScopeInChromium: several sanitised mails on one page. The
// attacker's sheets change nothing of the victim's computed styles, in
// either order, nor of the host page's elements (compared with each
// shown alone), and cover none of the victim's elements; each mail's own
// rules still apply inside its own wrapper.
func TestMailScopeInChromium(t *testing.T) {
	srv := newMailServer()
	defer srv.srv.Close()
	ctx := mailBrowser(t, srv.srv.URL, false)
	p := policy.Mail()
	attacker, err := sanitize.String(scopeAttacker, p)
	if err != nil {
		t.Fatal(err)
	}
	victim, err := sanitize.String(scopeVictim, p)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(attacker, "<style>@scope{") || !strings.Contains(attacker, ".mine") {
		t.Fatalf("the attacker's sheet is gone, the test proves nothing: %q", attacker)
	}
	styles := func(name string, mails ...string) map[string]string {
		t.Helper()
		got, err := scopePage(ctx, srv.put("/scope/"+name, scopeHost(mails...)))
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	alone := styles("victim", victim)
	host := styles("host")
	attackerAlone := styles("attacker", attacker)
	for _, k := range []string{"mail-own/2:P", "mail-own/3:P"} {
		if alone[k] == "" {
			t.Fatalf("no %s measured: %v", k, alone)
		}
	}
	if own := alone["mail-own/2:P"]; !strings.Contains(own, "color:rgb(0, 128, 0)") || !strings.Contains(own, "margin-top:5px") {
		t.Errorf("the victim's own rules do not apply to it: %s", own)
	}
	for k, v := range attackerAlone {
		mine := strings.HasSuffix(k, ":P") && strings.Contains(v, "color:rgb(1, 2, 3)")
		if mine && !strings.Contains(v, "display:none") {
			t.Errorf("the attacker's body *{display:none} does not apply to its own %s: %s", k, v)
		}
		if mine {
			attackerAlone["found .mine"] = "yes"
		}
	}
	if attackerAlone["found .mine"] == "" {
		t.Errorf("the attacker's .mine rule does not apply inside its own wrapper: %v", attackerAlone)
	}
	// Control: the same sheet scoped by the wrapper's class alone and
	// written after it, as before @scope, reaches the victim.
	unscoped := strings.Replace(attacker, "<style>@scope{", "</div><style>", 1)
	unscoped = strings.Replace(unscoped, "}</style></div>", "</style>", 1)
	unscoped = strings.ReplaceAll(unscoped, ":scope.htmlclean-mail", ".htmlclean-mail")
	if reached := styles("control", unscoped, victim); cmp.Equal(scopePick(reached, "mail-own/"), scopePick(alone, "mail-own/")) {
		t.Fatalf("scoped by its class alone, the attacker's sheet does not reach the victim: the test cannot see a leak")
	}
	for _, order := range []struct {
		name  string
		mails []string
	}{
		{"attacker-first", []string{attacker, victim}},
		{"victim-first", []string{victim, attacker}},
		{"victim-between", []string{attacker, victim, attacker}},
	} {
		t.Run(order.name, func(t *testing.T) {
			got := styles(order.name, order.mails...)
			if diff := cmp.Diff(scopePick(alone, "mail-own/", "drawn/"), scopePick(got, "mail-own/", "drawn/")); diff != "" {
				t.Errorf("the victim's computed styles changed (-alone +with the attacker):\n%s", diff)
			}
			if diff := cmp.Diff(scopePick(host, "host/"), scopePick(got, "host/")); diff != "" {
				t.Errorf("the host page's computed styles changed (-without mails +with them):\n%s", diff)
			}
			if t.Failed() {
				t.Logf("attacker: %q", attacker)
			}
		})
	}
}

// scopePage loads u and returns scopeStyles' report.
func scopePage(ctx context.Context, u string) (map[string]string, error) {
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(u)); err != nil {
		return nil, err
	}
	js, err := chromedp.Run(ctx, chromedp.Evaluate[string](scopeStyles))
	if err != nil {
		return nil, err
	}
	var out map[string]string
	if err := json.Unmarshal([]byte(js), &out); err != nil {
		return nil, fmt.Errorf("scopeStyles: %w", err)
	}
	return out, nil
}

// scopePick returns the entries of m whose keys start with one of prefixes.
func scopePick(m map[string]string, prefixes ...string) map[string]string {
	out := map[string]string{}
	for k, v := range m {
		for _, p := range prefixes {
			if strings.HasPrefix(k, p) {
				out[k] = v
			}
		}
	}
	return out
}
