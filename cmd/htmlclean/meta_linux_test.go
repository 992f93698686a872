package main

import (
	"os"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRewriteKeepsMeta checks, as root (CI runs as root), that -w gives
// the new file the old one's owner and group (not root's), mode with
// setuid, setgid and sticky bits, and extended attributes (user.* and
// root's trusted.*), and that the file was replaced, not overwritten.
// With -inplace the inode stays and so does everything else.
func TestRewriteKeepsMeta(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("only root can give a file to another user")
	}
	for _, inplace := range []bool{false, true} {
		name := "replace"
		if inplace {
			name = "inplace"
		}
		t.Run(name, func(t *testing.T) {
			setupWork(t)
			const path = "site/index.html"
			mode := os.ModeSetuid | os.ModeSetgid | os.ModeSticky | 0o754
			if err := os.Chown(path, 65534, 65534); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(path, mode); err != nil {
				t.Fatal(err)
			}
			attrs := map[string]string{"user.origin": "export 2024", "trusted.reviewed": "yes"}
			for k, v := range attrs {
				if err := syscall.Setxattr(path, k, []byte(v), 0); err != nil {
					t.Skip("extended attributes are needed:", err)
				}
			}
			before := statOf(t, path)
			args := []string{"-w", path}
			if inplace {
				args = []string{"-w", "-inplace", path}
			}
			if got := invoke(t, "", args...); got.exit != exitOK {
				t.Fatalf("exit %d, stderr:\n%s", got.exit, got.stderr)
			}
			after := statOf(t, path)
			if uid, gid, _ := owner(after); uid != 65534 || gid != 65534 {
				t.Errorf("owner %d:%d, want 65534:65534", uid, gid)
			}
			if got := after.Mode() & modeBits; got != mode {
				t.Errorf("mode %v, want %v", got, mode)
			}
			got := map[string]string{}
			names, err := listXattrs(path)
			if err != nil {
				t.Fatal(err)
			}
			for _, n := range names {
				v, err := getXattr(path, n)
				if err != nil {
					t.Fatal(err)
				}
				got[n] = string(v)
			}
			if diff := cmp.Diff(attrs, got); diff != "" {
				t.Errorf("extended attributes (-want +got):\n%s", diff)
			}
			if same := os.SameFile(before, after); same != inplace {
				t.Errorf("same inode after -w: %v, want %v", same, inplace)
			}
			if readString(t, path) == "" || after.Size() == before.Size() {
				t.Errorf("the file was not rewritten")
			}
		})
	}
}

func statOf(t *testing.T, path string) os.FileInfo {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi
}
