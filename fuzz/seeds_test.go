package fuzz

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// corpusDir is the repository's testdata/corpus.
var corpusDir = filepath.Join("..", "testdata", "corpus")

// jsonlField returns field of every line of a JSON Lines corpus file.
func jsonlField(tb testing.TB, name, field string) []string {
	tb.Helper()
	f, err := os.Open(filepath.Join(corpusDir, name))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var rec map[string]any
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			tb.Fatalf("%s: %v", name, err)
		}
		if s, ok := rec[field].(string); ok {
			out = append(out, s)
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
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
