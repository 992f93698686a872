package sanitize

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/htmlclean/htmlclean/policy"
)

// commentPolicy is the test policy with every setting for comment
// systems on, from its file (testdata/policies/comment-settings.yaml).
func commentPolicy(tb testing.TB) *policy.Policy {
	tb.Helper()
	p, err := policy.LoadFile(filepath.Join("..", "testdata", "policies", "comment-settings.yaml"))
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// commentConfig is testdata/policies/comment-settings.yaml built in code.
func commentConfig(tb testing.TB) policy.Config {
	tb.Helper()
	c, err := policy.PresetConfig("ugc")
	if err != nil {
		tb.Fatal(err)
	}
	c.Add.Elements = []string{"svg:svg", "svg:use", "svg:g", "span", "div", "font", "center"}
	c.Add.Attributes = []policy.Attribute{
		{Name: "data-*"},
		{Name: "data-md-*", On: []string{"code", "pre"}, Match: "[a-z0-9 ]*"},
		{Name: "href", On: []string{"svg:use"}},
	}
	c.Classes = []policy.ClassRule{
		{Tokens: []string{"spoiler", "note", "x<y"}},
		{On: []string{"code", "pre"}, Match: "(?i:lang|language)-[a-z0-9+#]+"},
	}
	c.IDs.Prefix = "user-content-"
	c.Links.Rel = []string{"nofollow", "ugc", "me", "noreferrer"}
	c.Links.RelOn, c.Links.TargetBlank = "external", true
	c.Links.InternalHosts = []string{"forum.example"}
	c.Styles = []policy.Style{
		{Property: "color", Values: "color"},
		{Property: "background-color", Values: "color"},
		{Property: "text-align", On: []string{"p", "div", "td", "th"}, Keywords: []string{"left", "right", "center", "justify"}},
		{Property: "margin", Values: "lengths"},
		{Property: "padding", Values: "lengths"},
		{Property: "font-size", Values: "length"},
		{Property: "font-weight", Keywords: []string{"normal", "bold", "lighter", "bolder"}},
		{Property: "background-image", On: []string{"div"}, Match: `url\([^()]*\)`},
	}
	c.WordBreaks = true
	c.BareElements = "keep"
	c.Embeds.Hosts = []string{"www.youtube-nocookie.com", "player.vimeo.com", "www.youtube.com"}
	return c
}

// commentPolicies returns the comment-settings policy from its file and from
// commentConfig, after checking they are the same policy.
func commentPolicies(tb testing.TB) map[string]*policy.Policy {
	tb.Helper()
	file, err := policy.LoadFile(filepath.Join("..", "testdata", "policies", "comment-settings.yaml"))
	if err != nil {
		tb.Fatal(err)
	}
	code, err := policy.Compile(commentConfig(tb))
	if err != nil {
		tb.Fatal(err)
	}
	if diff := cmp.Diff(file.Config(), code.Config()); diff != "" {
		tb.Fatalf("comment-settings.yaml and commentConfig differ (-file +code):\n%s", diff)
	}
	return map[string]*policy.Policy{"file": file, "config": code}
}

// TestCommentSettings runs the settings for comment systems (data-*
// wildcards, class rules, ids.prefix, rel on external links) through the
// policy file and the Go Config API: what is kept as written, what is
// rewritten or removed, and the report line of every change.
func TestCommentSettings(t *testing.T) {
	const ext = ` rel="me nofollow noopener noreferrer ugc" target="_blank"`
	tests := []struct {
		name, in, want string
		changes        []string // "action attribute (reason)", in order
	}{
		// data-* wildcards
		{"data-kept", `<p data-x="1" data-Foo=y data-a.b_c=z>a</p>`, ``, nil},
		{"data-url-named", `<p data-src="/a.png" data-lazy-img=/b>a</p>`, `<p>a</p>`,
			[]string{"removed-attribute data-src (not-allowed)", "removed-attribute data-lazy-img (not-allowed)"}},
		{"data-xml-and-odd-names", `<p data-xmlns=x data-a:b=c x-data=1>a</p>`, `<p>a</p>`,
			[]string{"removed-attribute data-xmlns (not-allowed)", "removed-attribute data-a:b (not-allowed)", "removed-attribute x-data (not-allowed)"}},
		{"data-value-rule", `<code data-md-x="go 1">x</code><code data-md-y="Go">y</code>`, `<code data-md-x="go 1">x</code><code>y</code>`,
			[]string{"removed-attribute data-md-y (value-not-allowed)"}},
		// classes
		{"class-all-allowed", `<p class=" note	spoiler ">x</p>`, ``, nil},
		{"class-filtered", `<p class="note evil spoiler">x</p>`, `<p class="note spoiler">x</p>`,
			[]string{"rewrote-attribute class (class-tokens)"}},
		{"class-none-left", `<p class="evil">x</p><p class="">y</p><p class="  ">z</p>`, `<p>x</p><p>y</p><p>z</p>`,
			[]string{"removed-attribute class (no-allowed-class)", "removed-attribute class (no-allowed-class)", "removed-attribute class (no-allowed-class)"}},
		{"class-per-element", `<pre class="LANG-go note prettyprint">x</pre><p class="lang-go note">y</p>`,
			`<pre class="LANG-go note">x</pre><p class="note">y</p>`,
			[]string{"rewrote-attribute class (class-tokens)", "rewrote-attribute class (class-tokens)"}},
		{"class-escaped", `<p class="x&lt;y evil">x</p>`, `<p class="x&lt;y">x</p>`,
			[]string{"rewrote-attribute class (class-tokens)"}},
		{"class-whole-value-entry", `<code class="language-go">x</code>`, ``, nil},
		// ids and same-document links
		{"id-prefixed", `<p id="fn:1">x</p><sup id=fnref:1>y</sup>`, `<p id="user-content-fn:1">x</p><sup id="user-content-fnref:1">y</sup>`,
			[]string{"rewrote-attribute id (id-prefix)", "rewrote-attribute id (id-prefix)"}},
		{"id-already-prefixed", `<p id="user-content-x">x</p><a href="#user-content-x">y</a>`, ``, nil},
		{"id-invalid", `<p id="a b">x</p><p id="">y</p><p id="a&lt;b">z</p>`, `<p>x</p><p>y</p><p>z</p>`,
			[]string{"removed-attribute id (bad-id)", "removed-attribute id (bad-id)", "removed-attribute id (bad-id)"}},
		{"name-prefixed", `<a name="top">t</a>`, `<a name="user-content-top">t</a>`,
			[]string{"rewrote-attribute name (id-prefix)"}},
		{"href-fragment", `<a href="#fn:1">1</a>`, `<a href="#user-content-fn:1">1</a>`,
			[]string{"rewrote-url href (id-prefix)"}},
		{"href-fragment-escaped", `<a href="#%C3%BCber">1</a>`, `<a href="#user-content-%C3%BCber">1</a>`,
			[]string{"rewrote-url href (id-prefix)"}},
		{"href-not-same-document", `<a href="/page#fn:1">a</a><a href="#:~:text=x">b</a><a href="#">c</a>`, ``, nil},
		{"href-fragment-not-an-id", `<a href="#a%zz">d</a>`, `<a href="#a%25zz">d</a>`, []string{"rewrote-url href (canonical)"}},
		{"svg-use-fragment", `<svg><use href="#icon"></use></svg>`, `<svg><use href="#user-content-icon"></use></svg>`,
			[]string{"rewrote-url href (id-prefix)"}},
		// rel on external links only
		{"rel-external", `<a href="https://evil.example/">e</a>`, `<a href="https://evil.example/"` + ext + `>e</a>`,
			[]string{"rewrote-attribute rel (link-policy)", "rewrote-attribute target (link-policy)"}},
		{"rel-scheme-relative", `<a href="//evil.example/x">e</a>`, `<a href="//evil.example/x"` + ext + `>e</a>`,
			[]string{"rewrote-attribute rel (link-policy)", "rewrote-attribute target (link-policy)"}},
		{"rel-internal-host", `<a href="https://forum.example/x" rel="nofollow">i</a>`, `<a href="https://forum.example/x">i</a>`,
			[]string{"rewrote-attribute rel (link-policy)"}},
		{"rel-relative", `<a href="/x">r</a>`, ``, nil},
		{"rel-external-kept", `<a href="https://evil.example/" rel="me nofollow noopener noreferrer ugc" target=_blank>e</a>`, ``, nil},
	}
	for how, p := range commentPolicies(t) {
		for _, tc := range tests {
			t.Run(how+"/"+tc.name, func(t *testing.T) {
				checkCommentSetting(t, p, tc.in, tc.want, tc.changes)
			})
		}
	}
}

// TestCommentSettingsOffByDefault: the presets keep today's behaviour: no data-*,
// class only as ugc's whole-value pattern, ids dropped (DOM clobbering),
// links not rewritten to a prefix, rel on every link.
func TestCommentSettingsOffByDefault(t *testing.T) {
	p := preset(t, "ugc")
	in := `<p data-x=1 class="note" id="fn:1">x <a href="#fn:1" name=n>y</a> <a href="/z">z</a></p>` +
		`<code class="language-go x">c</code>`
	want := `<p>x <a href="#fn:1" rel="nofollow ugc">y</a> <a href="/z" rel="nofollow ugc">z</a></p><code>c</code>`
	got, err := String(in, p)
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("String(%q) = %q, want %q", in, got, want)
	}
}

// TestRelTokensEverywhere: a custom token with rel_on all (the default)
// goes on every link; through the Go API.
func TestRelTokensEverywhere(t *testing.T) {
	c, err := policy.PresetConfig("basic")
	if err != nil {
		t.Fatal(err)
	}
	c.Links.Rel = []string{"external", "me"}
	p, err := policy.Compile(c)
	if err != nil {
		t.Fatal(err)
	}
	in := `<a href="/x">i</a><a href="https://e.example/" rel="nofollow">e</a>`
	want := `<a href="/x" rel="external me">i</a><a href="https://e.example/" rel="external me">e</a>`
	if got, err := String(in, p); err != nil || got != want {
		t.Errorf("String(%q) = %q, %v, want %q", in, got, err, want)
	}
	c.Links.RelOn = "external"
	if p, err = policy.Compile(c); err != nil {
		t.Fatal(err)
	}
	want = `<a href="/x">i</a><a href="https://e.example/" rel="external me">e</a>`
	if got, err := String(in, p); err != nil || got != want {
		t.Errorf("rel_on external: String(%q) = %q, %v, want %q", in, got, err, want)
	}
}

// TestCommentSettingsFixedPoint: the rewrites of classes, ids and fragments are
// idempotent, sanitising the output again changes nothing.
func TestCommentSettingsFixedPoint(t *testing.T) {
	in := strings.Join(commentSeeds, "\n")
	for how, p := range commentPolicies(t) {
		once, err := String(in, p)
		if err != nil {
			t.Fatal(err)
		}
		if once == in {
			t.Fatalf("%s: nothing changed: the test would prove nothing", how)
		}
		again, changes, err := stringReport(once, p)
		if err != nil || again != once || changed(changes) {
			t.Errorf("%s: not a fixed point: %v %v\nonce:  %q\ntwice: %q", how, err, changes, once, again)
		}
	}
}

// TestImageMapUnderIDPrefix: an image's usemap names its map as a
// same-document link names an id, so under ids.prefix it follows the
// map's prefixed name, or the image would lose its map.
func TestImageMapUnderIDPrefix(t *testing.T) {
	c, err := policy.PresetConfig("ugc")
	if err != nil {
		t.Fatal(err)
	}
	c.Add.Elements = []string{"map", "area"}
	c.Add.Attributes = []policy.Attribute{
		{Name: "usemap", On: []string{"img"}},
		{Name: "href", On: []string{"area"}},
		{Name: "alt", On: []string{"area"}},
	}
	c.IDs.Prefix = "user-content-"
	p, err := policy.Compile(c)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, in, want string
		changes        []string
	}{
		{"prefixed",
			`<img src="/m.png" usemap="#m"><map name="m"><area href="/a" alt="a"></map>`,
			`<img src="/m.png" usemap="#user-content-m"><map name="user-content-m"><area href="/a" alt="a" rel="nofollow ugc"></map>`,
			[]string{"rewrote-url usemap (id-prefix)", "rewrote-attribute name (id-prefix)", "rewrote-attribute rel (link-policy)"}},
		{"already-prefixed",
			`<img src="/m.png" usemap="#user-content-m"><map name="user-content-m"></map>`, ``, nil},
		{"not-a-hash-name", `<img src="/m.png" usemap="m">`, ``, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkCommentSetting(t, p, tc.in, tc.want, tc.changes)
		})
	}
}

// checkCommentSetting sanitises in under p and checks the output (want, or in
// itself if want is ""), the report lines ("action attribute (reason)",
// in order) and that the output differs from the input only where
// reported.
func checkCommentSetting(t *testing.T, p *policy.Policy, in, want string, changes []string) {
	t.Helper()
	if want == "" {
		want = in
	}
	got, report, err := stringReport(in, p)
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("stringReport(%q) = %q, want %q", in, got, want)
	}
	var lines []string
	for _, c := range report {
		lines = append(lines, fmt.Sprintf("%s %s (%s)", c.Action, c.Attribute, c.Reason))
	}
	if diff := cmp.Diff(changes, lines); diff != "" {
		t.Errorf("changes of %q mismatch (-want +got):\n%s", in, diff)
	}
	if problem := faithfulProblem(t, in, p); problem != "" {
		t.Error(problem)
	}
}
