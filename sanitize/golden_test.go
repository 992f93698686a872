package sanitize

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestGolden sanitises each testdata/golden/<policy>/NAME.html and compares
// with NAME.golden (rewrite with -update, then review the diff). Every
// golden must be a fixed point: sanitising it again changes nothing.
func TestGolden(t *testing.T) {
	policies := testPolicies(t)
	files, _ := filepath.Glob(filepath.Join("testdata", "golden", "*", "*.html"))
	if len(files) < 10 {
		t.Fatalf("only %d golden inputs", len(files))
	}
	for _, in := range files {
		name := filepath.Base(filepath.Dir(in)) + "/" + strings.TrimSuffix(filepath.Base(in), ".html")
		t.Run(name, func(t *testing.T) {
			p := policies[filepath.Base(filepath.Dir(in))]
			if p == nil {
				t.Fatalf("no policy for %s", in)
			}
			src, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			got, err := String(string(src), p)
			if err != nil {
				t.Fatal(err)
			}
			golden := strings.TrimSuffix(in, ".html") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("String(%s)\n got %q\nwant %q", in, got, want)
			}
			if again, _ := String(string(want), p); again != string(want) {
				t.Errorf("%s is not a fixed point: %q", golden, again)
			}
		})
	}
}
