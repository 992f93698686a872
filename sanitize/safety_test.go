package sanitize

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/htmlclean/htmlclean/internal/jsonl"
	"github.com/htmlclean/htmlclean/internal/safety"
	"github.com/htmlclean/htmlclean/policy"
)

// vector is one XSS corpus entry.
type vector struct {
	ID    string `json:"id"`
	Input string `json:"input"`
}

func loadVectors(tb testing.TB) []vector {
	tb.Helper()
	files, err := filepath.Glob(filepath.Join("..", "testdata", "corpus", "xss", "*.jsonl"))
	if err != nil || len(files) == 0 {
		tb.Fatalf("no corpus: %v", err)
	}
	var vs []vector
	for _, f := range files {
		more, err := jsonl.Read[vector](f)
		if err != nil {
			tb.Fatal(err)
		}
		vs = append(vs, more...)
	}
	return vs
}

// testPolicies are the presets and the permissive test policy.
func testPolicies(tb testing.TB) map[string]*policy.Policy {
	tb.Helper()
	ps := map[string]*policy.Policy{}
	for _, name := range policy.Presets() {
		p, err := policy.Preset(name)
		if err != nil {
			tb.Fatal(err)
		}
		ps[name] = p
	}
	p, err := policy.LoadFile(filepath.Join("..", "testdata", "policies", "permissive.yaml"))
	if err != nil {
		tb.Fatal(err)
	}
	ps["permissive"] = p
	return ps
}

// TestCorpusSafety runs all 1,073 XSS vectors through every preset and the
// permissive policy, and checks the parsed output (html.Parse, as a
// browser builds it): nothing that runs script, no URL with a scheme
// outside the policy's list (WHATWG parse, per candidate for lists), no
// leak out of the output's container (safety.Leaks), idempotence, and that the policy's bluemonday stage had nothing left to
// remove.
func TestCorpusSafety(t *testing.T) {
	vectors := loadVectors(t)
	if len(vectors) != 1073 {
		t.Fatalf("corpus has %d vectors, want 1073", len(vectors))
	}
	for name, p := range testPolicies(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			for _, v := range vectors {
				t.Run(v.ID, func(t *testing.T) {
					out, err := String(v.Input, p)
					var le *LimitError
					if errors.As(err, &le) {
						t.Logf("refused: %v", err) // nothing is written: safe
						return
					}
					if err != nil {
						t.Fatalf("String: %v", err)
					}
					for _, problem := range safety.Problems(out, p.URLOptions().Schemes) {
						t.Errorf("%s\ninput:  %q\noutput: %q", problem, v.Input, out)
					}
					for _, leak := range safety.Leaks(out) {
						t.Errorf("leaks: %s\ninput:  %q\noutput: %q", leak, v.Input, out)
					}
					if again, err := String(out, p); err != nil || again != out {
						t.Errorf("not idempotent:\nonce:  %q\ntwice: %q (%v)", out, again, err)
					}
					if diff := policyStageDiff(t, v.Input, p); diff != "" {
						t.Errorf("the policy stage changed the pass's output: %s\ninput: %q", diff, v.Input)
					}
				})
			}
		})
	}
}

// TestSafetyCheckSensitivity shows the safety check can fail: on the raw,
// unsanitised corpus it must find something unsafe in most vectors.
func TestSafetyCheckSensitivity(t *testing.T) {
	flagged := 0
	for _, v := range loadVectors(t) {
		if len(safety.Problems(v.Input, []string{"http", "https", "mailto"})) > 0 {
			flagged++
		}
	}
	if flagged < 450 {
		t.Errorf("the safety check flags only %d of the raw vectors; it should flag at least 450", flagged)
	}
	t.Logf("the safety check flags %d of 1073 raw vectors", flagged)
}
