package htmlscan

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/htmlclean/htmlclean/internal/testing/jsonl"
)

// corpusDir is the repository's testdata/corpus.
var corpusDir = filepath.Join("..", "..", "testdata", "corpus")

// FuzzDifferential checks that a Scanner gives the tokens an
// html.Tokenizer gives, for any document, buffer limit and way of driving
// the two (see collect), and never modifies the document.
func FuzzDifferential(f *testing.F) {
	for i, doc := range seedDocs(f) {
		f.Add(doc, uint16(0), uint8(0))
		f.Add(doc, uint16(1+i%40), uint8(i%32))
	}
	z := new(Scanner)
	f.Fuzz(func(t *testing.T, doc []byte, maxBuf uint16, mode uint8) {
		compare(t, z, doc, int(maxBuf), mode)
	})
}

// seedDocs returns the html5lib tokenizer test inputs, the XSS corpus
// inputs, a few hand-written edge cases and the benchmark documents (the
// pages cut into pieces of at most 16 KiB, a size the fuzzer mutates
// quickly).
func seedDocs(tb testing.TB) [][]byte {
	tb.Helper()
	var docs [][]byte
	for _, tc := range html5libTests(tb) {
		docs = append(docs, []byte(tc.input))
	}
	docs = append(docs, edgeCases...)
	docs = append(docs, xssInputs(tb)...)
	for _, dir := range []string{"comments", "pages"} {
		files, _ := filepath.Glob(filepath.Join(corpusDir, "bench", dir, "*.html"))
		if len(files) == 0 {
			tb.Fatalf("no benchmark documents in %s", dir)
		}
		sort.Strings(files)
		for _, name := range files {
			doc, err := os.ReadFile(name)
			if err != nil {
				tb.Fatal(err)
			}
			for len(doc) > 16<<10 {
				docs = append(docs, doc[:16<<10])
				doc = doc[16<<10:]
			}
			docs = append(docs, doc)
		}
	}
	return docs
}

// xssInputs returns the input of every vector in the XSS corpus.
func xssInputs(tb testing.TB) [][]byte {
	tb.Helper()
	files, _ := filepath.Glob(filepath.Join(corpusDir, "xss", "*.jsonl"))
	if len(files) == 0 {
		tb.Fatal("no XSS corpus")
	}
	var docs [][]byte
	for _, name := range files {
		recs, err := jsonl.Read[map[string]json.RawMessage](name)
		if err != nil {
			tb.Fatal(err)
		}
		for _, rec := range recs {
			var in string
			if json.Unmarshal(rec["input"], &in) == nil && in != "" {
				docs = append(docs, []byte(in))
			}
		}
	}
	return docs
}

// edgeCases are documents that reach each state's end, and the places
// where the Tokenizer departs from the WHATWG standard.
var edgeCases = [][]byte{
	[]byte("<!-->"), []byte("<!--->"), []byte("<!---->"), []byte("<!--a--!>b"), []byte("<!--a--!-->"),
	[]byte("<!--a--!"), []byte("<!--a--"), []byte("<!--a-"), []byte("<!--"), []byte("<!-"), []byte("<!"),
	[]byte("<!>"), []byte("<!x>"), []byte("<?x>"), []byte("</ x>"), []byte("</>"), []byte("</"), []byte("<"),
	[]byte("<!DOCTYPE html>"), []byte("<!doctype"), []byte("<!DOCTYP"), []byte("<!DOCTYPE "),
	[]byte("<![CDATA[x]]>"), []byte("<![CDATA[x]]"), []byte("<![CDAT"), []byte("<![CDATA[]]]>"),
	[]byte("<a b=/>"), []byte("<a b c=/>"), []byte("<a c=x C=/>"), []byte("<a/b/>"), []byte("<a =b>"),
	[]byte("<a b='x"), []byte("<a b=\"x\" c"), []byte("</a b=c>"), []byte("<a\x00b c\x00=\x00&amp;>"),
	[]byte("<script><!--<script></script>--></script>x"), []byte("<script><!--<script>--></script>"),
	[]byte("<script><!--</script>"), []byte("<script><!-- <a </script>"), []byte("<SCRIPT>a</sCrIpT >b"),
	[]byte("<style></styl</style"), []byte("<title>&amp;\r\n\x00</title>"), []byte("<textarea>a</textarea/>"),
	[]byte("<plaintext>a</plaintext>\x00"), []byte("<xmp>a"), []byte("<iframe></iframe>"),
	[]byte("<noscript><p></noscript>"), []byte("<noembed>a</noembed"), []byte("<noframes>"),
	[]byte("a&ampb&amp=&#x80;&#0;&#xD800;&#x110000;&#;&#x;&notit;&notin;&fjlig;&nGt;\r\r\n\x00"),
	[]byte("<a b='&ampx' c='&amp=' d='&notit;' e=&lt f='\r\n&#128;'>"),
	[]byte("\xff\xfe<a\xc0=\xe2\x82>\xed\xa0\x80"),
}

// TestExhaustive compares every string of up to 4 bytes that steer the
// tokenizer, after each prefix that changes its state, with CDATA allowed
// and not, and with each buffer limit that cuts it up to 3 bytes.
func TestExhaustive(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds")
	}
	const alphabet = "<!->D[/a= \x00"
	prefixes := []string{"", "<script>", "<title>", "<!--", "<script><!--<script>"}
	z := new(Scanner)
	doc := make([]byte, 0, 32)
	var gen func(n int)
	gen = func(n int) {
		for _, p := range prefixes {
			in := append([]byte(p), doc...)
			for maxBuf := range len(in) + 2 {
				compare(t, z, in, maxBuf, modeCDATA)
				compare(t, z, in, maxBuf, 0)
				if len(doc) == 4 {
					break // no limit only: 4 bytes make 15k strings
				}
			}
		}
		if n == 0 {
			return
		}
		for i := range len(alphabet) {
			doc = append(doc, alphabet[i])
			gen(n - 1)
			doc = doc[:len(doc)-1]
		}
	}
	gen(4)
}
