package urlnorm

import (
	"path/filepath"
	"testing"

	"github.com/htmlclean/htmlclean/internal/jsonl"
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
