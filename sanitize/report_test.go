package sanitize

import (
	"io"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/htmlclean/htmlclean/policy"
)

// reportDocs are documents whose reports carry strings taken from the
// input: rewritten and removed URLs, dropped elements and attributes with
// names in mixed case, end tags with nothing open.
var reportDocs = []string{
	`<a href=" https://example.com/first ">a</a><a href="https://zzzzzzzzzz.example/">b</a>`,
	`<A HREF="HTTP://Example.COM/a/../b?x=%41" TITLE=t ONCLICK=x()>x</A><Blink>y</Blink></Em>`,
	`<img src="javascript:alert(1)" alt=a><img SRC="//EXAMPLE.org/%7Ex.png" alt=b>`,
	`<p data-x=1 style="color:red" Xyz=2>` + strings.Repeat("q", 300) + `</p><q cite="HTTP://Q.example/">q</q>`,
	`<a href="http://bank.example@evil.example/" rel=me target=_top>log in</a><!-- c --><!doctype html>`,
}

// TestReportOwnsItsStrings keeps the changes of each document as
// reported, sanitises the rest of it and the other documents (which reuse the pooled pass and its buffers), and checks
// the kept changes are still what a fresh run reports: every string in a
// Change must own its memory.
func TestReportOwnsItsStrings(t *testing.T) {
	p := preset(t, "ugc")
	kept := make([][]Change, len(reportDocs))
	want := make([][]Change, len(reportDocs))
	for i, doc := range reportDocs {
		// want is copied when the change is reported, kept is what the
		// caller holds on to.
		err := SanitizeWith(io.Discard, strings.NewReader(doc), p, Options{Report: func(c Change) {
			kept[i] = append(kept[i], c)
			want[i] = append(want[i], deepCopy([]Change{c})...)
		}})
		if err != nil {
			t.Fatal(err)
		}
		if len(kept[i]) == 0 {
			t.Fatalf("document %d reports nothing: the test would prove nothing", i)
		}
	}
	// Overwrite every pooled buffer with other bytes, several times.
	for range 3 {
		for _, doc := range reportDocs {
			if _, _, err := stringReport(strings.ToUpper(doc)+doc, p); err != nil {
				t.Fatal(err)
			}
		}
	}
	for i := range reportDocs {
		if diff := cmp.Diff(want[i], kept[i]); diff != "" {
			t.Errorf("document %d: changes altered by later documents (-want +got):\n%s", i, diff)
		}
	}
}

// TestReportAfterOwnsItsURL: the second link's URL must not show through
// the first one's After (a report string pointing into a reused buffer).
func TestReportAfterOwnsItsURL(t *testing.T) {
	_, changes, err := stringReport(reportDocs[0], preset(t, "ugc"))
	if err != nil {
		t.Fatal(err)
	}
	var afters []string
	for _, c := range changes {
		if c.Action == RewroteURL {
			afters = append(afters, c.After)
		}
	}
	if want := []string{"https://example.com/first"}; !cmp.Equal(afters, want) {
		t.Errorf("rewrote-url After values = %q, want %q", afters, want)
	}
}

// TestConcurrentSharedPolicy sanitises from many goroutines with one
// shared policy, as the README tells a comment system to, keeps every
// report, and compares each with a run done alone. Run with -race.
func TestConcurrentSharedPolicy(t *testing.T) {
	for _, name := range []string{"ugc", "permissive"} {
		var p *policy.Policy
		if name == "permissive" {
			p = permissive(t)
		} else {
			p = preset(t, name)
		}
		docs := append([]string{}, reportDocs...)
		for _, v := range loadVectors(t)[:200] {
			docs = append(docs, v.Input)
		}
		type result struct {
			out     string
			changes []Change
			err     string
		}
		run := func(doc string) result {
			out, changes, err := stringReport(doc, p)
			r := result{out: out, changes: changes}
			if err != nil {
				r.err = err.Error()
			}
			return r
		}
		want := make([]result, len(docs))
		for i, doc := range docs {
			want[i] = run(doc)
			want[i].changes = deepCopy(want[i].changes)
		}
		t.Run(name, func(t *testing.T) {
			const workers = 8
			got := make([][]result, workers)
			var wg sync.WaitGroup
			for w := range workers {
				wg.Go(func() {
					for i := range docs {
						// Each worker starts elsewhere, so different
						// documents run at once.
						got[w] = append(got[w], run(docs[(i+w*7)%len(docs)]))
					}
				})
			}
			wg.Wait()
			for w := range workers {
				for i, r := range got[w] {
					j := (i + w*7) % len(docs)
					if diff := cmp.Diff(want[j], r, cmp.AllowUnexported(result{})); diff != "" {
						t.Fatalf("worker %d, document %d (-alone +concurrent):\n%s", w, j, diff)
					}
				}
			}
		})
	}
}

// deepCopy copies changes into fresh memory, so later corruption of the
// originals cannot reach the copy.
func deepCopy(changes []Change) []Change {
	if changes == nil {
		return nil
	}
	out := make([]Change, len(changes))
	for i, c := range changes {
		out[i] = c
		for _, f := range []*string{&out[i].Element, &out[i].Attribute, &out[i].Before, &out[i].After} {
			*f = string(append([]byte(nil), *f...))
		}
		out[i].Reason = Reason(append([]byte(nil), out[i].Reason...))
	}
	return out
}
