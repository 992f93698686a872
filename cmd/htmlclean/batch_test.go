package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
)

// TestBatch10000 generates 10,000 HTML files in 100 directories (every
// third one with a script to remove, five not UTF-8) plus 100 text files,
// and checks that parallel runs count them right: -o mirrors all of them,
// -check lists exactly the changed files in walk order, -w rewrites them,
// and a second -check finds nothing left to change. It runs with
// HTMLCLEAN_LONG=1 (as .ci/run sets): 10,000 files take about 15 s on
// 2 cores, a quarter of the minute `go test ./...` is meant to take.
func TestBatch10000(t *testing.T) {
	if os.Getenv("HTMLCLEAN_LONG") == "" {
		t.Skip("10,000 files take about 15 s: run with HTMLCLEAN_LONG=1")
	}
	dir := t.TempDir()
	t.Chdir(dir)
	want, changed, afterBytes := generateBatch(t)
	summary := func(st stats) string {
		return fmt.Sprintf("htmlclean: %d files, %d changed, %d skipped, %s, %d errors\n",
			st.files, st.changed, st.skipped, humanBytes(st.bytes), st.errors)
	}
	lastLine := func(s string) string {
		lines := strings.SplitAfter(s, "\n")
		return lines[len(lines)-2]
	}

	start := time.Now()
	got := invoke(t, "", "-j", "8", "-o", "out", "posts")
	if got.exit != exitFail || lastLine(got.stderr) != summary(want) {
		t.Fatalf("-o: exit %d, summary %q, want exit 1 and %q", got.exit, lastLine(got.stderr), summary(want))
	}
	if n := strings.Count(got.stderr, ": invalid UTF-8; "+convertHint+"\n"); n != want.errors {
		t.Errorf("-o: %d invalid UTF-8 diagnostics, want %d", n, want.errors)
	}
	var written int
	filepath.WalkDir("out", func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			written++
		}
		return err
	})
	if written != want.files-want.errors {
		t.Errorf("-o wrote %d files, want %d", written, want.files-want.errors)
	}
	t.Logf("-o over %d files: %v", want.files, time.Since(start))
	start = time.Now()

	got = invoke(t, "", "-j", "8", "-check", "posts")
	if listed := strings.Fields(got.stdout); !slices.Equal(listed, changed) {
		t.Errorf("-check listed %d files, want the %d changed ones in walk order", len(listed), len(changed))
	}
	if got.exit != exitFail || lastLine(got.stderr) != summary(want) {
		t.Errorf("-check: exit %d, summary %q, want %q", got.exit, lastLine(got.stderr), summary(want))
	}

	got = invoke(t, "", "-j", "8", "-w", "posts")
	if lastLine(got.stderr) != summary(want) {
		t.Errorf("-w: summary %q, want %q", lastLine(got.stderr), summary(want))
	}
	t.Logf("-check and -w: %v", time.Since(start))
	after := want
	after.changed = 0
	after.bytes = afterBytes
	got = invoke(t, "", "-check", "posts")
	if got.stdout != "" || lastLine(got.stderr) != summary(after) {
		t.Errorf("-check after -w: stdout %q, summary %q, want %q", got.stdout, lastLine(got.stderr), summary(after))
	}
}

// generateBatch writes the posts of TestBatch10000 under posts/ in the
// current directory. It returns the counts a run should report, the files
// that change in walk order, and the size of the tree once sanitised,
// computed with the library.
func generateBatch(t *testing.T) (want stats, changed []string, afterBytes int64) {
	t.Helper()
	const dirs, perDir = 100, 100
	p, err := policy.Preset(defaultPreset)
	if err != nil {
		t.Fatal(err)
	}
	for d := range dirs {
		for f := range perDir {
			i := d*perDir + f
			name := filepath.Join("posts", fmt.Sprintf("d%03d", d), fmt.Sprintf("post%05d.html", i))
			content := fmt.Sprintf("<p>Post %d.</p>\n", i)
			switch {
			case i%2000 == 1999:
				content = fmt.Sprintf("<p>Post %d, caf\xe9.</p>\n", i) // Latin-1
				want.errors++
			case i%3 == 0:
				content += "<script>track()</script>\n"
				want.changed++
				changed = append(changed, name)
			}
			writeFile(t, name, content)
			want.files++
			want.bytes += int64(len(content))
			clean, err := sanitize.String(content, p)
			if err != nil || i%2000 == 1999 {
				clean = content // refused: left as it is
			}
			afterBytes += int64(len(clean))
		}
		writeFile(t, filepath.Join("posts", fmt.Sprintf("d%03d", d), "README.txt"), "not HTML\n")
		want.skipped++
	}
	return want, changed, afterBytes
}
