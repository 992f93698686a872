package urlnorm_test

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/htmlclean/htmlclean/urlnorm"
)

// TestGrowth checks that the work is linear in every input dimension the
// package doc promises it for (issue 9, "growth tests"): the cost of an
// input of size 8n must stay under 16 times the cost at size n, where a
// quadratic path gives 64. Cost is CPU time, the minimum of several runs
// of a batch long enough to time, so that a loaded machine makes the
// ratio noisier but not larger than the bound.
func TestGrowth(t *testing.T) {
	if raceEnabled {
		t.Skip("timing under the race detector measures its instrumentation")
	}
	plain := urlnorm.Options{MaxLength: -1}
	nested := urlnorm.Options{MaxLength: -1, Nested: true}
	keep := urlnorm.Options{MaxLength: -1, Userinfo: urlnorm.UserinfoKeep}
	resolve := urlnorm.Options{MaxLength: -1, Relative: urlnorm.RelativeResolve, Base: "https://example.org/a/b?c#d"}
	tests := []struct {
		name  string
		n     int
		opts  urlnorm.Options
		build func(n int) string
	}{
		{"host-length-ascii", 20000, plain, func(n int) string { return "https://" + strings.Repeat("a", n) + ".example/" }},
		{"host-length-idn", 4000, plain, func(n int) string { return "https://" + cjk(n) + ".example/" }},
		{"host-length-idn-escaped", 2000, plain, func(n int) string { return "https://" + url.PathEscape(cjk(n)) + ".example/" }},
		{"host-length-ignorables", 4000, plain, func(n int) string { return "https://a" + strings.Repeat("\u00ad\ufe0f", n) + ".example/" }},
		{"host-percent-runs", 8000, plain, func(n int) string { return "https://" + strings.Repeat("%61", n) + ".example/" }},
		{"label-count-ascii", 10000, plain, func(n int) string { return "https://" + strings.Repeat("a.", n) + "com/" }},
		{"label-count-idn", 4000, plain, func(n int) string { return "https://" + strings.Repeat("ü.", n) + "com/" }},
		{"label-count-ace", 4000, plain, func(n int) string { return "https://" + strings.Repeat("xn--zca.", n) + "com/" }},
		{"label-length-idn-one-label", 4000, plain, func(n int) string { return "https://x" + cjk(n) + "/" }},
		{"percent-runs-query", 20000, plain, func(n int) string { return "https://example.com/?" + strings.Repeat("%", n) }},
		{"percent-runs-fragment", 20000, plain, func(n int) string { return "https://example.com/#" + strings.Repeat("%", n) }},
		{"percent-runs-path-escaped", 20000, plain, func(n int) string { return "https://example.com/" + strings.Repeat("%25", n) }},
		{"percent-runs-path-lone", 20000, plain, func(n int) string { return "https://example.com/" + strings.Repeat("%_", n) }},
		{"percent-runs-query-escaped", 20000, plain, func(n int) string { return "https://example.com/?q=" + strings.Repeat("%25", n) }},
		{"percent-u-candidates", 20000, plain, func(n int) string { return "https://example.com/?q=" + strings.Repeat("%u12", n) }},
		{"encoded-slashes-path", 20000, plain, func(n int) string { return "https://example.com/" + strings.Repeat("%2F", n) }},
		{"percent-runs-opaque", 20000, plain, func(n int) string { return "mailto:" + strings.Repeat("%", n) }},
		{"dot-segments", 10000, plain, func(n int) string {
			return "https://example.com/" + strings.Repeat("a/", n) + strings.Repeat("../", n)
		}},
		{"dot-segments-encoded", 10000, plain, func(n int) string {
			return "https://example.com/" + strings.Repeat("a/", n) + strings.Repeat("%2e%2E/", n)
		}},
		{"dot-segments-relative", 10000, plain, func(n int) string { return strings.Repeat("../", n) + "x" }},
		{"dot-segments-resolved", 10000, resolve, func(n int) string { return strings.Repeat("a/", n) + strings.Repeat("../", n) }},
		{"query-params", 10000, plain, func(n int) string { return "https://example.com/?" + strings.Repeat("a=b&", n) }},
		{"query-params-nested", 2000, nested, func(n int) string {
			return "https://example.com/?" + strings.Repeat("u=https://x.example/p?q=1&", n)
		}},
		{"nested-chain", 10000, nested, func(n int) string {
			return "https://a.example/?u=" + strings.Repeat("https://b.example/?u=", 5) + strings.Repeat("x", n)
		}},
		{"nested-sm-encoded", 5000, nested, func(n int) string {
			inner := "https://x.example/?" + strings.Repeat("a=b&", n)
			return "https://example.com/?TARGET=" + urlnorm.EncodeSM(inner, urlnorm.SMOptions{Always: true})
		}},
		{"nested-percent-encoded", 5000, nested, func(n int) string {
			return "https://example.com/?u=" + url.QueryEscape("https://x.example/?"+strings.Repeat("a=b&", n))
		}},
		{"path-length", 20000, plain, func(n int) string { return "https://example.com/" + strings.Repeat("abc/", n) }},
		{"path-length-encoding", 10000, plain, func(n int) string { return "https://example.com/" + strings.Repeat("é ", n) }},
		{"userinfo-length", 20000, keep, func(n int) string { return "https://" + strings.Repeat("u", n) + "@example.com/" }},
		{"tab-runs", 20000, plain, func(n int) string { return "https://example.com/a" + strings.Repeat("\ta", n) }},
		{"port-length", 20000, plain, func(n int) string { return "https://example.com:" + strings.Repeat("0", n) + "1/" }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			small, large := tc.build(tc.n), tc.build(8*tc.n)
			c1, c8 := compareCost(
				func() { _, _ = urlnorm.Normalize(small, tc.opts) },
				func() { _, _ = urlnorm.Normalize(large, tc.opts) })
			ratio := float64(c8) / float64(c1)
			t.Logf("8n/n = %.1f (%v / %v)", ratio, c8, c1)
			if ratio >= 16 {
				t.Errorf("cost at 8n / cost at n = %.1f (%v / %v), want < 16", ratio, c8, c1)
			}
		})
	}
}

// compareCost returns the least time a batch of calls of small, and the
// same number of calls of large, took over interleaved trials. A batch of
// small takes about 100 µs: short enough that some trials of both run
// without being preempted on a busy machine, which a minimum then finds.
func compareCost(small, large func()) (time.Duration, time.Duration) {
	reps := 1
	for {
		start := time.Now()
		for range reps {
			small()
		}
		if time.Since(start) >= 100*time.Microsecond || reps >= 1<<16 {
			break
		}
		reps *= 2
	}
	batch := func(f func()) time.Duration {
		start := time.Now()
		for range reps {
			f()
		}
		return time.Since(start)
	}
	best1, best8 := time.Duration(1<<63-1), time.Duration(1<<63-1)
	deadline := time.Now().Add(3 * time.Second)
	for i := 0; i < 21; i++ {
		best1 = min(best1, batch(small))
		best8 = min(best8, batch(large))
		if time.Now().After(deadline) {
			break // far past linear: a few trials show it, more take minutes
		}
	}
	return best1, best8
}
