package sanitizetest

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/htmlclean/htmlclean/fuzz/internal/oracle"
	"github.com/htmlclean/htmlclean/internal/testing/jsonl"
	"github.com/htmlclean/htmlclean/internal/testing/safety"
	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
)

// TestCorpusSafetyOracle sanitises every XSS corpus vector under every
// preset and the permissive test policy and judges the output with the
// oracle's reading of each URL: the root module's corpus test reads only
// the scheme, this one also fails a URL the browser cannot parse.
func TestCorpusSafetyOracle(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "testdata", "corpus", "xss", "*.jsonl"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no XSS corpus: %v", err)
	}
	var inputs []string
	for _, f := range files {
		vs, err := jsonl.Read[struct{ Input string }](f)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range vs {
			inputs = append(inputs, v.Input)
		}
	}
	if len(inputs) < 1000 {
		t.Fatalf("only %d vectors", len(inputs))
	}
	for name, p := range corpusPolicies(t) {
		t.Run(name, func(t *testing.T) {
			for _, in := range inputs {
				out, err := sanitize.String(in, p)
				var le *sanitize.LimitError
				if errors.As(err, &le) {
					continue
				} else if err != nil {
					t.Fatalf("String(%q): %v", in, err)
				}
				schemes, scheme := p.URLOptions().Schemes, oracle.BrowserScheme
				if p.Config().URLs.Relative == policy.RelativeFragment {
					schemes, scheme = append(schemes, safety.Fragment), safety.FragmentScheme(scheme)
				}
				for _, problem := range safety.ProblemsWith(out, schemes, scheme) {
					t.Errorf("%s\ninput:  %q\noutput: %q", problem, in, out)
				}
			}
		})
	}
}

// TestOracleJudgeStricter shows what the oracle adds to the scheme-only
// judge: a URL whose scheme is allowed but that no browser can parse.
func TestOracleJudgeStricter(t *testing.T) {
	const out = `<a href="https://exa mple.com/">x</a>`
	schemes := []string{"https"}
	if got := safety.Problems(out, schemes); len(got) != 0 {
		t.Errorf("Problems(%q) = %q, want none (the scheme is https)", out, got)
	}
	if got := safety.ProblemsWith(out, schemes, oracle.BrowserScheme); len(got) != 1 {
		t.Errorf("ProblemsWith(%q, oracle) = %q, want one problem", out, got)
	}
}

// corpusPolicies are the presets and the permissive test policy.
func corpusPolicies(t *testing.T) map[string]*policy.Policy {
	t.Helper()
	ps := map[string]*policy.Policy{}
	for _, name := range policy.Presets() {
		p, err := policy.Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		ps[name] = p
	}
	p, err := policy.LoadFile(filepath.Join("..", "..", "testdata", "policies", "permissive.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	ps["permissive"] = p
	return ps
}
