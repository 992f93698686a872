package sanitize

import (
	"net/url"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/htmlclean/htmlclean/policy"
)

// proxy is an image proxy, as a comment system writes one: it leaves its
// own URLs alone, so that sanitising twice changes nothing.
func proxy(u policy.URLContext) (string, bool) {
	switch {
	case strings.HasPrefix(u.URL, "https://img.example/"):
		return u.URL, true
	case u.Element == "img" && u.Attribute == "src", u.Attribute == "srcset":
		return "https://img.example/p?u=" + url.QueryEscape(u.URL), true
	case u.Element == "a" && strings.HasPrefix(u.URL, "https://tracker."):
		return "", false
	case u.Element == "a" && u.URL == "https://evil.example/":
		return "javascript:alert(1)", true // a buggy hook
	case u.Element == "a" && u.URL == "https://bad.example/":
		return "https://a%2fb@bad.example/", true // userinfo: refused
	}
	return u.URL, true
}

func hookPolicy(t *testing.T, h policy.Hooks) *policy.Policy {
	t.Helper()
	c := policy.UGC().Config()
	c.Hooks = h
	c.Add.Attributes = append(c.Add.Attributes, policy.Attribute{Name: "srcset", On: []string{"img"}}, policy.Attribute{Name: "class"})
	return mustCompile(t, c)
}

// TestURLHook: the hook rewrites URLs in every URL attribute, may drop
// one, and cannot write what the policy refuses.
func TestURLHook(t *testing.T) {
	p := hookPolicy(t, policy.Hooks{URL: proxy})
	for _, c := range []struct{ in, want, reason string }{
		{`<img src="https://a.example/x.png" alt="x">`,
			`<img src="https://img.example/p?u=https%3A%2F%2Fa.example%2Fx.png" alt="x">`, "url-hook"},
		{`<img src="https://a.example/x.png" srcset="https://a.example/2.png 2x">`,
			`<img src="https://img.example/p?u=https%3A%2F%2Fa.example%2Fx.png" srcset="https://img.example/p?u=https%3A%2F%2Fa.example%2F2.png 2x">`, "url-hook,url-hook"},
		{`<a href="https://tracker.example/">t</a>`, `t`, "hook-refused,no-attributes-left"},
		{`<a href="https://evil.example/">e</a>`, `e`, "scheme-not-allowed,no-attributes-left"},
		{`<a href="https://bad.example/">e</a>`, `e`, "userinfo,no-attributes-left"},
		{`<a href="https://ok.example/">ok</a>`, `<a href="https://ok.example/" rel="nofollow ugc">ok</a>`, "link-policy"},
	} {
		out, changes, err := stringReport(c.in, p)
		if err != nil {
			t.Fatal(err)
		}
		var reasons []string
		for _, ch := range changes {
			reasons = append(reasons, string(ch.Reason))
		}
		if out != c.want || strings.Join(reasons, ",") != c.reason {
			t.Errorf("%s\n got %s %v\nwant %s %s", c.in, out, reasons, c.want, c.reason)
		}
		if problem := faithfulProblem(t, c.in, p); problem != "" {
			t.Errorf("%s: %s", c.in, problem)
		}
	}
}

// TestURLHookLinkText: a redirector does not hide where a link goes from
// the link-text check, which judges the URL the author wrote.
func TestURLHookLinkText(t *testing.T) {
	redirect := func(u policy.URLContext) (string, bool) {
		return "https://out.example/?to=" + url.QueryEscape(u.URL), true
	}
	p := hookPolicy(t, policy.Hooks{URL: redirect})
	out, err := String(`<a href="https://good.example/">https://good.example/</a> <a href="https://evil.example/">https://good.example/</a>`, p)
	if err != nil {
		t.Fatal(err)
	}
	if want := `<a href="https://out.example/?to=https%3A%2F%2Fgood.example%2F" rel="nofollow ugc">https://good.example/</a> https://good.example/`; out != want {
		t.Errorf("got  %s\nwant %s", out, want)
	}
}

// TestElementHook: keep, unwrap, drop with content (up to where the
// parser closes the element), and the hook is not asked inside a dropped
// element.
func TestElementHook(t *testing.T) {
	var calls atomic.Int32
	filter := func(e policy.ElementContext) policy.ElementAction {
		calls.Add(1)
		for _, a := range e.Attrs {
			if a.Key == "class" && a.Val == "spoiler" {
				return policy.Drop
			}
			if a.Key == "class" && a.Val == "wrap" {
				return policy.Unwrap
			}
		}
		return policy.Keep
	}
	p := hookPolicy(t, policy.Hooks{Element: filter})
	for _, c := range []struct {
		in, want string
		calls    int32
	}{
		{`<p>a <b class="spoiler">secret <i>x</i></b> b</p>`, `<p>a  b</p>`, 2},
		{`<p>a <b class="wrap">kept <i>x</i></b> b</p>`, `<p>a kept <i>x</i> b</p>`, 3},
		{`<ul><li class="spoiler">one<li>two</ul>`, `<ul><li>two</li></ul>`, 3},
		{`<p class="spoiler">one<p>two`, `<p>two</p>`, 2},
		{`<div><blockquote class="spoiler">q<p>r</div>after`, `<div></div>after`, 2},
		{`AT&am<b class="spoiler">x</b>p;`, `AT&am&#112;;`, 1},
		{`<a href="https://a.example/">x<b class="spoiler">https://b.example/</b></a>`, `<a href="https://a.example/" rel="nofollow ugc">x</a>`, 2},
		{`<b class="spoiler">` + strings.Repeat("<i>deep</i>", 1000), ``, 1},
	} {
		calls.Store(0)
		if problem := faithfulProblem(t, c.in, p); problem != "" {
			t.Errorf("%s: %s", c.in, problem)
		}
		calls.Store(0)
		out, err := String(c.in, p)
		if err != nil {
			t.Fatal(err)
		}
		if out != c.want || calls.Load() != c.calls {
			t.Errorf("%s\n got %s (%d calls)\nwant %s (%d calls)", c.in, out, calls.Load(), c.want, c.calls)
		}
	}
}

// TestHooksPrinted: a policy with hooks says so when printed, and a file
// cannot give it any.
func TestHooksPrinted(t *testing.T) {
	p := hookPolicy(t, policy.Hooks{URL: proxy})
	if s := p.String(); !strings.Contains(s, "Go hooks") {
		t.Errorf("String() does not mention the hooks:\n%.300s", s)
	}
	if strings.Contains(policy.UGC().String(), "hooks") {
		t.Error("a preset claims hooks")
	}
	if _, err := policy.Load(strings.NewReader("extends: ugc\nhooks: {url: x}\n"), "h.yaml"); err == nil {
		t.Error("a file set hooks")
	}
}

// TestURLHookEmbed: an iframe's src as the URL hook rewrote it is what
// loads, so the embed hosts judge that, not the author's.
func TestURLHookEmbed(t *testing.T) {
	c := policy.UGC().Config()
	c.Embeds.Hosts = []string{"www.youtube-nocookie.com"}
	c.Hooks.URL = func(u policy.URLContext) (string, bool) {
		if u.Element == "iframe" {
			return strings.Replace(u.URL, "www.youtube-nocookie.com", "evil.example", 1), true
		}
		return u.URL, true
	}
	p := mustCompile(t, c)
	out, changes, err := stringReport(`<iframe src="https://www.youtube-nocookie.com/embed/x"></iframe>`, p)
	if err != nil {
		t.Fatal(err)
	}
	if out != "" || !slices.ContainsFunc(changes, func(c Change) bool { return c.Reason == ReasonEmbedHost }) {
		t.Errorf("got %q %v, want the iframe removed for its host", out, changes)
	}
}

// hookedCommentPolicy is the comment settings test policy
// (testdata/policies/comment-settings.yaml) with hooks.
func hookedCommentPolicy(t *testing.T, h policy.Hooks) *policy.Policy {
	t.Helper()
	c := commentPolicy(t).Config()
	c.Hooks = h
	return mustCompile(t, c)
}

// spoilerFilter drops an element with class "spoiler" and unwraps one
// with class "note", as the Hooks example in docs/policy.md does.
func spoilerFilter(e policy.ElementContext) policy.ElementAction {
	for _, a := range e.Attrs {
		if a.Key != "class" {
			continue
		}
		switch {
		case strings.Contains(a.Val, "spoiler"):
			return policy.Drop
		case strings.Contains(a.Val, "note"):
			return policy.Unwrap
		}
	}
	return policy.Keep
}

// TestHookDropEndsWhereParserCloses: an element the element hook drops is
// hidden up to where the HTML parser closes it, so an end tag the parser
// ignores inside a table cell ("</div>" with td and table as scope
// boundaries, HTML §13.2.6.4.7) does not end it: what the browser puts
// inside the dropped element stays hidden.
func TestHookDropEndsWhereParserCloses(t *testing.T) {
	p := hookedCommentPolicy(t, policy.Hooks{Element: spoilerFilter})
	for _, in := range []string{
		`<div class="spoiler"><table><tr><td>x</div>SECRET</td></tr></table>z`,
		`<span class="spoiler"><table><tr><td>x</span>SECRET</td></tr></table>z`,
	} {
		out, err := String(in, p)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(out, "SECRET") {
			t.Errorf("String(%q) = %q: content inside the dropped element is shown", in, out)
		}
	}
}

// TestHookDroppedCellKeepsNextCell: a cell or row the element hook drops
// is a frame that sets the insertion mode like any other, so the implied
// end at the next cell or row closes only the dropped one, and the next
// is kept.
func TestHookDroppedCellKeepsNextCell(t *testing.T) {
	p := hookedCommentPolicy(t, policy.Hooks{Element: spoilerFilter})
	for _, in := range []string{
		`<table><tr><td class="spoiler">secret<td>two</table>`,
		`<table><tr class="spoiler"><td>secret<tr><td>two</table>`,
	} {
		out, err := String(in, p)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(out, "secret") || !strings.Contains(out, "two") {
			t.Errorf("String(%q) = %q, want the dropped cell or row gone and the next one kept", in, out)
		}
	}
}
