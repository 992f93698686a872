package sanitize

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/policy"
)

// limitPolicies are policies with small limits, so that documents at,
// under and over each limit are small: every preset, mail among them,
// under the same limits.
func limitPolicies(tb testing.TB) map[string]*policy.Policy {
	tb.Helper()
	ps := map[string]*policy.Policy{}
	for _, name := range policy.Presets() {
		file := fmt.Sprintf("extends: %s\nlimits:\n  max_depth: %d\n  max_token_bytes: %d\n  max_attribute_bytes: %d\n  max_attributes: %d\n",
			name, limitDepth, limitToken, limitAttr, limitAttrs)
		p, err := policy.Load(strings.NewReader(file), name+"-limits.yaml")
		if err != nil {
			tb.Fatal(err)
		}
		ps[name+"-limits"] = p
	}
	return ps
}

const (
	limitDepth = 6
	limitToken = 1024
	limitAttr  = 120
	limitAttrs = 4
)

// limitDocuments are documents at each limit of limitPolicies, one under
// and one over, in the forms a mail takes (a fragment, a whole document
// with a styled body, the wrapper a pass writes) and a comment's.
func limitDocuments() []string {
	var docs []string
	bodies := []func(inner string) string{
		func(inner string) string { return inner },
		func(inner string) string {
			return `<html><head><style>p{color:red}</style></head><body style="color: blue; margin: 0">` + inner + `</body></html>`
		},
		func(inner string) string {
			return `<div class="htmlclean-mail" style="position: relative; overflow: hidden">` + inner + `</div>`
		},
		func(inner string) string { return `<table><tr><td>` + inner + `</td></tr></table>` },
	}
	var inners []string
	for d := limitDepth - 2; d <= limitDepth+1; d++ {
		for _, el := range []string{"div", "b", "blockquote", "span"} {
			inners = append(inners, strings.Repeat("<"+el+">", d)+"x"+strings.Repeat("</"+el+">", d))
		}
		inners = append(inners, strings.Repeat("<ul><li>", d/2)+"x"+strings.Repeat("</li></ul>", d/2))
	}
	for n := limitAttr - 30; n <= limitAttr+2; n++ {
		inners = append(inners,
			`<p title="`+strings.Repeat("t", n)+`">x</p>`,
			`<p style="color: red; margin-left: `+strings.Repeat("1", n-30)+`px">x</p>`,
			`<a href="https://example.com/`+strings.Repeat("a", n-20)+`">x</a>`,
			`<img src="https://example.com/`+strings.Repeat("a", n-20)+`" alt="a">`,
		)
	}
	for n := limitToken - 100; n <= limitToken+2; n += 3 {
		inners = append(inners,
			`<p>`+strings.Repeat("w ", n/2)+`</p>`,
			`<p title="`+strings.Repeat("t", 100)+`" lang="`+strings.Repeat("e", n-130)+`">x</p>`,
			`<p>a&`+strings.Repeat("x", n-6)+`</p>`,
			`<p>`+strings.Repeat("<", n-10)+`</p>`,
		)
	}
	for _, n := range []int{limitToken / 2, limitToken - 10} {
		// Text on both sides of what the pass drops, which it joins.
		half := strings.Repeat("w", n)
		inners = append(inners, `<p>`+half+`<foo>`+half+`</foo></p>`, `<p>`+half+`<!--c-->`+half+`</p>`,
			`<p>`+half+`<script>x</script>`+half+`</p>`, `<p>`+half+`<b onclick=x>`+half+`</b></p>`)
	}
	for n := limitToken - 200; n <= limitToken; n += 50 {
		// A sheet the mail preset rewrites under its wrapper, and text
		// around a link the policies remove (its host is a user name's).
		var sheet strings.Builder
		for sheet.Len() < n-20 {
			sheet.WriteString("p b{color:red}")
		}
		inners = append(inners, `<style>`+sheet.String()+`</style><p><b>x</b></p>`,
			`<p>`+strings.Repeat("w", n/2)+`<a href="https://bank.example@evil.example/">`+strings.Repeat("v", n/4)+`</a>`+strings.Repeat("w", n/2)+`</p>`)
	}
	for n := limitAttrs - 1; n <= limitAttrs+2; n++ {
		var b strings.Builder
		b.WriteString("<p")
		for i := range n {
			fmt.Fprintf(&b, ` title="%d" lang="en" dir="ltr" class="c%d"`, i, i)
		}
		b.WriteString(">x</p>")
		inners = append(inners, b.String(), `<img src="https://example.com/a.png" alt="a" width="1" height="2" title="t">`)
	}
	for _, body := range bodies {
		for _, inner := range inners {
			docs = append(docs, body(inner))
		}
	}
	return docs
}

// TestFixedPointAtLimits checks that what a pass writes for a document at
// any limit is accepted again, and written unchanged: a limit applies to
// what the input holds, never to what the pass adds (the mail's wrapper
// is not one level of nesting more).
func TestFixedPointAtLimits(t *testing.T) {
	docs := limitDocuments()
	for name, p := range limitPolicies(t) {
		accepted := 0
		for _, in := range docs {
			out, err := String(in, p)
			var le *LimitError
			if errors.As(err, &le) {
				continue
			}
			if err != nil {
				t.Fatalf("%s: %v\ninput: %q", name, err, in)
			}
			accepted++
			again, changes, err := stringReport(out, p)
			if err != nil || again != out || changed(changes) {
				t.Errorf("%s: not a fixed point: %v %.300v\ninput: %.150q\nonce:  %.150q\ntwice: %.150q", name, err, changes, in, out, again)
			}
		}
		if accepted == 0 || accepted == len(docs) {
			t.Errorf("%s: %d of %d documents accepted: the set does not reach both sides of a limit", name, accepted, len(docs))
		}
	}
}
