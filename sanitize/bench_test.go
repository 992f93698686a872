package sanitize

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"testing"

	"github.com/microcosm-cc/bluemonday"
	"golang.org/x/net/html"

	"github.com/htmlclean/htmlclean/internal/htmlscan"
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
	runAgainstUGC(b, docs, "ugc", policy.UGC())
}

// runAgainstUGC benchmarks the policy p, named preset, and bluemonday's
// UGCPolicy on the same documents, as sub-benchmarks htmlclean-<preset>
// and bluemonday-ugc.
func runAgainstUGC(b *testing.B, docs [][]byte, preset string, p *policy.Policy) {
	bm := bluemonday.UGCPolicy()
	var out bytes.Buffer
	b.Run("htmlclean-"+preset, func(b *testing.B) {
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

// BenchmarkStages shows where the ugc pipeline's time goes, on the
// comments and on the pages, one op being every document once:
//
//   - htmlscan: tokenizing alone (Next and Raw of internal/htmlscan's
//     Scanner, what the pass reads a document in memory with);
//   - identity-tokenizer: the same with x/net/html's Tokenizer (what the
//     bluemonday stage reads with), the floor for a token-stream sanitiser;
//   - pass: the first stage alone, writing both forms;
//   - bluemonday-stage: the policy's bluemonday stage alone, over what
//     the pass wrote (the faithful form);
//   - bluemonday-stage+follower: the same, its output compared with the
//     canonical form by the follower, which writes the result;
//   - pipeline: all of it, as [Bytes] runs it;
//   - bluemonday-ugc: bluemonday's UGCPolicy alone, the reference.
//
// pipeline ≈ pass + bluemonday-stage+follower; scripts/instructions.sh
// -stages counts each one's instructions.
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
	run := func(name string, f func(d []byte) error) {
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
	var sc htmlscan.Scanner
	run("htmlscan", func(d []byte) error {
		sc.Reset(d)
		for sc.Next() != html.ErrorToken {
			out.Write(sc.Raw())
		}
		return nil
	})
	var r bytes.Reader
	run("identity-tokenizer", func(d []byte) error {
		r.Reset(d)
		z := html.NewTokenizer(&r)
		for z.Next() != html.ErrorToken {
			out.Write(z.Raw())
		}
		return nil
	})
	var faithful, canon sink
	run("pass", func(d []byte) error {
		faithful.Reset()
		canon.Reset()
		_, _, err := newPass(twin{&faithful, &canon}, nil, d, p, nil).run()
		return err
	})
	// The stage's input: both forms of every document, as the pass wrote
	// them, in one arena, indexed by the document's first byte's address.
	// They stay live through every part (see the end), so that each part
	// runs with the same live heap, and so as often a garbage collection.
	type forms struct {
		f, c   []byte
		marked bool
	}
	var arena []byte
	ends := make([][2]int, len(docs))
	marks := make([]bool, len(docs))
	for i, d := range docs {
		var f, c sink
		marked, _, err := newPass(twin{&f, &c}, nil, d, p, nil).run()
		if err != nil {
			b.Fatal(err)
		}
		arena = append(append(arena, f.Bytes()...), c.Bytes()...)
		ends[i], marks[i] = [2]int{f.Len(), c.Len()}, marked
	}
	arena = slices.Clip(arena)
	written := make(map[*byte]forms, len(docs))
	at := 0
	for i, d := range docs {
		f := arena[at : at+ends[i][0] : at+ends[i][0]]
		at += ends[i][0]
		c := arena[at : at+ends[i][1] : at+ends[i][1]]
		at += ends[i][1]
		written[&d[0]] = forms{f, c, marks[i]}
	}
	run("bluemonday-stage", func(d []byte) error {
		r.Reset(written[&d[0]].f)
		return applyPolicy(p, &out, &r)
	})
	run("bluemonday-stage+follower", func(d []byte) error {
		w := written[&d[0]]
		fl := &follower{w: &out}
		fl.push(segment{f: w.f, c: w.c, marked: w.marked, line: 1, col: 1})
		r.Reset(w.f)
		if err := applyPolicy(p, fl, &r); err != nil {
			return err
		}
		return fl.Close()
	})
	run("pipeline", func(d []byte) error {
		return runDoc(&out, d, p, nil)
	})
	bm := bluemonday.UGCPolicy()
	run("bluemonday-ugc", func(d []byte) error {
		r.Reset(d)
		return bm.SanitizeReaderToWriter(&r, &out)
	})
	runtime.KeepAlive(written)
}

// BenchmarkMail: the mails of testdata/mail (6 to 45 KB, style sheets
// included) under the mail preset, with bluemonday's UGCPolicy over the
// same documents in the same run for scale (it drops the sheets, the
// presentation attributes and the document, so it does less).
func BenchmarkMail(b *testing.B) {
	_, docs := benchDocs(b, filepath.Join("..", "testdata", "mail"))
	runAgainstUGC(b, docs, "mail", policy.Mail())
}
