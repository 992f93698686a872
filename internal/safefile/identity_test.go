package safefile

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSet checks that a Set finds a file by any of its names (a hard
// link, a symlink), and not another file of the same size.
func TestSet(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.html"), filepath.Join(dir, "b.html")
	for _, p := range []string{a, b} {
		if err := os.WriteFile(p, []byte("same size"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var s Set
	s.Add("a", statOf(t, a))
	s.Add("again", statOf(t, a)) // the first name stays
	names := map[string]string{
		a: "a",
		b: "",
	}
	if err := os.Link(a, filepath.Join(dir, "hard.html")); err == nil {
		names[filepath.Join(dir, "hard.html")] = "a"
	}
	if err := os.Symlink(a, filepath.Join(dir, "soft.html")); err == nil {
		names[filepath.Join(dir, "soft.html")] = "a"
	}
	for path, want := range names {
		got, ok := s.Find(statOf(t, path))
		if got != want || ok != (want != "") {
			t.Errorf("Find(%s) = %q, %v, want %q", path, got, ok, want)
		}
	}
}
