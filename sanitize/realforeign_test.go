package sanitize

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Real SVG and MathML, as sites publish it (testdata/foreign/README.md
// says where each comes from): the policies meant for it keep it byte
// for byte.

// iconPolicy is what a site showing Feather's icons inline writes: the
// safe SVG subset, and the icons' own class names.
const iconPolicy = `
svg: safe
classes:
  - {on: ["svg:svg"], match: "feather(-[a-z0-9-]+)?"}
`

// formulaPolicy is what a site showing KaTeX's MathML writes: MathML
// Core, and the xmlns KaTeX writes on <math>.
const formulaPolicy = `
mathml: core
add:
  attributes:
    - {name: xmlns, on: ["math:math"]}
`

// TestRealIcons: Feather's icons pass svg: safe unchanged, and the
// sanitizer-api preset keeps every element of them.
func TestRealIcons(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "foreign", "feather", "*.svg"))
	if err != nil || len(files) < 100 {
		t.Fatalf("%d icons (%v); want the 100 of testdata/foreign/feather", len(files), err)
	}
	p := mustPolicy(t, iconPolicy)
	api := preset(t, "sanitizer-api")
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		in := string(raw)
		if got, err := String(in, p); err != nil || got != in {
			t.Errorf("%s: String under svg: safe = %q, %v; want it unchanged", filepath.Base(f), got, err)
		}
		got, err := String(in, api)
		if err != nil {
			t.Fatal(err)
		}
		if n, want := strings.Count(got, "<"), strings.Count(in, "<"); n != want {
			t.Errorf("%s: sanitizer-api keeps %d tags of %d: %q", filepath.Base(f), n, want, got)
		}
	}
}

// TestRealFormulas: KaTeX's MathML for 50 formulas passes mathml: core
// unchanged, and the sanitizer-api preset keeps every element of them
// but the annotation (not in the browser's default).
func TestRealFormulas(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "testdata", "foreign", "katex", "formulas.html"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(raw), "\n"), "\n")
	if len(lines) != 50 {
		t.Fatalf("%d formulas, want 50", len(lines))
	}
	p := mustPolicy(t, formulaPolicy)
	api := preset(t, "sanitizer-api")
	for i, in := range lines {
		if got, err := String(in, p); err != nil || got != in {
			t.Errorf("formula %d: String under mathml: core =\n\t%q, %v; want it unchanged:\n\t%q", i+1, got, err, in)
		}
		got, err := String(in, api)
		if err != nil {
			t.Fatal(err)
		}
		want := in[:strings.Index(in, "<annotation")] + "</semantics></math>"
		if n, w := strings.Count(got, "<"), strings.Count(want, "<"); n != w {
			t.Errorf("formula %d: sanitizer-api keeps %d tags of %d: %q", i+1, n, w, got)
		}
	}
}
