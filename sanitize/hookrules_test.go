package sanitize

import (
	"bufio"
	"encoding/json"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/urlnorm"
)

// hookURLs are URLs a URL hook might return: the URL corpora (WPT's
// urltestdata, the suspicious encodings, SiteMinder's and purell's
// cases), the deception set's links, and forms each rule refuses or
// rewrites (schemes, data: images, cid: parts, the mail proxy's URLs,
// same-document references, values over the attribute limit).
func hookURLs(t *testing.T) []string {
	t.Helper()
	dir := filepath.Join("..", "testdata", "corpus", "url")
	var urls []string
	var wpt []json.RawMessage
	b, err := os.ReadFile(filepath.Join(dir, "urltestdata.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &wpt); err != nil {
		t.Fatal(err)
	}
	for _, raw := range wpt {
		var c struct{ Input *string }
		if json.Unmarshal(raw, &c) == nil && c.Input != nil {
			urls = append(urls, *c.Input)
		}
	}
	for _, name := range []string{"suspicious_encodings.jsonl", "siteminder_vectors.jsonl", "purell_cases.jsonl"} {
		urls = append(urls, jsonlField(t, filepath.Join(dir, name), "input")...)
	}
	href := regexp.MustCompile(`href="([^"]*)"`)
	for _, h := range jsonlField(t, filepath.Join("..", "testdata", "deception", "links.jsonl"), "html") {
		for _, m := range href.FindAllStringSubmatch(h, -1) {
			urls = append(urls, html.UnescapeString(m[1]))
		}
	}
	long := "https://long.example/" + strings.Repeat("a", policy.DefaultMaxAttributeBytes)
	return append(urls,
		"javascript:alert(1)", "JaVaScRiPt:alert(1)", "vbscript:x", "data:text/html,<script>alert(1)</script>",
		"data:image/png;base64,iVBORw0KGgo=", "data:image/svg+xml;base64,PHN2Zz4=", "data:image/gif;base64,R0lGODlh",
		"cid:part@mail", "https://proxy.example/i?u=https%3A%2F%2Fpixel.example%2F1.gif",
		"https://pixel.example/1x1.gif", "//pixel.example/p.gif", "/relative/path", "page#", "#", "#icon", "#a b",
		"https://bank.example@evil.example/", "https://xn--pypal-4ve.com/", "http://0x7f.1/", "https://a.example/%2e%2e/x",
		"https://a.example/?next=javascript:alert(1)", "https://a.example/#", "irc://?x", "web+x://",
		long, long[:policy.DefaultMaxAttributeBytes-10], "https://a.example/"+strings.Repeat("é", 30000),
		"https://a.example/a b", "https://a.example/a,b", "mailto:x@y.example", "tel:+1", "ftp://f.example/",
	)
}

// jsonlField returns the string field key of each line of a JSON Lines
// file.
func jsonlField(t *testing.T, path, key string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var m map[string]any
		if json.Unmarshal(sc.Bytes(), &m) != nil {
			continue
		}
		if s, ok := m[key].(string); ok {
			out = append(out, s)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// hookSite is a place a URL hook writes a URL: a policy (built with the
// hook given), a tag holding the author's URL in the attribute the hook
// rewrites (written where %s stands), and the same tag without that
// attribute.
type hookSite struct {
	policy           string
	build            func(*testing.T, policy.Hooks) *policy.Policy
	element, attr    string
	author, tmpl, no string
	single           bool // the attribute holds one URL of a list: no spaces or commas
}

func loadHooked(name string) func(*testing.T, policy.Hooks) *policy.Policy {
	return func(t *testing.T, h policy.Hooks) *policy.Policy {
		t.Helper()
		var p *policy.Policy
		switch name {
		case "block", "proxy":
			p = mailPolicy(t, name)
		default:
			var err error
			if p, err = policy.LoadFile(filepath.Join("..", "testdata", "policies", name+".yaml")); err != nil {
				t.Fatal(err)
			}
		}
		c := p.Config()
		c.Hooks = h
		return mustCompile(t, c)
	}
}

var hookSites = []hookSite{
	{"ugc", hookPolicy, "a", "href", "https://author.example/", `<p><a href="%s">t</a></p>`, `<p><a>t</a></p>`, false},
	{"ugc", hookPolicy, "img", "src", "https://author.example/a.png", `<img src="%s" alt="a">`, `<img alt="a">`, false},
	{"ugc", hookPolicy, "img", "srcset", "https://author.example/b.png", `<img src="https://author.example/a.png" srcset="%s 2x">`, `<img src="https://author.example/a.png">`, true},
	{"block", loadHooked("block"), "img", "src", "cid:part", `<img src="%s" width="1" height="1">`, `<img width="1" height="1">`, false},
	{"block", loadHooked("block"), "a", "href", "mailto:author@example.com", `<a href="%s">t</a>`, `<a>t</a>`, false},
	{"block", loadHooked("block"), "table", "background", "cid:bg", `<table background="%s"><tr><td>x</td></tr></table>`, `<table><tr><td>x</td></tr></table>`, false},
	{"proxy", loadHooked("proxy"), "img", "src", "cid:part", `<img src="%s" alt="a">`, `<img alt="a">`, false},
	{"svg", loadHooked("svg"), "use", "href", "#icon", `<svg><use href="%s"></use></svg>`, `<svg><use></use></svg>`, false},
	{"all-migration", loadHooked("all-migration"), "img", "src", "https://author.example/a.png", `<img src="%s" alt="a">`, `<img alt="a">`, false},
	{"all-migration", loadHooked("all-migration"), "a", "href", "/author", `<a href="%s">t</a>`, `<a>t</a>`, false},
}

// TestURLHookHeldToRules: whatever URL the hook returns, the output is
// what the sanitiser writes had the author written that URL, or what it
// writes without the attribute (stricter); an attribute the rules refuse
// for the author's URL is refused for the hook's with the same reason,
// and the report carries at least the flags the author's would.
func TestURLHookHeldToRules(t *testing.T) {
	urls := hookURLs(t)
	if len(urls) < 1000 {
		t.Fatalf("%d URLs read from the corpora", len(urls))
	}
	for _, site := range hookSites {
		t.Run(site.policy+"/"+site.element+"-"+site.attr, func(t *testing.T) {
			var ret string
			called := false
			hook := func(u policy.URLContext) (string, bool) {
				if u.Attribute == site.attr && u.Element == site.element {
					called = true
					return ret, true
				}
				return u.URL, true
			}
			hooked, plain := site.build(t, policy.Hooks{URL: hook}), site.build(t, policy.Hooks{})
			in := fmt.Sprintf(site.tmpl, html.EscapeString(site.author))
			without, _, err := stringReport(site.no, plain)
			if err != nil {
				t.Fatal(err)
			}
			stricter := 0
			for i, u := range urls {
				if site.single && strings.ContainsAny(u, " \t\n\f\r,") || !longTests() && i%2 != 0 {
					continue // half the URLs at each place, HTMLCLEAN_LONG all
				}
				ret, called = u, false
				got, gotCh, err := stringReport(in, hooked)
				if err != nil {
					t.Fatalf("%q: %v", u, err)
				}
				if !called {
					t.Fatalf("the hook was not asked about %s", in)
				}
				want, wantCh, err := stringReport(fmt.Sprintf(site.tmpl, html.EscapeString(u)), plain)
				if err != nil {
					t.Fatalf("%q: %v", u, err)
				}
				switch {
				case got == want:
				case got == without:
					stricter++
				default:
					t.Errorf("hook returns %q:\n got  %s\n want %s\n  or  %s", u, got, want, without)
					continue
				}
				if strings.ContainsAny(u, "\x00\r") {
					continue // no attribute holds them after the tokenizer: another URL to the author
				}
				if r, ok := removal(wantCh, site.element, site.attr); ok {
					if g, _ := removal(gotCh, site.element, site.attr); g != r {
						t.Errorf("hook returns %q: removed for %q, want %q", u, g, r)
					}
				}
				if w, g := attrFlags(wantCh, site.element, site.attr), attrFlags(gotCh, site.element, site.attr); w&^g != 0 {
					t.Errorf("hook returns %q: flags %v, want at least %v", u, g, w)
				}
			}
			t.Logf("%d URLs, %d kept less than the author's would be", len(urls), stricter)
		})
	}
}

// removal returns the reason the report gives for removing the attribute
// attr of element, if it does.
func removal(changes []Change, element, attr string) (Reason, bool) {
	for _, c := range changes {
		if c.Element == element && c.Attribute == attr && c.Action == RemovedAttribute {
			return c.Reason, true
		}
	}
	return "", false
}

// attrFlags returns the flags the report gives for the attribute attr of
// element.
func attrFlags(changes []Change, element, attr string) urlnorm.Flags {
	var f urlnorm.Flags
	for _, c := range changes {
		if c.Element == element && c.Attribute == attr {
			f |= c.Flags
		}
	}
	return f
}

// TestURLHookRemoteContent: under remote_content: block, a remote URL the
// hook returns for a mail's own part is removed and reported, and a pixel
// it would load is reported as one; under proxy it goes through the proxy.
func TestURLHookRemoteContent(t *testing.T) {
	toPixel := func(u policy.URLContext) (string, bool) {
		if strings.HasPrefix(u.URL, "cid:") {
			return "https://pixel.example/1x1.gif?r=reader@example.com", true
		}
		return u.URL, true
	}
	in := `<p style="background:url(cid:bg)">p</p><img src="cid:x" width="1" height="1"><img srcset="cid:y 1x">`
	for _, c := range []struct{ remote, want string }{
		{"block", wrapOpen + `"><p>p</p><img width="1" height="1"></div>`},
		{"proxy", wrapOpen + `"><p style="background: url(&#34;https://proxy.example/i?u=https%3A%2F%2Fpixel.example%2F1x1.gif%3Fr%3Dreader%40example.com&#34;)">p</p>` +
			`<img src="https://proxy.example/i?u=https%3A%2F%2Fpixel.example%2F1x1.gif%3Fr%3Dreader%40example.com" width="1" height="1">` +
			`<img srcset="https://proxy.example/i?u=https%3A%2F%2Fpixel.example%2F1x1.gif%3Fr%3Dreader%40example.com 1x"></div>`},
	} {
		cfg := mailPolicy(t, c.remote).Config()
		cfg.Hooks.URL = toPixel
		p := mustCompile(t, cfg)
		got, changes, err := stringReport(in, p)
		if err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("%s:\n got  %s\n want %s", c.remote, got, c.want)
		}
		var reasons []Reason
		for _, ch := range changes {
			reasons = append(reasons, ch.Reason)
		}
		if !slices.Contains(reasons, ReasonTrackingPixel) {
			t.Errorf("%s: no tracking-pixel in %v", c.remote, reasons)
		}
		if n := strings.Count(fmt.Sprint(reasons), string(ReasonRemoteBlocked)); c.remote == "block" && n != 3 {
			t.Errorf("%s: %d remote-blocked in %v, want 3", c.remote, n, reasons)
		}
		if again, err := String(got, p); err != nil || again != got {
			t.Errorf("%s: sanitised again: %q, %v", c.remote, again, err)
		}
	}
}

// TestURLHookLengths: a URL the hook returns is held to
// max_attribute_bytes as written (one URL, or a list that grows past it),
// and a tag it would grow past max_token_bytes loses the attributes that
// do not fit, each reported, so that the output reads again.
func TestURLHookLengths(t *testing.T) {
	long := func(n int) func(policy.URLContext) (string, bool) {
		return func(u policy.URLContext) (string, bool) {
			return "https://img.example/" + strings.Repeat("a", n), true
		}
	}
	for _, c := range []struct {
		name, in string
		hook     func(policy.URLContext) (string, bool)
		limits   policy.Limits
		want     string
		removed  int
	}{
		{"one URL", `<img src="https://a.example/x.png" alt="a">`, long(204800), policy.Limits{}, `<img alt="a">`, 1},
		{"at the limit", `<img src="https://a.example/x.png" alt="a">`, long(policy.DefaultMaxAttributeBytes - len("https://img.example/")), policy.Limits{},
			`<img src="https://img.example/` + strings.Repeat("a", policy.DefaultMaxAttributeBytes-len("https://img.example/")) + `" alt="a">`, 0},
		{"a list", `<img src="https://a.example/x.png" srcset="` + strings.Repeat("https://a.example/x.png 1x, ", 3) + `https://a.example/x.png 2x">`,
			long(20000), policy.Limits{}, `<img src="https://img.example/` + strings.Repeat("a", 20000) + `">`, 1},
		{"the tag", `<img src="https://a.example/x.png" srcset="https://a.example/y.png 2x" alt="a">`, long(3000),
			policy.Limits{MaxTokenBytes: 5000, MaxAttributeBytes: 4000}, `<img src="https://img.example/` + strings.Repeat("a", 3000) + `" alt="a">`, 1},
	} {
		cfg := policy.UGC().Config()
		cfg.Add.Attributes = append(cfg.Add.Attributes, policy.Attribute{Name: "srcset", On: []string{"img"}})
		cfg.Limits = c.limits
		cfg.Hooks.URL = c.hook
		p := mustCompile(t, cfg)
		got, changes, err := stringReport(c.in, p)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got != c.want {
			t.Errorf("%s: got %.200s…, want %.200s…", c.name, got, c.want)
		}
		removed := 0
		for _, ch := range changes {
			if ch.Action == RemovedAttribute {
				removed++
				if ch.Reason != ReasonTooLong {
					t.Errorf("%s: %v, want too-long", c.name, ch)
				}
			}
		}
		if removed != c.removed {
			t.Errorf("%s: %d attributes removed, want %d", c.name, removed, c.removed)
		}
		plain := cfg
		plain.Hooks = policy.Hooks{}
		if _, err := String(got, mustCompile(t, plain)); err != nil {
			t.Errorf("%s: the output does not read again: %v", c.name, err)
		}
	}
}

// TestURLHookLinkRules: links.rel_on: external and target_blank treat a
// link as external if the author's URL or the hook's is, and a hook's
// URL for an SVG reference must stay in the document.
func TestURLHookLinkRules(t *testing.T) {
	cfg := policy.UGC().Config()
	cfg.Links.RelOn = "external"
	cfg.Links.TargetBlank = true
	cfg.Links.InternalHosts = []string{"site.example"}
	cfg.Hooks.URL = func(u policy.URLContext) (string, bool) {
		switch u.URL {
		case "https://site.example/out":
			return "https://elsewhere.example/", true
		case "https://elsewhere.example/":
			return "https://site.example/redirect?to=elsewhere", true
		}
		return u.URL, true
	}
	p := mustCompile(t, cfg)
	for _, c := range []struct{ in, want string }{
		{`<a href="https://site.example/out">x</a>`, `<a href="https://elsewhere.example/" rel="nofollow noopener ugc" target="_blank">x</a>`},
		{`<a href="https://elsewhere.example/">x</a>`, `<a href="https://site.example/redirect?to=elsewhere" rel="nofollow noopener ugc" target="_blank">x</a>`},
		{`<a href="https://site.example/in">x</a>`, `<a href="https://site.example/in">x</a>`},
	} {
		got, err := String(c.in, p)
		if err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("%s\n got  %s\n want %s", c.in, got, c.want)
		}
	}
}

// TestURLHookSheetBound: url()s of a mail's sheets that the hook makes
// long cannot grow the sheets past max_token_bytes: the sheet that would
// is removed and reported, and the output reads again.
func TestURLHookSheetBound(t *testing.T) {
	cfg := mailPolicy(t, "proxy").Config()
	cfg.Limits.MaxTokenBytes, cfg.Limits.MaxAttributeBytes = 4096, 2048
	cfg.Hooks.URL = func(u policy.URLContext) (string, bool) {
		return "https://proxy.example/i?u=https%3A%2F%2Fimg.example%2F" + strings.Repeat("a", 1500), true
	}
	p := mustCompile(t, cfg)
	sheet := `<style>.a{background:url(cid:a)}.b{background:url(cid:b)}</style>`
	got, changes, err := stringReport(`<html><head>`+sheet+sheet+`</head><body><p class="a">x</p></body></html>`, p)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(changes, func(c Change) bool { return c.Reason == "css-sheet-limit" }) {
		t.Errorf("no css-sheet-limit reported: %v", changes)
	}
	if again, err := String(got, p); err != nil || again != got {
		t.Errorf("sanitised again: %v\n got   %.300q\n again %.300q", err, got, again)
	}
}
