package urlnorm

import (
	"path/filepath"
	"testing"

	"github.com/htmlclean/htmlclean/internal/testing/jsonl"
)

// checkFast fails if fastCanonical accepts s while the full normaliser
// would not return it unchanged, unflagged, with the same scheme and host.
func checkFast(t *testing.T, s string, o Options) {
	t.Helper()
	fast, ok := fastCanonical(s, &o)
	if !ok {
		return
	}
	slow, err := inspectSlow(s, o, 0)
	if err != nil || slow != fast {
		t.Fatalf("fastCanonical(%q) = %+v; the full normaliser gives %+v, %v", s, fast, slow, err)
	}
}

var fastOptions = []Options{
	{},
	{Strict: true, Nested: true},
	{Schemes: []string{"https"}},
	{Relative: RelativeReject},
	{Relative: RelativeResolve, Base: "https://example.com/dir/page"},
}

// FuzzFastPath checks fastCanonical against the full normaliser.
func FuzzFastPath(f *testing.F) {
	for _, s := range fastSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, o := range fastOptions {
			checkFast(t, s, o)
		}
	})
}

// TestFastPathCorpus runs the FuzzFastPath check over every corpus URL,
// and shows the fast path does take the common case.
func TestFastPathCorpus(t *testing.T) {
	taken := 0
	seeds := fastSeeds(t)
	for _, s := range seeds {
		for _, o := range fastOptions {
			checkFast(t, s, o)
		}
		if _, ok := fastCanonical(s, &Options{}); ok {
			taken++
		}
	}
	if taken < len(seeds)/4 {
		t.Errorf("the fast path took only %d of %d inputs", taken, len(seeds))
	}
	t.Logf("the fast path took %d of %d inputs", taken, len(seeds))
}

// fastSeeds are the benchmark URLs and the catalogue inputs.
func fastSeeds(tb testing.TB) []string {
	tb.Helper()
	var out []string
	for _, name := range []string{filepath.Join("testdata", "bench_urls.jsonl"), filepath.Join("..", "testdata", "corpus", "url", "suspicious_encodings.jsonl")} {
		vs, err := jsonl.Read[any](name)
		if err != nil {
			tb.Fatal(err)
		}
		for _, v := range vs {
			switch v := v.(type) {
			case string:
				out = append(out, v)
			case map[string]any:
				if s, ok := v["input"].(string); ok {
					out = append(out, s)
				}
			}
		}
	}
	return out
}

// TestFastPathEdges pins the shapes next to those the fast path takes:
// for each input and options, whether fastCanonical takes it, and (by
// checkFast) that the full normaliser agrees with whatever it takes.
func TestFastPathEdges(t *testing.T) {
	tests := []struct {
		name, in string
		opts     Options
		taken    bool
	}{
		{"host gains its slash", "https://example.com", Options{}, true},
		{"host at the length limit", "https://example.com", Options{MaxLength: len("https://example.com")}, false},
		{"host one under the limit", "https://example.com", Options{MaxLength: len("https://example.com/")}, true},
		{"host with underscore", "http://a_b.example", Options{}, true},
		{"host ending in a number", "http://example.1", Options{}, false},
		{"host ending in hex", "http://example.0x1", Options{}, false},
		{"host with trailing dot", "http://example.", Options{}, false},
		{"host then query", "http://example.com?q", Options{}, false},
		{"path-relative", "img/a.png", Options{}, true},
		{"path-relative digit", "2024/a.html#top", Options{}, true},
		{"path-relative rejected", "img/a.png", Options{Relative: RelativeReject}, false},
		{"path-relative resolved", "img/a.png", Options{Relative: RelativeResolve, Base: "https://example.com/"}, false},
		{"scheme-like", "javascript:alert(1)", Options{}, false},
		{"scheme-like after a segment", "a/b:c", Options{}, true},
		{"drive letter", "c|/windows", Options{}, false},
		{"drive letter alone", "c|", Options{}, false},
		{"drive letter colon", "c:/windows", Options{}, false},
		{"dot segment", "a/../b", Options{}, false},
		{"query", "?page=2", Options{}, true},
		{"nested URL in a query", "?next=https://evil.example/", Options{}, false},
		{"backslash", "a\\b", Options{}, false},
		{"colon in a segment", "https://en.wikipedia.org/wiki/Help:Contents", Options{}, true},
		{"time in a segment", "/time/10:30", Options{}, true},
		{"special scheme, no slash", "https://site.example/go/http:evil.example", Options{}, false},
		{"special scheme after a parameter", "https://site.example/out;u=http:evil.example", Options{}, false},
		{"special scheme after underscores", "https://urldefense.com/v3/__https:evil.example", Options{}, false},
		{"path starts with two slashes", "https://site.example//evil.example", Options{}, false},
		{"two slashes later", "https://site.example/a//b", Options{}, true},
		{"AMP viewer", "https://www.google.com/amp/s/evil.example/", Options{}, false},
		{"AMP cache host", "https://example-com.cdn.ampproject.org/i/s/evil.example/a.png", Options{}, false},
		{"AMP viewer relative", "/amp/s/evil.example/", Options{}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, taken := fastCanonical(tc.in, &tc.opts); taken != tc.taken {
				t.Errorf("fastCanonical(%q, %+v) took it = %v, want %v", tc.in, tc.opts, taken, tc.taken)
			}
			checkFast(t, tc.in, tc.opts)
		})
	}
}
