//go:build browser

package browsertest

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/htmlclean/htmlclean/internal/testing/jsonl"
)

// urlCorpusDir holds the URL test sets (see its README.md).
var urlCorpusDir = filepath.Join("..", "testdata", "corpus", "url")

// urlCase is one input of the URL stage and where it came from: a corpus
// file, or the generator family that made it.
type urlCase struct {
	Source string
	Input  string
}

// loadURLCorpus returns every URL of the URL corpora, in file order:
// urltestdata.json inputs, toascii.json inputs as the host of an http and
// of an https URL (the host parser is the same, the schemes' defaults
// differ), suspicious_encodings.jsonl, siteminder_vectors.jsonl (inputs
// and outputs: both are URLs or SiteMinder values that end up in query
// strings) and purell_cases.jsonl (inputs and expectations). Duplicates
// are removed later, by the stage.
func loadURLCorpus(tb testing.TB) []urlCase {
	tb.Helper()
	var cs []urlCase
	add := func(src string, ins ...string) {
		for _, in := range ins {
			cs = append(cs, urlCase{Source: src, Input: in})
		}
	}
	wpt, err := readWPT(filepath.Join(urlCorpusDir, "urltestdata.json"))
	if err != nil {
		tb.Fatal(err)
	}
	for _, w := range wpt {
		add("urltestdata", w.Input)
	}
	hosts, err := readWPT(filepath.Join(urlCorpusDir, "toascii.json"))
	if err != nil {
		tb.Fatal(err)
	}
	for _, w := range hosts {
		add("toascii", "http://"+w.Input+"/", "https://"+w.Input+":8080/x?y#z")
	}
	type suspicious struct{ Input string }
	ss, err := jsonl.Read[suspicious](filepath.Join(urlCorpusDir, "suspicious_encodings.jsonl"))
	if err != nil {
		tb.Fatal(err)
	}
	for _, s := range ss {
		add("suspicious_encodings", s.Input)
	}
	type sm struct{ Input, Output string }
	sms, err := jsonl.Read[sm](filepath.Join(urlCorpusDir, "siteminder_vectors.jsonl"))
	if err != nil {
		tb.Fatal(err)
	}
	for _, s := range sms {
		add("siteminder_vectors", s.Input, s.Output)
	}
	pur, err := readPurell(filepath.Join(urlCorpusDir, "purell_cases.jsonl"))
	if err != nil {
		tb.Fatal(err)
	}
	add("purell_cases", pur...)
	return cs
}

// wptCase is the part of a WPT urltestdata.json or toascii.json object the
// stage uses; the files' comment strings are skipped.
type wptCase struct {
	Input string `json:"input"`
}

// readWPT reads the test objects of a WPT JSON array.
func readWPT(path string) ([]wptCase, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var items []json.RawMessage
	if err := json.Unmarshal(b, &items); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var out []wptCase
	for _, it := range items {
		if len(it) == 0 || it[0] != '{' {
			continue // a comment string
		}
		var c wptCase
		if err := json.Unmarshal(it, &c); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		out = append(out, c)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no test objects", path)
	}
	return out, nil
}

// readPurell returns purell's inputs and expectations. One input is not
// UTF-8 and is stored in input_base64; Chromium receives it as the page
// would decode it (each bad byte a U+FFFD), urlnorm the bytes themselves.
func readPurell(path string) ([]string, error) {
	type purell struct {
		Input    *string `json:"input"`
		Input64  string  `json:"input_base64"`
		Expected string  `json:"expected"`
	}
	ps, err := jsonl.Read[purell](path)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, p := range ps {
		switch {
		case p.Input != nil:
			out = append(out, *p.Input)
		case p.Input64 != "":
			b, err := base64.StdEncoding.DecodeString(p.Input64)
			if err != nil {
				return nil, fmt.Errorf("%s: input_base64: %w", path, err)
			}
			out = append(out, string(b))
		}
		if p.Expected != "" {
			out = append(out, p.Expected)
		}
	}
	return out, nil
}
