package safefile

import (
	"os"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestKeepsMeta checks, as root (CI runs as root), that Replace gives the
// new file the old one's owner and group (not root's), mode with setuid,
// setgid and sticky bits, and extended attributes (user.* and root's
// trusted.*), and that the file was replaced, not overwritten; with
// Overwrite the inode stays and so does everything else.
func TestKeepsMeta(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("only root can give a file to another user")
	}
	for _, wr := range writes[1:] {
		t.Run(wr.name, func(t *testing.T) {
			mode := os.ModeSetuid | os.ModeSetgid | os.ModeSticky | 0o754
			path, _ := newFile(t, "index.html", "<p>old</p>\n", 0o644)
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
			if err := wr.write(&Writer{}, path, before, fill("<p>new, longer</p>\n")); err != nil {
				t.Fatal(err)
			}
			after := statOf(t, path)
			if uid, gid, _ := Owner(after); uid != 65534 || gid != 65534 {
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
			if same, inplace := os.SameFile(before, after), wr.name == "Overwrite"; same != inplace {
				t.Errorf("same inode after %s: %v, want %v", wr.name, same, inplace)
			}
			if read(t, path) != "<p>new, longer</p>\n" {
				t.Errorf("the file was not rewritten")
			}
		})
	}
}
