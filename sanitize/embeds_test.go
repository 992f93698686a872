package sanitize

import (
	"bytes"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/testing/growth"
	"github.com/htmlclean/htmlclean/internal/testing/safety"
	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/urlnorm"
)

// embedsPolicy is a preset's or a test policy file's Config with embeds
// of the two video hosts and an internationalised one.
func embedsPolicy(tb testing.TB, base string) *policy.Policy {
	tb.Helper()
	var c policy.Config
	var err error
	if strings.HasSuffix(base, ".yaml") {
		var p *policy.Policy
		if p, err = policy.LoadFile(filepath.Join("..", "testdata", "policies", base)); err == nil {
			c = p.Config()
		}
	} else {
		c, err = policy.PresetConfig(base)
	}
	if err != nil {
		tb.Fatal(err)
	}
	c.Embeds = policy.Embeds{Hosts: []string{"www.youtube-nocookie.com", "player.vimeo.com", "www.youtube.com", "xn--bcher-kva.example"}}
	p, err := policy.Compile(c)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

const sandboxAttr = `sandbox="allow-scripts allow-same-origin allow-presentation"`

// TestEmbeds: what the pass keeps of an iframe, what it writes, what it
// removes and why; each output has the faithful-output properties
// (reported iff changed, the bluemonday stage agrees, same DOM, fixed
// point).
func TestEmbeds(t *testing.T) {
	ugc := embedsPolicy(t, "ugc")
	svg := embedsPolicy(t, "permissive.yaml")
	const vimeo = `https://player.vimeo.com/video/76979871`
	tests := []struct {
		name, in, want string
		reasons        []Reason
		p              *policy.Policy
	}{
		{"youtube-embed-code",
			`<iframe width="560" height="315" src="https://www.youtube-nocookie.com/embed/lJIrF4YjHfQ" title="YouTube video player" frameborder="0" allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share" referrerpolicy="strict-origin-when-cross-origin" allowfullscreen></iframe>`,
			`<iframe width="560" height="315" src="https://www.youtube-nocookie.com/embed/lJIrF4YjHfQ" title="YouTube video player" frameborder="0" referrerpolicy="strict-origin-when-cross-origin" allowfullscreen ` + sandboxAttr + `></iframe>`,
			[]Reason{ReasonNotAllowed, ReasonEmbedSandbox}, ugc},
		{"vimeo-embed-code",
			`<iframe src="` + vimeo + `?h=8272103f6e" width="640" height="360" frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>`,
			`<iframe src="` + vimeo + `?h=8272103f6e" width="640" height="360" frameborder="0" allowfullscreen ` + sandboxAttr + `></iframe>`,
			[]Reason{ReasonNotAllowed, ReasonEmbedSandbox}, ugc},
		{"already-clean", `<p>a <iframe src="` + vimeo + `" ` + sandboxAttr + `></iframe> b</p>`, `<p>a <iframe src="` + vimeo + `" ` + sandboxAttr + `></iframe> b</p>`, nil, ugc},
		{"sandbox-replaced-in-place", `<iframe sandbox="allow-top-navigation allow-popups" src="` + vimeo + `"></iframe>`, `<iframe ` + sandboxAttr + ` src="` + vimeo + `"></iframe>`, []Reason{ReasonEmbedSandbox}, ugc},
		{"sandbox-empty-replaced", `<iframe src="` + vimeo + `" sandbox></iframe>`, `<iframe src="` + vimeo + `" ` + sandboxAttr + `></iframe>`, []Reason{ReasonEmbedSandbox}, ugc},
		{"sandbox-duplicate", `<iframe src="` + vimeo + `" ` + sandboxAttr + ` sandbox="allow-popups"></iframe>`, `<iframe src="` + vimeo + `" ` + sandboxAttr + `></iframe>`, []Reason{ReasonDuplicate}, ugc},
		{"content-dropped", `<iframe src="` + vimeo + `" ` + sandboxAttr + `>Your browser <b>cannot</b> &amp; <script>x</script></iframe>after`, `<iframe src="` + vimeo + `" ` + sandboxAttr + `></iframe>after`, []Reason{ReasonEmbedContent}, ugc},
		{"left-open", `<iframe src="` + vimeo + `" ` + sandboxAttr + `>`, `<iframe src="` + vimeo + `" ` + sandboxAttr + `></iframe>`, []Reason{ReasonLeftOpen}, ugc},
		{"left-open-with-content", `<iframe src="` + vimeo + `">rest of <b>page`, `<iframe src="` + vimeo + `" ` + sandboxAttr + `></iframe>`, []Reason{ReasonEmbedSandbox, ReasonEmbedContent, ReasonLeftOpen}, ugc},
		{"self-closing", `<iframe src="` + vimeo + `"/>x</iframe>y`, `<iframe src="` + vimeo + `" ` + sandboxAttr + `></iframe>y`, []Reason{ReasonSelfClosingIgnored, ReasonEmbedContent}, ugc},
		{"nested", `<iframe src="` + vimeo + `"><iframe src="` + vimeo + `"></iframe></iframe>x`, `<iframe src="` + vimeo + `" ` + sandboxAttr + `></iframe>x`, []Reason{ReasonEmbedContent, ReasonNothingOpen}, ugc},
		{"end-tag-attributes", `<iframe src="` + vimeo + `" ` + sandboxAttr + `></iframe x=1>`, `<iframe src="` + vimeo + `" ` + sandboxAttr + `></iframe>`, []Reason{ReasonEndTagAttributes}, ugc},
		{"upper-case-default-port", `<IFRAME SRC="HTTPS://Player.Vimeo.com:443/video/1" ` + sandboxAttr + `></IFRAME>`, `<iframe src="https://player.vimeo.com/video/1" ` + sandboxAttr + `></IFRAME>`, []Reason{ReasonCanonical}, ugc},
		{"idn-host", `<iframe src="https://bücher.example/v" ` + sandboxAttr + `></iframe>`, `<iframe src="https://xn--bcher-kva.example/v" ` + sandboxAttr + `></iframe>`, []Reason{ReasonCanonical}, ugc},
		{"empty-fragment", `<iframe src="` + vimeo + `#" ` + sandboxAttr + `></iframe>`, `<iframe src="` + vimeo + `#" ` + sandboxAttr + `></iframe>`, nil, ugc},
		{"dropped-attributes", `<iframe src="` + vimeo + `" name="x" srcdoc="<script>alert(1)</script>" onload="alert(1)" style="position:fixed" class="c" id="i" allow="camera" csp="x" referrerpolicy="unsafe-url" width="100%" loading="lazy"></iframe>`, `<iframe src="` + vimeo + `" loading="lazy" ` + sandboxAttr + `></iframe>`, []Reason{ReasonNotAllowed, ReasonEventHandler, ReasonValueNotAllowed, ReasonEmbedSandbox}, ugc},
		{"other-host", `a<iframe src="https://evil.example/embed">fallback</iframe>b`, `ab`, []Reason{ReasonEmbedHost, ReasonEmbedNoSrc}, ugc},
		{"host-suffix", `a<iframe src="https://player.vimeo.com.evil.example/">x</iframe>b`, `ab`, []Reason{ReasonEmbedHost, ReasonEmbedNoSrc}, ugc},
		{"parent-domain", `a<iframe src="https://vimeo.com/1"></iframe>b`, `ab`, []Reason{ReasonEmbedHost}, ugc},
		{"http", `a<iframe src="http://player.vimeo.com/video/1"></iframe>b`, `ab`, []Reason{ReasonEmbedURL, ReasonEmbedNoSrc}, ugc},
		{"protocol-relative", `a<iframe src="//player.vimeo.com/video/1"></iframe>b`, `ab`, []Reason{ReasonEmbedURL}, ugc},
		{"relative", `a<iframe src="/video/1"></iframe>b`, `ab`, []Reason{ReasonEmbedURL}, ugc},
		{"port", `a<iframe src="https://player.vimeo.com:8443/video/1"></iframe>b`, `ab`, []Reason{ReasonEmbedURL}, ugc},
		{"userinfo", `a<iframe src="https://player.vimeo.com@evil.example/"></iframe>b`, `ab`, []Reason{URLReason(urlnorm.ReasonUserinfo), ReasonEmbedNoSrc}, ugc},
		{"javascript", `a<iframe src="javascript:alert(1)"></iframe>b`, `ab`, []Reason{ReasonEmbedNoSrc}, ugc},
		{"data", `a<iframe src="data:text/html,<script>alert(1)</script>"></iframe>b`, `ab`, []Reason{ReasonEmbedNoSrc}, ugc},
		{"no-src", `a<iframe srcdoc="<script>alert(1)</script>">x</iframe>b`, `ab`, []Reason{ReasonEmbedNoSrc}, ugc},
		{"misplaced-in-table", `<table><iframe src="` + vimeo + `">x</iframe><tr><td>c</td></tr></table>`, `<table><tr><td>c</td></tr></table>`, []Reason{ReasonMisplaced}, ugc},
		{"in-table-cell", `<table><tr><td><iframe src="` + vimeo + `" ` + sandboxAttr + `></iframe></td></tr></table>`, `<table><tr><td><iframe src="` + vimeo + `" ` + sandboxAttr + `></iframe></td></tr></table>`, nil, ugc},
		{"in-link", `<a href="https://a.example/"><iframe src="` + vimeo + `" ` + sandboxAttr + `></iframe>text</a>`, `<a href="https://a.example/" rel="nofollow ugc"><iframe src="` + vimeo + `" ` + sandboxAttr + `></iframe>text</a>`, []Reason{ReasonLinkPolicy}, ugc},
		{"in-svg", `<svg><iframe src="` + vimeo + `" ` + sandboxAttr + `><a href="/x">x</a></iframe></svg>y`, `<svg></svg>y`, []Reason{ReasonMisplaced}, svg},
		{"svg-desc-is-html", `<svg><desc><iframe src="` + vimeo + `" ` + sandboxAttr + `></iframe></desc></svg>`, `<svg><desc><iframe src="` + vimeo + `" ` + sandboxAttr + `></iframe></desc></svg>`, nil, svg},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, changes, err := stringReport(tc.in, tc.p)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("stringReport(%q) = %q, want %q", tc.in, got, tc.want)
			}
			var reasons []Reason
			for _, c := range changes {
				reasons = append(reasons, c.Reason)
			}
			for _, r := range tc.reasons {
				if !slices.Contains(reasons, r) {
					t.Errorf("reasons %v, want %q among them", reasons, r)
				}
			}
			if tc.reasons == nil && len(changes) > 0 {
				t.Errorf("unchanged input reported %v", changes)
			}
			if problem := faithfulProblem(t, tc.in, tc.p); problem != "" {
				t.Error(problem)
			}
			if p := safety.ProblemsEmbeds(got, tc.p.URLOptions().Schemes, safety.SchemeOf, tc.p.Config().Embeds.Hosts); p != nil {
				t.Errorf("unsafe output %q: %v", got, p)
			}
			if l := safety.Leaks(got); l != nil {
				t.Errorf("output %q leaks: %v", got, l)
			}
		})
	}
}

// TestEmbedsStage: the bluemonday stage alone keeps an iframe only as the
// pass writes it: src of an allowed host, sandbox exactly the policy's.
func TestEmbedsStage(t *testing.T) {
	p := embedsPolicy(t, "ugc")
	const src = `src="https://player.vimeo.com/video/1"`
	for in, want := range map[string]string{
		`<iframe ` + src + ` ` + sandboxAttr + `></iframe>`:                                  `<iframe ` + src + ` ` + sandboxAttr + `></iframe>`,
		`<iframe src="https://evil.example/" ` + sandboxAttr + `></iframe>`:                  `<iframe ` + sandboxAttr + `></iframe>`,
		`<iframe src="https://player.vimeo.com.evil.example/" ` + sandboxAttr + `></iframe>`: `<iframe ` + sandboxAttr + `></iframe>`,
		`<iframe src="http://player.vimeo.com/" ` + sandboxAttr + `></iframe>`:               `<iframe ` + sandboxAttr + `></iframe>`,
		`<iframe ` + src + ` sandbox="allow-scripts allow-top-navigation"></iframe>`:         `<iframe ` + src + `></iframe>`,
		`<iframe ` + src + ` sandbox="allow-scripts"></iframe>`:                              `<iframe ` + src + `></iframe>`,
		`<iframe ` + src + ` srcdoc="x" name="n" ` + sandboxAttr + `></iframe>`:              `<iframe ` + src + ` ` + sandboxAttr + `></iframe>`,
	} {
		var out bytes.Buffer
		if err := applyPolicy(p, &out, strings.NewReader(in)); err != nil {
			t.Fatal(err)
		}
		if got := out.String(); got != want {
			t.Errorf("stage(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestEmbedsCorpus: every document of the corpora that holds an iframe
// (but the largest pages), under ugc and the permissive policy (SVG) with
// embeds: safe, contained, and with the faithful-output properties.
func TestEmbedsCorpus(t *testing.T) {
	policies := map[string]*policy.Policy{"ugc": embedsPolicy(t, "ugc"), "permissive": embedsPolicy(t, "permissive.yaml")}
	n := 0
	for id, in := range faithfulDocs(t) {
		if !strings.Contains(strings.ToLower(in), "iframe") || len(in) > 256<<10 {
			continue // the big pages: TestFaithfulOutput, under comment-settings.yaml
		}
		n++
		for name, p := range policies {
			if problem := faithfulProblem(t, in, p); problem != "" {
				t.Errorf("%s: %s: %s\ninput: %.300q", name, id, problem, in)
			}
			out, err := String(in, p)
			if err != nil {
				continue
			}
			for _, problem := range safety.ProblemsEmbeds(out, p.URLOptions().Schemes, safety.SchemeOf, p.Config().Embeds.Hosts) {
				t.Errorf("%s: %s: %s\noutput: %q", name, id, problem, out)
			}
			for _, leak := range safety.Leaks(out) {
				t.Errorf("%s: %s: leaks: %s\noutput: %q", name, id, leak, out)
			}
		}
	}
	if n < 30 {
		t.Errorf("only %d documents with an iframe", n)
	}
}

// TestEmbedsGrowth: the work stays linear in the number of iframes, the
// length of a src and of an iframe's content.
func TestEmbedsGrowth(t *testing.T) {
	p := embedsPolicy(t, "ugc")
	for name, gen := range map[string]func(n int) string{
		"iframes": func(n int) string { return strings.Repeat(`<iframe src="https://player.vimeo.com/v">x</iframe>`, n) },
		"refused": func(n int) string { return strings.Repeat(`<iframe src="https://evil.example/v">x</iframe>`, n) },
		"src-length": func(n int) string {
			return `<iframe src="https://player.vimeo.com/` + strings.Repeat("a/", n) + `"></iframe>`
		},
		"content": func(n int) string {
			return `<iframe src="https://player.vimeo.com/v">` + strings.Repeat("<b>x</b>", n) + `</iframe>`
		},
		"unclosed": func(n int) string { return strings.Repeat(`<p><iframe src="https://player.vimeo.com/v">`, n) },
	} {
		t.Run(name, func(t *testing.T) {
			growth.Check(t, 1000, gen, func(in string) {
				if _, err := String(in, p); err != nil {
					t.Fatal(err)
				}
			})
		})
	}
}

// TestEmbedDropsIDAndName: under ids.prefix an iframe keeps neither name
// nor id: a named frame is a navigation target and sets the embedded
// page's window.name, and embeds keep only the attributes policy.Embeds
// lists.
func TestEmbedDropsIDAndName(t *testing.T) {
	p := commentPolicy(t)
	in := `<iframe src="https://www.youtube.com/embed/x" name="player" id="v"></iframe>`
	out, err := String(in, p)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out, "name=") || strings.Contains(out, "id=") {
		t.Errorf("String(%q) = %q, want an iframe without name and id", in, out)
	}
}
