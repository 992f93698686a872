package sanitize

import (
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/testing/growth"
	"github.com/htmlclean/htmlclean/internal/testing/safety"
	"github.com/htmlclean/htmlclean/policy"
)

// TestStyles: a style attribute allowed property by property keeps the
// allowed declarations and drops the rest, one by one; the output holds
// the faithful-output properties (same DOM as the policy stage's, output
// differs only with a report, fixed point).
func TestStyles(t *testing.T) {
	p := commentPolicy(t)
	for _, c := range []struct {
		in, want, reason string // reason: of the one change expected, or ""
	}{
		// Kept as written.
		{`<span style="color:red">a</span>`, `<span style="color:red">a</span>`, ""},
		{`<p style="text-align:center;color:RGB(1, 2, 3)">x</p>`, `<p style="text-align:center;color:RGB(1, 2, 3)">x</p>`, ""},
		{`<span style="COLOR : Red ;">x</span>`, `<span style="COLOR : Red ;">x</span>`, ""},
		{`<span style="margin: 0 1em 2px; color: inherit">x</span>`, `<span style="margin: 0 1em 2px; color: inherit">x</span>`, ""},
		{`<div style="background-image:url(https://a.example/x.png)">x</div>`, `<div style="background-image:url(https://a.example/x.png)">x</div>`, ""},
		// Filtered declaration by declaration.
		{`<span style="color: #fff; position:fixed; top:0">a</span>`, `<span style="color: #fff">a</span>`, "css-filtered"},
		{`<span style="color:/*x*/red; margin: 0">x</span>`, `<span style="margin: 0">x</span>`, "css-filtered"}, // a comment drops its declaration
		{`<span style="color:/*x*/red">x</span>`, `<span>x</span>`, "css-no-allowed-declaration"},
		{`<span style="color: inherit; font-family: &quot;a;b&quot;; color:blue">x</span>`, `<span style="color: inherit; color: blue">x</span>`, "css-filtered"},
		{`<span style="color:red; font-weight:bold !important">x</span>`, `<span style="color: red">x</span>`, "css-filtered"},
		{`<span style="font-size: 12px; margin: 1px 2px 3px 4px 5px">x</span>`, `<span style="font-size: 12px">x</span>`, "css-filtered"},
		{`<span style="text-align:center; color: red">x</span>`, `<span style="color: red">x</span>`, "css-filtered"}, // text-align: not on span
		{`<span style="col\6fr:red; color: blue">x</span>`, `<span style="color: blue">x</span>`, "css-filtered"},
		{`<span style="color: r\65d; color: blue">x</span>`, `<span style="color: blue">x</span>`, "css-filtered"},
		{`<div style="background-image:url(https://a.example/x.png) , url(https://b.example/y.png); color: red">x</div>`, `<div style="color: red">x</div>`, "css-filtered"},
		// Nothing allowed left, or the whole value unreadable: dropped.
		{`<span style="position:fixed;top:0">a</span>`, `<span>a</span>`, "css-no-allowed-declaration"},
		{`<span style="color:expression(alert(1))">x</span>`, `<span>x</span>`, "css-no-allowed-declaration"},
		{`<span style="color:red !important">x</span>`, `<span>x</span>`, "css-no-allowed-declaration"},
		{`<div style="background-image:url(javascript:alert(1))">x</div>`, `<div>x</div>`, "css-bad-url"},
		{`<div style="background-image:url('javascript:alert(1)')">x</div>`, `<div>x</div>`, "css-no-allowed-declaration"},
		{`<span style="color:red; x: &quot;a&#10;b">x</span>`, `<span>x</span>`, "css-bad-string"},
		{`<span style="color:red; x: &quot;to the end">x</span>`, `<span style="color: red">x</span>`, "css-filtered"},
		{`<span style="color:red /* open">x</span>`, `<span>x</span>`, "css-unterminated-comment"},
		{`<b style="color:red">x</b>`, `<b style="color:red">x</b>`, ""}, // color: on every element
	} {
		out, changes, err := stringReport(c.in, p)
		if err != nil {
			t.Fatal(err)
		}
		if out != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.in, out, c.want)
		}
		var reasons []string
		for _, ch := range changes {
			reasons = append(reasons, string(ch.Reason))
		}
		if got := strings.Join(reasons, ","); got != c.reason {
			t.Errorf("%s: reported %q, want %q", c.in, got, c.reason)
		}
		if problem := faithfulProblem(t, c.in, p); problem != "" {
			t.Errorf("%s: %s", c.in, problem)
		}
	}
}

// TestStylesWithoutSetting: without styles, a preset drops style, and a
// policy that allows style whole keeps the all-or-nothing check (which
// refuses overlays: TestStyleOverlay).
func TestStylesWithoutSetting(t *testing.T) {
	in := `<p style="color: red; position: relative">x</p>`
	if out, _ := String(in, ugcPolicy(t)); out != `<p>x</p>` {
		t.Errorf("ugc: %s", out)
	}
	whole := mustCompile(t, policy.Config{Elements: []string{"p"}, Attributes: []policy.Attribute{{Name: "style"}}})
	if out, _ := String(in, whole); out != in {
		t.Errorf("style allowed whole: %s", out)
	}
}

// TestStylesGoAPI: the same rules through policy.Config.
func TestStylesGoAPI(t *testing.T) {
	p := mustCompile(t, policy.Config{
		Elements: []string{"span", "p"},
		Styles: []policy.Style{
			{Property: "color", Values: "color", On: []string{"span"}},
			{Property: "text-align", Keywords: []string{"left", "center"}},
			{Property: "font-family", Match: `[a-zA-Z ,]+`},
		},
	})
	for in, want := range map[string]string{
		`<span style="color: red; text-align: left; font-family: Arial, serif">x</span>`: `<span style="color: red; text-align: left; font-family: Arial, serif">x</span>`,
		`<p style="color: red; text-align: Center">x</p>`:                                `<p style="text-align: Center">x</p>`,
		`<p style="text-align: justify">x</p>`:                                           `<p>x</p>`,
		`<span style="font-family: 'Comic Sans'">x</span>`:                               `<span>x</span>`,
	} {
		if out, err := String(in, p); err != nil || out != want {
			t.Errorf("%s\n got %s %v\nwant %s", in, out, err, want)
		}
		if problem := faithfulProblem(t, in, p); problem != "" {
			t.Errorf("%s: %s", in, problem)
		}
	}
}

// TestStyleGrowth: filtering is linear in the declarations and in a
// value's length.
func TestStyleGrowth(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test; runs without -short")
	}
	c := policy.Config{
		Elements: []string{"span"},
		Styles:   []policy.Style{{Property: "color", Values: "color"}, {Property: "font-family", Match: `[a-z ,]+`}},
		Limits:   policy.Limits{MaxTokenBytes: 64 << 20, MaxAttributeBytes: 32 << 20, MaxInputBytes: 1 << 30},
	}
	p := mustCompile(t, c)
	for name, gen := range map[string]func(int) string{
		"declarations": func(n int) string {
			return `<span style="` + strings.Repeat("color:red;position:fixed;", n) + `">s</span>`
		},
		"kept-declarations": func(n int) string { return `<span style="` + strings.Repeat("color:red;", n) + `">s</span>` },
		"value-length":      func(n int) string { return `<span style="font-family:` + strings.Repeat("a, ", n) + `b">s</span>` },
		"nesting":           func(n int) string { return `<span style="color:` + strings.Repeat("f(", n) + `">s</span>` },
	} {
		t.Run(name, func(t *testing.T) {
			growth.Check(t, 2000, gen, func(in string) {
				if _, err := String(in, p); err != nil {
					t.Fatal(err)
				}
			})
		})
	}
}

// TestStyleCommentJoinsNoURL: a comment in a style is not dropped so that
// the tokens either side join: "url/**/(data:…)" (an ident, a comment, a
// "(" block, no url token) must not be written as "url(data:…)", a url
// token the browser fetches without urlnorm, the scheme list or the URL
// hook (an image proxy) having seen it, and "color: r/**/ed" (invalid to
// the browser) must not become "color: red". A declaration with a
// comment is dropped.
func TestStyleCommentJoinsNoURL(t *testing.T) {
	p := commentPolicy(t)
	for _, in := range []string{
		`<div style="background-image: url/**/(data:image/png;base64,AAAA)">x</div>`,
		`<div style="background-image: u/**/rl(https://e.com/a%2)">x</div>`,
	} {
		out, err := String(in, p)
		if err != nil {
			t.Fatal(err)
		}
		for _, problem := range safety.ProblemsEmbeds(out, p.URLOptions().Schemes, safety.SchemeOf, p.Config().Embeds.Hosts) {
			t.Errorf("String(%q) = %q: %s", in, out, problem)
		}
		if problem := faithfulProblem(t, in, p); problem != "" {
			t.Errorf("%q: %s", in, problem)
		}
	}

	// The image proxy of the Hooks section in docs/policy.md: every url() it would
	// change must drop the style ("CSS is never rewritten").
	proxy := func(u policy.URLContext) (string, bool) {
		if strings.HasPrefix(u.URL, "https://img.example/") {
			return u.URL, true
		}
		return "https://img.example/p?u=" + u.URL, true
	}
	hp := hookedCommentPolicy(t, policy.Hooks{URL: proxy})
	in := `<div style="background-image: u/**/rl(https://tracker.example/pixel.png)">x</div>`
	out, err := String(in, hp)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out, "tracker.example") {
		t.Errorf("String(%q) = %q: a url() bypassed the URL hook (image proxy)", in, out)
	}

	// docs/policy.md: "a declaration with an escape, a comment or !important ...
	// is dropped too".
	in = `<span style="color: r/**/ed">x</span>`
	if out, _ := String(in, p); out != `<span>x</span>` {
		t.Errorf("String(%q) = %q, want the declaration with a comment dropped", in, out)
	}
}

// TestStyleNewlineNotReportedAsURL: a style allowed per property whose CR
// or FF becomes the CSS newline (LF) is reported as a rewritten
// attribute, never as a rewritten URL, which report consumers take for a
// link.
func TestStyleNewlineNotReportedAsURL(t *testing.T) {
	p := commentPolicy(t)
	in := `<span style="color:&#13;red">x</span>`
	_, changes, err := stringReport(in, p)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range changes {
		if c.Attribute == "style" && c.Action == RewroteURL {
			t.Errorf("stringReport(%q) reported %v: a style is not a URL", in, c)
		}
	}
}
