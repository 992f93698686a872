package urlnormtest

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/htmlclean/htmlclean/fuzz/internal/oracle"
	"github.com/htmlclean/htmlclean/internal/testing/jsonl"
	"github.com/htmlclean/htmlclean/internal/testing/oraclelog"
)

// minQuestions is fewer than the urlnorm tests ask today (309: about
// one or two per table row): a run that records fewer lost its questions
// somewhere.
const minQuestions = 250

// TestOracleQuestions runs the root module's urlnorm tests with
// oraclelog's file set, then answers every question they asked with the
// WHATWG URL oracle. The root module cannot depend on the oracle, so this
// is where its table tests' "means what the input meant" is checked.
func TestOracleQuestions(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the root module's urlnorm tests")
	}
	log := filepath.Join(t.TempDir(), "questions.jsonl")
	cmd := exec.Command("go", "test", "-short", "-count=1", "./urlnorm/")
	cmd.Dir = filepath.Join("..", "..")
	cmd.Env = append(os.Environ(), oraclelog.Env+"="+log)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test ./urlnorm/: %v\n%s", err, out)
	}
	qs, err := jsonl.Read[oraclelog.Question](log)
	if err != nil {
		t.Fatal(err)
	}
	if len(qs) < minQuestions {
		t.Fatalf("%d questions recorded, want at least %d", len(qs), minQuestions)
	}
	gaps := 0
	for _, q := range qs {
		err := answer(q)
		if errors.Is(err, oracle.ErrKnownGap) {
			gaps++
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", q.Test, err)
		}
	}
	t.Logf("%d questions answered, %d in the oracle's known gaps", len(qs), gaps)
}

// answer returns nil if the oracle agrees with the assertion q states.
func answer(q oraclelog.Question) error {
	switch q.Check {
	case oraclelog.GoAgrees:
		return oracle.GoAgrees(q.Out)
	case oraclelog.SameMeaning:
		same, a, b, err := oracle.SameMeaning(oracle.DefaultBase, q.In, q.Out)
		switch {
		case err != nil:
			return err
		case same == q.Differ:
			return &meaningError{q: q, a: a, b: b}
		}
		return nil
	}
	return errors.New("urlnormtest: unknown check " + q.Check)
}

// meaningError is a SameMeaning answer against the assertion.
type meaningError struct {
	q    oraclelog.Question
	a, b string
}

func (e *meaningError) Error() string {
	if e.q.Differ {
		return "urlnormtest: " + e.q.Out + " means what " + e.q.In + " means (" + e.a + "); the test says it does not"
	}
	return "urlnormtest: Normalize(" + e.q.In + ") = " + e.q.Out + " changes its meaning: input " + e.a + ", output " + e.b
}

// TestAnswer checks that answer fails what the oracle contradicts.
func TestAnswer(t *testing.T) {
	tests := []struct {
		name string
		q    oraclelog.Question
		ok   bool
	}{
		{"same", oraclelog.Question{Check: oraclelog.SameMeaning, In: "HTTP://Example.com/%7e", Out: "http://example.com/~"}, true},
		{"changed", oraclelog.Question{Check: oraclelog.SameMeaning, In: "/a%2Fb/../c", Out: "/a/c"}, false},
		{"differ", oraclelog.Question{Check: oraclelog.SameMeaning, In: "/a%2Fb/../c", Out: "/a/c", Differ: true}, true},
		{"differ-but-same", oraclelog.Question{Check: oraclelog.SameMeaning, In: "/x", Out: "/x", Differ: true}, false},
		{"unparseable", oraclelog.Question{Check: oraclelog.SameMeaning, In: "http://[::1/", Out: "http://[::1/"}, false},
		{"go-agrees", oraclelog.Question{Check: oraclelog.GoAgrees, Out: "https://example.com:443/"}, true},
		{"go-disagrees", oraclelog.Question{Check: oraclelog.GoAgrees, Out: "http://example.com:99999/"}, false},
		{"unknown-check", oraclelog.Question{Check: "nonsense", Out: "/"}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := answer(tc.q); (err == nil) != tc.ok {
				t.Errorf("answer(%+v) = %v, want ok %v", tc.q, err, tc.ok)
			}
		})
	}
}
