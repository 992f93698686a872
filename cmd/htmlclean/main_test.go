package main

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// invocation is what one run of the command produced.
type invocation struct {
	exit           int
	stdout, stderr string
}

// invoke runs the command in-process, as main would, with stdin as its
// standard input.
func invoke(t *testing.T, stdin string, args ...string) invocation {
	t.Helper()
	var stdout, stderr bytes.Buffer
	exit := run(args, strings.NewReader(stdin), &stdout, &stderr)
	return invocation{exit, stdout.String(), stderr.String()}
}

// nobodyWorkEnv names, in a test run again as nobody (asNobody), the
// copy of testdata/work that setupWork copies from: the checkout itself
// may lie where nobody cannot enter (a private temporary directory,
// /root).
const nobodyWorkEnv = "HTMLCLEAN_NOBODY_WORK"

// setupWork copies testdata/work into a temporary directory (see
// copyWork) and makes it the current directory, so that the command sees
// and prints the same relative paths on every machine. It returns the
// directory.
func setupWork(t *testing.T) string {
	t.Helper()
	dir := copyWork(t)
	t.Chdir(dir)
	return dir
}

// copyWork copies testdata/work into a temporary directory, adds the
// inputs that are awkward to keep in git (a binary file, one in Latin-1),
// and returns the directory. Unlike setupWork it leaves the current
// directory alone, so that parallel tests can use it.
func copyWork(t *testing.T) string {
	t.Helper()
	src := os.Getenv(nobodyWorkEnv) // a copy nobody can read (asNobody)
	if src == "" {
		var err error
		if src, err = filepath.Abs("testdata/work"); err != nil {
			t.Fatal(err)
		}
	}
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	extra := map[string]string{
		"bad/binary.html": "<p>a picture\x00\x01\x02</p>\n",
		"bad/latin1.html": "<p>caf\xc3\xa9 (UTF-8)</p>\n<p>caf\xe9 (Latin-1)</p>\n",
		"bad/good.html":   "<p>fine</p>\n<script>x()</script>\n",
		// Files named as the subcommands, cleaned with "htmlclean -- url".
		"url": "<p>a file named url</p>\n<script>x()</script>\n",
		"sm":  "<p>a file named sm</p>\n<img src=x onerror=alert(1)>\n",
	}
	for name, content := range extra {
		writeFile(t, filepath.Join(dir, name), content)
	}
	if err := os.Symlink("site/posts/2024/hello.html", filepath.Join(dir, "link.html")); err != nil {
		t.Skip("symlinks are needed:", err)
	}
	return dir
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// snapshot returns the content of every file under dir, by slash path; a
// symlink's content is "(symlink to TARGET)".
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		if d.Type()&fs.ModeSymlink != 0 {
			target, err := os.Readlink(path)
			files[filepath.ToSlash(rel)] = "(symlink to " + target + ")\n"
			return err
		}
		b, err := os.ReadFile(path)
		files[filepath.ToSlash(rel)] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// render is the golden form of a run: the command line, the exit status,
// stdout, stderr, and every file the run created, changed or removed.
// Empty sections are left out. Content that does not end in a newline is
// followed by a "(no newline at end)" line.
func render(args []string, stdin string, got invocation, before, after map[string]string) string {
	var b strings.Builder
	b.WriteString("$ htmlclean")
	for _, a := range args {
		b.WriteString(" " + shellQuote(a))
	}
	b.WriteString("\n")
	section(&b, "stdin", stdin)
	fmt.Fprintf(&b, "exit %d\n", got.exit)
	section(&b, "stdout", got.stdout)
	section(&b, "stderr", got.stderr)
	var names []string
	for name := range after {
		names = append(names, name)
	}
	for name := range before {
		if _, ok := after[name]; !ok {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	for _, name := range names {
		old, had := before[name]
		now, has := after[name]
		switch {
		case !had:
			fileSection(&b, "new "+name, now)
		case !has:
			b.WriteString("-- removed " + name + " --\n")
		case old != now:
			fileSection(&b, "changed "+name, now)
		}
	}
	return b.String()
}

// section writes a titled section, unless content is empty. Content that
// is not printable text (NUL, invalid UTF-8) is written Go-quoted.
func section(b *strings.Builder, title, content string) {
	if content == "" {
		return
	}
	if !printable(content) {
		b.WriteString("-- " + title + " (Go-quoted) --\n" + strconv.Quote(content) + "\n")
		return
	}
	b.WriteString("-- " + title + " --\n")
	b.WriteString(content)
	if !strings.HasSuffix(content, "\n") {
		b.WriteString("\n(no newline at end)\n")
	}
}

// fileSection writes a file's section; an empty file says so.
func fileSection(b *strings.Builder, title, content string) {
	if content == "" {
		b.WriteString("-- " + title + " --\n(empty)\n")
		return
	}
	section(b, title, content)
}

// printable reports whether s is UTF-8 text without control characters
// other than tab, CR and LF.
func printable(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if r < ' ' && r != '\t' && r != '\n' && r != '\r' {
			return false
		}
	}
	return true
}

// shellQuote quotes s for a POSIX shell if it needs it.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// golden compares got with testdata/golden/name.txt, or rewrites that
// file with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join(goldenDir(), name+".txt")
	if *update {
		if err := os.MkdirAll(goldenDir(), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/htmlclean -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", path, diff)
	}
}

// goldenDir is testdata/golden of this package. Tests that change
// directory call it first.
var goldenDir = sync.OnceValue(func() string {
	dir, err := filepath.Abs(filepath.Join("testdata", "golden"))
	if err != nil {
		panic(err)
	}
	return dir
})

// runGolden runs the command in a fresh work directory and compares the
// whole outcome with the golden file.
func runGolden(t *testing.T, name, stdin string, args ...string) invocation {
	t.Helper()
	goldenDir() // before the directory changes
	dir := setupWork(t)
	before := snapshot(t, dir)
	got := invoke(t, stdin, args...)
	after := snapshot(t, dir)
	golden(t, name, render(args, stdin, got, before, after))
	return got
}
