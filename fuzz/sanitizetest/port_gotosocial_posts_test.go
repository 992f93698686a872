package sanitizetest

// gotosocialPosts are statuses as they reach a GoToSocial instance over
// ActivityPub: Mastodon's, Pleroma's, Misskey's and GoToSocial's own
// HTML, with mentions, hashtags, link previews and content warnings.
var gotosocialPosts = []portCase{
	{name: "gts-mastodon-mention-hashtag", in: `<p><span class="h-card" translate="no"><a href="https://mastodon.social/@alice" class="u-url mention">@<span>alice</span></a></span> have you tried <a href="https://mastodon.social/tags/GoToSocial" class="mention hashtag" rel="tag">#<span>GoToSocial</span></a>?</p>`},
	{name: "gts-mastodon-ellipsis-link", in: `<p>Release notes: <a href="https://github.com/superseriousbusiness/gotosocial/releases/tag/v0.17.0" target="_blank" rel="nofollow noopener noreferrer" translate="no"><span class="invisible">https://</span><span class="ellipsis">github.com/superseriousbusines</span><span class="invisible">s/gotosocial/releases/tag/v0.17.0</span></a></p>`},
	{name: "gts-mastodon-multi-paragraph", in: `<p>First paragraph.</p><p>Second one<br />with a line break.</p><p><a href="https://fosstodon.org/tags/fediverse" class="mention hashtag" rel="tag">#<span>fediverse</span></a> <a href="https://fosstodon.org/tags/selfhosting" class="mention hashtag" rel="tag">#<span>selfhosting</span></a></p>`},
	{name: "gts-mastodon-quote-inline", in: `<p class="quote-inline">RE: <a href="https://mastodon.social/@bob/112233" target="_blank" rel="nofollow noopener noreferrer" translate="no"><span class="invisible">https://</span><span class="">mastodon.social/@bob/112233</span><span class="invisible"></span></a></p><p>Agreed!</p>`},
	{name: "gts-pleroma-mention", in: `<span class="h-card"><a class="u-url mention" data-user="9zKpI1" href="https://pleroma.example/users/carol" rel="ugc">@<span>carol</span></a></span> nice <a class="hashtag" data-tag="cats" href="https://pleroma.example/tag/cats" rel="tag ugc">#cats</a>`},
	{name: "gts-misskey-note", in: `<p><span>Good morning ☀️</span><br><span>today: </span><a href="https://misskey.io/tags/coffee" rel="tag">#coffee</a><span> </span><a href="https://misskey.io/@dave" class="u-url mention">@dave</a></p>`},
	{name: "gts-own-markdown-list", in: `<p>Things I like:</p><ul><li><strong>sloths</strong></li><li><em>tea</em></li><li><del>mondays</del></li></ul><ol><li>one</li><li>two</li></ol>`},
	{name: "gts-own-code-inline", in: `<p>Run <code>gotosocial admin account create</code> then <code>--username admin</code>.</p><pre><code class="language-bash">./gotosocial --config-path ./config.yaml server start
</code></pre>`},
	{name: "gts-own-blockquote-cite", in: `<blockquote cite="https://example.org/essay"><p>The network is the computer.</p></blockquote><p>— somebody, <cite>an essay</cite></p>`},
	{name: "gts-mastodon-emoji-shortcode", in: `<p>Nice one :blobcat: :ablobcatbounce: 🎉🦥</p>`},
	{name: "gts-mastodon-mailto", in: `<p>Report abuse to <a href="mailto:abuse@example.social">abuse@example.social</a>.</p>`},
	{name: "gts-mastodon-relative-tag", in: `<p>See <a href="/tags/fedi">#fedi</a> and <a href="//cdn.example/x">cdn</a>.</p>`},
	{name: "gts-remote-heading-table", in: `<h2>Poll results</h2><table><tr><td>yes</td><td>60%</td></tr></table><hr><p>thanks all</p>`},
	{name: "gts-remote-details-cw", in: `<details><summary>spoiler: the ending</summary><p>they were a sloth all along</p></details>`},
	{name: "gts-remote-lang-dir", in: `<p lang="ar" dir="rtl">مرحبا بالعالم</p><p lang="en" title="greeting">hello</p>`},
	{name: "gts-own-footnote-ids", in: `<p>claim<sup id="01J0STATUS-fnref:1"><a href="#01J0STATUS-fn:1" class="footnote-ref" role="doc-noteref">1</a></sup></p><div><hr><ol><li id="01J0STATUS-fn:1"><p>source <a href="#01J0STATUS-fnref:1" class="footnote-backref" role="doc-backlink">↩︎</a></p></li></ol></div>`},
	{name: "gts-own-smallcaps-ruby", in: `<p><small>small print</small> <sub>sub</sub><sup>sup</sup> <ruby>漢<rt>kan</rt></ruby> <mark>marked</mark></p>`},
	{name: "gts-remote-time", in: `<p>Meet at <time datetime="2024-06-01T10:00:00Z">10:00</time>, <abbr title="Coordinated Universal Time">UTC</abbr>.</p>`},
	{name: "gts-remote-span-classes", in: `<p><span class="invisible">hidden</span><span class="ellipsis">shown</span><span class="mfm-x2">big</span></p>`},
	{name: "gts-mastodon-blog-link", in: `<p>New post about <a href="https://mastodon.social/tags/rust" class="mention hashtag" rel="tag">#<span>rust</span></a>: <a href="https://blog.example/2024/rust-async" target="_blank" rel="nofollow noopener noreferrer" translate="no"><span class="invisible">https://</span><span class="">blog.example/2024/rust-async</span><span class="invisible"></span></a></p>`},
	{name: "gts-akkoma-formatting", in: `<p><strong>Bold</strong>, <em>italic</em>, <code>code</code> and <span class="h-card"><a href="https://akkoma.example/users/eve" class="u-url mention" rel="ugc">@<span>eve</span></a></span></p>`},
	{name: "gts-mastodon-reply-mentions", in: `<p><span class="h-card" translate="no"><a href="https://hachyderm.io/@frank" class="u-url mention">@<span>frank</span></a></span> <span class="h-card" translate="no"><a href="https://mas.to/@gina" class="u-url mention">@<span>gina</span></a></span> 👍</p>`},
}

// gotosocialProbes are inputs written to exercise what htmlclean refuses
// whatever the policy says (script, deceptive links); they are compared
// like the rest and not counted among the posts.
var gotosocialProbes = []portCase{
	{name: "gts-remote-script-style", in: `<p>hi <script>alert(1)</script><style>body{display:none}</style><b onclick="x()">bold</b></p>`},
	{name: "gts-remote-img-iframe", in: `<p>look <img src="https://evil.example/track.gif" alt="pixel"> <iframe src="https://evil.example/"></iframe></p>`},
	{name: "gts-remote-js-link", in: `<p><a href="javascript:alert(document.cookie)">free stickers</a> <a href="data:text/html,hi">data</a></p>`},
	{name: "gts-mastodon-link-userinfo", in: `<p><a href="https://paypal.com@evil.example/login">paypal.com</a></p>`},
	{name: "gts-mastodon-link-text-host", in: `<p>Log in at <a href="https://evil.example/login">https://bank.example/login</a></p>`},
	{name: "gts-mastodon-link-uppercase-scheme", in: `<p><a href="HTTPS://Example.COM/Path">shouting</a></p>`},
}
