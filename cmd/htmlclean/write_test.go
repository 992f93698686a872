package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/htmlclean/htmlclean/internal/safefile"
)

// TestSameFileRefused checks every way an output could overwrite an
// input: an output (-o, -report) that is an input, by any name (the same path,
// a hard link, a symlink, a file inside an input directory named through
// a symlink), or another output. Each is refused with exit 2 before
// anything is written: every file keeps its content.
func TestSameFileRefused(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T)
		args  []string
	}{
		{"report-is-input-check", nil, []string{"-check", "-report", "site/index.html", "site/index.html", "site/about.htm"}},
		{"report-is-input-o", nil, []string{"-o", "out.html", "-report", "clean.html", "clean.html"}},
		{"report-is-input-w", nil, []string{"-w", "-report", "site/about.htm", "site"}},
		{"report-in-input-dir", nil, []string{"-check", "-report", "site/posts/2024/hello.html", "site"}},
		{"report-is-output", nil, []string{"-o", "out.html", "-report", "out.html", "site/index.html"}},
		{"report-is-output-dir", nil, []string{"-o", "out/", "-report", "out/index.html", "site/index.html", "clean.html"}},
		{"report-is-existing-output", func(t *testing.T) { writeFile(t, "out.html", "old\n") }, []string{"-o", "out.html", "-report", "./out.html", "site/index.html"}},
		{"o-is-input", nil, []string{"-o", "site/index.html", "site/index.html"}},
		{"o-is-input-spelled", nil, []string{"-o", "site/../site/index.html", "site/index.html"}},
		{"o-symlink-to-input", nil, []string{"-o", "link.html", "site/posts/2024/hello.html"}},
		{"o-input-through-symlink", nil, []string{"-o", "site/posts/2024/hello.html", "link.html"}},
		{"o-hard-link", func(t *testing.T) { link(t, "site/index.html", "alias.html") }, []string{"-o", "alias.html", "site/index.html"}},
		{"report-hard-link", func(t *testing.T) { link(t, "site/index.html", "alias.html") }, []string{"-check", "-report", "alias.html", "site"}},
		{"report-symlink-dir", func(t *testing.T) { symlink(t, "site", "linkdir") }, []string{"-check", "-report", "linkdir/about.htm", "site"}},
		{"o-dir-is-input-dir", nil, []string{"-o", "site", "site"}},
		{"o-dir-symlink-to-input", func(t *testing.T) { symlink(t, "site", "linkdir") }, []string{"-o", "linkdir", "site"}},
		{"o-mirror-onto-input", func(t *testing.T) { symlink(t, "site/posts", "out") }, []string{"-o", "out/", "site/posts/empty.html"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := setupWork(t)
			if tc.setup != nil {
				tc.setup(t)
			}
			before := snapshot(t, dir)
			got := invoke(t, "", tc.args...)
			if got.exit != exitUsage || !strings.Contains(got.stderr, "would overwrite the") {
				t.Errorf("exit %d, stderr:\n%s", got.exit, got.stderr)
			}
			if diff := cmp.Diff(before, snapshot(t, dir)); diff != "" {
				t.Errorf("files changed by a refused run (-before +after):\n%s", diff)
			}
		})
	}
}

func link(t *testing.T, old, new string) {
	t.Helper()
	if err := os.Link(old, new); err != nil {
		t.Skip("hard links are needed:", err)
	}
}

func symlink(t *testing.T, old, new string) {
	t.Helper()
	if err := os.Symlink(old, new); err != nil {
		t.Skip("symlinks are needed:", err)
	}
}

// TestRewriteHardLink checks that -w leaves a file with other names
// alone (exit 1, every name unchanged), and that -inplace rewrites it
// through all of them.
func TestRewriteHardLink(t *testing.T) {
	setupWork(t)
	link(t, "site/index.html", "alias.html")
	orig := readString(t, "site/index.html")
	got := invoke(t, "", "-w", "site/index.html", "site/posts/2024/hello.html")
	if got.exit != exitFail || !strings.Contains(got.stderr, "site/index.html: has 2 hard links") {
		t.Errorf("exit %d, stderr:\n%s", got.exit, got.stderr)
	}
	if readString(t, "site/index.html") != orig || readString(t, "alias.html") != orig {
		t.Errorf("a multiply-linked file was rewritten without -inplace")
	}
	if strings.Contains(readString(t, "site/posts/2024/hello.html"), "onerror") {
		t.Errorf("the other file was not rewritten")
	}
	got = invoke(t, "", "-w", "-inplace", "site/index.html")
	if got.exit != exitOK {
		t.Fatalf("-inplace: exit %d, stderr:\n%s", got.exit, got.stderr)
	}
	now := readString(t, "alias.html")
	if now == orig || now != readString(t, "site/index.html") {
		t.Errorf("-inplace did not rewrite through the link:\n%s", now)
	}
	if n := linksOf(t, "alias.html"); n != 2 {
		t.Errorf("alias.html has %d links after -inplace, want 2", n)
	}
}

func linksOf(t *testing.T, path string) uint64 {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return safefile.Links(fi)
}

// TestRewriteReadOnly checks that -w leaves a file without write
// permission alone unless -force, which keeps its mode. As root the
// mode bits decide; asNobody runs the same test as an ordinary user.
func TestRewriteReadOnly(t *testing.T) {
	t.Run("root", func(t *testing.T) { testReadOnly(t) })
}

func TestRewriteReadOnlyNobody(t *testing.T) {
	if asNobody(t, nil) {
		return
	}
	testReadOnly(t)
}

func testReadOnly(t *testing.T) {
	setupWork(t)
	if err := os.Chmod("site/index.html", 0o444); err != nil {
		t.Fatal(err)
	}
	orig := readString(t, "site/index.html")
	got := invoke(t, "", "-w", "site/index.html", "site/about.htm")
	if got.exit != exitFail || !strings.Contains(got.stderr, "htmlclean: site/index.html: read-only (mode 0444); -force rewrites it; left as it is\n") {
		t.Errorf("exit %d, stderr:\n%s", got.exit, got.stderr)
	}
	if readString(t, "site/index.html") != orig {
		t.Errorf("a read-only file was rewritten without -force")
	}
	got = invoke(t, "", "-w", "-force", "site/index.html")
	if got.exit != exitOK {
		t.Fatalf("-force: exit %d, stderr:\n%s", got.exit, got.stderr)
	}
	if readString(t, "site/index.html") == orig {
		t.Errorf("-force did not rewrite the file")
	}
	if fi, err := os.Stat("site/index.html"); err != nil || fi.Mode().Perm() != 0o444 {
		t.Errorf("mode after -force: %v (%v), want 0444", fi.Mode(), err)
	}
}

// noTemps fails t if a temporary file of the command is left under dir.
func noTemps(t *testing.T, dir string) {
	t.Helper()
	for name := range snapshot(t, dir) {
		if base := filepath.Base(name); safefile.IsTemp(base) || strings.HasSuffix(base, ".saved") {
			t.Errorf("temporary file %s left behind", name)
		}
	}
}

// TestMirrorUnwritable mirrors into a directory nobody may write (as
// nobody, so that permissions apply): one diagnostic names it, however
// many files it would hold, and every file counts as an error.
func TestMirrorUnwritable(t *testing.T) {
	if asNobody(t, nil) {
		return
	}
	setupWork(t)
	if err := os.Mkdir("out", 0o555); err != nil {
		t.Fatal(err)
	}
	got := invoke(t, "", "-o", "out", "site")
	want := "htmlclean: out: cannot create files in this directory: permission denied\n" +
		"htmlclean: 5 files, 0 changed, 1 skipped, 664 B, 5 errors\n"
	if got.exit != exitFail || got.stderr != want {
		t.Errorf("exit %d, stderr:\n%s\nwant:\n%s", got.exit, got.stderr, want)
	}
}

// TestRewriteOwnedByOther runs -w as nobody on files it may write but
// whose owner and group a new file could not keep: one of root's (mode
// 0666), and nobody's own in root's group. Root sets them up, then the
// test runs again as nobody: both are left alone with the reason, and
// -inplace rewrites both, keeping owner and group.
func TestRewriteOwnedByOther(t *testing.T) {
	if dir := os.Getenv("HTMLCLEAN_OWNED_DIR"); dir != "" {
		t.Chdir(dir)
		got := invoke(t, "", "-w", "other.html", "group.html")
		want := "htmlclean: other.html: owned by user 0, and a new file would be owned by us; -inplace keeps the owner; left as it is\n" +
			"htmlclean: group.html: cannot keep owner 65534 and group 0: operation not permitted; left as it is (-inplace keeps them)\n" +
			"htmlclean: 2 files, 0 changed, 0 skipped, 42 B, 2 errors\n"
		if got.exit != exitFail || got.stderr != want {
			t.Errorf("exit %d, stderr:\n%s\nwant:\n%s", got.exit, got.stderr, want)
		}
		if got := invoke(t, "", "-w", "-inplace", "other.html", "group.html"); got.exit != exitOK {
			t.Errorf("-inplace: exit %d, stderr:\n%s", got.exit, got.stderr)
		}
		noTemps(t, ".")
		return
	}
	if os.Geteuid() != 0 {
		t.Skip("root sets up files of other owners")
	}
	files := []struct {
		name     string
		uid, gid int
		mode     os.FileMode
	}{{"other.html", 0, 0, 0o666}, {"group.html", 65534, 0, 0o664}}
	var dir string
	ran := asNobody(t, func(t *testing.T, base string) []string {
		dir = filepath.Join(base, "owned")
		for _, f := range files {
			path := filepath.Join(dir, f.name)
			writeFile(t, path, "<p onclick=x()>a</p>\n")
			if err := os.Chown(path, f.uid, f.gid); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(path, f.mode); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.Chmod(dir, 0o1777); err != nil {
			t.Fatal(err)
		}
		return []string{"HTMLCLEAN_OWNED_DIR=" + dir}
	})
	if !ran {
		t.Fatal("asNobody did not run as root")
	}
	for _, f := range files {
		path := filepath.Join(dir, f.name)
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		uid, gid, _ := safefile.Owner(fi)
		if uid != f.uid || gid != f.gid || fi.Mode() != f.mode {
			t.Errorf("%s: owner %d:%d mode %v, want %d:%d %v", f.name, uid, gid, fi.Mode(), f.uid, f.gid, f.mode)
		}
		if got := readString(t, path); got != "<p>a</p>\n" {
			t.Errorf("%s: -inplace wrote %q", f.name, got)
		}
	}
}
