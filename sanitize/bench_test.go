package sanitize

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/microcosm-cc/bluemonday"
	"golang.org/x/net/html"

	"github.com/htmlclean/htmlclean/policy"
)

// benchDocs reads every file of a benchmark directory.
func benchDocs(b testing.TB, dirs ...string) (names []string, docs [][]byte) {
	b.Helper()
	for _, dir := range dirs {
		files, _ := filepath.Glob(filepath.Join(dir, "*.html"))
		sort.Strings(files)
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				b.Fatal(err)
			}
			names = append(names, filepath.Base(f))
			docs = append(docs, data)
		}
	}
	if len(docs) == 0 {
		b.Skip("no documents")
	}
	return names, docs
}

func totalSize(docs [][]byte) int64 {
	var n int64
	for _, d := range docs {
		n += int64(len(d))
	}
	return n
}

// runPipelines benchmarks the ugc preset and bluemonday's UGCPolicy on the
// same documents, one op being every document once. Run with
// GOMAXPROCS=1 (-cpu=1) to measure CPU cost.
func runPipelines(b *testing.B, docs [][]byte) {
	p, err := policy.Preset("ugc")
	if err != nil {
		b.Fatal(err)
	}
	bm := bluemonday.UGCPolicy()
	var out bytes.Buffer
	b.Run("htmlclean-ugc", func(b *testing.B) {
		b.SetBytes(totalSize(docs))
		b.ReportAllocs()
		for b.Loop() {
			for _, d := range docs {
				out.Reset()
				if err := Sanitize(&out, bytes.NewReader(d), p); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("bluemonday-ugc", func(b *testing.B) {
		b.SetBytes(totalSize(docs))
		b.ReportAllocs()
		for b.Loop() {
			for _, d := range docs {
				out.Reset()
				if err := bm.SanitizeReaderToWriter(bytes.NewReader(d), &out); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}

// BenchmarkComments: the 923 comment documents.
func BenchmarkComments(b *testing.B) {
	_, docs := benchDocs(b, filepath.Join("..", "testdata", "corpus", "bench", "comments"))
	runPipelines(b, docs)
}

// BenchmarkPages: the Wikipedia pages, and the news pages when the shared
// corpus is beside the repository (their publishers' copyright keeps them
// out of it).
func BenchmarkPages(b *testing.B) {
	dirs := []string{filepath.Join("..", "testdata", "corpus", "bench", "pages")}
	if news, _ := filepath.Glob(filepath.Join("..", "..", "shared", "corpus", "bench", "pages", "news-*.html")); len(news) > 0 {
		dirs = append(dirs, filepath.Join("..", "..", "shared", "corpus", "bench", "pages"))
	}
	names, docs := benchDocs(b, dirs...)
	var selected [][]byte
	seen := map[string]bool{}
	for i, n := range names {
		if !seen[n] {
			seen[n] = true
			selected = append(selected, docs[i])
		}
	}
	runPipelines(b, selected)
}

// BenchmarkStages measures the parts of the pipeline: the tokenizer pass
// alone, an identity tokenizer pass (copying Raw(), the floor for any
// token-stream sanitiser), and the policy stage alone, on the raw
// documents and on the pass's output (what it really reads).
func BenchmarkStages(b *testing.B) {
	pages := []string{filepath.Join("..", "testdata", "corpus", "bench", "pages")}
	if news, _ := filepath.Glob(filepath.Join("..", "..", "shared", "corpus", "bench", "pages", "news-*.html")); len(news) > 0 {
		pages = []string{filepath.Join("..", "..", "shared", "corpus", "bench", "pages")}
	}
	for _, corpus := range []struct {
		name string
		dirs []string
	}{
		{"comments", []string{filepath.Join("..", "testdata", "corpus", "bench", "comments")}},
		{"pages", pages},
	} {
		b.Run(corpus.name, func(b *testing.B) {
			_, docs := benchDocs(b, corpus.dirs...)
			stages(b, docs)
		})
	}
}

func stages(b *testing.B, docs [][]byte) {
	p, err := policy.Preset("ugc")
	if err != nil {
		b.Fatal(err)
	}
	var out bytes.Buffer
	run := func(name string, docs [][]byte, f func(d []byte) error) {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(totalSize(docs))
			b.ReportAllocs()
			for b.Loop() {
				for _, d := range docs {
					out.Reset()
					if err := f(d); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
	var canon bytes.Buffer
	run("pass", docs, func(d []byte) error {
		canon.Reset()
		_, err := newPass(twin{&out, &canon}, nil, d, p, nil).run()
		return err
	})
	run("identity-tokenizer", docs, func(d []byte) error {
		z := html.NewTokenizer(bytes.NewReader(d))
		for z.Next() != html.ErrorToken {
			out.Write(z.Raw())
		}
		return nil
	})
	mids := make([][]byte, len(docs))
	for i, d := range docs {
		var mid, canonical bytes.Buffer
		if _, err := newPass(twin{&mid, &canonical}, nil, d, p, nil).run(); err != nil {
			b.Fatal(err)
		}
		mids[i] = mid.Bytes()
	}
	run("policy-stage-on-pass-output", mids, func(d []byte) error { return applyPolicy(p, &out, bytes.NewReader(d)) })
	run("policy-stage", docs, func(d []byte) error { return applyPolicy(p, &out, bytes.NewReader(d)) })
}
