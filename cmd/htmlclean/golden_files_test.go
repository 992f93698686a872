package main

import (
	"bytes"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/htmlclean/htmlclean/internal/safefile"
)

// TestGoldenFiles is TestGolden for the messages about files (refused
// outputs, read-only files, hard links, changed files, stale temporary
// files, unwritable directories), which users read and scripts match:
// each case prepares the work tree (links, modes, stale files) or the
// environment (a fault), then runs the command and compares the whole
// outcome with testdata/golden/NAME.txt.
func TestGoldenFiles(t *testing.T) {
	long := strings.Repeat("n", 245) + ".html" // 250 bytes: legal everywhere
	tests := []struct {
		name  string
		setup func(t *testing.T, e *env)
		args  []string
	}{
		{name: "usage-o-several", args: []string{"-o", "all.html", "clean.html", "site/about.htm"}},
		{name: "usage-inplace-without-w", args: []string{"-inplace", "site"}},
		{name: "dir-o-itself", args: []string{"-o", "site", "site"}},
		{name: "usage-report-is-input", args: []string{"-check", "-report", "site/index.html", "site/index.html", "site/about.htm"}},
		{name: "usage-report-is-output", args: []string{"-o", "out.html", "-report", "out.html", "site/index.html"}},
		{name: "usage-o-hard-link", setup: hardLink, args: []string{"-o", "alias.html", "site/index.html"}},
		{name: "w-read-only", setup: readOnly, args: []string{"-w", "site/index.html", "site/about.htm"}},
		{name: "w-read-only-force", setup: readOnly, args: []string{"-w", "-force", "site/index.html"}},
		{name: "w-hard-link", setup: hardLink, args: []string{"-w", "site/index.html", "site/about.htm"}},
		{name: "w-hard-link-inplace", setup: hardLink, args: []string{"-w", "-inplace", "site/index.html"}},
		{name: "w-changed", setup: appendOnTemp, args: []string{"-w", "-j", "1", "site/index.html", "site/about.htm"}},
		{name: "w-long-name", setup: longFile(long), args: []string{"-w", long}},
		{name: "o-long-name", setup: longFile(long), args: []string{"-o", "out/", long}},
		{name: "stale-temp", setup: staleTemps, args: []string{"-check", "site"}},
		{name: "dir-symlink-arg", setup: func(t *testing.T, _ *env) { symlink(t, "site", "linkdir") }, args: []string{"-check", "linkdir"}},
		{name: "o-mkdir-not-dir", setup: func(t *testing.T, _ *env) { writeFile(t, "out/posts", "not a directory\n") }, args: []string{"-o", "out", "site"}},
		{name: "o-unwritable-dir", setup: unwritable("out"), args: []string{"-o", "out", "site"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			goldenDir()
			dir := setupWork(t)
			var stdout, stderr bytes.Buffer
			e := newEnv(strings.NewReader(""), &stdout, &stderr)
			if tc.setup != nil {
				tc.setup(t, e)
			}
			before := snapshot(t, dir)
			exit := e.main(tc.args)
			got := invocation{exit, stdout.String(), stderr.String()}
			golden(t, tc.name, render(tc.args, "", got, before, snapshot(t, dir)))
		})
	}
}

func hardLink(t *testing.T, _ *env) { link(t, "site/index.html", "alias.html") }

func readOnly(t *testing.T, _ *env) {
	if err := os.Chmod("site/index.html", 0o444); err != nil {
		t.Fatal(err)
	}
}

// appendOnTemp appends to site/index.html when its temporary file is
// created: after it was read, before it is replaced.
func appendOnTemp(t *testing.T, e *env) {
	e.files.CreateTemp = func(d, pattern string) (safefile.File, error) {
		if d == "site" {
			f, err := os.OpenFile("site/index.html", os.O_APPEND|os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			f.WriteString("<p>added while htmlclean ran</p>\n")
			f.Close()
		}
		return os.CreateTemp(d, pattern)
	}
}

func longFile(name string) func(t *testing.T, _ *env) {
	return func(t *testing.T, _ *env) { writeFile(t, name, "<p onclick=x()>hi</p>\n") }
}

// staleTemps leaves the temporary files of a dead process (its number is
// above any pid_max) in two directories of the walk.
func staleTemps(t *testing.T, _ *env) {
	writeFile(t, "site/.htmlclean-99999999-123.tmp", "<p>half written")
	writeFile(t, "site/posts/2024/.htmlclean-99999999-456.tmp", "")
}

// unwritable makes creating files in dir fail as a directory without
// write permission does (root writes everywhere, so the fault is
// injected; TestMirrorUnwritable checks the real thing as nobody).
func unwritable(dir string) func(t *testing.T, e *env) {
	return func(t *testing.T, e *env) {
		e.files.CreateTemp = func(d, pattern string) (safefile.File, error) {
			if d == dir {
				return nil, &os.PathError{Op: "open", Path: d + "/" + pattern, Err: syscall.EACCES}
			}
			return os.CreateTemp(d, pattern)
		}
	}
}
