package sanitize

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/htmlclean/htmlclean/policy"
)

// TestBadInput feeds hostile documents and asserts the outcome: a limit
// error or safe output, never a panic. The work is linear in the input
// (one tokenizer pass per stage; see BenchmarkBadInput).
func TestBadInput(t *testing.T) {
	p := preset(t, "ugc")
	attrs := func(n int) string {
		// Distinct names: repeated ones are dropped by the tokenizer and
		// never reach the pass's duplicate check.
		var b strings.Builder
		b.WriteString("<p")
		for i := range n {
			fmt.Fprintf(&b, " a%d=1", i)
		}
		b.WriteString(">x</p>")
		return b.String()
	}
	tests := []struct {
		name  string
		in    string
		want  string // exact output, when limit is ""
		limit string // the LimitError expected, or ""
	}{
		{name: "invalid-utf8-text", in: "<p>a\xffb\xc3</p>", want: "<p>a\uFFFDb\uFFFD</p>"},
		{name: "invalid-utf8-attribute", in: "<abbr title=\"a\xffb\">x</abbr>", want: "<abbr title=\"a\uFFFDb\">x</abbr>"},
		{name: "invalid-utf8-url", in: "<a href=\"/a\xffb\">x</a>", want: "<a href=\"/a%EF%BF%BDb\" rel=\"nofollow ugc\">x</a>"},
		{name: "nul-in-text", in: "<p>a\x00b</p>", want: "<p>a\uFFFDb</p>"},
		{name: "nul-in-tag-name", in: "<scr\x00ipt>alert(1)</scr\x00ipt>x", want: "alert(1)x"},
		{name: "nul-in-attribute", in: "<a href=\"java\x00script:alert(1)\">x</a>", want: "x"}, // U+FFFD then a colon in the first segment: refused
		{name: "million-nested-divs", in: strings.Repeat("<div>", 1_000_000), limit: "max_depth"},
		{name: "50MB-attribute", in: "<a href=\"" + strings.Repeat("a", 50<<20) + "\">x</a>", limit: "max_token_bytes"},
		{name: "100k-attributes", in: attrs(100_000), want: "<p>x</p>"},
		{name: "1MiB-tag-160k-attributes", in: bigTag(160_000), want: "<b>x</b>"},
		{name: "100k-unclosed-p", in: strings.Repeat("<p>x", 100_000)[:40] + "</p>", want: "<p>x</p><p>x</p><p>x</p><p>x</p><p>x</p><p>x</p><p>x</p><p>x</p><p>x</p><p>x</p>"},
		{name: "deep-but-siblings", in: strings.Repeat("<p>x", 100_000), want: strings.Repeat("<p>x</p>", 100_000)},
		{name: "10MB-text", in: strings.Repeat("a", 10<<20), limit: "max_token_bytes"},
		{name: "over-max-input", in: strings.Repeat("<b>x</b>", 3<<20), limit: "max_input_bytes"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := String(tc.in, p)
			if tc.limit != "" {
				var le *LimitError
				if !errors.As(err, &le) || le.Limit != tc.limit {
					t.Fatalf("String: %v, want a LimitError on %s", err, tc.limit)
				}
				if got != "" {
					t.Errorf("String returned %d bytes with an error", len(got))
				}
				return
			}
			if err != nil {
				t.Fatalf("String: %v", err)
			}
			if got != tc.want {
				t.Errorf("String(%.40q…) = %.80q…, want %.80q…", tc.in, got, tc.want)
			}
			if !utf8.ValidString(got) || strings.IndexByte(got, 0) >= 0 {
				t.Errorf("output is not clean UTF-8 text: %.80q", got)
			}
		})
	}
}

// TestLimitPosition checks that a limit error says where it happened,
// the same whether the pass counted lines as it went (with a report, or
// streaming) or found them from the offset once it failed (a document in
// memory, without a report: see pass.locate).
func TestLimitPosition(t *testing.T) {
	p := mustPolicy(t, "extends: ugc\nlimits: {max_token_bytes: 1024}\n")
	tests := []struct {
		name, in  string
		p         *policy.Policy
		limit     string
		line, col int
	}{
		{"depth", "<p>\n" + strings.Repeat("<div>", 300), preset(t, "ugc"), "max_depth", 2, 1 + 5*256},
		{"depth-first-line", strings.Repeat("<div>", 300), preset(t, "ugc"), "max_depth", 1, 1 + 5*256},
		{"depth-crlf", "a\r\n\r\nb <i>x</i>\n  " + strings.Repeat("<div>", 300), preset(t, "ugc"), "max_depth", 4, 3 + 5*256},
		{"token", "one\ntwo\n  <a title=\"" + strings.Repeat("x", 2000) + "\">", p, "max_token_bytes", 3, 3},
		{"token-first-byte", "<a title=\"" + strings.Repeat("x", 2000) + "\">", p, "max_token_bytes", 1, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			check := func(how string, err error) {
				t.Helper()
				var le *LimitError
				if !errors.As(err, &le) || le.Limit != tc.limit || le.Line != tc.line || le.Column != tc.col {
					t.Errorf("%s: error %v, want %s at %d:%d", how, err, tc.limit, tc.line, tc.col)
				}
			}
			_, err := String(tc.in, tc.p)
			check("String", err)
			_, _, err = stringReport(tc.in, tc.p)
			check("StringWith report", err)
			err = Sanitize(io.Discard, io.MultiReader(strings.NewReader(tc.in)), tc.p)
			check("Sanitize", err)
		})
	}
}

// repeatReader yields chunk again and again, n bytes in all.
type repeatReader struct {
	chunk []byte
	off   int
	left  int64
}

func (r *repeatReader) Read(b []byte) (int, error) {
	if r.left <= 0 {
		return 0, io.EOF
	}
	n := 0
	for n < len(b) && r.left > 0 {
		c := copy(b[n:], r.chunk[r.off:])
		if int64(c) > r.left {
			c = int(r.left)
		}
		n += c
		r.left -= int64(c)
		r.off = (r.off + c) % len(r.chunk)
	}
	return n, nil
}

// TestStreamingMemory sanitises a generated 256 MB document through
// Sanitize and checks that the heap stays under 64 MB: memory is bounded
// by the limits, not by the input. It runs with HTMLCLEAN_LONG=1 (as
// .ci/run sets), keeping `go test ./...` within a minute.
func TestStreamingMemory(t *testing.T) {
	if os.Getenv("HTMLCLEAN_LONG") == "" {
		t.Skip("256 MB of input: run with HTMLCLEAN_LONG=1")
	}
	size := int64(256 << 20)
	p := mustPolicy(t, "extends: ugc\nlimits: {max_input_bytes: -1}\n")
	chunk := []byte(`<p>Some <b>text</b> with <a href="HTTP://Example.COM/a/../b?q=%41">a link</a>,
<img src="/i.png" onerror="alert(1)"> and <script>alert(1)</script>a list <ul><li>one<li>two</ul></p>
`)
	runtime.GC() // start from this test's own heap, not earlier tests' garbage
	var peak atomic.Uint64
	done := make(chan struct{})
	go func() {
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapAlloc > peak.Load() {
				peak.Store(ms.HeapAlloc)
			}
			select {
			case <-done:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	var out countingWriter
	err := Sanitize(&out, &repeatReader{chunk: chunk, left: size}, p)
	close(done)
	if err != nil {
		t.Fatal(err)
	}
	if out.n < size/4 {
		t.Errorf("only %d bytes out of %d in", out.n, size)
	}
	t.Logf("%d MiB in, %d MiB out, peak heap %.1f MiB", size>>20, out.n>>20, float64(peak.Load())/(1<<20))
	if peak.Load() > 64<<20 {
		t.Errorf("peak heap %d MiB, want under 64 MiB", peak.Load()>>20)
	}
}

type countingWriter struct{ n int64 }

func (w *countingWriter) Write(b []byte) (int, error) {
	w.n += int64(len(b))
	return len(b), nil
}

// BenchmarkBadInput shows the cost per byte stays flat as hostile inputs
// grow from 64 KiB to 4 MiB.
func BenchmarkBadInput(b *testing.B) {
	p := mustPolicy(b, "extends: ugc\nlimits: {max_depth: 100000, max_input_bytes: -1}\n")
	for _, size := range []int{64 << 10, 4 << 20} {
		inputs := map[string][]byte{
			"nested":     bytes.Repeat([]byte("<div>"), size/5),
			"attributes": []byte(attrsDoc(size / 8)),
			"unclosed-p": bytes.Repeat([]byte("<p>x"), size/4),
			"links":      bytes.Repeat([]byte(`<a href="HTTP://X.example/%41">x</a>`), size/37),
		}
		for name, in := range inputs {
			b.Run(name+"/"+sizeLabel(size), func(b *testing.B) {
				b.SetBytes(int64(len(in)))
				b.ReportAllocs()
				for b.Loop() {
					if err := Sanitize(io.Discard, bytes.NewReader(in), p); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// bigTag is one tag with n attributes of distinct names (base 36), about
// 1 MiB for 160,000: quadratic duplicate removal would take minutes of
// CPU on it (86 s when it was).
func bigTag(n int) string {
	var sb strings.Builder
	sb.WriteString("<b")
	for i := range n {
		sb.WriteString(" ")
		sb.WriteString(strconv.FormatInt(int64(i), 36))
	}
	sb.WriteString(">x</b>")
	return sb.String()
}

// attrsDoc is n attributes with distinct names, 10,000 to a tag.
func attrsDoc(n int) string {
	var sb strings.Builder
	for i := 0; i < n; i += 10_000 {
		sb.WriteString("<p")
		for j := range min(10_000, n-i) {
			fmt.Fprintf(&sb, " a%d=1", j)
		}
		sb.WriteString(">x</p>")
	}
	return sb.String()
}

func sizeLabel(n int) string {
	if n >= 1<<20 {
		return "4MiB"
	}
	return "64KiB"
}

// lyingLen is a reader whose Len says n, whatever it holds, and says
// another thing on each later call.
type lyingLen struct {
	*strings.Reader
	lens []int
}

func (l *lyingLen) Len() int {
	n := l.lens[0]
	if len(l.lens) > 1 {
		l.lens = l.lens[1:]
	}
	return n
}

// TestLenReaders: a reader that says its length may be read in memory;
// one whose Len is negative, changes between calls, or lies must give the
// same result as a plain stream, never a panic; and a document over
// max_input_bytes fails with a LimitError whichever way it is read.
func TestLenReaders(t *testing.T) {
	doc := strings.Repeat(`<p>x <a href="https://example.com/">y</a></p>`, 30_000) // ~1.3 MB
	p := mustPolicy(t, "extends: ugc\n")
	var want strings.Builder
	if err := Sanitize(&want, io.MultiReader(strings.NewReader(doc)), p); err != nil {
		t.Fatal(err)
	}
	for _, lens := range [][]int{{-1}, {-1 << 20}, {10, math.MaxInt}, {100}, {len(doc) * 4}, {math.MaxInt}} {
		var got strings.Builder
		if err := Sanitize(&got, &lyingLen{strings.NewReader(doc), lens}, p); err != nil {
			t.Fatalf("Len %v: %v", lens, err)
		}
		if got.String() != want.String() {
			t.Errorf("Len %v: the output differs from the streamed one", lens)
		}
	}
	small := mustPolicy(t, "extends: ugc\nlimits:\n  max_input_bytes: 1000000\n")
	for _, r := range []io.Reader{strings.NewReader(doc), io.MultiReader(strings.NewReader(doc))} {
		var got strings.Builder
		var le *LimitError
		if err := Sanitize(&got, r, small); !errors.As(err, &le) || le.Limit != "max_input_bytes" {
			t.Errorf("%T over max_input_bytes: got %v, want a max_input_bytes LimitError", r, err)
		}
	}
}
