package sanitizetest

import (
	"slices"

	"net/url"
	"regexp"
	"strings"

	"github.com/microcosm-cc/bluemonday"
)

// gogsBluemonday builds the policy of Gogs' Markdown renderer
// (gogs/gogs, internal/markup/sanitizer.go at commit
// eb1054e5432fc8397678372f08613429be233d7c, MIT licence) with the same
// bluemonday calls, CUSTOM_URL_SCHEMES left empty as app.ini ships it.
func gogsBluemonday() *bluemonday.Policy {
	p := bluemonday.UGCPolicy()
	p.AllowAttrs("class").Matching(regexp.MustCompile(`^language-\w+$`)).OnElements("code")
	p.AllowAttrs("type").Matching(regexp.MustCompile(`^checkbox$`)).OnElements("input")
	p.AllowAttrs("checked", "disabled").OnElements("input")
	p.AllowURLSchemeWithCustomPolicy("data", gogsDataImage)
	return p
}

// gogsDataImage is the test's reading of Gogs' data: check: the media
// type (before the first ";" or ",") is one of five image types, on
// whatever attribute carries the URL.
func gogsDataImage(u *url.URL) bool {
	media, _, _ := strings.Cut(u.Opaque, ";")
	media, _, _ = strings.Cut(media, ",")
	switch strings.ToLower(strings.TrimSpace(media)) {
	case "image/png", "image/jpeg", "image/gif", "image/webp", "image/x-icon":
		return true
	}
	return false
}

// gogsCases are the inputs and expected outputs of Gogs'
// internal/markup/sanitizer_test.go (same commit; MIT licence, Copyright
// The Gogs Authors).
var gogsCases = []portCase{
	{"gogs-test-link-onblur", `<a onblur="alert(secret)" href="http://www.google.com">Google</a>`, `<a href="http://www.google.com" rel="nofollow">Google</a>`, false},
	{"gogs-test-code-class-random", `<code class="random string"></code>`, `<code></code>`, false},
	{"gogs-test-code-class-injection", `<code class="language-random ui tab active menu attached animating sidebar following bar center"></code>`, `<code></code>`, false},
	{"gogs-test-code-class-go", `<code class="language-go"></code>`, `<code class="language-go"></code>`, false},
	{"gogs-test-input-hidden", `<input type="hidden">`, ``, false},
	{"gogs-test-input-checkbox", `<input type="checkbox">`, `<input type="checkbox">`, false},
	{"gogs-test-input-autofocus", `<input checked disabled autofocus>`, `<input checked="" disabled="">`, false},
	{"gogs-test-data-png", `<img src="data:image/png;base64,abc">`, `<img src="data:image/png;base64,abc">`, false},
	{"gogs-test-data-jpeg", `<img src="data:image/jpeg;base64,abc">`, `<img src="data:image/jpeg;base64,abc">`, false},
	{"gogs-test-data-gif", `<img src="data:image/gif;base64,abc">`, `<img src="data:image/gif;base64,abc">`, false},
	{"gogs-test-data-webp", `<img src="data:image/webp;base64,abc">`, `<img src="data:image/webp;base64,abc">`, false},
	{"gogs-test-data-html-base64-link", `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4=">Click</a>`, `Click`, false},
	{"gogs-test-data-html-link", `<a href="data:text/html,<script>alert(1)</script>">XSS</a>`, `XSS`, false},
	{"gogs-test-data-html-image", `<img src="data:text/html;base64,abc">`, ``, false},
	{"gogs-test-data-svg-image", `<img src="data:image/svg+xml;base64,abc">`, ``, false},
}

// gogsPosts are READMEs, issues and comments as Gogs' Markdown renderer
// writes them before sanitising.
var gogsPosts = []portCase{
	{name: "gogs-readme-intro", in: `<h1>gogs-tools</h1>
<p>Small tools for <a href="https://gogs.io">Gogs</a> administrators. See the <a href="/gogs/tools/wiki">wiki</a> and <a href="https://github.com/gogs/gogs/blob/main/README.md#installation">installation</a>.</p>
<p><img src="https://img.shields.io/badge/license-MIT-blue.svg" alt="MIT"> <img src="/gogs/tools/raw/main/docs/logo.png" alt="logo"></p>`},
	{name: "gogs-readme-code-go", in: `<h2>Usage</h2>
<pre><code class="language-go">package main

import "fmt"

func main() {
	fmt.Println("hello &lt;world&gt;")
}
</code></pre>`},
	{name: "gogs-readme-code-shell", in: `<p>Install:</p><pre><code class="language-shell">$ go install gogs.io/tools/cmd/backup@latest
$ backup --config /etc/gogs/app.ini
</code></pre><p>Then <code>systemctl restart gogs</code>.</p>`},
	{name: "gogs-readme-code-plain", in: `<pre><code>no language here
  indented
</code></pre>`},
	{name: "gogs-readme-table", in: `<table>
<thead>
<tr><th>Setting</th><th align="center">Default</th><th align="right">Since</th></tr>
</thead>
<tbody>
<tr><td><code>HTTP_PORT</code></td><td align="center">3000</td><td align="right">0.1</td></tr>
<tr><td><code>DISABLE_SSH</code></td><td align="center">false</td><td align="right">0.6</td></tr>
</tbody>
</table>`},
	{name: "gogs-issue-task-list", in: `<p>Release checklist:</p>
<ul>
<li><input type="checkbox" checked="" disabled=""> tag the release</li>
<li><input type="checkbox" disabled=""> update the changelog</li>
<li><input type="checkbox" disabled=""> announce on <a href="https://discuss.gogs.io/">the forum</a></li>
</ul>`},
	{name: "gogs-issue-mentions", in: `<p><a href="/unknwon">@unknwon</a> can you look at <a href="/gogs/gogs/issues/5432">#5432</a>? It breaks after <a href="/gogs/gogs/commit/3f2c9d1">3f2c9d1</a>.</p>`},
	{name: "gogs-issue-emoji", in: `<p>Works for me <img src="/img/emoji/+1.png" alt=":+1:" title=":+1:"> thanks! 🎉</p>`},
	{name: "gogs-issue-quote", in: `<blockquote>
<p>The mirror sync fails with <code>exit status 128</code></p>
</blockquote>
<p>Same here on 0.13.0, log below.</p>
<pre><code>2024/01/02 10:00:00 [ERROR] mirror.go:123 sync: exit status 128
</code></pre>`},
	{name: "gogs-readme-inline-png", in: `<p>Status: <img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==" alt="dot"></p>`},
	{name: "gogs-readme-inline-gif", in: `<p><img src="data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7" width="16" height="16" alt="spacer"></p>`},
	{name: "gogs-readme-headings", in: `<h1>Title</h1><h2>Build</h2><h3>From source</h3><h4>Windows</h4><p>Use <strong>MinGW</strong> or <em>WSL</em>; <del>Cygwin</del> is not supported.</p>`},
	{name: "gogs-readme-ids", in: `<h2 id="getting-started">Getting started</h2><p>Jump to <a href="#getting-started">the start</a> or <a href="#faq">the FAQ</a>.</p><h2 id="faq">FAQ</h2>`},
	{name: "gogs-readme-lists", in: `<ol>
<li>Download the binary</li>
<li>Unpack it:
<ul><li><code>tar xzf gogs.tar.gz</code></li><li>or unzip on Windows</li></ul></li>
<li>Run <code>./gogs web</code></li>
</ol>`},
	{name: "gogs-readme-definition", in: `<dl><dt>RUN_USER</dt><dd>The system user Gogs runs as.</dd><dt>RUN_MODE</dt><dd><code>prod</code> or <code>dev</code>.</dd></dl>`},
	{name: "gogs-comment-raw-html", in: `<p>Try this <kbd>Ctrl</kbd>+<kbd>F5</kbd>, and <sup>1</sup> <sub>2</sub> <abbr title="Secure Shell">SSH</abbr>.</p><details><summary>Log</summary><pre><code>...</code></pre></details>`},
	{name: "gogs-readme-relative-images", in: `<p><img src="docs/screenshot.png" alt="Screenshot"> <img src="../assets/arch.svg" alt="Architecture" title="Architecture"></p>`},
	{name: "gogs-readme-autolinks", in: `<p>Docs at <a href="https://gogs.io/docs">https://gogs.io/docs</a>, mail <a href="mailto:team@gogs.io">team@gogs.io</a>, chat <a href="irc://irc.libera.chat/gogs">irc</a>.</p>`},
	{name: "gogs-readme-hr-br", in: `<p>line one<br>line two<br/>line three</p><hr><p>footer text</p>`},
	{name: "gogs-readme-translations", in: `<p>Read this in <a href="README_ZH.md">简体中文</a>.</p><p lang="zh-CN">Gogs 是一款极易搭建的自助 Git 服务。</p>`},
	{name: "gogs-readme-html-mix", in: `<div align="center"><img src="https://gogs.io/img/favicon.png" width="100"><h3>Gogs</h3><p>A painless self-hosted Git service.</p></div>`},
}

// gogsPort is gogs's policy next to testdata/ports/gogs.yaml.
var gogsPort = projectPort{
	name:       "gogs",
	bluemonday: gogsBluemonday,
	cases:      gogsCases,
	posts:      slices.Concat(gogsPosts, formattingPosts),
	probes:     gogsProbes,
	differs: map[string]string{
		"gogs-readme-data-link": whyDataLink,
		"gogs-comment-userinfo": whyUserinfo,
		"gogs-test-data-png":    whyBase64,
		"gogs-test-data-jpeg":   whyBase64,
		"gogs-test-data-gif":    whyBase64,
		"gogs-test-data-webp":   whyBase64,
	},
}

// gogsProbes are inputs written to exercise what htmlclean refuses
// whatever the policy says (script, deceptive links); they are compared
// like the rest and not counted among the posts.
var gogsProbes = []portCase{
	{name: "gogs-comment-script", in: `<p>Look at this <script>alert(document.cookie)</script> and <img src="x" onerror="alert(1)"></p><p style="color:red" onclick="x()">styled</p>`},
	{name: "gogs-comment-js-link", in: `<p><a href="javascript:alert(1)">click</a> <a href="JaVaScRiPt:alert(1)">again</a> <a href="vbscript:msgbox(1)">vb</a></p>`},
	{name: "gogs-comment-userinfo", in: `<p>Clone with <a href="https://user:token@git.example.com/org/repo.git">this link</a>.</p>`},
	{name: "gogs-readme-data-link", in: `<p><a href="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==">open the image</a></p>`},
}
