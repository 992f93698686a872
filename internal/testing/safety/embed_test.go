package safety

import "testing"

// TestProblemsEmbeds: the judge accepts a sandboxed iframe of an allowed
// host and nothing else, by its own reading of the attributes.
func TestProblemsEmbeds(t *testing.T) {
	hosts := []string{"www.youtube-nocookie.com", "player.vimeo.com"}
	const sb = ` sandbox="allow-scripts allow-same-origin allow-presentation"`
	tests := []struct {
		name, out string
		problem   bool
	}{
		{"allowed", `<iframe src="https://player.vimeo.com/video/1"` + sb + `></iframe>`, false},
		{"narrower-sandbox", `<iframe src="https://player.vimeo.com/video/1" sandbox=""></iframe>`, false},
		{"first-src-counts", `<iframe src="https://player.vimeo.com/v" src="https://evil.example/"` + sb + `></iframe>`, false},
		{"other-host", `<iframe src="https://evil.example/"` + sb + `></iframe>`, true},
		{"host-prefix", `<iframe src="https://player.vimeo.com.evil.example/"` + sb + `></iframe>`, true},
		{"userinfo", `<iframe src="https://player.vimeo.com@evil.example/"` + sb + `></iframe>`, true},
		{"port", `<iframe src="https://player.vimeo.com:444/"` + sb + `></iframe>`, true},
		{"http", `<iframe src="http://player.vimeo.com/"` + sb + `></iframe>`, true},
		{"backslash", `<iframe src="https://player.vimeo.com\@evil.example/"` + sb + `></iframe>`, true},
		{"no-src", `<iframe` + sb + `></iframe>`, true},
		{"no-sandbox", `<iframe src="https://player.vimeo.com/video/1"></iframe>`, true},
		{"top-navigation", `<iframe src="https://player.vimeo.com/video/1" sandbox="allow-scripts allow-top-navigation"></iframe>`, true},
		{"first-sandbox-counts", `<iframe src="https://player.vimeo.com/video/1" sandbox="allow-popups" sandbox=""></iframe>`, true},
		{"srcdoc", `<iframe src="https://player.vimeo.com/video/1"` + sb + ` srcdoc="x"></iframe>`, true},
		{"svg-iframe", `<svg><iframe src="https://player.vimeo.com/video/1"` + sb + `></iframe></svg>`, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := ProblemsEmbeds(tc.out, []string{"https"}, SchemeOf, hosts)
			if (len(got) > 0) != tc.problem {
				t.Errorf("ProblemsEmbeds(%q) = %q, want a problem: %v", tc.out, got, tc.problem)
			}
			// Without embeds, every iframe is a problem.
			if got := Problems(tc.out, []string{"https"}); len(got) == 0 {
				t.Errorf("Problems(%q) found nothing", tc.out)
			}
		})
	}
}

// TestLeaksUnclosedEmbed: an iframe left open swallows the page as its
// raw text, which Leaks catches.
func TestLeaksUnclosedEmbed(t *testing.T) {
	if Leaks(`<iframe src="https://player.vimeo.com/">`) == nil {
		t.Error("an unclosed iframe does not leak")
	}
	if l := Leaks(`<iframe src="https://player.vimeo.com/"></iframe>`); l != nil {
		t.Errorf("a closed iframe leaks: %v", l)
	}
}
