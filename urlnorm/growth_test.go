package urlnorm_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/testing/growth"
	"github.com/htmlclean/htmlclean/urlnorm"
)

// TestGrowth checks that the work is linear in every input dimension the
// package doc promises it for: the cost of an
// input of size 8n must stay under 16 times the cost at size n, where a
// quadratic path gives 64, measured by internal/testing/growth.
func TestGrowth(t *testing.T) {
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
		{"path-nested-candidates", 10000, plain, func(n int) string { return "https://example.com/" + strings.Repeat("http:/%41/", n) }},
		{"path-scheme-segments", 10000, nested, func(n int) string { return "https://example.com/" + strings.Repeat("http:a/x:b/", n) }},
		{"path-scheme-segments-long", 10000, nested, func(n int) string { return "https://example.com/go/http:" + strings.Repeat("a", n) }},
		{"path-scheme-slashes", 10000, nested, func(n int) string { return "https://example.com/go/http:" + strings.Repeat("/", n) }},
		{"path-network-chain", 5000, nested, func(n int) string { return "https://example.com/" + strings.Repeat(".//x.example/", n) }},
		{"path-amp", 10000, nested, func(n int) string { return "https://www.google.com/amp/s/x.example/" + strings.Repeat("amp/s/", n) }},
		{"path-nested-chain", 5000, nested, func(n int) string {
			return "https://example.com/" + strings.Repeat("r/https://x.example/", n)
		}},
		{"path-length", 20000, plain, func(n int) string { return "https://example.com/" + strings.Repeat("abc/", n) }},
		{"path-length-encoding", 10000, plain, func(n int) string { return "https://example.com/" + strings.Repeat("é ", n) }},
		{"userinfo-length", 20000, keep, func(n int) string { return "https://" + strings.Repeat("u", n) + "@example.com/" }},
		{"tab-runs", 20000, plain, func(n int) string { return "https://example.com/a" + strings.Repeat("\ta", n) }},
		{"port-length", 20000, plain, func(n int) string { return "https://example.com:" + strings.Repeat("0", n) + "1/" }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			growth.Check(t, tc.n, tc.build, func(in string) { _, _ = urlnorm.Normalize(in, tc.opts) })
		})
	}
}
