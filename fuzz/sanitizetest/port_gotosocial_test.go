package sanitizetest

import (
	"slices"

	"regexp"

	"github.com/microcosm-cc/bluemonday"
)

// gotosocialBluemonday builds GoToSocial's "regular" policy for statuses
// (superseriousbusiness/gotosocial, internal/text/sanitize.go at commit
// 57cb4fe7482962aa8e5a05874a343474d5a453e7, AGPL-3.0-or-later) with the
// same bluemonday calls. The calls are facts about the policy; the code
// is this test's.
func gotosocialBluemonday() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowStandardAttributes()
	p.AllowElements("article", "aside", "section", "summary", "hgroup",
		"h1", "h2", "h3", "h4", "h5", "h6", "br", "div", "hr", "p", "span", "wbr",
		"abbr", "acronym", "cite", "code", "dfn", "em", "figcaption", "mark", "s", "samp", "strong", "sub", "sup", "var",
		"b", "i", "pre", "small", "strike", "tt", "u", "rp", "rt", "ruby")
	p.AllowAttrs("open").Matching(regexp.MustCompile(`(?i)^(|open)$`)).OnElements("details")
	p.AllowAttrs("cite").OnElements("blockquote", "q")
	p.AllowAttrs("datetime").Matching(bluemonday.ISO8601).OnElements("time")
	p.AllowAttrs("cite").Matching(bluemonday.Paragraph).OnElements("del", "ins")
	p.AllowAttrs("datetime").Matching(bluemonday.ISO8601).OnElements("del", "ins")
	p.AllowLists()
	p.AllowAttrs("class").OnElements("span")
	p.AllowAttrs("dir").Matching(bluemonday.Direction).OnElements("bdi", "bdo")
	p.AllowAttrs("class").Matching(regexp.MustCompile("^language-[a-zA-Z0-9]+$")).OnElements("code")
	p.SkipElementsContent("code", "pre")
	p.AllowAttrs("class", "rel").OnElements("a")
	p.AllowAttrs("role").Matching(regexp.MustCompile("^doc-noteref$")).OnElements("a")
	p.AllowAttrs("role").Matching(regexp.MustCompile("^doc-backlink$")).OnElements("a")
	p.RequireParseableURLs(true)
	p.AllowRelativeURLs(true)
	p.AllowURLSchemes("mailto", "http", "https")
	p.AllowAttrs("href").Matching(regexp.MustCompile("^(?:#|mailto|https://|http://).+$")).OnElements("a")
	p.RequireNoReferrerOnFullyQualifiedLinks(true)
	p.RequireNoFollowOnFullyQualifiedLinks(true)
	p.RequireCrossOriginAnonymous(true)
	p.AddTargetBlankToFullyQualifiedLinks(true)
	return p
}

// gotosocialCases are GoToSocial's own tests (same commit,
// AGPL-3.0-or-later, Copyright GoToSocial Authors): the inputs and
// expected outputs of internal/text/sanitize_test.go, and as inputs the
// statuses internal/text/markdown_test.go expects its renderer to write
// (the sanitiser's own output, so bluemonday must leave them as they
// are, up to the escaping of quotes).
var gotosocialCases = []portCase{
	{"gts-test-script", `here's some naughty html: <script>alert(ahhhh)</script> !!!`, `here&#39;s some naughty html:  !!!`, false},
	{"gts-test-outgoing-quotes", `<p>gotta test some fucking &#39;&#39;&#39;&#39;&#39;&#39;&#39;&#39;&#39; marks</p>`, `<p>gotta test some fucking &#39;&#39;&#39;&#39;&#39;&#39;&#39;&#39;&#39; marks</p>`, false},
	{"gts-test-inline-img", "<p>Here's an inline image: <img class=\"fixed-size-img svelte-uci8eb\" aria-hidden=\"false\" alt=\"A black-and-white photo of an Oblique Strategy card. The card reads: 'Define an area as 'safe' and use it as an anchor'.\" title=\"A black-and-white photo of an Oblique Strategy card. The card reads: 'Define an area as 'safe' and use it as an anchor'.\" width=\"0\" height=\"0\" src=\"https://example.org/fileserver/01H7J83147QMCE17C0RS9P10Y9/attachment/small/01H7J8365XXRTCP6CAMGEM49ZE.jpg\" style=\"object-position: 50% 50%;\"></p>", `<p>Here&#39;s an inline image: </p>`, false},
	{"gts-md-simple", "<h1>Title</h1><p>Here's a simple text in markdown.</p><p>Here's a <a href=\"https://example.org\" rel=\"nofollow noreferrer noopener\" target=\"_blank\">link</a>.</p>", "", true},
	{"gts-md-code-block", "<h1>Title</h1><p>Below is some JSON.</p><pre><code class=\"language-json\">{\n  &#34;key&#34;: &#34;value&#34;,\n  &#34;another_key&#34;: [\n    &#34;value1&#34;,\n    &#34;value2&#34;\n  ]\n}\n</code></pre><p>that was some JSON :)</p>", "", true},
	{"gts-md-inline-code", "<p><code>Nobody tells you about the &lt;code>&lt;del>SECRET CODE&lt;/del>&lt;/code>, do they?</code></p>", "", true},
	{"gts-md-hashtag", "<h1>Title</h1><p>here's a simple status that uses hashtag <a href=\"http://localhost:8080/tags/hashtag\" class=\"mention hashtag\" rel=\"tag nofollow noreferrer noopener\" target=\"_blank\">#<span>Hashtag</span></a>!</p>", "", true},
	{"gts-md-tamil-hashtag", "<p>here's a simple status that uses a hashtag in Tamil <a href=\"http://localhost:8080/tags/%E0%AE%A4%E0%AE%AE%E0%AE%BF%E0%AE%B4%E0%AF%8D\" class=\"mention hashtag\" rel=\"tag nofollow noreferrer noopener\" target=\"_blank\">#<span>தமிழ்</span></a></p>", "", true},
	{"gts-md-code-newlines", "<p>some code coming up</p><pre><code>\n\n\n</code></pre><p>that was some code</p>", "", true},
	{"gts-md-footnote", "<p>fox mulder,fbi.<sup id=\"dummy_status_ID-fnref:1\"><a href=\"#dummy_status_ID-fn:1\" class=\"footnote-ref\" role=\"doc-noteref\">1</a></sup></p><div><hr><ol><li id=\"dummy_status_ID-fn:1\"><p>federated bureau of investigation <a href=\"#dummy_status_ID-fnref:1\" class=\"footnote-backref\" role=\"doc-backlink\">↩︎</a></p></li></ol></div>", "", true},
	{"gts-md-relative-link", "hello this is a cheeky relative link: <a href=\"../sneaky.html\">click it!</a>", "hello this is a cheeky relative link: click it!", false},
	{"gts-md-blockquote", "<p>get ready, there's a block quote coming:</p><blockquote><p>line1<br>line2</p><p>line3</p></blockquote>", "", true},
	{"gts-md-mention-code", "<p><span class=\"h-card\"><a href=\"http://localhost:8080/@the_mighty_zork\" class=\"u-url mention\" rel=\"nofollow noreferrer noopener\" target=\"_blank\">@<span>the_mighty_zork</span></a></span></p><pre><code>@the_mighty_zork\n</code></pre>", "", true},
	{"gts-md-ascii-heart", "<p>hello &lt;3 old friend &lt;3 i loved u &lt;/3 :(( you stole my heart</p>", "", true},
	{"gts-md-strikethrough", "<p>I have <del>mdae</del> made an error</p>", "", true},
	{"gts-md-autolink", "<p>Check out this code, i heard it was written by a sloth <a href=\"https://codeberg.org/superseriousbusiness/gotosocial\" rel=\"nofollow noreferrer noopener\" target=\"_blank\">https://codeberg.org/superseriousbusiness/gotosocial</a></p>", "", true},
	{"gts-md-remote-mention", "<p><span class=\"h-card\"><a href=\"http://fossbros-anonymous.io/@foss_satan\" class=\"u-url mention\" rel=\"nofollow noreferrer noopener\" target=\"_blank\">@<span>foss_satan</span></a></span> this is how to mention a user</p><pre><code>@the_mighty_zork hey bud! nice #ObjectOrientedProgramming software you&#39;ve been writing lately! :rainbow:\n</code></pre><p>hope that helps</p>", "", true},
	{"gts-md-italic-hashtags", "<p><em><a href=\"http://localhost:8080/tags/hashtag\" class=\"mention hashtag\" rel=\"tag nofollow noreferrer noopener\" target=\"_blank\">#<span>hashtag</span></a> <a href=\"http://localhost:8080/tags/hashtag\" class=\"mention hashtag\" rel=\"tag nofollow noreferrer noopener\" target=\"_blank\">#<span>hashtag</span></a></em></p>", "", true},
	{"gts-md-unnormalised-hashtag", "<p><a href=\"http://localhost:8080/tags/hell%C3%B6there\" class=\"mention hashtag\" rel=\"tag nofollow noreferrer noopener\" target=\"_blank\">#<span>hellöthere</span></a></p>", "", true},
}

// gotosocialPort is gotosocial's policy next to testdata/ports/gotosocial.yaml.
var gotosocialPort = projectPort{
	name:       "gotosocial",
	bluemonday: gotosocialBluemonday,
	cases:      gotosocialCases,
	posts:      slices.Concat(gotosocialPosts, formattingPosts),
	probes:     gotosocialProbes,
	differs: map[string]string{
		"gts-mastodon-link-uppercase-scheme": whyCanonicalRaw,
		"gts-mastodon-link-userinfo":         whyUserinfo,
		"gts-mastodon-link-text-host":        whyLinkText,
	},
	pending: map[string]string{},
}
