package filemap

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writePackage writes files into a new directory and returns it.
func writePackage(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestCheckNamesEveryFile(t *testing.T) {
	doc := "// Package p does things.\n//\n// # Where each step lives\n//\n//\ta.go   the first\n//\tb*.go  the rest\n//\n// # Other\n//\n// c.go is named outside the map.\npackage p\n"
	cases := []struct {
		name  string
		files map[string]string
		want  []string
	}{
		{"all named", map[string]string{"a.go": doc, "bx.go": "package p\n", "by.go": "package p\n", "a_test.go": "package p\n"}, nil},
		{"one missing", map[string]string{"a.go": doc, "bx.go": "package p\n", "c.go": "package p\n"}, []string{"does not name c.go"}},
		{"one gone", map[string]string{"a.go": doc}, []string{"names b*.go"}},
		{"no map", map[string]string{"a.go": "// Package p.\npackage p\n"}, []string{"has no"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			errs := Check(writePackage(t, c.files))
			if len(errs) != len(c.want) {
				t.Fatalf("Check = %v, want %d errors %q", errs, len(c.want), c.want)
			}
			for i, e := range errs {
				if !strings.Contains(e.Error(), c.want[i]) {
					t.Errorf("error %d = %q, want it to contain %q", i, e, c.want[i])
				}
			}
		})
	}
}
