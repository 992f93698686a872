package sanitizetest

import (
	"slices"

	"github.com/microcosm-cc/bluemonday"
)

// writefreelyBluemonday builds the policy WriteFreely's post renderer
// uses (writefreely/writefreely, getSanitizationPolicy in postrender.go
// at commit 6384f4667b5adb3a7c571c8da26b99f93db697ce, AGPL-3.0) with the
// same bluemonday calls, for a multi-user instance (applyMarkdown turns
// RequireNoFollowOnLinks on unless the instance is single-user). The
// calls are facts about the policy; the code is this test's.
func writefreelyBluemonday() *bluemonday.Policy {
	p := bluemonday.UGCPolicy()
	p.AllowAttrs("src", "style").OnElements("iframe", "video", "audio")
	p.AllowAttrs("src", "type").OnElements("source")
	p.AllowAttrs("frameborder", "width", "height").Matching(bluemonday.Integer).OnElements("iframe")
	p.AllowAttrs("allowfullscreen").OnElements("iframe")
	p.AllowAttrs("controls", "loop", "muted", "autoplay").OnElements("video")
	p.AllowAttrs("controls", "loop", "muted", "autoplay", "preload").OnElements("audio")
	p.AllowAttrs("target").OnElements("a")
	p.AllowAttrs("title").OnElements("abbr")
	p.AllowAttrs("style", "class", "id").Globally()
	p.AllowAttrs("alt").OnElements("img")
	p.AllowElements("header", "footer")
	p.AllowURLSchemes("http", "https", "mailto", "xmpp")
	p.RequireNoFollowOnLinks(true)
	return p
}

// writefreelyCases are the inputs of WriteFreely's postrender_test.go
// (same commit, AGPL-3.0, Copyright Musing Studio LLC) as the HTML its
// Markdown renderer (blackfriday) writes for them. That test checks
// applyBasicMarkdown, whose policy (UGCPolicy with class and id) is not
// this one, so its expected outputs are not used here.
var writefreelyCases = []portCase{
	{"wf-test-nums", `<h1>123</h1>`, "", false},
	{"wf-test-dot", `<h1>.</h1>`, "", false},
	{"wf-test-plain", `<h1>Hello, World!</h1>`, "", false},
	{"wf-test-multibyte", `<h1>こんにちは</h1>`, "", false},
	{"wf-test-bold", `<h1><strong>안녕하세요</strong></h1>`, "", false},
	{"wf-test-link", `<h1><a href="https://writefreely.org">WriteFreely</a></h1>`, "", false},
	{"wf-test-date", `<h1>12. April</h1>`, "", false},
	{"wf-test-table", `<h1>| Hi | There |</h1>`, "", false},
}

// writefreelyPort is writefreely's policy next to testdata/ports/writefreely.yaml.
var writefreelyPort = projectPort{
	name:       "writefreely",
	bluemonday: writefreelyBluemonday,
	cases:      writefreelyCases,
	posts:      slices.Concat(writefreelyPosts, formattingPosts),
	probes:     writefreelyProbes,
	differs: map[string]string{
		"wf-post-youtube":           whySandbox,
		"wf-post-vimeo":             whySandbox,
		"wf-post-style-overlay":     whyOverlay,
		"wf-post-iframe-other-host": whyEmbedHost,
	},
	pending: map[string]string{},
}
