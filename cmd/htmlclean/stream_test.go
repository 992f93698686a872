package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
)

// bigPage is a bench page larger than memLimit whose output is larger than
// holdBytes: it takes the streaming path, and to standard output it goes
// straight through once its turn comes.
const bigPage = "../../testdata/corpus/bench/pages/wikipedia-list-of-victims-sept-11.html"

func readBigPage(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(bigPage)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// bigText is a made-up input cheaper to sanitise than the bench page
// (which the race detector makes slow), with the same property: over
// memLimit in, over holdBytes out (escaping and rel="nofollow ugc" make
// the output longer than the input).
func bigText(t *testing.T) string {
	t.Helper()
	in := strings.Repeat("<p>plain text, a & b < c, \"quoted\"</p>\n<a href=/x?a=1>link</a>\n", 16000)
	if out := mustSanitize(t, in); len(in) <= memLimit || len(out) <= holdBytes {
		t.Fatalf("bigText: %d bytes in, %d out: too small to test streaming", len(in), len(out))
	}
	return in
}

func ugc(t *testing.T) *policy.Policy {
	t.Helper()
	p, err := policy.Preset("ugc")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustSanitize(t *testing.T, in string) string {
	t.Helper()
	out, err := sanitize.String(in, ugc(t))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestStreamMatchesLibrary checks every destination of a streamed input
// against sanitize.String: standard output from stdin and from a file,
// -o, -w, -check and -diff.
func TestStreamMatchesLibrary(t *testing.T) {
	page := readBigPage(t)
	want := mustSanitize(t, page)
	if len(page) <= memLimit || len(want) <= holdBytes {
		t.Fatalf("%s: %d bytes in, %d out: too small to test streaming", bigPage, len(page), len(want))
	}
	t.Chdir(t.TempDir())
	writeFile(t, "page.html", page)

	check := func(name string, got invocation, exit int, stdout string) {
		t.Helper()
		if got.exit != exit || got.stdout != stdout || got.stderr != "" {
			t.Errorf("%s: exit %d, %d bytes out, stderr %q; want exit %d, %d bytes", name, got.exit, len(got.stdout), got.stderr, exit, len(stdout))
		}
	}
	check("stdin", invoke(t, page), exitOK, want)
	check("file", invoke(t, "", "page.html"), exitOK, want)
	check("-check", invoke(t, "", "-check", "page.html"), exitFail, "page.html\n")
	check("-diff", invoke(t, "", "-diff", "page.html"), exitOK,
		string(unifiedDiff("page.html", "page.html (sanitised)", []byte(page), []byte(want))))
	check("-o", invoke(t, "", "-o", "out.html", "page.html"), exitOK, "")
	if got := readString(t, "out.html"); got != want {
		t.Errorf("-o wrote %d bytes, want the library's %d", len(got), len(want))
	}
	check("stdin -o", invoke(t, page, "-o", "out2.html"), exitOK, "")
	if got := readString(t, "out2.html"); got != want {
		t.Errorf("stdin -o wrote %d bytes, want the library's %d", len(got), len(want))
	}
	check("-w", invoke(t, "", "-w", "page.html"), exitOK, "")
	if got := readString(t, "page.html"); got != want {
		t.Errorf("-w wrote %d bytes, want the library's %d", len(got), len(want))
	}
	// Sanitised output is a fixed point: -check passes and -w leaves the
	// file alone (same inode: not even rewritten).
	before, _ := os.Stat("page.html")
	check("-check again", invoke(t, "", "-check", "page.html"), exitOK, "")
	check("-w again", invoke(t, "", "-w", "page.html"), exitOK, "")
	if after, _ := os.Stat("page.html"); !os.SameFile(before, after) {
		t.Errorf("-w replaced a file whose output equals its input")
	}
	assertNoTemp(t, ".")
}

// assertNoTemp fails if dir holds a temporary file of writeAtomic.
func assertNoTemp(t *testing.T, dir string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".htmlclean-") {
			t.Errorf("temporary file left behind: %s", e.Name())
		}
	}
}

// TestStreamOrder runs large and small files on four workers to standard
// output and to a report: the small ones finish first, and the large ones
// hold up to holdBytes and then wait for their turn, yet both outputs come
// out in input order and equal the library's.
func TestStreamOrder(t *testing.T) {
	page := bigText(t)
	t.Chdir(t.TempDir())
	inputs := []string{
		page,
		"<p>small one<script>x()</script></p>\n",
		"<a href=HTTP://Example.COM/>small two</a>\n",
		"<p>second copy</p>\n" + page,
		"<p>small three</p>",
	}
	p := ugc(t)
	var want strings.Builder
	var wantReport []reportLine
	var args []string
	for i, in := range inputs {
		name := fmt.Sprintf("f%d.html", i)
		writeFile(t, name, in)
		args = append(args, name)
		var changes []sanitize.Change
		out, err := sanitize.StringWith(in, p, sanitize.Options{Report: func(c sanitize.Change) { changes = append(changes, c) }})
		if err != nil {
			t.Fatal(err)
		}
		want.WriteString(out)
		for _, c := range changes {
			wantReport = append(wantReport, reportLine{File: name, Change: c})
		}
	}
	got := invoke(t, "", append([]string{"-j", "4", "-report", "report.jsonl"}, args...)...)
	if got.exit != exitOK || got.stdout != want.String() {
		t.Errorf("exit %d, %d bytes out; want exit 0 and the library's %d bytes in input order (stderr %q)",
			got.exit, len(got.stdout), want.Len(), got.stderr)
	}
	var gotReport []reportLine
	dec := json.NewDecoder(strings.NewReader(readString(t, "report.jsonl")))
	for dec.More() {
		var rl reportLine
		if err := dec.Decode(&rl); err != nil {
			t.Fatal(err)
		}
		gotReport = append(gotReport, rl)
	}
	if diff := cmp.Diff(wantReport, gotReport); diff != "" {
		t.Errorf("-report differs from sanitize.StringWith's report in input order (-want +got):\n%s", diff)
	}
}

// TestStreamFailureLate puts an invalid byte after more than holdBytes of
// output: -o and -w leave no file and no temporary file, -check lists
// nothing, and standard output, already written, is said to be
// incomplete. Every diagnostic has the byte's position.
func TestStreamFailureLate(t *testing.T) {
	page := bigText(t) + "<p>caf\xe9</p>\n"
	line, col := wantPosition([]byte(page))
	where := fmt.Sprintf(":%d:%d: invalid UTF-8; %s", line, col, convertHint)
	t.Chdir(t.TempDir())
	writeFile(t, "page.html", page)

	got := invoke(t, page)
	if got.exit != exitFail || got.stderr != "htmlclean: <stdin>"+where+" (standard output is incomplete)\n" || len(got.stdout) < holdBytes {
		t.Errorf("stdin: exit %d, %d bytes out, stderr %q", got.exit, len(got.stdout), got.stderr)
	}
	for _, args := range [][]string{{"-o", "out.html"}, {"-w"}, {"-check"}} {
		got := invoke(t, "", append(args, "page.html")...)
		if got.exit != exitFail || got.stdout != "" || got.stderr != "htmlclean: page.html"+where+"\n" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, got.exit, got.stdout, got.stderr)
		}
	}
	if _, err := os.Stat("out.html"); err == nil {
		t.Errorf("-o left an output for an input that failed")
	}
	if readString(t, "page.html") != page {
		t.Errorf("-w changed an input that failed")
	}
	assertNoTemp(t, ".")
}

// brokenPipe is standard output after its reader went away.
type brokenPipe struct{ room int }

func (b *brokenPipe) Write(p []byte) (int, error) {
	if len(p) <= b.room {
		b.room -= len(p)
		return len(p), nil
	}
	n := b.room
	b.room = 0
	return n, syscall.EPIPE
}

// TestStdoutWriteError checks that a failing standard output is reported
// as a write error on standard output, once, whether the collector wrote
// a small file's output or a streamed file went straight through, and not
// as the sanitiser's or the policy's error about the input.
func TestStdoutWriteError(t *testing.T) {
	page := bigText(t)
	tests := []struct {
		name, stdin string
		room        int
	}{
		{"small", "<p>x</p>", 0},
		{"large-at-once", page, 0},
		{"large-later", page, holdBytes + 100},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stderr bytes.Buffer
			exit := run(nil, strings.NewReader(tc.stdin), &brokenPipe{room: tc.room}, &stderr)
			if want := "htmlclean: standard output: broken pipe\n"; exit != exitFail || stderr.String() != want {
				t.Errorf("exit %d, stderr %q; want exit 1 and %q", exit, stderr.String(), want)
			}
		})
	}
	// The golden: what a user sees.
	goldenDir()
	dir := setupWork(t)
	before := snapshot(t, dir)
	// -j 1: the run stops before the second file starts.
	args := []string{"-j", "1", "site/index.html", "clean.html"}
	var stderr bytes.Buffer
	exit := run(args, strings.NewReader(""), &brokenPipe{}, &stderr)
	golden(t, "stdout-broken-pipe", render(args, "", invocation{exit: exit, stderr: stderr.String()}, before, snapshot(t, dir)))
}

// TestDiffTooLarge checks that -diff refuses, with exit status 1, a file
// larger than it holds, and still diffs the others.
func TestDiffTooLarge(t *testing.T) {
	goldenDir()
	dir := setupWork(t)
	writeFile(t, "huge.html", strings.Repeat("<p>x</p>\n", maxDiffBytes/9+1))
	writeFile(t, "policy/huge.yaml", "extends: ugc\nlimits:\n  max_input_bytes: 100000000\n")
	before := snapshot(t, dir)
	args := []string{"-policy", "policy/huge.yaml", "-diff", "huge.html", "site/index.html"}
	got := invoke(t, "", args...)
	golden(t, "diff-too-large", render(args, "", got, before, snapshot(t, dir)))
}

// TestNULAgreesWithLibrary is the rule for NUL: UTF-8 text with stray NUL
// bytes (none beside another control byte) is sanitised, from standard
// input and from a file, exactly as the library sanitises it.
func TestNULAgreesWithLibrary(t *testing.T) {
	t.Chdir(t.TempDir())
	rng := rand.New(rand.NewPCG(5, 6))
	parts := []string{"<p>", "</p>", "text", "\n", "é", `<a href="/x`, `">`, "</a>", "<textarea>", "</textarea>", "<!--", "-->", "<b title='", "'>", "&amp", "\x00"}
	for i := range 100 {
		var b strings.Builder
		for range 1 + rng.IntN(30) {
			p := parts[rng.IntN(len(parts))]
			if p == "\x00" && strings.HasSuffix(b.String(), "\x00") {
				continue // a run of NULs is binary
			}
			b.WriteString(p)
		}
		in := b.String()
		if !strings.Contains(in, "\x00") {
			in = "\x00" + in
		}
		want := mustSanitize(t, in)
		writeFile(t, "nul.html", in)
		for _, args := range [][]string{nil, {"nul.html"}} {
			got := invoke(t, in, args...)
			if got.exit != exitOK || got.stdout != want {
				t.Fatalf("case %d %v: %q: exit %d, stdout %q, stderr %q; the library gives %q",
					i, args, in, got.exit, got.stdout, got.stderr, want)
			}
		}
	}
}

// TestWriteLargeUnchangedNoTemp checks a streamed -w over an unchanged
// file in a directory: the file is not replaced and no temporary file
// stays, and a -o mirror of it is written in full.
func TestWriteLargeUnchangedNoTemp(t *testing.T) {
	clean := mustSanitize(t, bigText(t))
	t.Chdir(t.TempDir())
	writeFile(t, "d/clean.html", clean)
	before, _ := os.Stat("d/clean.html")
	if got := invoke(t, "", "-w", "d"); got.exit != exitOK {
		t.Fatalf("exit %d, stderr %q", got.exit, got.stderr)
	}
	if after, _ := os.Stat("d/clean.html"); !os.SameFile(before, after) {
		t.Errorf("-w replaced an unchanged file")
	}
	assertNoTemp(t, "d")
	if got := invoke(t, "", "-o", "m", "d"); got.exit != exitOK || readString(t, filepath.Join("m", "clean.html")) != clean {
		t.Errorf("-o mirror: exit %d, stderr %q", got.exit, got.stderr)
	}
}
