// Package oraclelog lets the root module's tests put questions to the
// WHATWG URL oracle without depending on it. The oracle (a thin layer over
// github.com/nlnwa/whatwg-url) lives in the nested test module under fuzz/,
// so that programs importing htmlclean never see it in their module graph.
//
// A test calls [Ask] where it would have asked the oracle for a verdict.
// With HTMLCLEAN_ORACLE_LOG naming a file, Ask appends the question there
// as one JSON line; without it, Ask does nothing. The nested module's
// TestOracleQuestions runs the root tests with the variable set and then
// answers every question, failing the ones the oracle contradicts. Only
// assertions can be deferred this way: a test whose control flow depends
// on the oracle's answer lives in the nested module itself.
package oraclelog

import (
	"encoding/json"
	"os"
	"testing"
)

// Env is the environment variable that names the log file.
const Env = "HTMLCLEAN_ORACLE_LOG"

// The checks a [Question] can ask for.
const (
	// GoAgrees: Go's net/url reads Out with the same scheme, host and
	// port as the WHATWG parser does.
	GoAgrees = "go-agrees"
	// SameMeaning: In and Out, resolved against the oracle's default
	// page, are the same URL (or, with Differ, are not).
	SameMeaning = "same-meaning"
)

// A Question is one verdict asked of the oracle. Test is filled in by
// [Ask]. The zero value is not a valid question.
type Question struct {
	Test   string `json:"test"`
	Check  string `json:"check"`
	In     string `json:"in,omitempty"`
	Out    string `json:"out"`
	Differ bool   `json:"differ,omitempty"`
}

// Ask records q for the oracle if [Env] names a file, and fails tb if it
// cannot. One write per question, to a file opened for appending, so that
// test binaries running in parallel do not interleave lines.
func Ask(tb testing.TB, q Question) {
	tb.Helper()
	path := os.Getenv(Env)
	if path == "" {
		return
	}
	q.Test = tb.Name()
	line, err := json.Marshal(q)
	if err != nil {
		tb.Fatalf("oraclelog: %v", err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		tb.Fatalf("oraclelog: %v", err)
	}
	_, err = f.Write(append(line, '\n'))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		tb.Fatalf("oraclelog: %v", err)
	}
}
