package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckCleanFile is the faithful-output promise as a CI user meets
// it: a file the policy leaves alone, written with single and double
// quotes, "<hr />", CRLF line endings and "&amp;" spelled "&#38;", passes
// -check with an empty report, and -w leaves it byte for byte.
func TestCheckCleanFile(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	clean := "<p>it's \"quoted\" &#38; more</p>\r\n<hr />\r\n<p>AT&amp;T <br/> 1 < 2</p>\r\n" +
		"<a href='https://example.com/' rel=\"nofollow ugc\">example.com</a>\r\n"
	if err := os.WriteFile("clean.html", []byte(clean), 0o644); err != nil {
		t.Fatal(err)
	}
	got := invoke(t, "", "-preset", "ugc", "-check", "-report", "report.jsonl", "clean.html")
	if got.exit != exitOK {
		t.Errorf("-check on a clean file: exit %d, stderr %q", got.exit, got.stderr)
	}
	if report, _ := os.ReadFile("report.jsonl"); len(report) != 0 {
		t.Errorf("-report on a clean file wrote %q", report)
	}
	got = invoke(t, "<p>it's</p>", "-preset", "ugc", "-check", "-report", "-", "-")
	if got.exit != exitOK || got.stdout != "" {
		t.Errorf("-check -report - on <p>it's</p>: exit %d, stdout %q", got.exit, got.stdout)
	}
	invoke(t, "", "-preset", "ugc", "-w", "clean.html")
	if after, _ := os.ReadFile("clean.html"); string(after) != clean {
		t.Errorf("-w rewrote a clean file:\n got %q\nwant %q", after, clean)
	}
}

// TestCheckAfterClean runs the CLI over the bench corpus into a mirror,
// then -check over the mirror: the faithful form is a fixed point, so
// nothing is left to change.
func TestCheckAfterClean(t *testing.T) {
	bench, err := filepath.Abs(filepath.Join("..", "..", "testdata", "corpus", "bench"))
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	for _, preset := range []string{"ugc", "basic", "strict"} {
		out := "out-" + preset
		got := invoke(t, "", "-preset", preset, "-o", out, bench)
		if got.exit != exitOK {
			t.Fatalf("%s: -o over the bench corpus: exit %d\n%s", preset, got.exit, got.stderr)
		}
		got = invoke(t, "", "-preset", preset, "-check", out)
		if got.exit != exitOK {
			t.Errorf("%s: -check on the cleaned bench corpus: exit %d, changed: %s", preset, got.exit,
				strings.Join(strings.Fields(got.stdout), " "))
		}
	}
}
