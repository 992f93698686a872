package sanitize

import (
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/policy"
)

// TestWordBreaks: with WordBreaks (the strict preset), text that a dropped
// <br>, block element or table cell separated stays apart, as innerText
// shows it; nothing is added where the text was apart already, at the
// edges, or for inline elements.
func TestWordBreaks(t *testing.T) {
	strict, err := policy.Preset("strict")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ in, want string }{
		{"<p>one</p><p>two</p>", "one\ntwo"},
		{"a<br>line<br/>break", "a\nline\nbreak"},
		{"x</br>y", "x\ny"},
		{"<ul><li>a</li><li>b</li></ul>", "a\nb"},
		{"<table><tr><td>c</td><td>d</td></tr><tr><td>e</td></tr></table>", "c d\ne"},
		{"<h1>Title</h1>Body", "Title\nBody"},
		{"one</p>two", "one\ntwo"},
		// Apart already, or nothing on one side: nothing added.
		{"<p>one</p>\n<p>two</p>", "one\ntwo"},
		{"<p>one </p><p>two</p>", "one two"},
		{"<p>only</p>", "only"},
		{"<br><br>x<br>", "x"},
		// Inline elements and dropped content do not separate words.
		{"<b>bo</b>ld <span>wo</span>rd <a href=/x>li</a>nk", "bold word link"},
		{"a<script>x</script>b", "ab"},
		{"a<style>p{}</style>b", "ab"},
	} {
		got, err := String(c.in, strict)
		if err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("%q: got %q, want %q", c.in, got, c.want)
		}
		if problem := faithfulProblem(t, c.in, strict); problem != "" {
			t.Errorf("%q: %s", c.in, problem)
		}
	}
}

// TestWordBreaksSetting: the setting goes both ways in a policy file and
// in Config, and is off unless asked for.
func TestWordBreaksSetting(t *testing.T) {
	in := "<p>one</p><p>two</p><h2>three</h2>"
	for _, c := range []struct {
		name string
		p    *policy.Policy
		want string
	}{
		{"ugc", ugcPolicy(t), "<p>one</p><p>two</p><h2>three</h2>"},
		{"file off", mustPolicy(t, "extends: strict\nword_breaks: false\n"), "onetwothree"},
		{"file on", mustPolicy(t, "extends: basic\nword_breaks: true\n"), "one\ntwo\nthree"},
		{"config", mustCompile(t, policy.Config{WordBreaks: true}), "one\ntwo\nthree"},
		{"config off", mustCompile(t, policy.Config{}), "onetwothree"},
	} {
		got, err := String(in, c.p)
		if err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
	if _, err := policy.Load(strings.NewReader("extends: strict\nword_breaks: maybe\n"), "test.yaml"); err == nil ||
		!strings.Contains(err.Error(), "test.yaml:2") || !strings.Contains(err.Error(), "word_breaks") {
		t.Errorf("word_breaks: maybe: got %v, want an error naming test.yaml:2 and word_breaks", err)
	}
}

func mustCompile(t *testing.T, c policy.Config) *policy.Policy {
	t.Helper()
	p, err := policy.Compile(c)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestHookRemovalKeepsWordBreak: with word_breaks on, a <br> or block
// element the element hook drops or unwraps leaves its break, as any
// other removal does ("one</br>two" under the same hook too).
func TestHookRemovalKeepsWordBreak(t *testing.T) {
	p := hookedCommentPolicy(t, policy.Hooks{Element: spoilerFilter})
	for _, tc := range []struct{ in, want string }{
		{`one<br class="spoiler">two`, "one\ntwo"},
		{`a<div class="note">b</div>c`, "a\nb\nc"},
	} {
		got, err := String(tc.in, p)
		if err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("String(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
