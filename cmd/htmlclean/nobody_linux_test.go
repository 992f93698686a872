package main

import (
	"io"
	"io/fs"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// asNobody makes a test that needs an ordinary user run as one, so that
// permission tests run under plain "go test" as root, as CI runs it, and
// not only on a developer's machine. Run as root, it makes a directory
// nobody can enter and calls setup (if not nil) with it, then runs the
// test again as the user nobody, in that directory, with a copy of the
// test binary and of testdata/work there, setup's variables added to the
// environment; it fails if that run does not pass, and returns true: the
// caller returns at once. Otherwise (an ordinary user, or the run as
// nobody) it returns false and the test goes on. It skips the test, with
// the reason, where the run cannot be arranged: no user nobody, a
// temporary directory nobody cannot reach, or one that cannot hold
// programs (noexec).
func asNobody(t *testing.T, setup func(t *testing.T, dir string) (env []string)) bool {
	t.Helper()
	if os.Geteuid() != 0 {
		return false
	}
	if os.Getenv("HTMLCLEAN_AS_NOBODY") != "" {
		t.Fatal("the run as nobody is still root")
	}
	u, err := user.Lookup("nobody")
	if err != nil {
		t.Skip("no user nobody to run as:", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	dir := nobodyDir(t, uid, gid)
	bin := filepath.Join(dir, "htmlclean.test")
	copyExecutable(t, bin)
	work := filepath.Join(dir, "work")
	if err := os.CopyFS(work, os.DirFS("testdata/work")); err != nil {
		t.Fatal(err)
	}
	readable(t, work)
	tmp := filepath.Join(dir, "tmp")
	if err := os.Mkdir(tmp, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(tmp, uid, gid); err != nil {
		t.Fatal(err)
	}
	var env []string
	if setup != nil {
		env = setup(t, dir)
	}
	cmd := exec.Command(bin, "-test.run=^"+regexp.QuoteMeta(t.Name())+"$", "-test.v", "-test.count=1")
	cmd.Dir = dir
	cmd.Env = append(append(childEnv(), "HTMLCLEAN_AS_NOBODY=1", nobodyWorkEnv+"="+work,
		"PWD="+dir, "TMPDIR="+tmp, "HOME="+tmp), env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid), Groups: []uint32{}}}
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		// The program never ran: the directory refuses to run programs
		// (a noexec mount), which says nothing about the command.
		t.Skipf("cannot run the test binary as nobody from %s: %v", dir, err)
	}
	err = cmd.Wait()
	if err != nil || !strings.Contains(out.String(), "--- PASS: "+t.Name()) {
		t.Fatalf("as nobody (%v):\n%s", err, out.String())
	}
	t.Logf("ran as nobody (uid %d): %s", uid, strings.TrimSpace(out.String()))
	return true
}

// nobodyDir returns a new directory, mode 0755, that the user uid, gid
// can enter, removed when the test ends: in the temporary directory, or
// if nobody cannot reach that (TMPDIR in a private directory), in /tmp or
// /var/tmp. It skips the test if nobody can reach none of them.
func nobodyDir(t *testing.T, uid, gid int) string {
	t.Helper()
	var closed []string
	for _, base := range []string{os.TempDir(), "/tmp", "/var/tmp"} {
		base, err := filepath.Abs(base)
		if err != nil {
			t.Fatal(err)
		}
		if d := closedTo(base, uid, gid); d != "" {
			closed = append(closed, d)
			continue
		}
		dir, err := os.MkdirTemp(base, "htmlclean-nobody-")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.RemoveAll(dir) })
		if err := os.Chmod(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	t.Skipf("nobody cannot enter %s, so no temporary directory is open to it: set TMPDIR to one all users can reach", strings.Join(closed, ", "))
	return ""
}

// closedTo returns the first directory from dir up to the root that the
// user uid, gid (with no other groups) may not enter, by its mode bits,
// or "" if there is none.
func closedTo(dir string, uid, gid int) string {
	for {
		fi, err := os.Stat(dir)
		if err != nil {
			return dir
		}
		perm := fi.Mode().Perm()
		search := perm & 0o001
		if st, ok := fi.Sys().(*syscall.Stat_t); ok {
			switch {
			case int(st.Uid) == uid:
				search = perm & 0o100
			case int(st.Gid) == gid:
				search = perm & 0o010
			}
		}
		if search == 0 {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// readable makes the tree under dir readable by all, whatever the umask
// it was copied under.
func readable(t *testing.T, dir string) {
	t.Helper()
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir():
			return os.Chmod(path, 0o755)
		case d.Type().IsRegular():
			return os.Chmod(path, 0o644)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// childEnv is this process's environment without what the run as nobody
// must not inherit: a coverage directory it may not write.
func childEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GOCOVERDIR=") {
			env = append(env, kv)
		}
	}
	return env
}

// copyExecutable copies the running test binary to dst, mode 0755.
func copyExecutable(t *testing.T, dst string) {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	in, err := os.Open(self)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_WRONLY|os.O_EXCL, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dst, 0o755); err != nil { // past the umask
		t.Fatal(err)
	}
}
