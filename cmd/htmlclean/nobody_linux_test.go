package main

import (
	"io"
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

// asNobody makes a test that needs an ordinary user run as one. Run as
// root, it runs the test again in a copy of the test binary as the user
// nobody, fails if that run does not pass, and returns true: the caller
// returns at once. Otherwise (an ordinary user, or the copy) it returns
// false and the test goes on. env is added to the copy's environment. So permission tests run under plain
// "go test" as root, as CI runs it, and not only on a developer's
// machine.
func asNobody(t *testing.T, env ...string) bool {
	t.Helper()
	if os.Geteuid() != 0 {
		return false
	}
	if os.Getenv("HTMLCLEAN_AS_NOBODY") != "" {
		t.Fatal("the copy run as nobody is still root")
	}
	u, err := user.Lookup("nobody")
	if err != nil {
		t.Skip("no user nobody to run as:", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	// The test binary and the temporary directories lie under
	// directories only root may enter: copy the binary where nobody can
	// run it, and give it a temporary directory of its own.
	dir, err := os.MkdirTemp("", "htmlclean-nobody-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o1777); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "htmlclean.test")
	copyExecutable(t, bin)
	cmd := exec.Command(bin, "-test.run=^"+regexp.QuoteMeta(t.Name())+"$", "-test.v", "-test.count=1")
	cmd.Env = append(append(os.Environ(), "HTMLCLEAN_AS_NOBODY=1", "TMPDIR="+dir, "HOME="+dir), env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid), Groups: []uint32{}}}
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: "+t.Name()) {
		t.Fatalf("as nobody (%v):\n%s", err, out)
	}
	t.Logf("ran as nobody (uid %d): %s", uid, strings.TrimSpace(string(out)))
	return true
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
}
