//go:build browser

package browsertest

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/htmlclean/htmlclean/internal/testing/jsonl"
)

// corpusDir holds the XSS vector sets (see its README.md).
var corpusDir = filepath.Join("..", "testdata", "corpus", "xss")

// corpusSize is the number of vectors in corpusDir; TestRawCorpus checks
// it so a lost file or line does not shrink the stage unnoticed.
const corpusSize = 1073

// Vector is one HTML fragment to judge.
type Vector struct {
	ID   string `json:"id"`
	HTML string `json:"input"`
}

// loadCorpus reads every *.jsonl file of corpusDir. Rows that are not
// HTML (JavaScript snippets, shell and log excerpts) are kept: in a page
// they are text and must stay inert, which is itself a check.
func loadCorpus(tb testing.TB) []Vector {
	tb.Helper()
	files, err := filepath.Glob(filepath.Join(corpusDir, "*.jsonl"))
	if err != nil || len(files) == 0 {
		tb.Fatalf("no corpus files in %s (err %v)", corpusDir, err)
	}
	var vs []Vector
	for _, f := range files {
		more, err := jsonl.Read[Vector](f)
		if err != nil {
			tb.Fatal(err)
		}
		vs = append(vs, more...)
	}
	return vs
}

// positiveControls returns the positive controls as vectors, for stages
// that must prove they can fail.
func positiveControls(tb testing.TB) []Vector {
	tb.Helper()
	cs, err := loadControls()
	if err != nil {
		tb.Fatal(err)
	}
	var vs []Vector
	for _, c := range cs {
		if c.positive() {
			vs = append(vs, Vector{ID: "control/" + c.ID, HTML: c.HTML})
		}
	}
	return vs
}

// executionRecorder is implemented by a testing.TB that wants to know
// which vectors runStage reported, as the identity test's recorder does.
type executionRecorder interface {
	executed(id string)
}

// runStage sanitizes every vector with sanitize, loads each output in
// Chromium, and reports through t.Errorf every vector whose output
// executed, with its id, the sanitized HTML and the signals. A sanitizer
// error means nothing is rendered, so it is never an execution; the count
// is logged. Identical outputs are loaded once: the verdict depends on the
// HTML alone.
//
// The name prefixes the messages; a policy's stage is one line:
//
//	runStage(t, "ugc", func(s string) (string, error) { return sanitize.String(s, p) }, loadCorpus(t))
//
// It takes a testing.TB and reports with Errorf rather than one subtest
// per vector so that TestIdentitySanitizerFails can capture the failures.
func runStage(t testing.TB, name string, sanitize func(string) (string, error), vectors []Vector) {
	t.Helper()
	h := ready(t)
	outputs := make([]string, len(vectors))
	ok := make([]bool, len(vectors))
	var rejected int
	index := map[string]int{}
	var distinct []string
	for i, v := range vectors {
		out, err := sanitize(v.HTML)
		if err != nil {
			rejected++
			continue
		}
		outputs[i], ok[i] = out, true
		if _, seen := index[out]; !seen {
			index[out] = len(distinct)
			distinct = append(distinct, out)
		}
	}
	start := time.Now()
	results, err := h.run(context.Background(), distinct)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	elapsed := time.Since(start)
	var executed int
	var broken []string
	for i, v := range vectors {
		if !ok[i] {
			continue
		}
		r := results[index[outputs[i]]]
		if r.Broken {
			broken = append(broken, v.ID)
		}
		if !r.Executed() {
			continue
		}
		executed++
		if rec, isRec := t.(executionRecorder); isRec {
			rec.executed(v.ID)
		}
		t.Errorf("%s: vector %s executed in Chromium after sanitizing\n\tsanitized: %q%s", name, v.ID, trim(outputs[i], 2000), r.Summary())
	}
	if len(broken) > 0 {
		// No script ran in them (a hang in script leaves a script
		// signal), but their interactions did not all run either.
		t.Logf("%s: %d outputs hung two fresh tabs without running script: %s", name, len(broken), strings.Join(broken, " "))
	}
	t.Logf("%s: %d vectors, %d rejected by the sanitizer, %d distinct outputs loaded in %v (%v per output, %d tabs), %d executed",
		name, len(vectors), rejected, len(distinct), elapsed.Round(time.Millisecond), perItem(elapsed, len(distinct)), numTabs, executed)
}

// perItem is the mean time per item, rounded for logs.
func perItem(d time.Duration, n int) time.Duration {
	if n == 0 {
		return 0
	}
	return (d / time.Duration(n)).Round(100 * time.Microsecond)
}

// TestRawCorpus loads every vector unsanitized. It measures the harness's
// sensitivity on real attacks and never fails on an execution: most of the
// corpus is meant to execute.
func TestRawCorpus(t *testing.T) {
	h := ready(t)
	vs := loadCorpus(t)
	if len(vs) != corpusSize {
		t.Errorf("corpus has %d vectors, want %d", len(vs), corpusSize)
	}
	htmls := make([]string, len(vs))
	for i, v := range vs {
		htmls[i] = v.HTML
	}
	start := time.Now()
	res, err := h.run(context.Background(), htmls)
	if err != nil {
		t.Fatal(err)
	}
	elapsed := time.Since(start)
	var ids []string
	byKind := map[string]int{}
	var broken int
	for i, r := range res {
		if r.Broken {
			broken++
		}
		if !r.Executed() {
			continue
		}
		ids = append(ids, vs[i].ID)
		for _, k := range r.Kinds() {
			byKind[k]++
		}
	}
	t.Logf("raw corpus: %d of %d vectors executed", len(ids), len(vs))
	t.Logf("raw corpus: by signal kind %v; %d broke their tab; %v in all, %v per fragment with %d tabs",
		byKind, broken, elapsed.Round(time.Millisecond), perItem(elapsed, len(vs)), numTabs)
	t.Logf("raw corpus: %s", timingReport(res))
	if testing.Verbose() {
		t.Logf("raw corpus: executed ids:\n%s", strings.Join(ids, "\n"))
		var slow []string
		for i, r := range res {
			if r.Elapsed > time.Second {
				slow = append(slow, fmt.Sprintf("%s %v %q", vs[i].ID, r.Elapsed.Round(time.Millisecond), r.Notes))
			}
		}
		slices.Sort(slow)
		t.Logf("raw corpus: %d fragments over 1s:\n%s", len(slow), strings.Join(slow, "\n"))
	}
}

// stageRecorder is a testing.TB that captures the failures runStage
// reports instead of failing the test; Fatal and Skip still reach the real
// test, because they mean the harness itself could not run.
type stageRecorder struct {
	testing.TB
	errors int
	ids    map[string]bool
}

func (r *stageRecorder) Error(args ...any)                 { r.errors++ }
func (r *stageRecorder) Errorf(format string, args ...any) { r.errors++ }
func (r *stageRecorder) Fail()                             { r.errors++ }
func (r *stageRecorder) executed(id string)                { r.ids[id] = true }

// TestIdentitySanitizerFails proves the stage can fail: a "sanitizer" that
// returns its input must be reported for every positive control and for
// the corpus vectors that execute raw.
func TestIdentitySanitizerFails(t *testing.T) {
	ready(t)
	controls := positiveControls(t)
	vectors := append(slices.Clone(controls), loadCorpus(t)...)
	rec := &stageRecorder{TB: t, ids: map[string]bool{}}
	identity := func(s string) (string, error) { return s, nil }
	runStage(rec, "identity", identity, vectors)
	if rec.errors == 0 {
		t.Fatal("the identity sanitizer passed the browser stage: the stage cannot fail")
	}
	var reported int
	for _, c := range controls {
		if rec.ids[c.ID] {
			reported++
		} else {
			t.Errorf("identity stage did not report positive control %s: %q", c.ID, c.HTML)
		}
	}
	corpus := len(rec.ids) - reported
	if corpus == 0 {
		t.Error("identity stage reported no corpus vector")
	}
	t.Logf("identity stage reported %d failures: %d of %d positive controls and %d corpus vectors", rec.errors, reported, len(controls), corpus)
}
