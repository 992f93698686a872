package sanitize

import (
	"bytes"
	"fmt"
	"iter"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/htmlclean/htmlclean/internal/htmlscan"
)

// FuzzAttrScan checks that attrScan.scan reads every start tag the tokenizer
// produces as Tokenizer.TagAttr does, whenever it claims it can: the pass
// relies on this to copy attributes as written.
func FuzzAttrScan(f *testing.F) {
	for _, v := range loadVectors(f) {
		f.Add(v.Input)
	}
	for _, s := range []string{`<a href=x/title=y>`, `<a =x b = "y" c='z' d>`, `<A HREF=x HREF=y>`, `<a/b/c=d>`, `<a b=>`, "<a\tb\n=\fc>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkAttrScan(t, in)
		checkAttrSpans(t, in)
	})
}

func checkAttrScan(t *testing.T, in string) {
	t.Helper()
	z := html.NewTokenizer(strings.NewReader(in))
	var scan attrScan
	for raw, selfClosing := range startTags(z) {
		raw = bytes.Clone(raw)
		checkSelfClosing(t, raw, selfClosing)
		if !scan.scan(raw) {
			continue
		}
		got := scan.attrs
		var want []rawAttr
		for {
			k, v, more := z.TagAttr()
			if k == nil {
				break
			}
			want = append(want, rawAttr{key: k, val: v})
			if !more {
				break
			}
		}
		if len(got) != len(want) {
			t.Fatalf("%q: scan found %d attributes, TagAttr %d", raw, len(got), len(want))
		}
		for i := range got {
			if !bytes.Equal(got[i].key, want[i].key) || !bytes.Equal(got[i].val, want[i].val) {
				t.Fatalf("%q: attribute %d: scan %q=%q, TagAttr %q=%q", raw, i, got[i].key, got[i].val, want[i].key, want[i].val)
			}
			// The text as written must read back as the same attribute.
			var rescan attrScan // got's keys may point into scan.keys
			ok := rescan.scan([]byte("<x " + string(got[i].text) + ">"))
			again := rescan.attrs
			if !ok || len(again) != 1 || !bytes.Equal(again[0].key, got[i].key) || !bytes.Equal(again[0].val, got[i].val) {
				t.Fatalf("%q: attribute text %q does not read back as %q=%q", raw, got[i].text, got[i].key, got[i].val)
			}
		}
	}
}

// checkSelfClosing compares selfClosingTag with the tokenizer where the
// tokenizer is right: when the tag's last attribute is not a repeated
// name (x/net/html then looks at an earlier attribute's value).
func checkSelfClosing(t *testing.T, raw []byte, tokenizer bool) {
	t.Helper()
	var names []string
	for a := range tagAttrs(raw) {
		if a.keyEnd > a.start {
			names = append(names, strings.ToLower(string(raw[a.start:a.keyEnd])))
		}
	}
	if n := len(names); n > 0 && slices.Contains(names[:n-1], names[n-1]) {
		return
	}
	if got := selfClosingTag(raw); got != tokenizer {
		t.Fatalf("%q: selfClosingTag = %v, tokenizer says %v", raw, got, tokenizer)
	}
}

// TestSelfClosingTag pins the cases where a "/" before ">" does not make
// a tag self-closing, including the one x/net/html v0.62 misreads.
func TestSelfClosingTag(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"<br/>", true},
		{"<rect height=50 />", true},
		{`<rect height="50"/>`, true},
		{"<rect height/>", true},
		{"<rect height=50/>", false},
		{"<rect height= />", false},
		{"<rect height=1 height=50/>", false}, // the tokenizer says true
		{"<rect HEIGHT=1 height=a/>", false},
		{"<rect height=1 x=50/>", false},
		{"<rect/>", true},
		{"<rect>", false},
	}
	for _, tc := range tests {
		if got := selfClosingTag([]byte(tc.in)); got != tc.want {
			t.Errorf("selfClosingTag(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// TestAttrScanCorpus runs the FuzzAttrScan check over the XSS corpus.
func TestAttrScanCorpus(t *testing.T) {
	for _, v := range loadVectors(t) {
		checkAttrScan(t, v.Input)
	}
}

// startTags yields each start tag z reads, as written, and whether z
// calls it self-closing; z stays on that tag while the loop body runs.
func startTags(z interface {
	Next() html.TokenType
	Raw() []byte
}) iter.Seq2[[]byte, bool] {
	return func(yield func([]byte, bool) bool) {
		for {
			switch tt := z.Next(); tt {
			case html.ErrorToken:
				return
			case html.StartTagToken, html.SelfClosingTagToken:
				if !yield(z.Raw(), tt == html.SelfClosingTagToken) {
					return
				}
			}
		}
	}
}

// checkAttrSpans checks that, for every start tag htmlscan reads in in,
// attrScan.scanSpans over its AttrSpans finds what attrScan.scan finds
// reading the tag itself: the same names, values, texts, offsets and
// repeats. The pass uses scanSpans for documents in memory and scan for
// streams, and their outputs must not differ.
func checkAttrSpans(t *testing.T, in string) {
	t.Helper()
	z := htmlscan.New([]byte(in))
	var spans []htmlscan.AttrSpan
	var byScan, bySpans attrScan
	for raw := range startTags(z) {
		var ok bool
		if spans, ok = z.AttrSpans(spans[:0]); !ok {
			// Only a "/>" runs dedupe before the pass asks.
			if !bytes.HasSuffix(raw, []byte("/>")) {
				t.Fatalf("%q: AttrSpans refused a tag that does not end in \"/>\"", raw)
			}
			continue
		}
		fast := byScan.scan(raw)
		if fastSpans := bySpans.scanSpans(raw, spans); fast != fastSpans {
			t.Fatalf("%q: scan says fast=%v, scanSpans %v", raw, fast, fastSpans)
		}
		if got, want := fmt.Sprintf("%v %v", bySpans.attrs, bySpans.dups), fmt.Sprintf("%v %v", byScan.attrs, byScan.dups); got != want {
			t.Fatalf("%q:\nscanSpans %s\nscan      %s", raw, got, want)
		}
		for i, a := range bySpans.attrs {
			if b := byScan.attrs[i]; a.start != b.start || a.valEnd != b.valEnd {
				t.Fatalf("%q: attribute %d at %d..%d by scanSpans, %d..%d by scan", raw, i, a.start, a.valEnd, b.start, b.valEnd)
			}
		}
	}
}

// TestAttrSpansCorpus runs the FuzzAttrScan span check over the XSS and
// benchmark corpora.
func TestAttrSpansCorpus(t *testing.T) {
	for _, v := range loadVectors(t) {
		checkAttrSpans(t, v.Input)
	}
	_, docs := benchDocs(t, filepath.Join("..", "testdata", "corpus", "bench", "comments"), filepath.Join("..", "testdata", "corpus", "bench", "pages"))
	for _, d := range docs {
		checkAttrSpans(t, string(d))
	}
}
