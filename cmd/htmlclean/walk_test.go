package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/htmlclean/htmlclean/internal/safefile"
	"github.com/htmlclean/htmlclean/internal/testing/growth"
)

// TestSymlinkedDirArgument checks that a symlink to a directory named on
// the command line is walked, as find -H does (a walk that skipped it
// had -check linkdir say "0 files" and pass), and that symlinks met inside are skipped
// and counted, not followed.
func TestSymlinkedDirArgument(t *testing.T) {
	setupWork(t)
	symlink(t, "site", "linkdir")
	symlink(t, "../index.html", "site/posts/alias.html") // a file, inside
	symlink(t, "..", "site/posts/up")                    // a directory, inside: a loop if followed
	got := invoke(t, "", "-check", "linkdir")
	want := invocation{
		exit:   exitFail,
		stdout: "linkdir/index.html\nlinkdir/posts/2024/LEGACY.HTM\nlinkdir/posts/2024/hello.html\n",
		stderr: "htmlclean: 5 files, 3 changed, 3 skipped, 664 B, 0 errors\n",
	}
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(invocation{})); diff != "" {
		t.Errorf("-check linkdir (-want +got):\n%s", diff)
	}
}

// TestWalkLoop fakes a directory that is its own ancestor (what a bind
// mount makes) by giving site/posts the identity of site: the walk
// reports the loop as an error and does not go round it.
func TestWalkLoop(t *testing.T) {
	setupWork(t)
	root, err := os.Stat("site")
	if err != nil {
		t.Fatal(err)
	}
	rootKey, _ := safefile.KeyOf(root)
	pl := &plan{}
	w := &walker{pl: pl, root: "site", key: func(fi fs.FileInfo) (safefile.Key, bool) {
		if fi.Name() == "posts" {
			return rootKey, true
		}
		return safefile.KeyOf(fi)
	}}
	w.dir("site", root)
	var errs, files []string
	for _, j := range pl.jobs {
		if j.err != "" {
			errs = append(errs, j.err)
		} else {
			files = append(files, j.path)
		}
	}
	if diff := cmp.Diff([]string{"site/posts: directory loop: the same directory as site"}, errs); diff != "" {
		t.Errorf("errors (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"site/about.htm", "site/index.html"}, files); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
}

// TestMirrorThroughSymlink mirrors site into site/clean named through a
// symlink to site: by path the output is not inside the input, by
// identity it is, and the second run must not take the first run's
// output for input.
func TestMirrorThroughSymlink(t *testing.T) {
	setupWork(t)
	symlink(t, "site", "linkdir")
	first := invoke(t, "", "-o", "linkdir/clean", "site")
	second := invoke(t, "", "-o", "linkdir/clean", "site")
	if diff := cmp.Diff(first, second, cmp.AllowUnexported(invocation{})); diff != "" {
		t.Errorf("second run differs (-first +second):\n%s", diff)
	}
	if _, err := os.Stat("site/clean/clean"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the output tree was mirrored into itself: %v", err)
	}
	if first.exit != exitOK || !strings.Contains(first.stderr, "5 files") {
		t.Errorf("exit %d, stderr %q, want 5 files", first.exit, first.stderr)
	}
}

// TestPlanGrowth checks that planning (the walk, the collision and
// same-file checks) grows linearly with the number of files: each output
// exists, so every one is looked up among the inputs.
func TestPlanGrowth(t *testing.T) {
	if testing.Short() {
		t.Skip("creates 1,600 files twice: not in -short")
	}
	base := t.TempDir()
	gen := func(n int) string {
		dir := filepath.Join(base, fmt.Sprint(n))
		for i := range n {
			name := fmt.Sprintf("d%d/f%d.html", i%16, i)
			writeFile(t, filepath.Join(dir, "in", name), "<p>x</p>")
			writeFile(t, filepath.Join(dir, "out", name), "<p>x</p>")
		}
		return dir
	}
	e := newEnv(strings.NewReader(""), &strings.Builder{}, &strings.Builder{})
	growth.Check(t, 200, gen, func(dir string) {
		f := &cleanFlags{out: filepath.Join(dir, "out") + "/", report: filepath.Join(dir, "report.jsonl")}
		pl, _ := e.plan(&cleanCommand, f, []string{filepath.Join(dir, "in")})
		if pl == nil || pl.files == 0 {
			t.Fatal("no plan")
		}
	})
}
