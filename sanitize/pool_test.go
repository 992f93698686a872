package sanitize

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"unsafe"
	"weak"
)

// TestPoolKeepsNoDocument sanitises a document in memory whose first tag
// has many attributes (and whose last is a link), then smaller documents
// that reuse the pooled pass, and checks the first document can be
// collected: the pass reads a document in memory where it stands, so what
// it read of a tag points into the caller's bytes, and a pooled pass that
// kept it (s.attrs.list and s.attrs.scan beyond the current tag's length)
// held a document of up to max_input_bytes for as long as the pass was
// reused.
func TestPoolKeepsNoDocument(t *testing.T) {
	// One P, so the later documents get the pass the first one left.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	p := preset(t, "ugc")
	var b strings.Builder
	b.WriteString("<p")
	for i := range 40 {
		fmt.Fprintf(&b, ` title%d="v%d" data-%d=x`, i, i, i)
	}
	b.WriteString(">x</p>")
	// Attributes the policy keeps, so that s.attrs.list holds them too, more
	// than any later tag has.
	b.WriteString(`<img src="https://example.com/a.png" alt="a" title="t" width="1" height="2" lang="en" dir="ltr">`)
	b.WriteString(strings.Repeat(strings.Repeat("y", 1000)+"<br>", 1000))
	b.WriteString(`<a href="https://example.com/last" rel=nofollow>last</a>`)
	// run sanitises a fresh copy of doc and returns a weak pointer to it.
	tests := []struct {
		name string
		run  func(doc string) (weak.Pointer[byte], error)
	}{
		{"Bytes", func(doc string) (weak.Pointer[byte], error) {
			in := []byte(doc)
			_, err := Bytes(in, p)
			return weak.Make(&in[0]), err
		}},
		{"StringWith report", func(doc string) (weak.Pointer[byte], error) {
			in := strings.Clone(doc)
			_, err := StringWith(in, p, Options{Report: func(Change) {}})
			return weak.Make(unsafe.StringData(in)), err
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			gone, err := tc.run(b.String())
			if err != nil {
				t.Fatal(err)
			}
			for range 3 {
				if _, err := tc.run(`<p title=a>z</p>`); err != nil {
					t.Fatal(err)
				}
				runtime.GC()
			}
			if gone.Value() != nil {
				t.Errorf("a %d-byte document is still reachable after later documents and collections", b.Len())
			}
		})
	}
}
