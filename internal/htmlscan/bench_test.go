package htmlscan

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"golang.org/x/net/html"
)

// benchSets are the benchmark corpora: the comments, and the pages, from
// ../shared when the news pages are there (as in sanitize's benchmarks).
func benchSets(b *testing.B) map[string][][]byte {
	pages := filepath.Join(corpusDir, "bench", "pages")
	if news, _ := filepath.Glob(filepath.Join("..", "..", "..", "shared", "corpus", "bench", "pages", "news-*.html")); len(news) > 0 {
		pages = filepath.Dir(news[0])
	}
	sets := map[string][][]byte{}
	for name, dir := range map[string]string{"comments": filepath.Join(corpusDir, "bench", "comments"), "pages": pages} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.html"))
		sort.Strings(files)
		for _, f := range files {
			doc, err := os.ReadFile(f)
			if err != nil {
				b.Fatal(err)
			}
			sets[name] = append(sets[name], doc)
		}
		if len(sets[name]) == 0 {
			b.Fatalf("no documents in %s", dir)
		}
	}
	return sets
}

// BenchmarkScan is one pass over every document of a corpus, reading
// each token's Raw bytes ("raw") or its name, attributes and text
// ("decode"), with an html.Tokenizer per document or one reused Scanner.
// Run with -cpu 1; under callgrind, -benchtime 1x and 5x.
func BenchmarkScan(b *testing.B) {
	sets := benchSets(b)
	for _, set := range []string{"comments", "pages"} {
		docs := sets[set]
		var size int64
		for _, d := range docs {
			size += int64(len(d))
		}
		for _, decode := range []bool{false, true} {
			what := map[bool]string{false: "raw", true: "decode"}[decode]
			b.Run(set+"/tokenizer/"+what, func(b *testing.B) {
				b.SetBytes(size)
				b.ReportAllocs()
				var r bytes.Reader
				for b.Loop() {
					for _, d := range docs {
						r.Reset(d)
						tokenize(html.NewTokenizer(&r), decode)
					}
				}
			})
			b.Run(set+"/scanner/"+what, func(b *testing.B) {
				b.SetBytes(size)
				b.ReportAllocs()
				var z Scanner
				for b.Loop() {
					for _, d := range docs {
						walk(&z, d, decode)
					}
				}
			})
		}
	}
}

// tokenize is walk for an html.Tokenizer.
func tokenize(z *html.Tokenizer, decode bool) (n int) {
	for {
		tt := z.Next()
		n += len(z.Raw())
		if tt == html.ErrorToken {
			return n
		}
		if !decode {
			continue
		}
		switch tt {
		case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
			name, more := z.TagName()
			n += len(name)
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				n += len(k) + len(v)
			}
		default:
			n += len(z.Text())
		}
	}
}
