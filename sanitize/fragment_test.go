package sanitize

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

// TestEmptyFragment: a same-document link "#" (and
// any URL ending in an empty fragment) is kept as written, in memory and
// when streaming.
func TestEmptyFragment(t *testing.T) {
	p := preset(t, "ugc")
	tests := []sanitizeCase{
		{"hash-alone", `<a href="#">back to top</a>`, `<a href="#" rel="nofollow ugc">back to top</a>`},
		{"hash-unquoted", `<a href=#>top</a>`, `<a href=# rel="nofollow ugc">top</a>`},
		{"page-then-hash", `<a href="/page#">p</a>`, `<a href="/page#" rel="nofollow ugc">p</a>`},
		{"absolute-then-hash", `<a href="HTTPS://Example.com/a#">p</a>`, `<a href="https://example.com/a#" rel="nofollow ugc">p</a>`},
		{"footnote", `<a href="#fn:1">1</a>`, `<a href="#fn:1" rel="nofollow ugc">1</a>`},
		{"image", `<img src="#" alt="x">`, `<img src="#" alt="x">`},
		{"quote-cite", `<blockquote cite="#">q</blockquote>`, `<blockquote cite="#">q</blockquote>`},
		{"mark-like-text", `<p>#htmlclean-0123 <a href="#">a</a> htmlclean-</p>`, `<p>#htmlclean-0123 <a href="#" rel="nofollow ugc">a</a> htmlclean-</p>`},
	}
	runCases(t, p, tests)
	t.Run("streaming", func(t *testing.T) {
		pad := strings.Repeat("<p>padding text</p>\n", (smallInput/20)+100)
		in := pad + tests[0].in + pad
		var out bytes.Buffer
		// io.MultiReader hides Len: the input streams, as a file would.
		if err := Sanitize(&out, io.MultiReader(strings.NewReader(in)), p); err != nil {
			t.Fatal(err)
		}
		if want := pad + tests[0].want + pad; out.String() != want {
			t.Errorf("streamed output differs from the input around the link: %q", out.String()[len(pad)-20:len(pad)+80])
		}
	})
}

// TestUnmarker writes text with marks split at every possible write
// boundary: every mark is removed and every other byte kept.
func TestUnmarker(t *testing.T) {
	in := "a#" + fragmentMark + `" x #htmlclean-` + "h" + fragmentMark + fragmentMark[:5] + "#" + fragmentMark
	want := `a#" x #htmlclean-h` + fragmentMark[:5] + "#"
	for cut := range len(in) + 1 {
		for cut2 := cut; cut2 <= len(in); cut2 += 7 {
			var out bytes.Buffer
			u := &unmarker{w: &out}
			for _, part := range []string{in[:cut], in[cut:cut2], in[cut2:]} {
				if n, err := u.Write([]byte(part)); err != nil || n != len(part) {
					t.Fatalf("Write = %d, %v", n, err)
				}
			}
			if err := u.Close(); err != nil {
				t.Fatal(err)
			}
			if out.String() != want {
				t.Fatalf("cuts at %d, %d: got %q, want %q", cut, cut2, out.String(), want)
			}
		}
	}
}

// TestHashInFragment: a "#" inside a fragment stays as written (browsers
// keep it: location.hash reads it), on every URL attribute under every
// test policy, and the policy stage, which writes some of them again
// through net/url as %23, agrees with the pass: the output is the
// faithful form, with no first-stage-missed change.
func TestHashInFragment(t *testing.T) {
	docs := []string{
		`<a href="#f#g">x</a>`, `<a href="#a#">x</a>`, `<a href="https://a.example/p?q#f#g#">x</a>`,
		`<area href="/m#a#b" alt="m">`, `<img src="/i.png#x#y" alt="i">`, `<q cite="/c#a#b">q</q>`,
		`<blockquote cite="https://a.example/#1#2">b</blockquote>`, `<video src="/v#t#u" poster="/p#a#b"></video>`,
		`<audio src="/a#b#c"></audio>`, `<source src="/s#a#b">`, `<img srcset="/i#a#b 1x, /j#c#d 2x" alt="">`,
	}
	for name, p := range testPolicies(t) {
		for _, in := range docs {
			out, changes, err := stringReport(in, p)
			if err != nil {
				t.Fatalf("%s: stringReport(%q): %v", name, in, err)
			}
			for _, c := range changes {
				if c.Reason == ReasonFirstStageMissed {
					t.Errorf("%s: stringReport(%q) = %q with a first-stage-missed change: %+v", name, in, out, c)
				}
			}
			if strings.Contains(out, "%23") {
				t.Errorf("%s: stringReport(%q) = %q: the fragment's # became %%23", name, in, out)
			}
		}
	}
}
