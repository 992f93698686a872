package sanitizetest

// giteaPosts are READMEs, issues, comments and wiki pages as Gitea's
// renderers (goldmark with Gitea's extensions, chroma, org-mode) write
// them before sanitising, raw HTML from the author included.
var giteaPosts = []portCase{
	{name: "gitea-readme-heading-ids", in: `<h1 id="user-content-gitea-tools">gitea-tools</h1>
<p>A set of tools. See <a href="#user-content-install" rel="nofollow">Install</a>.</p>
<h2 id="user-content-install">Install</h2>`},
	{name: "gitea-readme-code-chroma", in: `<pre class="code-block is-loading"><code class="chroma language-go display"><span class="kn">package</span> <span class="nx">main</span>
<span class="kd">func</span> <span class="nf">main</span><span class="p">()</span> <span class="p">{}</span>
</code></pre>`},
	{name: "gitea-readme-code-data-attr-class", in: `<pre data-attr-class="code-block"><code data-attr-class="chroma language-rust"><span class="k">fn</span> <span class="nf">main</span>() {}</code></pre>`},
	{name: "gitea-issue-task-list", in: `<ul>
<li class="task-list-item"><input type="checkbox" disabled="" data-source-position="2"/> write the migration</li>
<li class="task-list-item"><input type="checkbox" disabled="" data-source-position="28" checked=""/> add a test</li>
</ul>`},
	{name: "gitea-org-task-list", in: `<ul><li class="checked">done</li><li class="unchecked">todo</li><li class="indeterminate">half</li></ul>`},
	{name: "gitea-readme-table", in: `<table>
<thead><tr><th>Option</th><th align="center">Type</th><th align="right">Default</th></tr></thead>
<tbody>
<tr><td><code>ROOT_URL</code></td><td align="center">string</td><td align="right"><code>http://localhost:3000/</code></td></tr>
<tr><td><code>LFS_START_SERVER</code></td><td align="center">bool</td><td align="right">false</td></tr>
</tbody>
</table>`},
	{name: "gitea-issue-mentions-refs", in: `<p><a href="/alice" class="mention" rel="nofollow">@alice</a> this regressed in <a href="/org/repo/issues/1234" class="ref-issue" rel="nofollow">#1234</a>, fixed by <a href="/org/repo/commit/0123abcd" rel="nofollow"><code>0123abcd</code></a>.</p>`},
	{name: "gitea-comment-emoji", in: `<p>Thanks <span class="emoji" aria-label="smiling face with open mouth">😃</span> <img src="/assets/img/emoji/gitea.png" alt=":gitea:" class="emoji" aria-label="gitea"></p>`},
	{name: "gitea-readme-footnotes", in: `<p>Gitea is a fork<sup id="fnref:user-content-1"><a href="#fn:user-content-1" rel="nofollow">1</a></sup>.</p>
<div><hr/><ol><li id="fn:user-content-1"><p>Of Gogs. <a href="#fnref:user-content-1" rel="nofollow">↩︎</a></p></li></ol></div>`},
	{name: "gitea-readme-picture-dark", in: `<picture>
<source media="(prefers-color-scheme: dark)" srcset="https://example.com/logo-dark.png">
<img src="https://example.com/logo-light.png" alt="Logo" width="200" loading="lazy">
</picture>`},
	{name: "gitea-readme-video", in: `<p>Demo:</p><video src="https://example.com/demo.mp4" controls muted loop playsinline></video>`},
	{name: "gitea-readme-details", in: `<details open><summary>Build from source</summary>
<ol start="3"><li>Run <code>TAGS="bindata" make build</code></li><li>Copy <code>gitea</code> to <code>/usr/local/bin</code></li></ol>
</details>`},
	{name: "gitea-readme-center-html", in: `<div align="center"><img src="https://gitea.com/assets/img/logo.svg" alt="Gitea" width="120" height="120"><h3>Git with a cup of tea</h3><p><a href="https://docs.gitea.com" target="_blank" rel="noopener">Docs</a> · <a href="https://discord.gg/gitea" target="_blank">Chat</a></p></div>`},
	{name: "gitea-readme-badges", in: `<p><a href="https://drone.gitea.com/go-gitea/gitea" rel="nofollow"><img src="https://drone.gitea.com/api/badges/go-gitea/gitea/status.svg?ref=refs/heads/main" alt="Build Status"></a> <a href="https://goreportcard.com/report/code.gitea.io/gitea" rel="nofollow"><img src="https://goreportcard.com/badge/code.gitea.io/gitea" alt="Go Report Card"></a></p>`},
	{name: "gitea-comment-colours", in: `<p style="color: #d73a49">Deprecated.</p><p><span style="background-color: yellow; color: black">Note</span> and <span style="position: fixed">fixed</span></p>`},
	{name: "gitea-wiki-custom-schemes", in: `<p>Open in <a href="vscode://vscode.git/clone?url=https%3A%2F%2Fgitea.com%2Forg%2Frepo.git">VS Code</a>, join <a href="matrix:r/gitea:matrix.org">the room</a>, or <a href="ssh://git@gitea.com:2222/org/repo.git">clone over SSH</a>.</p>`},
	{name: "gitea-wiki-svg-anchor", in: `<h2 id="user-content-api"><a class="anchor" href="#user-content-api"><svg viewBox="0 0 16 16" class="svg octicon-link" width="16" height="16" aria-hidden="true"><path fill-rule="evenodd" d="M7.775 3.275a.75.75 0 0 0 1.06 1.06"></path></svg></a>API</h2>`},
	{name: "gitea-readme-math-inline", in: `<p>Euler: <math><mi>e</mi><mo>=</mo><munderover><mo>∑</mo><mrow><mi>n</mi><mo>=</mo><mn>0</mn></mrow><mi>∞</mi></munderover><mfrac><mn>1</mn><mrow><mi>n</mi><mo>!</mo></mrow></mfrac></math></p>`},
	{name: "gitea-readme-math-block", in: `<math display="block" alttext="x squared"><msup><mi>x</mi><mn>2</mn></msup><mo>+</mo><msqrt><mi>y</mi></msqrt></math>`},
	{name: "gitea-readme-math-code", in: `<p>Inline <code class="language-math is-loading">\alpha + \beta</code> math.</p><pre class="code-block is-loading"><code class="language-math display">x^2</code></pre>`},
	{name: "gitea-comment-quote-kbd", in: `<blockquote><p>Press <kbd>Ctrl</kbd> + <kbd>Enter</kbd> to submit.</p></blockquote><p>Confirmed on <time datetime="2024-05-01">May 1</time>.</p>`},
	{name: "gitea-readme-definition-ruby", in: `<dl><dt>Gitea</dt><dd>Git with a cup of tea</dd></dl><p><ruby>茶<rp>(</rp><rt>ちゃ</rt><rp>)</rp></ruby></p>`},
	{name: "gitea-readme-itemprop", in: `<div itemscope itemtype="https://schema.org/SoftwareSourceCode"><span itemprop="name">gitea</span> by <span itemprop="author">the Gitea authors</span></div>`},
	{name: "gitea-readme-codepreview-lines", in: `<table><tbody><tr><td><span data-line-number="12"></span></td><td><code><span class="k">return</span> <span class="nx">err</span></code></td></tr></tbody></table>`},
	{name: "gitea-readme-math-katex", in: `<p><math><semantics><mrow><msup><mi>e</mi><mrow><mi>i</mi><mi>π</mi></mrow></msup><mo>+</mo><mn>1</mn><mo>=</mo><mn>0</mn></mrow><annotation encoding="application/x-tex">e^{i\pi}+1=0</annotation></semantics></math></p>`},
	{name: "gitea-readme-math-matrix", in: `<math display="block"><mrow><mo fence="true">[</mo><mtable rowspacing="0.16em" columnalign="center center"><mtr><mtd><mn>1</mn></mtd><mtd><mn>0</mn></mtd></mtr><mtr><mtd><mn>0</mn></mtd><mtd><mn>1</mn></mtd></mtr></mtable><mo fence="true">]</mo></mrow><mmultiscripts><mi>X</mi><mi>a</mi><none/><mprescripts/><mi>b</mi><none/></mmultiscripts></math>`},
}

// giteaProbes are inputs written to exercise what htmlclean refuses
// whatever the policy says (script, deceptive links); they are compared
// like the rest and not counted among the posts.
var giteaProbes = []portCase{
	{name: "gitea-comment-script", in: `<p>Payload: <script>fetch('/api/v1/user')</script><img src="x" onerror="alert(1)"><a href="javascript:void(0)">x</a></p>`},
	{name: "gitea-comment-userinfo", in: `<p>Mirror from <a href="https://bot:secret@git.example.com/org/repo">the old server</a>.</p>`},
}
