package htmlscan

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unsafe"

	"golang.org/x/net/html"
)

// summary writes the tokens of doc in a short form: type, then name and
// attributes or text.
func summary(z *Scanner) string {
	var b strings.Builder
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			fmt.Fprintf(&b, "Error(%v)", z.Err())
			return b.String()
		case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
			name, more := z.TagName()
			fmt.Fprintf(&b, "%v(%s", tt, name)
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				fmt.Fprintf(&b, " %s=%q", k, v)
			}
			b.WriteString(") ")
		default:
			fmt.Fprintf(&b, "%v(%q) ", tt, z.Text())
		}
	}
}

func TestScanner(t *testing.T) {
	tests := []struct {
		name, in, want string
		maxBuf         int
		cdata          bool
	}{
		{name: "element", in: `<A HREF="x&amp;y" b=c>t</A>`,
			want: `StartTag(a href="x&y" b="c") Text("t") EndTag(a) Error(EOF)`},
		{name: "repeated attribute", in: `<a b=1 B=2 c=3>`, want: `StartTag(a b="1" c="3") Error(EOF)`},
		{name: "self-closing", in: `<br/><p a=/>`, want: `SelfClosingTag(br) StartTag(p a="/") Error(EOF)`},
		{name: "self-closing after a repeat", in: `<p a=x a=/>`, want: `SelfClosingTag(p a="x") Error(EOF)`},
		{name: "end tag attributes dropped", in: `</p a=b>`, want: `EndTag(p) Error(EOF)`},
		{name: "comments", in: `<!---->.<!-->.<!--a--!>`,
			want: `Comment("") Text(".") Comment("") Text(".") Comment("a") Error(EOF)`},
		{name: "bogus comments", in: `<?x><!x></ x></>`,
			want: `Comment("?x") Comment("x") Comment(" x") Comment("") Error(EOF)`},
		{name: "cdata off", in: `<![CDATA[a]]>`, want: `Comment("[CDATA[a]]") Error(EOF)`},
		{name: "cdata on", in: `<![CDATA[a<b]]>`, cdata: true, want: `Text("a<b") Error(EOF)`},
		{name: "doctype", in: `<!DocType html>`, want: `Doctype("html") Error(EOF)`},
		{name: "rcdata", in: "<title>a&amp;<b>\x00</TITLE>",
			want: "StartTag(title) Text(\"a&<b>\uFFFD\") EndTag(title) Error(EOF)"},
		{name: "raw text", in: "<style>a&amp;</styl</style>",
			want: `StartTag(style) Text("a&amp;</styl") EndTag(style) Error(EOF)`},
		{name: "escaped script", in: `<script><!--<script></script>--></script>x`,
			want: `StartTag(script) Text("<!--<script></script>-->") EndTag(script) Text("x") Error(EOF)`},
		{name: "plaintext", in: `<plaintext></plaintext>`, want: `StartTag(plaintext) Text("</plaintext>") Error(EOF)`},
		{name: "text newlines and NUL", in: "a\r\nb\rc\x00", want: "Text(\"a\\nb\\nc\\x00\") Error(EOF)"},
		{name: "cut-off tag", in: `x<a b="`, want: `Text("x") Error(EOF)`},
		{name: "token at the limit", in: `<abc>`, maxBuf: 6, want: `StartTag(abc) Error(EOF)`},
		{name: "token over the limit", in: `<abc>`, maxBuf: 5, want: `Error(max buffer exceeded)`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			z := New([]byte(tc.in))
			z.SetMaxBuf(tc.maxBuf)
			z.AllowCDATA(tc.cdata)
			if got := summary(z); got != tc.want {
				t.Errorf("Scanner(%q) = %s, want %s", tc.in, got, tc.want)
			}
			compare(t, nil, []byte(tc.in), tc.maxBuf, map[bool]uint8{true: modeCDATA}[tc.cdata])
		})
	}
}

// TestRawAliases checks that Raw is the document's own bytes, and that
// the tokens partition it.
func TestRawAliases(t *testing.T) {
	doc := []byte(`<p class=x>a &amp; b<!--c--></p>`)
	z := New(doc)
	off := 0
	for z.Next() != html.ErrorToken {
		raw := z.Raw()
		if len(raw) == 0 || unsafe.SliceData(raw) != &doc[off] {
			t.Fatalf("Raw() at %d is not doc[%d:]", off, off)
		}
		off += len(raw)
	}
	if off != len(doc) || !errors.Is(z.Err(), io.EOF) {
		t.Errorf("tokens cover %d of %d bytes, then Err() = %v", off, len(doc), z.Err())
	}
}

// TestNoAllocs checks that a reused Scanner allocates nothing on a
// benchmark document it has seen, reading every token's name, attributes
// and text.
func TestNoAllocs(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(corpusDir, "bench", "*", "*.html"))
	if len(files) < 10 {
		t.Fatal("no benchmark documents")
	}
	var docs [][]byte
	for _, name := range files[:10] {
		doc, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, doc)
	}
	var z Scanner
	for _, doc := range docs {
		walk(&z, doc, true) // grow the buffers
	}
	if r := z.Retained(); r == 0 || r > 64<<10 {
		t.Errorf("Retained() = %d after ten documents, want some, and less than 64 KiB", r)
	}
	for _, decode := range []bool{false, true} {
		if n := testing.AllocsPerRun(5, func() {
			for _, doc := range docs {
				walk(&z, doc, decode)
			}
		}); n != 0 {
			t.Errorf("%v allocations a run (decoding %v), want 0", n, decode)
		}
	}
}

// walk scans doc with z, reading every accessor if decode.
func walk(z *Scanner, doc []byte, decode bool) (n int) {
	z.Reset(doc)
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

// TestRetained checks that Retained reports what a hostile document grew.
func TestRetained(t *testing.T) {
	doc := "<a" + strings.Repeat(" k=v", 10000) + ` b="` + strings.Repeat("&amp;", 10000) + `">`
	var z Scanner
	walk(&z, []byte(doc), true)
	if r := z.Retained(); r < 100000 {
		t.Errorf("Retained() = %d after a tag of 10000 attributes, want more", r)
	}
}
