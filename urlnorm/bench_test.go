package urlnorm_test

import (
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/testing/jsonl"
	"github.com/htmlclean/htmlclean/urlnorm"
)

// benchURLs loads testdata/bench_urls.jsonl: every URL attribute value of
// the benchmark corpus (see extract_bench_urls.go there).
func benchURLs(b *testing.B) ([]string, int64) {
	b.Helper()
	urls, err := jsonl.Read[string](filepath.Join("testdata", "bench_urls.jsonl"))
	if err != nil {
		b.Fatal(err)
	}
	var size int64
	for _, s := range urls {
		size += int64(len(s))
	}
	return urls, size
}

// netURL is what bluemonday does with every URL: parse with net/url and
// write it back with String().
func netURL(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return ""
	}
	return u.String()
}

// BenchmarkCanonical compares Normalize on an already-canonical URL with
// net/url.Parse+String on the same URL, in the same run.
func BenchmarkCanonical(b *testing.B) {
	const in = "https://datascience.stackexchange.com/questions/tagged/data-science?page=2&sort=votes#answer-123"
	b.Run("urlnorm", func(b *testing.B) {
		b.SetBytes(int64(len(in)))
		b.ReportAllocs()
		for b.Loop() {
			if _, err := urlnorm.Normalize(in, urlnorm.Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("net-url", func(b *testing.B) {
		b.SetBytes(int64(len(in)))
		b.ReportAllocs()
		for b.Loop() {
			netURL(in)
		}
	})
}

// BenchmarkCorpus normalises every URL of the benchmark corpus once per
// op (13,287 values from the comments and pages), next to net/url.
func BenchmarkCorpus(b *testing.B) {
	urls, size := benchURLs(b)
	b.Run("urlnorm", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			for _, u := range urls {
				urlnorm.Normalize(u, urlnorm.Options{})
			}
		}
	})
	b.Run("net-url", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			for _, u := range urls {
				netURL(u)
			}
		}
	})
}

// BenchmarkBadInput shows linear cost: ns/byte stays flat as hostile
// inputs grow from 16 KiB to 1 MiB.
func BenchmarkBadInput(b *testing.B) {
	for _, size := range []int{16 << 10, 1 << 20} {
		inputs := map[string]string{
			"percents-query": "https://example.com/?" + strings.Repeat("%", size),
			"spaces-path":    "https://example.com/" + strings.Repeat(" ", size) + "x",
			"dot-segments":   "https://example.com" + strings.Repeat("/a/..", size/5),
			"climbing":       strings.Repeat("../", size/3),
			"tabs":           "https://example.com/a" + strings.Repeat("\t", size) + "b",
			"labels":         "https://" + strings.Repeat("a.", size/2) + "com/",
		}
		for name, in := range inputs {
			b.Run(name+"/"+sizeName(size), func(b *testing.B) {
				b.SetBytes(int64(len(in)))
				b.ReportAllocs()
				for b.Loop() {
					urlnorm.Normalize(in, urlnorm.Options{})
				}
			})
		}
	}
}

func sizeName(n int) string {
	if n >= 1<<20 {
		return "1MiB"
	}
	return "16KiB"
}
