package htmlscan

import (
	"fmt"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/testing/growth"
)

// TestGrowth checks that scanning, with every accessor, costs time linear
// in each dimension of the input that can grow.
func TestGrowth(t *testing.T) {
	rep := func(pre, unit, post string) func(int) string {
		return func(n int) string { return pre + strings.Repeat(unit, n) + post }
	}
	tests := []struct {
		name string
		gen  func(n int) string
	}{
		{"text", rep("", "a&amp;b\r\n\x00&notit; ", "")},
		{"entity-like names", rep("", "&"+strings.Repeat("a", 40), "")},
		{"one long name", rep("&", "a", ";")},
		{"digits", rep("&#", "1", ";")},
		{"attributes", func(n int) string {
			var b strings.Builder
			b.WriteString("<a")
			for i := range n {
				fmt.Fprintf(&b, " k%d=v", i)
			}
			return b.String() + "/>"
		}},
		{"repeated attributes", rep("<a", " k=v K=w", "/>")},
		{"attribute value", rep(`<a b="`, "x&amp;\r\n", `">`)},
		{"unquoted value", rep(`<a b=`, "x&amp", `>`)},
		{"unterminated value", rep(`<a b='`, "x", "")},
		{"tag name", rep("<a", "b", ">")},
		{"tags", rep("", "<div><p>x</p></div>", "")},
		{"nesting", rep("", "<div>", "")},
		{"end tags with attributes", rep("", "</a b=c d>", "")},
		{"comment", rep("<!--", "a->-!>--!x", "-->")},
		{"unterminated comment", rep("<!--", "-", "")},
		{"bogus comment", rep("<?", "x<", ">")},
		{"doctype", rep("<!DOCTYPE ", "x", ">")},
		{"raw text near misses", rep("<style>", "</styl</stylex", "</style>")},
		{"script near misses", rep("<script>", "</scrip<!", "</script>")},
		{"escaped script", rep("<script><!--", "<script-<scrip-->", "</script>")},
		{"double-escaped script", rep("<script><!--<script>", "<-<!--</scrip--<", "</script>")},
		{"rcdata", rep("<textarea>", "&amp;</textare", "</textarea>")},
		{"plaintext", rep("<plaintext>", "</plaintext>\x00", "")},
		{"lone less-than", rep("", "<<<< < <1", "")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var z Scanner
			growth.Check(t, 4000, tc.gen, func(doc string) {
				walk(&z, []byte(doc), true)
			})
		})
	}
	t.Run("cdata", func(t *testing.T) {
		var z Scanner
		growth.Check(t, 4000, rep("<![CDATA[", "]>]]x>", "]]>"), func(doc string) {
			z.Reset([]byte(doc))
			z.AllowCDATA(true)
			for z.Next() != 0 {
				z.Text()
			}
		})
	})
}
