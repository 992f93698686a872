package sanitize

import (
	"bytes"
	"io"
	"maps"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"unicode/utf8"

	"github.com/htmlclean/htmlclean/policy"
)

// TestImpliedElementEndTags: an element the browser inserts (<tbody>
// before <tr>) is not written, but its end tag in the input is, so that
// the output still says what the input said. Every variant of table
// closing must hold the faithful-output properties: the same DOM as the
// policy stage's, output differs only with a report, a fixed point.
func TestImpliedElementEndTags(t *testing.T) {
	p := ugcPolicy(t)
	for _, in := range []string{
		"<table><tr><td>x</td></tr></tbody></table>",
		"<table><tr><td>x</td></tr></tbody></tbody></table>",
		"<table><td>x</td></tr></table>",
		"<table><td>x</tr></tbody></table>",
		"<table><col></colgroup><tr><td>x</table>",
		"<table><tr><td>x</table></tbody>",
		"<table><caption>c</caption><tr><th>h</th></tr></tbody><tr><td>x</td></tr></table>",
	} {
		if problem := faithfulProblem(t, in, p); problem != "" {
			t.Errorf("%q: %s", in, problem)
		}
	}
	out, changes, err := stringReport("<table><tr><td>x</td></tr></tbody></table>", p)
	if err != nil {
		t.Fatal(err)
	}
	if want := "<table><tr><td>x</td></tr></tbody></table>"; out != want || len(changes) != 0 {
		t.Errorf("got %q %v, want %q unchanged", out, changes, want)
	}
}

// TestInvalidUTF8AttributeReport: an attribute whose only change is
// repairing bad bytes is reported as that, not as a URL rewrite.
func TestInvalidUTF8AttributeReport(t *testing.T) {
	p := ugcPolicy(t)
	_, changes, err := stringReport("<abbr title=\"a\xffb\">x</abbr> <a href=\"/a\xffb\">y</a>", p)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Change{}
	for _, c := range changes {
		got[c.Attribute] = c
	}
	if c := got["title"]; c.Action != RewroteAttribute || c.Reason != "invalid-utf8" || c.After != "a\uFFFDb" {
		t.Errorf("title: %v, want rewrote-attribute (invalid-utf8)", c)
	}
	if c := got["href"]; c.Action != RewroteURL {
		t.Errorf("href: %v, want rewrote-url", c)
	}
}

// TestFollowerAfterDivergence: once the stage's output differs, the
// follower holds no more segments (the pass keeps pushing them while it
// streams), and the first byte it writes of the stage's output cannot join
// the faithful text released before it into a character reference.
func TestFollowerAfterDivergence(t *testing.T) {
	var out bytes.Buffer
	fl := &follower{w: &out}
	fl.push(segment{f: []byte("AT&am"), c: []byte("AT&amp;am")})
	fl.push(segment{f: []byte("p;<b>x</b>"), c: []byte("p;<b>x</b>")})
	if _, err := io.WriteString(fl, "AT&amp;amp;x"); err != nil {
		t.Fatal(err)
	}
	for range 100 {
		fl.push(segment{f: []byte("<i>y</i>"), c: []byte("<i>y</i>")})
	}
	if len(fl.segs) != 0 || cap(fl.segs) > 2 {
		t.Errorf("follower holds %d segments (cap %d) after diverging", len(fl.segs), cap(fl.segs))
	}
	if err := fl.Close(); err != nil {
		t.Fatal(err)
	}
	if got, want := out.String(), "AT&am&#112;;x"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if _, ok := fl.change(); !ok {
		t.Error("no policy-stage change reported")
	}
}

// TestHeldLinkBounded: a link whose end never comes does not hold the
// stream back: output starts long before the input ends, and the link is
// decided on what it showed (its text does not look like a URL, so it is
// kept as it is).
func TestHeldLinkBounded(t *testing.T) {
	p := ugcPolicy(t)
	const total = 8 << 20
	body := strings.Repeat("<b>words</b> ", total/13)
	r := &watchedReader{r: strings.NewReader(`<a href="https://example.com/">` + body)}
	w := &firstWrite{read: &r.n, at: -1}
	if err := Sanitize(w, r, p); err != nil {
		t.Fatal(err)
	}
	if w.at < 0 || w.at > 2<<20 {
		t.Errorf("first output after %d of %d input bytes: the held link blocked the stream", w.at, total)
	}
}

// watchedReader counts what was read; the count is read from the
// policy stage's goroutine.
type watchedReader struct {
	r io.Reader
	n atomic.Int64
}

func (w *watchedReader) Read(p []byte) (int, error) {
	n, err := w.r.Read(p)
	w.n.Add(int64(n))
	return n, err
}

// firstWrite records how much input was read when output first came.
type firstWrite struct {
	read *atomic.Int64
	at   int64
}

func (f *firstWrite) Write(p []byte) (int, error) {
	if f.at < 0 && len(p) > 0 {
		f.at = f.read.Load()
	}
	return len(p), nil
}

func ugcPolicy(t *testing.T) *policy.Policy {
	t.Helper()
	p, err := policy.Preset("ugc")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestOtherHeadingEndTag: a heading's end tag closes any open heading, as
// in a browser, so that "<h4>x</h2>" does not leave the rest of the
// comment inside a heading.
func TestOtherHeadingEndTag(t *testing.T) {
	p := ugcPolicy(t)
	for in, want := range map[string]string{
		"<h4>x</h2><p>y</p>":    "<h4>x</h4><p>y</p>",
		"<h2>a<b>x</h3>y":       "<h2>a<b>x</b></h2><b>y</b>",
		"<h1>a</h1><p>x</h2>y":  "<h1>a</h1><p>xy</p>",
		"<h3>a<h5>b</h6>c</h3>": "<h3>a</h3><h5>b</h5>c",
	} {
		out, err := String(in, p)
		if err != nil || out != want {
			t.Errorf("%q: got %q %v, want %q", in, out, err, want)
		}
		if problem := faithfulProblem(t, in, p); problem != "" {
			t.Errorf("%q: %s", in, problem)
		}
	}
}

// TestTokenizersAgree: over the bench documents and the XSS corpus under
// every test policy, the pass writes and reports the same whether it
// reads the document with the Scanner or the Tokenizer.
func TestTokenizersAgree(t *testing.T) {
	docs := faithfulDocs(t)
	ids := slices.Sorted(maps.Keys(docs))
	for name, p := range testPolicies(t) {
		for i, id := range ids {
			if !longTests() && i%3 != 0 {
				continue // a third of the documents (longTests: all)
			}
			if problem := tokenizerProblem(docs[id], p); problem != "" {
				t.Errorf("%s: %s: %s", name, id, problem)
			}
		}
	}
}

// TestScanTextUTF8 checks that scanText, which validates UTF-8 as it
// scans, calls a text invalid exactly when utf8.Valid does: valid
// characters of every length, and bad bytes, truncated, overlong and
// surrogate sequences, at the start, inside and at the end.
func TestScanTextUTF8(t *testing.T) {
	pieces := []string{"", "a", "plain text ", "é", "€", "😀", "\uFFFD", "\x80", "\xff", "\xc3", "\xe2\x82",
		"\xf0\x9f\x98", "\xc0\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80", "&amp;", "<b", "a<1"}
	for _, a := range pieces {
		for _, b := range pieces {
			for _, c := range []string{"", "x", "\xe9", "12345678"} {
				raw := a + c + b
				_, why, _ := scanText(nil, []byte(raw))
				markup := why == ReasonMarkupChar
				if got, want := why == ReasonInvalidUTF8, !utf8.ValidString(raw) && !markup; got != want {
					t.Errorf("scanText(%q): invalid UTF-8 = %v, want %v (why %q)", raw, got, want, why)
				}
			}
		}
	}
}
