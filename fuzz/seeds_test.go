package fuzz

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/htmlclean/htmlclean/internal/testing/jsonl"
)

// corpusDir is the repository's testdata/corpus.
var corpusDir = filepath.Join("..", "testdata", "corpus")

// jsonlField returns field of every line of a JSON Lines corpus file.
func jsonlField(tb testing.TB, name, field string) []string {
	tb.Helper()
	recs, err := jsonl.Read[map[string]any](filepath.Join(corpusDir, name))
	if err != nil {
		tb.Fatal(err)
	}
	var out []string
	for _, rec := range recs {
		if s, ok := rec[field].(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// urlSeeds returns every URL input of the URL corpora: the suspicious-
// encoding catalogue, WPT urltestdata, purell's cases and the SiteMinder
// vectors.
func urlSeeds(tb testing.TB) []string {
	tb.Helper()
	seeds := jsonlField(tb, "url/suspicious_encodings.jsonl", "input")
	seeds = append(seeds, jsonlField(tb, "url/purell_cases.jsonl", "input")...)
	seeds = append(seeds, jsonlField(tb, "url/siteminder_vectors.jsonl", "input")...)
	data, err := os.ReadFile(filepath.Join(corpusDir, "url", "urltestdata.json"))
	if err != nil {
		tb.Fatal(err)
	}
	var wpt []json.RawMessage
	if err := json.Unmarshal(data, &wpt); err != nil {
		tb.Fatal(err)
	}
	for _, r := range wpt {
		var c struct{ Input string }
		if json.Unmarshal(r, &c) == nil {
			seeds = append(seeds, c.Input)
		}
	}
	return seeds
}
