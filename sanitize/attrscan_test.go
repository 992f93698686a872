package sanitize

import (
	"bytes"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// FuzzAttrScan checks that scanAttrs reads every start tag the tokenizer
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
	})
}

func checkAttrScan(t *testing.T, in string) {
	t.Helper()
	z := html.NewTokenizer(strings.NewReader(in))
	var keys []byte
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		raw := bytes.Clone(z.Raw())
		got, ok := scanAttrs(raw, nil, &keys)
		if !ok {
			continue
		}
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
			t.Fatalf("%q: scanAttrs found %d attributes, TagAttr %d", raw, len(got), len(want))
		}
		for i := range got {
			if !bytes.Equal(got[i].key, want[i].key) || !bytes.Equal(got[i].val, want[i].val) {
				t.Fatalf("%q: attribute %d: scanAttrs %q=%q, TagAttr %q=%q", raw, i, got[i].key, got[i].val, want[i].key, want[i].val)
			}
			// The text as written must read back as the same attribute.
			var keys2 []byte // got's keys may point into keys
			again, ok := scanAttrs([]byte("<x "+string(got[i].text)+">"), nil, &keys2)
			if !ok || len(again) != 1 || !bytes.Equal(again[0].key, got[i].key) || !bytes.Equal(again[0].val, got[i].val) {
				t.Fatalf("%q: attribute text %q does not read back as %q=%q", raw, got[i].text, got[i].key, got[i].val)
			}
		}
	}
}

// TestAttrScanCorpus runs the FuzzAttrScan check over the XSS corpus.
func TestAttrScanCorpus(t *testing.T) {
	for _, v := range loadVectors(t) {
		checkAttrScan(t, v.Input)
	}
}
