package sanitize_test

import (
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/microcosm-cc/bluemonday"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
)

// migrationRow is what the test knows of a row of docs/migrating.md's
// call-by-call table, by its bluemonday call as the table writes it.
type migrationRow struct {
	// call applies the row's bluemonday call to UGCPolicy(), or returns
	// another policy; nil for a row without a policy-file entry.
	call func(p *bluemonday.Policy) *bluemonday.Policy
	// reasons are the differences of bmReasons the row's entry makes
	// besides the preset's own.
	reasons []string
	// docs are inputs that use what the row allows, added to the bench
	// comments.
	docs []string
	// none says why a row has no policy-file entry to run.
	none string
}

// migrationRows are the rows of the table, by bluemonday call.
var migrationRows = map[string]migrationRow{
	`UGCPolicy()`: {call: func(p *bluemonday.Policy) *bluemonday.Policy { return p }},
	`NewPolicy()`: {call: func(*bluemonday.Policy) *bluemonday.Policy { return bluemonday.NewPolicy() }},
	`StrictPolicy()`: {call: func(*bluemonday.Policy) *bluemonday.Policy { return bluemonday.StrictPolicy() },
		reasons: []string{"word-breaks"}},
	`AllowElements("kbd")`: {call: func(p *bluemonday.Policy) *bluemonday.Policy { p.AllowElements("kbd"); return p },
		docs: []string{`<p>Press <kbd>Ctrl</kbd>+<kbd>C</kbd></p>`}},
	`AllowAttrs("reversed").OnElements("ol")`: {call: func(p *bluemonday.Policy) *bluemonday.Policy {
		p.AllowAttrs("reversed").OnElements("ol")
		return p
	}, docs: []string{`<ol reversed><li>a</li></ol>`, `<ol reversed=""><li>a</li></ol>`}},
	`AllowAttrs("start").Matching(re).OnElements("ol")`: {call: func(p *bluemonday.Policy) *bluemonday.Policy {
		p.AllowAttrs("start").Matching(regexp.MustCompile(`^[0-9]+$`)).OnElements("ol")
		return p
	}, docs: []string{`<ol start="3"><li>a</li></ol>`, `<ol start="-1"><li>a</li></ol>`}},
	`AllowAttrs("class").Matching(re).OnElements("code")`: {call: func(p *bluemonday.Policy) *bluemonday.Policy {
		p.AllowAttrs("class").Matching(regexp.MustCompile(`^language-[a-z]+$`)).OnElements("code")
		return p
	}, reasons: []string{"class-per-token"}, docs: []string{`<pre><code class="language-go">x</code></pre>`, `<code class="language-go x">y</code>`}},
	`AllowStyling()`: {call: func(p *bluemonday.Policy) *bluemonday.Policy { p.AllowStyling(); return p },
		reasons: []string{"class-per-token"}, docs: []string{`<p class="note big">x</p>`, `<span class="a b-c_d">y</span>`}},
	`AllowStyles("color").OnElements("span")`: {call: func(p *bluemonday.Policy) *bluemonday.Policy {
		p.AllowStyles("color").OnElements("span")
		return p
	}, reasons: []string{"style-as-written"}, docs: []string{`<span style="color: red">x</span>`, `<span style="color:#abc;position:fixed">y</span>`}},
	`AllowDataAttributes()`: {call: func(p *bluemonday.Policy) *bluemonday.Policy { p.AllowDataAttributes(); return p },
		reasons: []string{"data-url-named"}, docs: []string{`<div data-user="42" data-src="/x.png">x</div>`}},
	`RequireNoFollowOnLinks(false)`: {call: func(p *bluemonday.Policy) *bluemonday.Policy { p.RequireNoFollowOnLinks(false); return p }},
	`RequireNoFollowOnFullyQualifiedLinks(true)`: {call: func(p *bluemonday.Policy) *bluemonday.Policy {
		p.RequireNoFollowOnLinks(false)
		p.RequireNoFollowOnFullyQualifiedLinks(true)
		return p
	}},
	`AddTargetBlankToFullyQualifiedLinks(true)`: {call: func(p *bluemonday.Policy) *bluemonday.Policy {
		p.AddTargetBlankToFullyQualifiedLinks(true)
		return p
	}},
	`RequireNoReferrerOnLinks(true)`: {call: func(p *bluemonday.Policy) *bluemonday.Policy { p.RequireNoReferrerOnLinks(true); return p }},
	`AllowAttrs("rel").Matching(re).OnElements("a")`: {call: func(p *bluemonday.Policy) *bluemonday.Policy {
		p.AllowAttrs("rel").Matching(regexp.MustCompile(`^(?:tag|me)(?: (?:tag|me))*$`)).OnElements("a")
		return p
	}, reasons: []string{"rel-sorted"}, docs: []string{`<a href="/t/go" rel="tag">go</a> <a href="https://me.example/" rel="me">me</a> <a href="/x" rel="tag x">x</a>`}},
	`AllowAttrs("target").Matching(re).OnElements("a")`: {call: func(p *bluemonday.Policy) *bluemonday.Policy {
		p.AllowAttrs("target").Matching(regexp.MustCompile(`^(?:_blank|_self)$`)).OnElements("a")
		return p
	}, reasons: []string{"rel-sorted"}, docs: []string{`<a href="/x" target="_blank">x</a> <a href="/y" target="_self">y</a> <a href="/z" target="_top">z</a>`}},
	`AllowURLSchemes("tel")`: {call: func(p *bluemonday.Policy) *bluemonday.Policy { p.AllowURLSchemes("tel"); return p },
		docs: []string{`<a href="tel:+1-555-0100">call</a>`}},
	`AllowURLSchemesMatching(re)`: {call: func(p *bluemonday.Policy) *bluemonday.Policy {
		p.AllowURLSchemesMatching(regexp.MustCompile(`^(?:[a-eg-z][a-z0-9+.-]*|f(?:[a-su-z][a-z0-9+.-]*|t(?:[a-oq-z0-9+.-][a-z0-9+.-]*|p[a-z0-9+.-]+)?)?)$`))
		return p
	}, docs: []string{`<a href="irc://irc.example/go">irc</a> <a href="web+x:y">x</a> <a href="ftp://f.example/">ftp</a> <a href="file:///etc/passwd">file</a>`}},
	`AllowRelativeURLs(false)`: {call: func(p *bluemonday.Policy) *bluemonday.Policy { p.AllowRelativeURLs(false); return p }},
	`AllowDataURIImages()`: {call: func(p *bluemonday.Policy) *bluemonday.Policy { p.AllowDataURIImages(); return p },
		docs: []string{`<img src="data:image/png;base64,iVBORw0KGgo=" alt="x">`, `<img src="data:image/svg+xml;base64,PHN2Zz4=">`,
			`<a href="data:image/png;base64,iVBORw0KGgo=">l</a>`}},
	`RequireCrossOriginAnonymous(true)`: {call: func(p *bluemonday.Policy) *bluemonday.Policy { p.RequireCrossOriginAnonymous(true); return p },
		docs: []string{`<img src="/x.png" crossorigin="use-credentials">`}},
	`AllowIFrames()`: {call: func(p *bluemonday.Policy) *bluemonday.Policy {
		p.AllowIFrames()
		p.AllowAttrs("src").OnElements("iframe")
		return p
	}, reasons: []string{"embed-sandboxed", "embed-host"}, docs: []string{`<iframe src="https://www.youtube-nocookie.com/embed/x"></iframe>`}},
	`AddSpaceWhenStrippingTag(true)`: {call: func(p *bluemonday.Policy) *bluemonday.Policy { p.AddSpaceWhenStrippingTag(true); return p },
		reasons: []string{"word-breaks"}, docs: []string{`<nav>a</nav><nav>b</nav>`}},
	`AllowNoAttrs().OnElements("a")`: {call: func(p *bluemonday.Policy) *bluemonday.Policy { p.AllowNoAttrs().OnElements("a"); return p },
		docs: []string{`<a name="x">anchor</a> <a href="javascript:x">js</a>`}},
	`RequireParseableURLs(true)`: {none: "always on"},
	`RewriteSrc(fn)`:             {none: "a Go hook"},
	`AllowComments()`:            {none: "not offered"},
	`SkipElementsContent("x")`:   {none: "always on for non-text elements"},
	`p.Sanitize(s)`:              {none: "the API, not a setting"},
}

var codeSpanRE = regexp.MustCompile("`([^`]+)`")

// TestMigrationTable reads the call-by-call table of docs/migrating.md
// and, for each row with a policy-file entry, runs the row's bluemonday
// call on UGCPolicy() and its entry on the bluemonday-ugc preset over the
// bench comments and the row's own inputs: every difference must be one
// the preset makes or the row names. Every row of the table must be
// known here and every row here in the table, so the two cannot drift.
func TestMigrationTable(t *testing.T) {
	md, err := os.ReadFile(filepath.Join("..", "docs", "migrating.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(md), "## Call by call")
	if !ok {
		t.Fatal("docs/migrating.md has no call-by-call table")
	}
	// The bench comments, every fourth unless longTests: a row is a
	// pattern or a switch, which a quarter of 923 comments exercises.
	var comments []string
	for i, d := range slices.Sorted(maps.Values(benchComments(t))) {
		if sanitize.LongTests() || i%4 == 0 {
			comments = append(comments, d)
		}
	}
	presetReasons := []string{"url-canonical", "url-encoding", "url-refused", "url-kept", "empty-fragment", "link-text-mismatch",
		"rel-written", "whole-value", "image-without-src", "foreign-content", "formatting-reconstructed"}
	seen := map[string]bool{}
	first := true
	for line := range strings.SplitSeq(table, "\n") {
		cells := strings.Split(line, " | ")
		if !strings.HasPrefix(line, "| `") || len(cells) < 3 {
			continue
		}
		call := codeSpanRE.FindStringSubmatch(cells[0])[1]
		if first && call != "UGCPolicy()" {
			t.Errorf("the table's first row is %s, want UGCPolicy()", call)
		}
		first = false
		seen[call] = true
		row, ok := migrationRows[call]
		if !ok {
			t.Errorf("table row %s is not known to the test", call)
			continue
		}
		entry := codeSpanRE.FindStringSubmatch(cells[1])
		if row.call == nil || entry == nil {
			if (row.call == nil) != (entry == nil || !strings.Contains(entry[1], ":")) {
				t.Errorf("%s: the table's entry %q and the test disagree on whether it has a policy-file entry", call, cells[1])
			}
			continue
		}
		file := entry[1]
		if !strings.Contains(file, "extends") {
			file = "extends: bluemonday-ugc\n" + file
		}
		t.Run(call, func(t *testing.T) {
			p, err := policy.Load(strings.NewReader(file), "row.yaml")
			if err != nil {
				t.Fatalf("the table's entry does not load: %v\n%s", err, file)
			}
			bm := row.call(bluemonday.UGCPolicy())
			docs := append(slices.Clip(comments), row.docs...)
			allowed := append(slices.Clone(presetReasons), row.reasons...)
			for _, d := range docs {
				reasons, unexplained, err := bmCompare(d, bm.Sanitize(d), p)
				if err != nil {
					t.Fatal(err)
				}
				for _, u := range unexplained {
					t.Errorf("unexplained difference: %s\ninput: %.200q", u, d)
				}
				for _, r := range reasons {
					if !slices.Contains(allowed, r) {
						t.Errorf("difference %q (%s) the row does not name\ninput: %.200q", r, bmReasons[r], d)
					}
				}
			}
		})
	}
	for call := range migrationRows {
		if !seen[call] {
			t.Errorf("%s is not in the table", call)
		}
	}
}
