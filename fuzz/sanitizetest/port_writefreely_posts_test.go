package sanitizetest

// writefreelyPosts are blog posts as WriteFreely's renderer writes them
// before sanitising: blackfriday's Markdown (header ids, smart quotes,
// tables, fenced code), its hashtag and mention links, and the raw HTML
// writers paste in (embeds, audio, styled blocks, custom classes).
var writefreelyPosts = []portCase{
	{name: "wf-post-essay", in: `<p>It was the first warm day of spring. I walked to the river, as I do, and thought about &ldquo;slow writing&rdquo; &ndash; the kind that takes a week.</p>
<p>Nothing here is <em>urgent</em>. That&rsquo;s the <strong>point</strong>.</p>`},
	{name: "wf-post-headings-ids", in: `<h2 id="why-a-blog">Why a blog</h2>
<p>Because newsletters are email.</p>
<h3 id="and-not-social-media">And not social media</h3>
<p>See <a href="#why-a-blog">above</a>.</p>`},
	{name: "wf-post-hashtags", in: `<p>Filed under <a href="https://blog.example/tag:writing" class="hashtag"><span>#</span><span class="p-category">writing</span></a> and <a href="https://blog.example/tag:spring" class="hashtag"><span>#</span><span class="p-category">spring</span></a>.</p>`},
	{name: "wf-post-mention", in: `<p>Thanks to <a href="https://write.as/@/alice@example.social" class="u-url mention">@<span>alice@example.social</span></a> for the edit.</p>`},
	{name: "wf-post-youtube", in: `<p>The talk:</p>
<iframe width="560" height="315" src="https://www.youtube.com/embed/dQw4w9WgXcQ" frameborder="0" allowfullscreen></iframe>`},
	{name: "wf-post-vimeo", in: `<iframe src="https://player.vimeo.com/video/76979871" width="640" height="360" frameborder="0" allowfullscreen></iframe>`},
	{name: "wf-post-audio", in: `<audio controls preload="none"><source src="https://blog.example/podcast/ep1.mp3" type="audio/mpeg"></audio>`},
	{name: "wf-post-video", in: `<video controls loop muted src="https://blog.example/media/clip.mp4" style="max-width: 100%"></video>`},
	{name: "wf-post-styled-div", in: `<div style="text-align: center; font-family: Georgia, serif">
<p style="font-size: 1.2em">A poem, centred.</p>
</div>`},
	{name: "wf-post-classes-ids", in: `<div class="note" id="disclaimer"><p class="small-print">Opinions are mine.</p></div>`},
	{name: "wf-post-header-footer", in: `<header><h1>Letter twelve</h1></header><p>Body.</p><footer><p>Reply by <a href="mailto:me@blog.example">email</a> or <a href="xmpp:me@blog.example">XMPP</a>.</p></footer>`},
	{name: "wf-post-target-blank", in: `<p>Read <a href="https://example.com/article" target="_blank">the article</a> and <a href="/archive" target="_self">the archive</a>.</p>`},
	{name: "wf-post-image-alt", in: `<p><img src="https://i.snap.as/abc123.jpg" alt="A river at dusk: calm, pink &amp; grey"></p>`},
	{name: "wf-post-table", in: `<table>
<thead><tr><th>Book</th><th align="right">Pages</th></tr></thead>
<tbody><tr><td>Walden</td><td align="right">352</td></tr><tr><td>Bird by Bird</td><td align="right">237</td></tr></tbody>
</table>`},
	{name: "wf-post-code", in: `<pre><code class="language-css">body { max-width: 40em; }
</code></pre>
<p>Put it in <code>Customize &gt; Custom CSS</code>.</p>`},
	{name: "wf-post-blockquote-lists", in: `<blockquote><p>Write drunk, edit sober.</p></blockquote>
<ul><li>draft</li><li>edit<ol><li>cut</li><li>cut again</li></ol></li></ul><hr>`},
	{name: "wf-post-strikethrough-abbr", in: `<p><del>Monday</del> Tuesday, at the <abbr title="Public Library">PL</abbr>.</p>`},
	{name: "wf-post-readmore", in: `<p>First part.</p>
<p><a class="read-more" href="https://blog.example/slug">Read more...</a> ($)</p>`},
	{name: "wf-post-smartypants-entities", in: `<p>&ldquo;Quotes,&rdquo; &lsquo;single&rsquo;, em&mdash;dash, ellipsis&hellip; 1&frasl;2</p>`},
	{name: "wf-post-nosig-comment", in: `<p>Short note.</p><!--nosig--><p>Signed: the author</p>`},
	{name: "wf-post-spanish-lang", in: `<p lang="es">Hola, mundo.</p><p dir="rtl" lang="he">שלום</p>`},
}

// writefreelyProbes are inputs written to exercise what htmlclean refuses
// whatever the policy says (script, deceptive links); they are compared
// like the rest and not counted among the posts.
var writefreelyProbes = []portCase{
	{name: "wf-post-script-onerror", in: `<p>hello<script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a></p>`},
	{name: "wf-post-style-overlay", in: `<div style="position: fixed; top: 0; left: 0; width: 100vw; height: 100vh; z-index: 99999; background: white">Your session expired. <a href="https://evil.example/login">Log in</a></div>`},
	{name: "wf-post-iframe-other-host", in: `<iframe src="https://evil.example/phish" width="100%" height="800" frameborder="0"></iframe>`},
}
